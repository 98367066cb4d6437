//! Which nodes an overlay item matches and how many it may match, as ytt 0.48
//! `pkg/yttlibrary/overlay` reads `@overlay/match` (`map_item_match_annotation.go`,
//! `array_item_match_annotation.go`, `match_annotation_expects_kwarg.go`) and
//! `@overlay/match-child-defaults` (`match_child_defaults_annotation.go`).

use super::OverlayError;
use super::call::{Arg, call, call_bool, callable, go_type};
use crate::starlark::{OverlayValue, Val, Value};
use validgen_gotext::yaml::{ArrayItem, MapItem, Pos};

/// The counting keyword arguments of `@overlay/match` (`MatchAnnotationExpectsKwarg`), or
/// the defaults `@overlay/match-child-defaults` passes to the items below it.
#[derive(Debug, Clone, Default)]
pub(super) struct Expects {
    expects: Option<OverlayValue>,
    missing_ok: Option<OverlayValue>,
    when: Option<OverlayValue>,
}

/// What an item's `@overlay/match` says.
#[derive(Debug, Clone, Default)]
pub(super) struct Match {
    /// `by=`.
    by: Option<OverlayValue>,
    /// How many matches it allows.
    pub(super) expects: Expects,
    /// An array item without `@overlay/match`: it matches nothing.
    unannotated: bool,
}

impl Expects {
    /// Sets `name` if it counts (`expects`, `missing_ok`, `when`); `false` for another name.
    fn set(&mut self, name: &str, value: OverlayValue) -> bool {
        let slot = match name {
            "expects" => &mut self.expects,
            "missing_ok" => &mut self.missing_ok,
            "when" => &mut self.when,
            _ => return false,
        };
        *slot = Some(value);
        true
    }

    /// Each argument still absent taken from `defaults` (`FillInDefaults`).
    fn fill_in(&mut self, defaults: &Expects) {
        for (slot, default) in [
            (&mut self.expects, &defaults.expects),
            (&mut self.missing_ok, &defaults.missing_ok),
            (&mut self.when, &defaults.when),
        ] {
            if slot.is_none() {
                slot.clone_from(default);
            }
        }
    }

    /// Whether `matches` (the matched nodes' positions) is a number allowed (`Check`): `Ok(false)`
    /// when `when=` does not hold, and the operation is skipped.
    ///
    /// # Errors
    /// ytt's text (`Expected number of matched nodes to be 1, but was 0`).
    pub(super) fn check(&self, matches: &[Pos]) -> Result<bool, OverlayError> {
        let only = |a: &str, b: &str| {
            Err(OverlayError::Ytt(format!(
                "Expected only one of keyword arguments ('{a}', '{b}') specified"
            )))
        };
        let outcome = match (&self.expects, &self.missing_ok, &self.when) {
            (Some(_), Some(_), _) => return only("missing_ok", "expects"),
            (_, Some(_), Some(_)) => return only("missing_ok", "when"),
            (Some(_), _, Some(_)) => return only("when", "expects"),
            (_, Some(missing_ok), _) => match missing_ok {
                OverlayValue::Value(Value::Bool(true)) => {
                    let any = Value::List(vec![Value::Int(0), Value::Int(1)]);
                    check_value(&OverlayValue::Value(any), "missing_ok", matches)
                }
                OverlayValue::Value(Value::Bool(false)) => {
                    check_value(&OverlayValue::Value(Value::Int(1)), "missing_ok", matches)
                }
                _ => {
                    return Err(OverlayError::Ytt(
                        "Expected keyword argument 'missing_ok' to be a boolean".to_owned(),
                    ));
                }
            },
            (_, _, Some(when)) => check_value(when, "when", matches),
            (Some(expects), _, _) => check_value(expects, "expects", matches),
            (None, None, None) => check_value(&OverlayValue::Value(Value::Int(1)), "", matches),
        };
        match outcome {
            Ok(()) => Ok(true),
            Err(Miss::Count(_)) if self.when.is_some() => Ok(false),
            Err(Miss::Count(text)) => Err(OverlayError::Ytt(text)),
            Err(Miss::Other(e)) => Err(e),
        }
    }
}

/// Why a count check failed: the number of matches (`MatchAnnotationNumMatchError`, which
/// `when=` turns into a skip), or another error.
enum Miss {
    Count(String),
    Other(OverlayError),
}

