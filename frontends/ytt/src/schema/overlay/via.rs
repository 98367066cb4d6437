//! `@overlay/replace`, `@overlay/insert` and `@overlay/assert` with their keyword arguments,
//! as ytt 0.48 reads and runs them (`replace_annotation.go`, `insert_annotation.go`,
//! `assert_annotation.go`): `via=` a function of the existing node and the new one, whose
//! result becomes the node (replace, insert) or says whether the existing node passes
//! (assert, which without `via=` compares them as [`compare`] does).

use super::call::{Arg, call, callable, go_type, result_node};
use super::compare::compare;
use super::{OverlayError, kwargs};
use crate::annotations::annotations;
use crate::starlark::{OverlayValue, Val, Value};
use validgen_gotext::yaml::{Comment, Node, Pos};

/// `@overlay/replace` (`ReplaceAnnotation`).
pub(super) struct Replace {
    via: Via,
    /// `or_add=True`: add the item when it matches nothing.
    pub(super) or_add: bool,
}

/// `@overlay/insert` (`InsertAnnotation`).
pub(super) struct Insert {
    via: Via,
    /// `before=True`.
    pub(super) before: bool,
    /// `after=True`.
    pub(super) after: bool,
}

/// `@overlay/assert` (`AssertAnnotation`).
pub(super) struct Assert {
    via: Option<OverlayValue>,
}

/// A `via=` that computes a node, with its annotation's position for validgen's refusals.
struct Via {
    f: Option<OverlayValue>,
    pos: Pos,
}

impl Replace {
    /// The node's `@overlay/replace`.
    ///
    /// # Errors
    /// ytt's text for an unknown keyword argument, a `via=` that is not a function or an
    /// `or_add=` that is not a bool.
    pub(super) fn of(comments: &[Comment]) -> Result<Self, OverlayError> {
        let mut out = Replace {
            via: Via::at(comments, "replace"),
            or_add: false,
        };
        for (name, value) in kwargs(comments, "replace")?.unwrap_or_default() {
            match name.as_str() {
                "via" => out.via.f = Some(function("replace", value)?),
                "or_add" => out.or_add = as_bool(&value)?,
                other => return Err(unknown("replace", other)),
            }
        }
        Ok(out)
    }

    /// The replacing node: the new node, or what `via=` makes of `existing` and it.
    ///
    /// # Errors
    /// The function's error; validgen's refusal of a result it does not turn into a node.
    pub(super) fn value(&self, existing: Option<&Node>, new: &Node) -> Result<Node, OverlayError> {
        self.via.value(existing, new)
    }
}

impl Insert {
    /// The node's `@overlay/insert`.
    ///
    /// # Errors
    /// ytt's text for no keyword argument, an unknown one, a `via=` that is not a function,
    /// `before=`/`after=` not bools.
    pub(super) fn of(comments: &[Comment]) -> Result<Self, OverlayError> {
        let mut out = Insert {
            via: Via::at(comments, "insert"),
            before: false,
            after: false,
        };
        let args = kwargs(comments, "insert")?.unwrap_or_default();
        if args.is_empty() {
            return Err(OverlayError::Ytt(
                "Expected 'overlay/insert' annotation to have at least one keyword argument (before=..., after=...)".to_owned(),
            ));
        }
        for (name, value) in args {
            match name.as_str() {
                "before" => out.before = as_bool(&value)?,
                "after" => out.after = as_bool(&value)?,
                "via" => out.via.f = Some(function("insert", value)?),
                other => return Err(unknown("insert", other)),
            }
        }
        Ok(out)
    }

    /// The inserted node, next to `existing`.
    ///
    /// # Errors
    /// As [`Replace::value`].
    pub(super) fn value(&self, existing: &Node, new: &Node) -> Result<Node, OverlayError> {
        self.via.value(Some(existing), new)
    }
}

