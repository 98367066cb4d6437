//! Several `#@data/values-schema` documents merged into one, as ytt 0.48 overlays them
//! (`pkg/workspace/data_values_schema_pre_processing.go` with `pkg/yttlibrary/overlay`,
//! `op.go`, `map.go`, `array.go`): each map item of the later document is merged (the
//! default), removed (`@overlay/remove`) or replaced (`@overlay/replace`, `or_add=True`) at the
//! item of the same key; merging keeps the earlier item's annotations, replacing takes the new
//! item whole. A key the earlier document lacks is an error unless `@overlay/match
//! missing_ok=True` (or an ancestor's `@overlay/match-child-defaults missing_ok=True`), or
//! `expects=0`, allows it (a merge then adds the item). Array items without an
//! `@overlay/...` annotation are appended. What needs Starlark functions (`by=`, `when=`,
//! `via=`, `@overlay/assert`) or matches array items is refused, never guessed.

use super::args::NodeAnnotations;
use super::check::{node_type_name, scalar_as_s};
use crate::annotations::Annotation;
use crate::starlark::{Value, evaluate_arguments};
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

/// The overlay operations ytt knows (`annotations.go` `allOps`), in its order.
const OPS: [&str; 6] = ["merge", "remove", "replace", "insert", "append", "assert"];

/// `right` merged into `left` (both schema documents).
///
/// # Errors
/// ytt's overlay error, or validgen's refusal of an overlay it does not compute.
pub(crate) fn merge(left: &mut Document, right: &Document) -> Result<(), OverlayError> {
    let defaults = child_defaults(&right.comments, None)?;
    let replace = apply(&mut left.value, &right.value, defaults)
        .map_err(|e| e.within(&format!("Document on line {}", right.pos)))?;
    if replace {
        left.value = right.value.clone();
    }
    Ok(())
}

impl OverlayError {
    /// ytt's error wrapped in `context` (`Map item (key 'a') on line schema.yml:3`).
    fn within(self, context: &str) -> Self {
        match self {
            OverlayError::Ytt(text) => OverlayError::Ytt(format!("{context}: {text}")),
            unsupported => unsupported,
        }
    }
}

/// Merges `right` into `left`; `true` when `right` is a scalar that replaces `left`.
fn apply(left: &mut Node, right: &Node, defaults: Option<bool>) -> Result<bool, OverlayError> {
    match right {
        Node::Map(items) => {
            let Node::Map(left_items) = left else {
                return Err(OverlayError::Ytt(format!(
                    "Expected map, but was {}",
                    node_type_name(left)
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
                    node_type_name(left)
                )));
            };
            for item in items {
                let anns = NodeAnnotations::of(&item.comments);
                if let Some(a) = OPS
                    .iter()
                    .chain(["match", "match-child-defaults"].iter())
                    .find_map(|op| anns.get(&format!("overlay/{op}")))
                {
                    return Err(unsupported(
                        a,
                        "an @overlay annotation on an array item of a schema overlay",
                    ));
                }
                left_items.push(item.clone());
            }
            Ok(false)
        }
        Node::Scalar(_) => Ok(true),
    }
}

/// One map item of the overlay applied to the map `left` (ytt `mergeMapItem`,
/// `removeMapItem`, `replaceMapItem`).
fn map_item(
    left: &mut Vec<MapItem>,
    item: &MapItem,
    defaults: Option<bool>,
) -> Result<(), OverlayError> {
    let anns = NodeAnnotations::of(&item.comments);
    let ops: Vec<&str> = OPS
        .iter()
        .copied()
        .filter(|op| anns.get(&format!("overlay/{op}")).is_some())
        .collect();
    let op = match ops.as_slice() {
        [] => "merge",
        [op] => op,
        _ => {
            return Err(OverlayError::Ytt(
                "Expected to find only one overlay operation".to_owned(),
            ));
        }
    };
    if let Some(annotation) = anns.get("overlay/assert") {
        return Err(unsupported(
            annotation,
            "@overlay/assert in a schema overlay",
        ));
    }
    if matches!(op, "insert" | "append") {
        return Err(OverlayError::Ytt(format!(
            "Found @overlay/{op} on map item ({}); only array items can be annotated with @overlay/{op}",
            item.pos
        )));
    }
    let children = child_defaults(&item.comments, defaults)?;
    let allowed = matches_allowed(anns.get("overlay/match"), defaults)?;
    let or_add = match (op, anns.get("overlay/replace")) {
        ("replace", Some(annotation)) => or_add(annotation)?,
        _ => false,
    };
    let found = left.iter().position(|l| l.key == item.key);
    check_count(usize::from(found.is_some()), allowed)?;
    match (op, found) {
        ("remove", Some(i)) => {
            left.remove(i);
        }
        ("replace", Some(i)) => {
            if let Some(slot) = left.get_mut(i) {
                *slot = item.clone();
            }
        }
        ("replace", None) if or_add => left.push(item.clone()),
        ("merge", Some(i)) => {
            if let Some(existing) = left.get_mut(i) {
                let replace = match existing.value {
                    Node::Scalar(Scalar::Null) => true,
                    _ => apply(&mut existing.value, &item.value, children)?,
                };
                if replace {
                    existing.value = item.value.clone();
                    existing.pos = item.pos.clone();
                }
            }
        }
        ("merge", None) => left.push(item.clone()),
        _ => {}
    }
    Ok(())
}