/// `checkValue`: an int, an `"i+"` string, a list of them (any one holding), or a function of
/// the number of matches.
fn check_value(value: &OverlayValue, kwarg: &str, matches: &[Pos]) -> Result<(), Miss> {
    let n = matches.len();
    let other = |t: String| Miss::Other(OverlayError::Ytt(t));
    match value {
        OverlayValue::Value(Value::Int(want)) => {
            if i64::try_from(n).ok() == Some(*want) {
                Ok(())
            } else {
                Err(Miss::Count(format!(
                    "Expected number of matched nodes to be {want}, but was {n}{}",
                    lines(matches)
                )))
            }
        }
        OverlayValue::Value(Value::String(text)) => {
            let at_least = text
                .strip_suffix('+')
                .and_then(|i| i.parse::<i64>().ok())
                .ok_or_else(|| {
                    other(format!(
                        "Expected '{text}' to be in format 'i+' where i is an integer"
                    ))
                })?;
            if i64::try_from(n).is_ok_and(|n| n >= at_least) {
                Ok(())
            } else {
                Err(Miss::Count(format!(
                    "Expected number of matched nodes to be >= {at_least}, but was {n}{}",
                    lines(matches)
                )))
            }
        }
        OverlayValue::Value(Value::List(items)) => {
            let mut last = Ok(());
            for item in items {
                last = check_value(&OverlayValue::Value(item.clone()), kwarg, matches);
                if last.is_ok() {
                    return Ok(());
                }
            }
            last
        }
        f if callable(f) => {
            let count = Arg::Index(n);
            let holds = call(f, &[count], |v, _| match v {
                Val::Bool(b) => Ok(Some(*b)),
                _ => Ok(None),
            })
            .map_err(Miss::Other)?;
            match holds {
                Some(true) => Ok(()),
                Some(false) => Err(Miss::Count(
                    "Expectation of number of matched nodes failed".to_owned(),
                )),
                None => Err(other(format!(
                    "Expected keyword argument '{kwarg}' to have a function that returns a boolean"
                ))),
            }
        }
        v => Err(other(format!(
            "Expected 'overlay/match' annotation keyword argument '{kwarg}' to be either int, string or function, but was {}",
            go_type(v)
        ))),
    }
}

/// ` (lines: schema.yml:3, schema.yml:9)`: the matched positions sorted as strings
/// (`formatPositions`); empty without matches.
fn lines(matches: &[Pos]) -> String {
    if matches.is_empty() {
        return String::new();
    }
    let mut all: Vec<String> = matches.iter().map(ToString::to_string).collect();
    all.sort();
    format!(" (lines: {})", all.join(", "))
}

/// The `@overlay/match-child-defaults` of a node (its keyword arguments over `parent`'s).
///
/// # Errors
/// An unknown keyword argument.
pub(super) fn child_defaults(
    args: Option<Vec<(String, OverlayValue)>>,
    parent: &Expects,
) -> Result<Expects, OverlayError> {
    let mut out = Expects::default();
    for (name, value) in args.unwrap_or_default() {
        if !out.set(&name, value) {
            return Err(OverlayError::Ytt(format!(
                "Unknown 'overlay/match-child-defaults' annotation keyword argument '{name}'"
            )));
        }
    }
    out.fill_in(parent);
    Ok(out)
}

/// The `@overlay/match` of an item (`None`: it has none), `parent` filling in what it leaves
/// out.
///
/// # Errors
/// An unknown keyword argument.
pub(super) fn read_match(
    args: Option<Vec<(String, OverlayValue)>>,
    parent: &Expects,
) -> Result<Match, OverlayError> {
    let mut out = Match::default();
    for (name, value) in args.unwrap_or_default() {
        if name == "by" {
            out.by = Some(value);
        } else if !out.expects.set(&name, value) {
            return Err(OverlayError::Ytt(format!(
                "Unknown 'overlay/match' annotation keyword argument '{name}'"
            )));
        }
    }
    out.expects.fill_in(parent);
    Ok(out)
}

impl Match {
    /// The items of `left` that the map item `new` matches (`MapItemMatchAnnotation.Indexes`):
    /// by key, else by `by=`; `Ok(None)` when `when=` does not hold.
    ///
    /// # Errors
    /// The matcher's error or the count's.
    pub(super) fn map_items(
        &self,
        left: &[MapItem],
        new: &MapItem,
    ) -> Result<Option<Vec<usize>>, OverlayError> {
        let mut found = Vec::new();
        for (i, item) in left.iter().enumerate() {
            let hit = match &self.by {
                None => item.key == new.key,
                Some(by) => self.by_call(
                    by,
                    &[
                        Arg::Key(&item.key),
                        Arg::Node(&item.value),
                        Arg::Node(&new.value),
                    ],
                )?,
            };
            if hit {
                found.push(i);
            }
        }
        let positions: Vec<Pos> = found
            .iter()
            .filter_map(|&i| left.get(i))
            .map(|i| i.pos.clone())
            .collect();
        Ok(self.expects.check(&positions)?.then_some(found))
    }