impl Assert {
    /// The node's `@overlay/assert`.
    ///
    /// # Errors
    /// ytt's text for an unknown keyword argument.
    pub(super) fn of(comments: &[Comment]) -> Result<Self, OverlayError> {
        let mut via = None;
        for (name, value) in kwargs(comments, "assert")?.unwrap_or_default() {
            match name.as_str() {
                "via" => via = Some(value),
                other => return Err(unknown("assert", other)),
            }
        }
        Ok(Assert { via })
    }

    /// Whether `existing` passes (`Check`).
    ///
    /// # Errors
    /// ytt's text: `Expected objects to equal, but did not: ...`, `Expected via invocation to
    /// return true, but was false[ with message: ...]`, the function's error.
    pub(super) fn check(&self, existing: &Node, new: &Node) -> Result<(), OverlayError> {
        let Some(via) = &self.via else {
            let (equal, why) = compare(existing, new);
            return if equal {
                Ok(())
            } else {
                Err(OverlayError::Ytt(format!(
                    "Expected objects to equal, but did not: {why}"
                )))
            };
        };
        if !callable(via) {
            return Err(OverlayError::Ytt(format!(
                "Expected 'overlay/assert' annotation keyword argument 'via' to be function, but was {}",
                go_type(via)
            )));
        }
        let false_ = "Expected via invocation to return true, but was false";
        call(
            via,
            &[Arg::Node(existing), Arg::Node(new)],
            |result, _| match result {
                Val::None | Val::Bool(true) => Ok(()),
                Val::Bool(false) => Err(OverlayError::Ytt(false_.to_owned())),
                Val::Tuple(pair) | Val::List(pair) => match pair.as_slice() {
                    [Val::Bool(true), Val::Str(_)] => Ok(()),
                    [Val::Bool(false), Val::Str(message)] => Err(OverlayError::Ytt(format!(
                        "{false_} with message: {message}"
                    ))),
                    _ => Err(neither()),
                },
                _ => Err(neither()),
            },
        )
    }
}

impl Via {
    /// An absent `via=` of the annotation `overlay/<name>` among `comments`.
    fn at(comments: &[Comment], name: &str) -> Self {
        let full = format!("overlay/{name}");
        let pos = annotations(comments)
            .into_iter()
            .rev()
            .find(|a| a.name == full)
            .map(|a| a.pos)
            .unwrap_or_else(|| Pos {
                file: "".into(),
                line: 0,
            });
        Via { f: None, pos }
    }

    fn value(&self, existing: Option<&Node>, new: &Node) -> Result<Node, OverlayError> {
        let Some(f) = &self.f else {
            return Ok(new.clone());
        };
        let existing = existing.map_or(Arg::None, Arg::Node);
        call(f, &[existing, Arg::Node(new)], |result, nodes| {
            result_node(result, nodes).ok_or_else(|| {
                OverlayError::Unsupported(
                    self.pos.clone(),
                    format!(
                        "a via= function returning a {} (ytt cannot make a schema node of it either)",
                        result.type_name()
                    ),
                )
            })
        })
    }
}

fn neither() -> OverlayError {
    OverlayError::Ytt(
        "Expected via invocation to return NoneType, Bool or Tuple(Bool,String), but returned neither of those".to_owned(),
    )
}

/// `via=` of `overlay/<op>`, which must be a function.
fn function(op: &str, value: OverlayValue) -> Result<OverlayValue, OverlayError> {
    if callable(&value) {
        Ok(value)
    } else {
        Err(OverlayError::Ytt(format!(
            "Expected 'overlay/{op}' annotation keyword argument 'via' to be function, but was {}",
            go_type(&value)
        )))
    }
}

/// A bool argument (`AsBool`).
fn as_bool(value: &OverlayValue) -> Result<bool, OverlayError> {
    match value {
        OverlayValue::Value(Value::Bool(b)) => Ok(*b),
        other => Err(OverlayError::Ytt(format!(
            "expected starlark.Bool, but was {}",
            go_type(other)
        ))),
    }
}

fn unknown(op: &str, name: &str) -> OverlayError {
    OverlayError::Ytt(format!(
        "Unknown 'overlay/{op}' annotation keyword argument '{name}'"
    ))
}
