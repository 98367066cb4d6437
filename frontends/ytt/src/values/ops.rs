//! The overlay operation a document, map item or array item states, as ytt 0.48
//! `pkg/yttlibrary/overlay` reads it (`annotations.go`, `*_match_annotation.go`,
//! `match_annotation_expects_kwarg.go`, `replace_annotation.go`), and the implied ones of a
//! plain merge (`plain_merge.go`: `@overlay/match missing_ok=True` everywhere,
//! `@overlay/replace or_add=True` on arrays and scalars).

use crate::annotations::{Annotation, annotations};
use crate::starlark::{Value, evaluate_arguments};
use validgen_gotext::yaml::{Comment, Node, Pos};

/// Where a document's operations come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// A `--data-values-file` document: the plain merge's implied annotations.
    Plain,
    /// A `-f` `#@data/values` document: its own `@overlay/...` annotations.
    Annotated,
}

/// The operation on one node.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Op {
    /// `@overlay/merge` (the default).
    Merge,
    /// `@overlay/replace`, with `or_add`.
    Replace {
        /// Add the node when nothing matches.
        or_add: bool,
    },
    /// `@overlay/remove`.
    Remove,
    /// `@overlay/append` (array items).
    Append,
}

/// The counting kwargs of `@overlay/match` or `@overlay/match-child-defaults`.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Expects {
    expects: Option<Value>,
    missing_ok: Option<Value>,
    when: Option<Value>,
}

/// Why the number of matches is wrong.
pub(super) struct MatchError {
    /// ytt's text.
    pub message: String,
    /// From `when=`: the node is then silently skipped.
    pub conditional: bool,
}

/// What a node states: its operation, its match kwargs (unset ones taken from the parent's
/// child defaults), whether it has `@overlay/match` at all, and the defaults it passes on.
pub(super) struct NodeOps {
    pub op: Op,
    pub expects: Expects,
    pub annotated_match: bool,
    pub child_defaults: Expects,
}

impl NodeOps {
    /// The operations of a node with `comments` holding `value`, under `parent` child
    /// defaults.
    ///
    /// # Errors
    /// ytt's texts for two operations or an unknown kwarg; an argument list that does not
    /// evaluate, or `by=` / `via=` / other operations, which need functions (refused).
    pub fn read(
        comments: &[Comment],
        value: &Node,
        mode: Mode,
        parent: &Expects,
    ) -> Result<NodeOps, String> {
        if mode == Mode::Plain {
            let op = match value {
                Node::Map(_) => Op::Merge,
                _ => Op::Replace { or_add: true },
            };
            return Ok(NodeOps {
                op,
                expects: Expects {
                    missing_ok: Some(Value::Bool(true)),
                    ..Expects::default()
                },
                annotated_match: true,
                child_defaults: Expects::default(),
            });
        }
        let found: Vec<Annotation> = annotations(comments)
            .into_iter()
            .filter(|a| a.name.starts_with("overlay/"))
            .collect();
        // As ytt's annotation map: the last of a name counts.
        let last = |name: &str| found.iter().rev().find(|a| a.name == name);

        let mut op = None;
        for (name, this) in [
            ("overlay/merge", Op::Merge),
            ("overlay/remove", Op::Remove),
            ("overlay/replace", Op::Replace { or_add: false }),
            ("overlay/insert", Op::Merge),
            ("overlay/append", Op::Append),
            ("overlay/assert", Op::Merge),
        ] {
            let Some(annotation) = last(name) else {
                continue;
            };
            if op.is_some() {
                return Err("Expected to find only one overlay operation".to_owned());
            }
            op = Some(match name {
                "overlay/insert" | "overlay/assert" => return Err(unsupported(annotation)),
                "overlay/replace" => replace(annotation)?,
                _ => {
                    kwargs(annotation)?;
                    this
                }
            });
        }

        let mut expects = Expects::default();
        let annotated_match = last("overlay/match").is_some();
        if let Some(annotation) = last("overlay/match") {
            for (name, value) in kwargs(annotation)? {
                match name.as_str() {
                    "expects" => expects.expects = Some(value),
                    "missing_ok" => expects.missing_ok = Some(value),
                    "when" => expects.when = Some(value),
                    "by" => return Err(unsupported(annotation)),
                    _ => {
                        return Err(format!(
                            "Unknown 'overlay/match' annotation keyword argument '{name}'"
                        ));
                    }
                }
            }
        }
        expects.fill(parent);

        let mut child_defaults = Expects::default();
        if let Some(annotation) = last("overlay/match-child-defaults") {
            for (name, value) in kwargs(annotation)? {
                match name.as_str() {
                    "expects" => child_defaults.expects = Some(value),
                    "missing_ok" => child_defaults.missing_ok = Some(value),
                    "when" => child_defaults.when = Some(value),
                    _ => {
                        return Err(format!(
                            "Unknown 'overlay/match-child-defaults' annotation keyword argument \
                             '{name}'"
                        ));
                    }
                }
            }
        }
        child_defaults.fill(parent);

        Ok(NodeOps {
            op: op.unwrap_or(Op::Merge),
            expects,
            annotated_match,
            child_defaults,
        })
    }
}