/// How many matches `@overlay/match` allows: exactly 1 by default, exactly `n` with
/// `expects=n`, `None` (0 or 1, all a key can match) with `missing_ok=True` (ytt
/// `MatchAnnotationExpectsKwarg.Check`); the nearest `@overlay/match-child-defaults
/// missing_ok=` fills in an absent `missing_ok`.
fn matches_allowed(
    annotation: Option<&Annotation>,
    defaults: Option<bool>,
) -> Result<Option<i64>, OverlayError> {
    let mut missing_ok = None;
    let mut expects = None;
    if let Some(annotation) = annotation {
        for (name, value) in keywords(annotation)? {
            match (name.as_str(), value) {
                ("missing_ok", value) => missing_ok = Some(value),
                ("expects", Value::Int(n)) => expects = Some(n),
                ("by" | "when" | "expects", _) => {
                    return Err(unsupported(
                        annotation,
                        &format!("@overlay/match {name}= in a schema overlay"),
                    ));
                }
                (other, _) => {
                    return Err(OverlayError::Ytt(format!(
                        "Unknown 'overlay/match' annotation keyword argument '{other}'"
                    )));
                }
            }
        }
    }
    match (missing_ok, expects) {
        (Some(_), Some(_)) => Err(OverlayError::Ytt(
            "Expected only one of keyword arguments ('missing_ok', 'expects') specified".to_owned(),
        )),
        (Some(Value::Bool(true)), None) => Ok(None),
        (Some(Value::Bool(false)), None) => Ok(Some(1)),
        (Some(_), None) => Err(OverlayError::Ytt(
            "Expected keyword argument 'missing_ok' to be a boolean".to_owned(),
        )),
        (None, Some(n)) => Ok(Some(n)),
        (None, None) if defaults == Some(true) => Ok(None),
        (None, None) => Ok(Some(1)),
    }
}

/// ytt's error when `count` matches are not the number `allowed` (`checkInt`).
fn check_count(count: usize, allowed: Option<i64>) -> Result<(), OverlayError> {
    match allowed {
        Some(n) if i64::try_from(count).ok() != Some(n) => Err(OverlayError::Ytt(format!(
            "Expected number of matched nodes to be {n}, but was {count}"
        ))),
        _ => Ok(()),
    }
}

/// `missing_ok` of a node's `@overlay/match-child-defaults`, else `inherited`.
fn child_defaults(
    comments: &[Comment],
    inherited: Option<bool>,
) -> Result<Option<bool>, OverlayError> {
    let anns = NodeAnnotations::of(comments);
    let Some(annotation) = anns.get("overlay/match-child-defaults") else {
        return Ok(inherited);
    };
    let mut found = inherited;
    for (name, value) in keywords(annotation)? {
        match (name.as_str(), value) {
            ("missing_ok", Value::Bool(b)) => found = Some(b),
            _ => {
                return Err(unsupported(
                    annotation,
                    &format!("@overlay/match-child-defaults {name}= in a schema overlay"),
                ));
            }
        }
    }
    Ok(found)
}

/// `or_add=` of `@overlay/replace`; `via=` (a function) is refused.
fn or_add(annotation: &Annotation) -> Result<bool, OverlayError> {
    let mut or_add = false;
    for (name, value) in keywords(annotation)? {
        match (name.as_str(), value) {
            ("or_add", Value::Bool(b)) => or_add = b,
            ("via" | "or_add", _) => {
                return Err(unsupported(
                    annotation,
                    &format!("@overlay/replace {name}= in a schema overlay"),
                ));
            }
            (other, _) => {
                return Err(OverlayError::Ytt(format!(
                    "Unknown 'overlay/replace' annotation keyword argument '{other}'"
                )));
            }
        }
    }
    Ok(or_add)
}

/// An annotation's keyword arguments (its Starlark was checked when the file was read).
fn keywords(annotation: &Annotation) -> Result<Vec<(String, Value)>, OverlayError> {
    evaluate_arguments(&annotation.args)
        .map(|a| a.keywords)
        .map_err(|e| unsupported(annotation, &e.message))
}

fn unsupported(annotation: &Annotation, what: &str) -> OverlayError {
    OverlayError::Unsupported(annotation.pos.clone(), what.to_owned())
}
