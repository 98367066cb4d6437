//! One document applied over the data values, as ytt 0.48 `pkg/yttlibrary/overlay` does with
//! `ExactMatch` (`op.go`, `document.go`, `map.go`, `array.go`): maps merged key by key, array
//! items appended unless matched, scalars replaced; a map item or array item that the overlay
//! adds keeps its comments (and so its `@assert/validate`), one it merges into keeps the
//! existing item's.

use super::MAX_DEPTH;
use super::gofmt::go_s;
use super::ops::{Expects, Mode, NodeOps, Op};
use crate::ytt::schema::node_type_name;
use crate::ytt::yaml::{ArrayItem, Document, MapItem, Node, Scalar};

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
            if merge_value(&mut left.value, &right.value, mode, &ops.child_defaults, 0)? {
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

/// Merges `right` into `left`; `Ok(true)` when `left` is to be replaced by `right` (a scalar
/// on the right, or nothing on the left).
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
            for item in items {
                map_item(left_items, item, mode, defaults, depth).map_err(|e| {
                    format!(
                        "Map item (key '{}') on line {}: {e}",
                        go_s(&item.key),
                        item.pos
                    )
                })?;
            }
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

fn map_item(
    left: &mut Vec<MapItem>,
    item: &MapItem,
    mode: Mode,
    defaults: &Expects,
    depth: usize,
) -> Result<(), String> {
    let ops = NodeOps::read(&item.comments, &item.value, mode, defaults)?;
    let indices: Vec<usize> = (0..left.len())
        .filter(|&i| left.get(i).is_some_and(|l| l.key == item.key))
        .collect();
    let matched: Vec<_> = indices
        .iter()
        .filter_map(|&i| left.get(i).map(|l| l.pos.clone()))
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
                left.push(item.clone());
            }
            for &i in &indices {
                let Some(target) = left.get_mut(i) else {
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
                if let Some(target) = left.get_mut(i) {
                    *target = item.clone();
                }
            }
            if indices.is_empty() && or_add {
                left.push(item.clone());
            }
        }
        Op::Remove => {
            let mut i = 0;
            left.retain(|_| {
                let keep = !indices.contains(&i);
                i += 1;
                keep
            });
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