    /// The items of `left` that the array item `new` matches (`ArrayItemMatchAnnotation`).
    ///
    /// # Errors
    /// As [`Match::map_items`], and `by=` missing.
    pub(super) fn array_items(
        &self,
        left: &[ArrayItem],
        new: &ArrayItem,
    ) -> Result<Option<Vec<usize>>, OverlayError> {
        if self.unannotated {
            return Ok(self.expects.check(&[])?.then_some(Vec::new()));
        }
        let Some(by) = &self.by else {
            return Err(OverlayError::Ytt(
                "Expected 'overlay/match' annotation keyword argument 'by' to be specified"
                    .to_owned(),
            ));
        };
        let mut found = Vec::new();
        for (i, item) in left.iter().enumerate() {
            if self.by_call(
                by,
                &[Arg::Index(i), Arg::Node(&item.value), Arg::Node(&new.value)],
            )? {
                found.push(i);
            }
        }
        let positions: Vec<Pos> = found
            .iter()
            .filter_map(|&i| left.get(i))
            .map(|i| i.pos.clone())
            .collect();
        Ok(self.expects.check(&positions)?.then_some(found))
    }

    /// `by=` called: a string is `overlay.map_key(by)`.
    fn by_call(&self, by: &OverlayValue, args: &[Arg<'_>]) -> Result<bool, OverlayError> {
        match by {
            OverlayValue::Value(Value::String(key)) => call_bool(
                &OverlayValue::Matcher(crate::starlark::Matcher::MapKey(key.clone())),
                args,
            ),
            f if callable(f) => call_bool(f, args),
            v => Err(OverlayError::Ytt(format!(
                "Expected 'overlay/match' annotation keyword argument 'by' to be either string (for map key) or function, but was {}",
                go_type(v)
            ))),
        }
    }
}

/// The match of an array item without `@overlay/match`: nothing, and exactly that.
pub(super) fn unannotated() -> Match {
    Match {
        by: None,
        expects: Expects {
            expects: Some(OverlayValue::Value(Value::Int(0))),
            ..Expects::default()
        },
        unannotated: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use validgen_gotext::yaml::{Node, Scalar};

    fn pos(line: usize) -> Pos {
        Pos {
            file: "schema.yml".into(),
            line,
        }
    }

    fn expects(name: &str, v: Value) -> Expects {
        let mut e = Expects::default();
        e.set(name, OverlayValue::Value(v));
        e
    }

    #[test]
    fn counts_as_ytt() {
        let two = [pos(10), pos(3)];
        assert_eq!(
            Expects::default().check(&two).err(),
            Some(OverlayError::Ytt(
                "Expected number of matched nodes to be 1, but was 2 (lines: schema.yml:10, schema.yml:3)".to_owned()
            ))
        );
        assert_eq!(
            expects("expects", Value::String("1+".to_owned())).check(&two),
            Ok(true)
        );
        assert_eq!(expects("when", Value::Int(1)).check(&two), Ok(false));
        let list = Value::List(vec![Value::Int(0), Value::String("3+".to_owned())]);
        assert_eq!(
            expects("expects", list).check(&two).err(),
            Some(OverlayError::Ytt(
                "Expected number of matched nodes to be >= 3, but was 2 (lines: schema.yml:10, schema.yml:3)".to_owned()
            ))
        );
        assert_eq!(
            expects("missing_ok", Value::Int(1)).check(&[]).err(),
            Some(OverlayError::Ytt(
                "Expected keyword argument 'missing_ok' to be a boolean".to_owned()
            ))
        );
        assert_eq!(
            expects("expects", Value::Float(1.5)).check(&[]).err(),
            Some(OverlayError::Ytt(
                "Expected 'overlay/match' annotation keyword argument 'expects' to be either int, string or function, but was starlark.Float".to_owned()
            ))
        );
    }

    #[test]
    fn keys_match_by_value() {
        let item = |k: &str| MapItem {
            pos: pos(1),
            key: Scalar::String(k.to_owned()),
            value: Node::Scalar(Scalar::Null),
            comments: Vec::new(),
        };
        let m = read_match(None, &Expects::default());
        let Ok(m) = m else { panic!("{m:?}") };
        assert_eq!(
            m.map_items(&[item("a"), item("b")], &item("b")),
            Ok(Some(vec![1]))
        );
    }
}