/// `@overlay/replace`'s kwargs: `or_add` (a `via=` function is refused).
fn replace(annotation: &Annotation) -> Result<Op, String> {
    let mut or_add = false;
    for (name, value) in kwargs(annotation)? {
        match name.as_str() {
            // ytt's `AsBool`: a bool and nothing else.
            "or_add" => match value {
                Value::Bool(b) => or_add = b,
                other => {
                    return Err(format!(
                        "expected starlark.Bool, but was {}",
                        go_type(&other)
                    ));
                }
            },
            "via" => return Err(unsupported(annotation)),
            _ => {
                return Err(format!(
                    "Unknown 'overlay/replace' annotation keyword argument '{name}'"
                ));
            }
        }
    }
    Ok(Op::Replace { or_add })
}

/// The keyword arguments of an annotation (positional ones are ignored, as ytt's overlay does).
fn kwargs(annotation: &Annotation) -> Result<Vec<(String, Value)>, String> {
    evaluate_arguments(&annotation.args)
        .map(|arguments| arguments.keywords)
        .map_err(|e| {
            format!(
                "Evaluating @{} annotation (at {}): {}",
                annotation.name, annotation.pos, e.message
            )
        })
}

/// The refusal of an annotation that needs Starlark functions or document sets.
fn unsupported(annotation: &Annotation) -> String {
    format!(
        "Unsupported @{} annotation in data values (at {}): validgen evaluates only \
         @overlay/match (expects=, missing_ok=, when= as counts), @overlay/match-child-defaults, \
         @overlay/merge, @overlay/replace (or_add=), @overlay/remove and @overlay/append",
        annotation.name, annotation.pos
    )
}

impl Expects {
    /// Unset kwargs taken from `defaults`.
    fn fill(&mut self, defaults: &Expects) {
        if self.expects.is_none() {
            self.expects.clone_from(&defaults.expects);
        }
        if self.missing_ok.is_none() {
            self.missing_ok.clone_from(&defaults.missing_ok);
        }
        if self.when.is_none() {
            self.when.clone_from(&defaults.when);
        }
    }

    /// Whether `matches` (the positions of the matched nodes) is a count these kwargs accept.
    ///
    /// # Errors
    /// ytt's text (`Expected number of matched nodes to be 1, but was 0`), marked
    /// conditional when it comes from `when=`.
    pub fn check(&self, matches: &[Pos]) -> Result<(), MatchError> {
        let plain = |message: String| MatchError {
            message,
            conditional: false,
        };
        match (&self.missing_ok, &self.expects, &self.when) {
            (Some(_), Some(_), _) => Err(plain(
                "Expected only one of keyword arguments ('missing_ok', 'expects') specified"
                    .to_owned(),
            )),
            (Some(_), _, Some(_)) => Err(plain(
                "Expected only one of keyword arguments ('missing_ok', 'when') specified"
                    .to_owned(),
            )),
            (None, Some(_), Some(_)) => Err(plain(
                "Expected only one of keyword arguments ('when', 'expects') specified".to_owned(),
            )),
            (Some(Value::Bool(true)), None, None) => self.check_value(
                &Value::List(vec![Value::Int(0), Value::Int(1)]),
                "missing_ok",
                matches,
            ),
            (Some(Value::Bool(false)), None, None) => {
                self.check_value(&Value::Int(1), "missing_ok", matches)
            }
            (Some(_), None, None) => Err(plain(
                "Expected keyword argument 'missing_ok' to be a boolean".to_owned(),
            )),
            (None, None, Some(when)) => self.check_value(when, "when", matches),
            (None, Some(expects), None) => self.check_value(expects, "expects", matches),
            (None, None, None) => self.check_value(&Value::Int(1), "", matches),
        }
    }

