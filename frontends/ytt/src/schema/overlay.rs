//! Several `#@data/values-schema` documents merged into one, as ytt 0.48 overlays them
//! (`pkg/workspace/data_values_schema_pre_processing.go` with `pkg/yttlibrary/overlay`'s
//! default merge): a map item of the later document replaces or merges into the item of the
//! same key (keeping the earlier item's annotations); a key the earlier document lacks is an
//! error unless `@overlay/match missing_ok=True` (or an ancestor's
//! `@overlay/match-child-defaults missing_ok=True`) allows adding it; array items are
//! appended.

use super::args::NodeAnnotations;
use super::check::{node_type_name, scalar_as_s};
use crate::starlark::{Value, evaluate_arguments};
use validgen_gotext::yaml::{Comment, Document, Node, Scalar};

/// `right` merged into `left` (both schema documents).
///
/// # Errors
/// ytt's overlay error, one line (`Document on line schema.yml:5: Map item (key 'b') on
/// line schema.yml:7: Expected number of matched nodes to be 1, but was 0`).
pub(crate) fn merge(left: &mut Document, right: &Document) -> Result<(), String> {
    let missing_ok = child_defaults(&right.comments, false);
    let replace = apply(&mut left.value, &right.value, missing_ok)
        .map_err(|e| format!("Document on line {}: {e}", right.pos))?;
    if replace {
        left.value = right.value.clone();
    }
    Ok(())
}

/// Merges `right` into `left`; `true` when `right` is a scalar that replaces `left`.
fn apply(left: &mut Node, right: &Node, missing_ok: bool) -> Result<bool, String> {
    match right {
        Node::Map(items) => {
            let Node::Map(left_items) = left else {
                return Err(format!("Expected map, but was {}", node_type_name(left)));
            };
            for item in items {
                let anns = NodeAnnotations::of(&item.comments);
                let item_missing_ok = anns
                    .get("overlay/match")
                    .and_then(|a| bool_kwarg(&a.args, "missing_ok"))
                    .unwrap_or(missing_ok);
                let children_missing_ok = child_defaults(&item.comments, missing_ok);
                let at = |e: String| {
                    format!(
                        "Map item (key '{}') on line {}: {e}",
                        scalar_as_s(&item.key),
                        item.pos
                    )
                };
                match left_items.iter_mut().find(|l| l.key == item.key) {
                    Some(existing) => {
                        let replace = match existing.value {
                            Node::Scalar(Scalar::Null) => true,
                            _ => apply(&mut existing.value, &item.value, children_missing_ok)
                                .map_err(at)?,
                        };
                        if replace {
                            existing.value = item.value.clone();
                            existing.pos = item.pos.clone();
                        }
                    }
                    None if item_missing_ok => left_items.push(item.clone()),
                    None => {
                        return Err(at(
                            "Expected number of matched nodes to be 1, but was 0".to_owned()
                        ));
                    }
                }
            }
            Ok(false)
        }
        Node::Array(items) => {
            let Node::Array(left_items) = left else {
                return Err(format!("Expected array, but was {}", node_type_name(left)));
            };
            left_items.extend(items.iter().cloned());
            Ok(false)
        }
        Node::Scalar(_) => Ok(true),
    }
}

/// `missing_ok` of a node's `@overlay/match-child-defaults`, else `inherited`.
fn child_defaults(comments: &[Comment], inherited: bool) -> bool {
    NodeAnnotations::of(comments)
        .get("overlay/match-child-defaults")
        .and_then(|a| bool_kwarg(&a.args, "missing_ok"))
        .unwrap_or(inherited)
}

fn bool_kwarg(args: &str, name: &str) -> Option<bool> {
    evaluate_arguments(args)
        .ok()?
        .keywords
        .into_iter()
        .find(|(k, _)| k == name)
        .and_then(|(_, v)| match v {
            Value::Bool(b) => Some(b),
            _ => None,
        })
}
