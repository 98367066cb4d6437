//! Several `#@data/values-schema` documents merged into one, as ytt 0.48 overlays them
//! (`pkg/workspace/data_values_schema_pre_processing.go` with `pkg/yttlibrary/overlay`,
//! `op.go`, `document.go`, `map.go`, `array.go`): the later document is applied to the
//! earlier one (exactly one match), each of its map and array items by its operation
//! (`@overlay/merge`, the default, `remove`, `replace`, `insert`, `append`, `assert`) on the
//! items its `@overlay/match` finds (by key for map items, `by=` for array items, which
//! without `@overlay/match` are appended) in the numbers `expects=`/`missing_ok=`/`when=` allow
//! (or an ancestor's `@overlay/match-child-defaults`). Functions (`by=`, `via=`, `expects=`)
//! run in the Starlark interpreter ([`call`]). The `-f` `#@data/values` documents are
//! overlaid on the data values by the same code ([`merge_data_values`]), as ytt 0.48
//! `DataValuesPreProcessing.overlay` runs the same `overlay.Op`.

mod array;
mod call;
mod compare;
mod items;
mod matching;
mod via;

use super::check::scalar_as_s;
use crate::annotations::annotations;
use crate::starlark::{OverlayValue, evaluate_overlay_arguments};
use matching::{Expects, child_defaults, read_match};
use validgen_gotext::yaml::{Comment, Document, MapItem, Node, Pos, Scalar};

/// Why two schema documents do not merge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OverlayError {
    /// ytt's error, one line (`Document on line schema.yml:5: Map item (key 'b') on line
    /// schema.yml:7: Expected number of matched nodes to be 1, but was 0`).
    Ytt(String),
    /// An overlay validgen does not compute: where, and what.
    Unsupported(Pos, String),
}

impl OverlayError {
    /// ytt's error wrapped in `context` (`Map item (key 'a') on line schema.yml:3`).
    fn within(self, context: &str) -> Self {
        self.prefixed(context)
    }

    /// ytt's error after `prefix: ` (starlark-go names the builtin that failed).
    fn prefixed(self, prefix: &str) -> Self {
        match self {
            OverlayError::Ytt(text) => OverlayError::Ytt(format!("{prefix}: {text}")),
            unsupported => unsupported,
        }
    }
}

/// The overlay operations ytt knows (`annotations.go` `allOps`), in its order.
const OPS: [&str; 6] = ["merge", "remove", "replace", "insert", "append", "assert"];

/// The keyword arguments of a node's annotation `name` (`None` without one).
type Kwargs = Option<Vec<(String, OverlayValue)>>;

/// The node's operation (`whichOp`).
fn which_op(comments: &[Comment]) -> Result<&'static str, OverlayError> {
    let names: Vec<String> = annotations(comments).into_iter().map(|a| a.name).collect();
    let found: Vec<&str> = OPS
        .iter()
        .copied()
        .filter(|op| names.iter().any(|n| *n == format!("overlay/{op}")))
        .collect();
    match found.as_slice() {
        [] => Ok("merge"),
        [op] => Ok(*op),
        _ => Err(OverlayError::Ytt(
            "Expected to find only one overlay operation".to_owned(),
        )),
    }
}

/// The keyword arguments of the annotation `overlay/<name>` among `comments` (the last of
/// that name, as ytt keeps it).
fn kwargs(comments: &[Comment], name: &str) -> Result<Kwargs, OverlayError> {
    let full = format!("overlay/{name}");
    let Some(annotation) = annotations(comments)
        .into_iter()
        .rev()
        .find(|a| a.name == full)
    else {
        return Ok(None);
    };
    // The file's Starlark was checked when it was read (`overlay` only where it loads it).
    evaluate_overlay_arguments(&annotation.args, Some("overlay"))
        .map(Some)
        .map_err(|e| OverlayError::Unsupported(annotation.pos.clone(), e.message))
}

/// What the overlaid documents are: what a document-level operation other than merge, replace
/// and assert does differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// Schema documents: each must be left exactly once.
    Schema,
    /// The data values: ytt keeps the first document of the result.
    DataValues,
}

/// `right` applied to `left` (both schema documents).
///
/// # Errors
/// ytt's overlay error, or validgen's refusal of an overlay it does not compute.
pub(crate) fn merge(left: &mut Document, right: &Document) -> Result<(), OverlayError> {
    document(left, right, Target::Schema)
        .map_err(|e| e.within(&format!("Document on line {}", right.pos)))
}

