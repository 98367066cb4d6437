//! Calls of the functions an overlay annotation gives (`by=`, `expects=`/`when=`, `via=`):
//! lambdas and `def` functions run by the Starlark interpreter (within its step budget), the
//! `@ytt:overlay` matchers as ytt 0.48 `pkg/yttlibrary/overlay/api.go` runs them. Nodes reach a
//! function as ytt's `yamlfragment`s (maps and arrays) or plain values.

use std::borrow::Cow;

use serde_json::Value as Json;

use super::OverlayError;
use super::compare::{compare, compare_leaves};
use crate::data::{key_text, to_json};
use crate::schema::args::{self, to_node};
use crate::schema::build::MAX_DEPTH;
use crate::schema::check::node_type_name;
use crate::starlark::interp;
use crate::starlark::{Matcher, OverlayValue, Val, Value};
use validgen_gotext::yaml::{Node, Pos, Scalar};

/// One argument of a call.
#[derive(Debug, Clone, Copy)]
pub(super) enum Arg<'n> {
    /// An array index.
    Index(usize),
    /// A map key.
    Key(&'n Scalar),
    /// A node's value.
    Node(&'n Node),
    /// `None` (no existing node: `or_add=True`).
    None,
}

/// Whether `f` is a function (ytt's `starlark.Callable`).
pub(super) fn callable(f: &OverlayValue) -> bool {
    matches!(
        f,
        OverlayValue::Matcher(_) | OverlayValue::Value(Value::Function(_))
    )
}

/// The Go type of a value as ytt's `%T` prints it (`starlark.Int`, `*starlark.List`).
pub(super) fn go_type(v: &OverlayValue) -> &'static str {
    match v {
        OverlayValue::Matcher(_) => "*starlark.Builtin",
        OverlayValue::Value(v) => args::go_type(v),
    }
}

