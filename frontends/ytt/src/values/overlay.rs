//! One document applied over the data values, as ytt 0.48 `pkg/workspace` does: a `-f`
//! `#@data/values` document (or a key-value argument's) by ytt's overlay with its own
//! `@overlay/...` annotations, run by the schema overlay's code
//! ([`crate::schema::overlay::merge_data_values`]: matching, `by=`, `when=`, `via=`, insert,
//! assert, ...); a `--data-values-file` document by the plain merge
//! (`pkg/yttlibrary/overlay/plain_merge.go`: `@overlay/match missing_ok=True` everywhere, maps
//! merged key by key, arrays and scalars replaced or added), computed here with the keys
//! hashed so that a large plain file costs its size. A map item the overlay adds keeps its
//! comments (and so its `@assert/validate`), one it merges into keeps the existing item's.

use std::collections::HashMap;

use super::MAX_DEPTH;
use super::gofmt::go_s;
use super::keys::{KeyId, index, key_id};
use crate::schema::node_type_name;
use crate::schema::overlay::{OverlayError, merge_data_values};
use validgen_gotext::yaml::{Document, MapItem, Node, Scalar};

/// Where a document's operations come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// A `--data-values-file` document: the plain merge.
    Plain,
    /// A `-f` `#@data/values` document (or a key-value argument's): its own `@overlay/...`
    /// annotations.
    Annotated,
}

/// Applies `right` over `left`.
///
/// # Errors
/// ytt's text, from `Document on line values.yml:1: ` down to the failing node (`Expected
/// map, but was string`, `Expected number of matched nodes to be 1, but was 0`); a document
/// nested deeper than [`MAX_DEPTH`]; validgen's refusal of an overlay it does not compute
/// (`values.yml:3: unsupported: ...`).
pub(super) fn apply_document(
    left: &mut Document,
    right: &Document,
    mode: Mode,
) -> Result<(), String> {
    if depth(&right.value) > MAX_DEPTH {
        return Err(format!("Data values nested deeper than {MAX_DEPTH} levels"));
    }
    match mode {
        Mode::Annotated => merge_data_values(left, right).map_err(|e| match e {
            OverlayError::Ytt(text) => text,
            OverlayError::Unsupported(pos, what) => format!("{pos}: unsupported: {what}"),
        }),
        Mode::Plain => {
            plain_document(left, right).map_err(|e| format!("Document on line {}: {e}", right.pos))
        }
    }
}

/// How deep `node` nests (a scalar: 0), walked without recursion.
fn depth(node: &Node) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(node, 0)];
    while let Some((node, d)) = stack.pop() {
        deepest = deepest.max(d);
        match node {
            Node::Map(items) => stack.extend(items.iter().map(|i| (&i.value, d + 1))),
            Node::Array(items) => stack.extend(items.iter().map(|i| (&i.value, d + 1))),
            Node::Scalar(_) => {}
        }
    }
    deepest
}

/// The plain merge of a document: a map merges into the values (or replaces none), anything
/// else replaces the document.
fn plain_document(left: &mut Document, right: &Document) -> Result<(), String> {
    match &right.value {
        Node::Map(items) if !is_null(&left.value) => merge_map(&mut left.value, items),
        Node::Map(_) => {
            left.value = right.value.clone();
            Ok(())
        }
        _ => {
            *left = right.clone();
            Ok(())
        }
    }
}

/// Merges the map items `right` into `left` (not null), key by key: a map into the item of
/// its key (or over a null), anything else replacing the item whole; a key that matches
/// nothing is added.
fn merge_map(left: &mut Node, right: &[MapItem]) -> Result<(), String> {
    let Node::Map(left_items) = left else {
        return Err(format!("Expected map, but was {}", node_type_name(left)));
    };
    let mut keys = index(left_items.iter().map(|i| &i.key));
    for item in right {
        merge_item(left_items, &mut keys, item).map_err(|e| {
            format!(
                "Map item (key '{}') on line {}: {e}",
                go_s(&item.key),
                item.pos
            )
        })?;
    }
    Ok(())
}

fn merge_item(
    left: &mut Vec<MapItem>,
    keys: &mut HashMap<KeyId, Vec<usize>>,
    item: &MapItem,
) -> Result<(), String> {
    let id = key_id(&item.key);
    let at: Vec<usize> = id
        .as_ref()
        .and_then(|id| keys.get(id))
        .cloned()
        .unwrap_or_default();
    if at.len() > 1 {
        let mut lines: Vec<String> = at
            .iter()
            .filter_map(|&i| left.get(i).map(|l| l.pos.to_string()))
            .collect();
        lines.sort();
        return Err(format!(
            "Expected number of matched nodes to be 1, but was {} (lines: {})",
            at.len(),
            lines.join(", ")
        ));
    }
    let Some(target) = at.first().and_then(|&i| left.get_mut(i)) else {
        if let Some(id) = id {
            keys.entry(id).or_default().push(left.len());
        }
        left.push(item.clone());
        return Ok(());
    };
    match &item.value {
        Node::Map(items) if !is_null(&target.value) => merge_map(&mut target.value, items),
        Node::Map(_) => {
            // The existing item keeps its comments; it takes the new position.
            target.value = item.value.clone();
            target.pos = item.pos.clone();
            Ok(())
        }
        _ => {
            *target = item.clone();
            Ok(())
        }
    }
}

fn is_null(node: &Node) -> bool {
    matches!(node, Node::Scalar(Scalar::Null))
}

#[cfg(test)]
mod tests {
    use super::*;
    use validgen_gotext::yaml::{Comment, Pos};

    fn pos(line: usize) -> Pos {
        Pos {
            file: "values.yml".into(),
            line,
        }
    }

    fn item(line: usize, key: &str, value: Node) -> MapItem {
        MapItem {
            pos: pos(line),
            key: Scalar::String(key.to_owned()),
            value,
            comments: Vec::<Comment>::new(),
        }
    }

    #[test]
    fn plain_merge_replaces_scalars_and_arrays_and_merges_maps() {
        let int = |i| Node::Scalar(Scalar::Int(i));
        let mut left = Document {
            pos: pos(1),
            comments: Vec::new(),
            value: Node::Map(vec![
                item(2, "a", int(1)),
                item(3, "m", Node::Map(vec![item(4, "x", int(1))])),
            ]),
        };
        let right = Document {
            pos: pos(1),
            comments: Vec::new(),
            value: Node::Map(vec![
                item(5, "a", Node::Array(Vec::new())),
                item(6, "m", Node::Map(vec![item(7, "y", int(2))])),
            ]),
        };
        assert_eq!(apply_document(&mut left, &right, Mode::Plain), Ok(()));
        let Node::Map(items) = &left.value else {
            panic!("a map")
        };
        assert_eq!(items[0].value, Node::Array(Vec::new()));
        assert!(matches!(&items[1].value, Node::Map(m) if m.len() == 2));
    }
}
