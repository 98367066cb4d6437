//! One document applied over the data values, as ytt 0.48 `pkg/yttlibrary/overlay` does with
//! `ExactMatch` (`op.go`, `document.go`, `map.go`, `array.go`): maps merged key by key, array
//! items appended unless matched, scalars replaced; a map item or array item that the overlay
//! adds keeps its comments (and so its `@assert/validate`), one it merges into keeps the
//! existing item's.

use std::collections::HashMap;

use super::MAX_DEPTH;
use super::gofmt::go_s;
use super::keys::{KeyId, index, key_id};
use super::ops::{Expects, Mode, NodeOps, Op};
use crate::schema::node_type_name;
use validgen_gotext::yaml::{ArrayItem, Document, MapItem, Node, Scalar};

/// Applies `right` over `left`.
///
/// # Errors
/// ytt's text, from `Document on line values.yml:1: ` down to the failing node (`Expected
/// map, but was string`, `Expected number of matched nodes to be 1, but was 0`).
pub(super) fn apply_document(
    left: &mut Document,
    right: &Document,
    mode: Mode,
) -> Result<(), String> {
    document(left, right, mode).map_err(|e| format!("Document on line {}: {e}", right.pos))
}

fn document(left: &mut Document, right: &Document, mode: Mode) -> Result<(), String> {
    let ops = NodeOps::read(&right.comments, &right.value, mode, &Expects::default())?;
    // With an exact match the one left document always matches.
    let matched = [left.pos.clone()];
    if let Err(e) = ops.expects.check(&matched) {
        return if e.conditional {
            Ok(())
        } else {
            Err(e.message)
        };
    }
    match ops.op {
        Op::Merge => {
            let replace = is_null(&left.value)
                || merge_value(&mut left.value, &right.value, mode, &ops.child_defaults, 0)?;
            if replace {
                left.value = right.value.clone();
            }
        }
        Op::Replace { .. } => *left = right.clone(),
        // Appending a document adds one the data values never read.
        Op::Append => {}
        Op::Remove => {
            return Err("Removing the data values document is not supported".to_owned());
        }
    }
    Ok(())
}

/// Merges `right` into `left` (not null: a null is replaced by the caller); `Ok(true)` when
/// `left` is to be replaced by `right`, a scalar.
fn merge_value(
    left: &mut Node,
    right: &Node,
    mode: Mode,
    defaults: &Expects,
    depth: usize,
) -> Result<bool, String> {
    if depth > MAX_DEPTH {
        return Err(format!("Data values nested deeper than {MAX_DEPTH} levels"));
    }
    match right {
        Node::Map(items) => {
            let Node::Map(left_items) = left else {
                return Err(format!("Expected map, but was {}", node_type_name(left)));
            };
            let mut target = Target {
                index: index(left_items.iter().map(|i| &i.key)),
                removed: vec![false; left_items.len()],
                items: left_items,
            };
            for item in items {
                map_item(&mut target, item, mode, defaults, depth).map_err(|e| {
                    format!(
                        "Map item (key '{}') on line {}: {e}",
                        go_s(&item.key),
                        item.pos
                    )
                })?;
            }
            let mut removed = target.removed.into_iter();
            target.items.retain(|_| !removed.next().unwrap_or(false));
            Ok(false)
        }
        Node::Array(items) => {
            let Node::Array(left_items) = left else {
                return Err(format!("Expected array, but was {}", node_type_name(left)));
            };
            for item in items {
                array_item(left_items, item, mode, defaults)
                    .map_err(|e| format!("Array item on line {}: {e}", item.pos))?;
            }
            Ok(false)
        }
        Node::Scalar(_) => Ok(true),
    }
}

/// A left map being merged into: its items, their keys' positions, and the items removed
/// (dropped once the whole right map is applied, so that positions stay valid).
struct Target<'a> {
    items: &'a mut Vec<MapItem>,
    index: HashMap<KeyId, Vec<usize>>,
    removed: Vec<bool>,
}

impl Target<'_> {
    fn push(&mut self, item: &MapItem) {
        if let Some(id) = key_id(&item.key) {
            self.index.entry(id).or_default().push(self.items.len());
        }
        self.items.push(item.clone());
        self.removed.push(false);
    }
}

fn map_item(
    left: &mut Target<'_>,
    item: &MapItem,
    mode: Mode,
    defaults: &Expects,
    depth: usize,
) -> Result<(), String> {
    let ops = NodeOps::read(&item.comments, &item.value, mode, defaults)?;
    let id = key_id(&item.key);
    let indices: Vec<usize> = id
        .as_ref()
        .and_then(|id| left.index.get(id))
        .cloned()
        .unwrap_or_default();
    let matched: Vec<_> = indices
        .iter()
        .filter_map(|&i| left.items.get(i).map(|l| l.pos.clone()))
        .collect();
    if let Err(e) = ops.expects.check(&matched) {
        return if e.conditional {
            Ok(())
        } else {
            Err(e.message)
        };
    }
    match ops.op {
        Op::Merge => {
            if indices.is_empty() {
                left.push(item);
            }
            for &i in &indices {
                let Some(target) = left.items.get_mut(i) else {
                    continue;
                };
                let replace = is_null(&target.value)
                    || merge_value(
                        &mut target.value,
                        &item.value,
                        mode,
                        &ops.child_defaults,
                        depth + 1,
                    )?;
                if replace {
                    // The existing item keeps its comments; it takes the new position.
                    target.value = item.value.clone();
                    target.pos = item.pos.clone();
                }
            }
        }
        Op::Replace { or_add } => {
            for &i in &indices {
                if let Some(target) = left.items.get_mut(i) {
                    *target = item.clone();
                }
            }
            if indices.is_empty() && or_add {
                left.push(item);
            }
        }
        Op::Remove => {
            for &i in &indices {
                if let Some(flag) = left.removed.get_mut(i) {
                    *flag = true;
                }
            }
            if let Some(id) = id {
                left.index.remove(&id);
            }
        }
        Op::Append => {
            return Err(
                "Found @overlay/append on map item; only array items can be annotated with \
                 @overlay/append"
                    .to_owned(),
            );
        }
    }
    Ok(())
}

fn array_item(
    left: &mut Vec<ArrayItem>,
    item: &ArrayItem,
    mode: Mode,
    defaults: &Expects,
) -> Result<(), String> {
    let ops = NodeOps::read(&item.comments, &item.value, mode, defaults)?;
    if ops.annotated_match {
        // Matching array items needs `by=` (a function), which `NodeOps::read` refuses.
        return Err(
            "Expected 'overlay/match' annotation keyword argument 'by' to be specified".to_owned(),
        );
    }
    // Unannotated, it matches nothing (and expects nothing): merged or appended, it is added.
    match ops.op {
        Op::Merge | Op::Append | Op::Replace { or_add: true } => left.push(item.clone()),
        Op::Replace { or_add: false } | Op::Remove => {}
    }
    Ok(())
}

fn is_null(node: &Node) -> bool {
    matches!(node, Node::Scalar(Scalar::Null))
}