/// As [`go_type`], for a computed value (a data fragment among them).
fn go_type_of(v: &Val<'_>) -> &'static str {
    Value::from_val(v).map_or("*yamltemplate.StarlarkFragment", |v| args::go_type(&v))
}

/// `f(args)` as a bool (`tplcore.NewStarlarkValue(result).AsBool()`).
///
/// # Errors
/// The function's error (a matcher's prefixed with its name), or a result other than a bool
/// (`expected starlark.Bool, but was starlark.Int`).
pub(super) fn call_bool(f: &OverlayValue, args: &[Arg<'_>]) -> Result<bool, OverlayError> {
    match f {
        OverlayValue::Matcher(m) => matcher(m, args).map_err(|e| e.prefixed(m.name())),
        OverlayValue::Value(_) => call(f, args, |v, _| match v {
            Val::Bool(b) => Ok(*b),
            other => Err(OverlayError::Ytt(format!(
                "expected starlark.Bool, but was {}",
                go_type_of(other)
            ))),
        }),
    }
}

/// `f(args)` (a lambda or `def` function, or a matcher), its result given to `then` while the
/// arguments it may borrow are alive, with each node argument and its JSON (for
/// [`result_node`]).
///
/// # Errors
/// The function's error, or `then`'s.
pub(super) fn call<T>(
    f: &OverlayValue,
    args: &[Arg<'_>],
    then: impl FnOnce(&Val<'_>, &[(&Node, &Json)]) -> Result<T, OverlayError>,
) -> Result<T, OverlayError> {
    let lambda = match f {
        OverlayValue::Value(Value::Function(l)) => l,
        OverlayValue::Matcher(m) => {
            let b = matcher(m, args).map_err(|e| e.prefixed(m.name()))?;
            return then(&Val::Bool(b), &[]);
        }
        OverlayValue::Value(v) => {
            return Err(OverlayError::Ytt(format!(
                "invalid call of non-function ({})",
                v.type_name()
            )));
        }
    };
    let jsons: Vec<Option<Json>> = args
        .iter()
        .map(|a| match a {
            Arg::Node(n) => Some(to_json(n)),
            _ => None,
        })
        .collect();
    let vals: Vec<Val<'_>> = args
        .iter()
        .zip(&jsons)
        .map(|(a, j)| match (a, j) {
            (_, Some(j)) => Val::from_data(j),
            (Arg::Index(i), _) => Val::Int(i64::try_from(*i).unwrap_or(i64::MAX)),
            (Arg::Key(k), _) => scalar_val(k),
            _ => Val::None,
        })
        .collect();
    let result = interp::call(lambda, &vals).map_err(OverlayError::Ytt)?;
    let nodes: Vec<(&Node, &Json)> = args
        .iter()
        .zip(&jsons)
        .filter_map(|(a, j)| match (a, j) {
            (Arg::Node(n), Some(j)) => Some((*n, j)),
            _ => None,
        })
        .collect();
    then(&result, &nodes)
}

fn scalar_val(s: &Scalar) -> Val<'_> {
    match s {
        Scalar::Null => Val::None,
        Scalar::Bool(b) => Val::Bool(*b),
        Scalar::Int(i) => Val::Int(*i),
        Scalar::Float(f) => Val::Float(*f),
        Scalar::String(s) => Val::Str(Cow::Borrowed(s)),
    }
}

/// A matcher called with `args` (`api.go`): three arguments, else `expected exactly 3
/// arguments`.
fn matcher(m: &Matcher, args: &[Arg<'_>]) -> Result<bool, OverlayError> {
    let [first, left, right] = args else {
        return Err(OverlayError::Ytt("expected exactly 3 arguments".to_owned()));
    };
    match m {
        Matcher::All => Ok(true),
        Matcher::Index(want) => match first {
            Arg::Index(i) => Ok(i64::try_from(*i).ok() == Some(*want)),
            Arg::Key(Scalar::Int(i)) => Ok(i == want),
            _ => Err(OverlayError::Ytt("expected starlark.Int".to_owned())),
        },
        Matcher::MapKey(key) => {
            let l = map_value(key, left)?;
            let r = map_value(key, right)?;
            Ok(match (l, r) {
                (Node::Scalar(l), Node::Scalar(r)) => compare_leaves(l, r).0,
                _ => false,
            })
        }
        Matcher::Subset(expected) => {
            // `overlay_args` refuses a subset holding a function.
            let nowhere = Pos {
                file: "".into(),
                line: 0,
            };
            let expected =
                to_node(expected, &nowhere, MAX_DEPTH).unwrap_or(Node::Scalar(Scalar::Null));
            Ok(match left {
                Arg::Node(left) => compare(left, &expected).0,
                _ => compare(&Node::Scalar(Scalar::Null), &expected).0,
            })
        }
        Matcher::And(fs) => {
            for f in fs {
                if !call_bool(f, args)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        Matcher::Or(fs) => {
            for f in fs {
                if call_bool(f, args)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Matcher::Not(f) => call_bool(f, args).map(|b| !b),
    }
}

/// The value at `key` of the map `arg` (`pullOutMapValue`).
fn map_value<'n>(key: &str, arg: &Arg<'n>) -> Result<&'n Node, OverlayError> {
    static NULL: Node = Node::Scalar(Scalar::Null);
    let node = match arg {
        Arg::Node(n) => *n,
        _ => &NULL,
    };
    let Node::Map(items) = node else {
        return Err(OverlayError::Ytt(format!(
            "Expected value to be map, but was {}",
            node_type_name(node)
        )));
    };
    items
        .iter()
        .find(|i| matches!(&i.key, Scalar::String(k) if k == key))
        .map(|i| &i.value)
        .ok_or_else(|| {
            OverlayError::Ytt(format!(
                "Expected to find map item with key '{key}', but did not"
            ))
        })
}

/// The node a `via=` function returned: a fragment of one of its arguments `args` is that
/// node (its positions and annotations kept), a scalar a new scalar; `None` for what validgen
/// does not turn into a node (a dict, list or tuple built by the function).
pub(super) fn result_node(result: &Val<'_>, args: &[(&Node, &Json)]) -> Option<Node> {
    Some(Node::Scalar(match result {
        Val::None => Scalar::Null,
        Val::Bool(b) => Scalar::Bool(*b),
        Val::Int(i) => Scalar::Int(*i),
        Val::Float(f) => Scalar::Float(*f),
        Val::Str(s) => Scalar::String(s.to_string()),
        Val::Fragment(target) => {
            return args
                .iter()
                .find_map(|(node, json)| locate(node, json, target));
        }
        _ => return None,
    }))
}

/// The node of `node` whose JSON (within `json`, built from `node`) is `target`.
fn locate(node: &Node, json: &Json, target: &Json) -> Option<Node> {
    if std::ptr::eq(json, target) {
        return Some(node.clone());
    }
    match (node, json) {
        (Node::Map(items), Json::Object(map)) => items.iter().find_map(|i| {
            map.get(&key_text(&i.key))
                .and_then(|j| locate(&i.value, j, target))
        }),
        (Node::Array(items), Json::Array(js)) => items
            .iter()
            .zip(js)
            .find_map(|(i, j)| locate(&i.value, j, target)),
        _ => None,
    }
}