/// The `#@data/values` document `right` applied to the data values `left` (ytt 0.48
/// `DataValuesPreProcessing.overlay`: the same overlay, the first document of the result
/// kept). `@overlay/append` on the document adds one after the data values, which are left
/// as they were; `@overlay/insert before=True` puts the new one first, which becomes the data
/// values; `@overlay/remove` is refused (ytt 0.48 panics, exit 2, on the empty result).
///
/// # Errors
/// As [`merge`].
pub(crate) fn merge_data_values(left: &mut Document, right: &Document) -> Result<(), OverlayError> {
    document(left, right, Target::DataValues)
        .map_err(|e| e.within(&format!("Document on line {}", right.pos)))
}

/// One document over the one before (`document.go`, matched exactly: `ExactMatch`).
fn document(left: &mut Document, right: &Document, target: Target) -> Result<(), OverlayError> {
    let op = which_op(&right.comments)?;
    let none = Expects::default();
    let children = match op {
        "merge" | "assert" => {
            child_defaults(kwargs(&right.comments, "match-child-defaults")?, &none)?
        }
        _ => none.clone(),
    };
    let found = read_match(kwargs(&right.comments, "match")?, &none)?;
    // Exactly the one document before (`ExactMatch`).
    let at = [left.pos.clone()];
    let unsupported = |what: &str| {
        let on = match target {
            Target::Schema => "a schema document",
            Target::DataValues => "the data values document (ytt 0.48 panics)",
        };
        Err(OverlayError::Unsupported(
            right.pos.clone(),
            format!("@overlay/{what} on {on}"),
        ))
    };
    match op {
        "merge" => {
            // An empty document is replaced (`mergeDocument` applies only to a value).
            if found.expects.check(&at)?
                && (matches!(left.value, Node::Scalar(Scalar::Null))
                    || apply(&mut left.value, &right.value, &children)?)
            {
                left.value = right.value.clone();
            }
        }
        "replace" => {
            let replace = via::Replace::of(&right.comments)?;
            if found.expects.check(&at)? {
                let value = replace.value(Some(&left.value), &right.value)?;
                *left = Document {
                    value,
                    ..right.clone()
                };
            }
        }
        "assert" => {
            let assert = via::Assert::of(&right.comments)?;
            if found.expects.check(&at)? {
                assert.check(&left.value, &right.value)?;
                apply(&mut left.value, &right.value, &children)?;
            }
        }
        // `appendDocument` matches nothing: the new document goes after the data values.
        "append" if target == Target::DataValues => {}
        "insert" if target == Target::DataValues => {
            let insert = via::Insert::of(&right.comments)?;
            if found.expects.check(&at)? && insert.before {
                let value = insert.value(&left.value, &right.value)?;
                *left = Document {
                    value,
                    ..right.clone()
                };
            }
        }
        other => return unsupported(other),
    }
    Ok(())
}

/// Applies `right` to `left`; `true` when `right` is a scalar, which replaces `left`.
fn apply(left: &mut Node, right: &Node, defaults: &Expects) -> Result<bool, OverlayError> {
    match right {
        Node::Map(items) => {
            let Node::Map(left_items) = left else {
                return Err(OverlayError::Ytt(format!(
                    "Expected map, but was {}",
                    super::check::node_type_name(left)
                )));
            };
            for item in items {
                map_item(left_items, item, defaults).map_err(|e| {
                    e.within(&format!(
                        "Map item (key '{}') on line {}",
                        scalar_as_s(&item.key),
                        item.pos
                    ))
                })?;
            }
            Ok(false)
        }
        Node::Array(items) => {
            let Node::Array(left_items) = left else {
                return Err(OverlayError::Ytt(format!(
                    "Expected array, but was {}",
                    super::check::node_type_name(left)
                )));
            };
            for item in items {
                array::item(left_items, item, defaults)
                    .map_err(|e| e.within(&format!("Array item on line {}", item.pos)))?;
            }
            Ok(false)
        }
        Node::Scalar(_) => Ok(true),
    }
}

/// One map item of the overlay applied to the map `left` (`map.go`).
fn map_item(
    left: &mut Vec<MapItem>,
    item: &MapItem,
    defaults: &Expects,
) -> Result<(), OverlayError> {
    let op = which_op(&item.comments)?;
    if matches!(op, "insert" | "append") {
        return Err(OverlayError::Ytt(format!(
            "Found @overlay/{op} on map item ({}); only array items can be annotated with @overlay/{op}",
            item.pos
        )));
    }
    items::operate(op, left, item, defaults)
}