    fn check_value(&self, value: &Value, kwarg: &str, matches: &[Pos]) -> Result<(), MatchError> {
        let conditional = self.when.is_some();
        let count = |message: String| MatchError {
            message,
            conditional,
        };
        match value {
            Value::Int(want) => {
                if usize::try_from(*want).ok() == Some(matches.len()) {
                    return Ok(());
                }
                Err(count(format!(
                    "Expected number of matched nodes to be {want}, but was {}{}",
                    matches.len(),
                    positions(matches)
                )))
            }
            Value::String(text) => {
                let least = text.strip_suffix('+').and_then(go_atoi);
                let Some(least) = least else {
                    return Err(MatchError {
                        message: format!(
                            "Expected '{text}' to be in format 'i+' where i is an integer"
                        ),
                        conditional: false,
                    });
                };
                if i64::try_from(matches.len()).is_ok_and(|n| n >= least) {
                    return Ok(());
                }
                Err(count(format!(
                    "Expected number of matched nodes to be >= {least}, but was {}{}",
                    matches.len(),
                    positions(matches)
                )))
            }
            Value::List(items) => {
                let mut last = Ok(());
                for item in items {
                    last = self.check_value(item, kwarg, matches);
                    if last.is_ok() {
                        return last;
                    }
                }
                last
            }
            other => Err(MatchError {
                message: format!(
                    "Expected 'overlay/match' annotation keyword argument '{kwarg}' to be either \
                     int, string or function, but was {}",
                    go_type(other)
                ),
                conditional: false,
            }),
        }
    }
}

/// Go's `strconv.Atoi`: an optional sign and decimal digits.
fn go_atoi(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// ` (lines: values.yml:3, values.yml:4)`, sorted as strings; empty without matches.
fn positions(matches: &[Pos]) -> String {
    if matches.is_empty() {
        return String::new();
    }
    let mut lines: Vec<String> = matches.iter().map(ToString::to_string).collect();
    lines.sort();
    format!(" (lines: {})", lines.join(", "))
}

/// A Starlark value's Go type as `%T` prints it.
fn go_type(value: &Value) -> &'static str {
    match value {
        Value::None => "starlark.NoneType",
        Value::Bool(_) => "starlark.Bool",
        Value::Int(_) => "starlark.Int",
        Value::Float(_) => "starlark.Float",
        Value::String(_) => "starlark.String",
        Value::List(_) => "*starlark.List",
        Value::Tuple(_) => "starlark.Tuple",
        Value::Dict(_) => "*starlark.Dict",
        Value::Function(_) => "*starlark.Function",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: usize) -> Pos {
        Pos {
            file: "values.yml".into(),
            line,
        }
    }

    fn message(result: Result<(), MatchError>) -> Option<String> {
        result.err().map(|e| e.message)
    }

    #[test]
    fn counts_as_ytt_checks_them() {
        let default = Expects::default();
        assert_eq!(
            message(default.check(&[])).as_deref(),
            Some("Expected number of matched nodes to be 1, but was 0")
        );
        assert_eq!(message(default.check(&[pos(3)])), None);
        let missing_ok = Expects {
            missing_ok: Some(Value::Bool(true)),
            ..Expects::default()
        };
        assert_eq!(message(missing_ok.check(&[])), None);
        assert_eq!(
            message(missing_ok.check(&[pos(4), pos(12)])).as_deref(),
            Some(
                "Expected number of matched nodes to be 1, but was 2 (lines: values.yml:12, values.yml:4)"
            )
        );
        let at_least = Expects {
            expects: Some(Value::String("2+".into())),
            ..Expects::default()
        };
        assert_eq!(
            message(at_least.check(&[pos(1)])).as_deref(),
            Some("Expected number of matched nodes to be >= 2, but was 1 (lines: values.yml:1)")
        );
    }

    #[test]
    fn plain_merge_replaces_scalars_and_arrays() {
        let map = Node::Map(Vec::new());
        let ops = NodeOps::read(&[], &map, Mode::Plain, &Expects::default());
        assert!(ops.is_ok_and(|o| o.op == Op::Merge && o.expects.check(&[]).is_ok()));
        let array = Node::Array(Vec::new());
        let ops = NodeOps::read(&[], &array, Mode::Plain, &Expects::default());
        assert!(ops.is_ok_and(|o| o.op == Op::Replace { or_add: true }));
    }
}
