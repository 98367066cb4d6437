//! The verdict alone: whether the checks hold for a value, stopping at the first check that
//! fails, with no location built and no violation kept. [`crate::interpret`] runs it first and
//! builds the full report only for a value it rejects. It is the emitted verdict path
//! (`codegen/src/emit/document/verdict.rs`) check for check, in the same order, so both back
//! ends take the same `$ref` evaluations from the value's [`crate::checks::document::Budget`].

use serde_json::Value;

use super::{Scope, apply_one};
use crate::checks::document;
use crate::ir::{At, Check};
use crate::model::Instance;

/// Whether every check of `checks` holds for `v`.
pub(crate) fn holds<'a, I: Instance<'a>>(checks: &[Check], v: I, scope: Scope<'_>) -> bool {
    checks.iter().all(|c| one(c, v, scope))
}

fn one<'a, I: Instance<'a>>(check: &Check, v: I, scope: Scope<'_>) -> bool {
    match check {
        Check::Keyword {
            location, checks, ..
        } => {
            // The innermost keyword around a refused `$ref` names it, as in the report; a
            // keyword with no `$ref` in it cannot meet one (the emitted verdict, which locates
            // only around references, agrees).
            let held = holds(checks, v, scope);
            if !held && scope.budget.spent() && Check::any_takes_refs(checks) {
                scope.budget.locate(location);
            }
            held
        }
        Check::Not { checks } => !holds(checks, v, scope),
        Check::AnyOf { branches } => branches.iter().any(|b| holds(b, v, scope)),
        Check::OneOf { branches } => branches.iter().filter(|b| holds(b, v, scope)).count() == 1,
        Check::IfThenElse {
            condition,
            then,
            otherwise,
        } => {
            if holds(condition, v, scope) {
                holds(then, v, scope)
            } else {
                holds(otherwise, v, scope)
            }
        }
        Check::Items { from, checks } => {
            let n = v.array_len().unwrap_or(0);
            (*from..n).all(|i| v.item(i).is_none_or(|item| holds(checks, item, scope)))
        }
        Check::PrefixItems { items } => items
            .iter()
            .enumerate()
            .all(|(i, cs)| v.item(i).is_none_or(|item| holds(cs, item, scope))),
        Check::Properties { properties } => properties
            .iter()
            .all(|(key, cs)| v.get(key).is_none_or(|value| holds(cs, value, scope))),
        Check::PatternProperties { patterns } => v.entries().all(|(key, value)| {
            patterns.iter().all(|(re, cs)| match re.is_match(key) {
                Ok(matched) => !matched || holds(cs, value, scope),
                Err(_) => false,
            })
        }),
        Check::AdditionalProperties {
            known,
            patterns,
            checks,
        } => v.entries().all(|(key, value)| {
            known.iter().any(|k| k == key)
                || patterns.iter().any(|p| p.is_match(key) == Ok(true))
                || holds(checks, value, scope)
        }),
        Check::PropertyNames { checks } => v.keys().all(|key| {
            let name = Value::String(key.to_owned());
            holds(checks, &name, scope)
        }),
        Check::Contains { checks, min, max } => match v.array_len() {
            Some(n) => {
                let matched = (0..n)
                    .filter(|i| v.item(*i).is_some_and(|item| holds(checks, item, scope)))
                    .count();
                document::contains(matched, *min, *max).is_none()
            }
            None => true,
        },
        Check::Unevaluated { .. } => super::unevaluated::Unevaluated::of(check)
            .is_some_and(|u| super::unevaluated::holds(u, v, scope)),
        // An extension may need the value's location (ytt's `ctx`), which the verdict does not
        // build: the full report decides.
        Check::Extension(_) => {
            scope.undecided.set(true);
            false
        }
        Check::Ref { name } => match scope.definitions.get(name) {
            Some(checks) => {
                document::reference_holds(v, scope.depth, scope.budget, |v, depth, _| {
                    holds(checks, v, Scope { depth, ..scope })
                })
            }
            None => false,
        },
        // Leaves with a verdict twin (no violation built), as the emitted verdict's.
        Check::Type { types } => document::has_type(v, types),
        Check::Required { keys } => has_keys(v, keys),
        Check::Const { value } => document::is_const(v, value),
        Check::AnyValue { values } => document::is_any_of(v, values),
        Check::Matches { regex } => document::is_match(v, regex),
        Check::Size { measure, min, max } => document::has_size(v, *measure, *min, *max),
        Check::NoExtraKeys { allowed } => document::has_no_extra_keys(v, allowed),
        Check::NumberRange { min, max } => document::in_range(v, min.as_ref(), max.as_ref()),
        Check::MultipleOf { value } => document::is_multiple_of(v, value),
        Check::Format { format } => document::has_format(v, *format),
        Check::Unique => document::has_unique_items(v),
        Check::NotNull => document::is_not_null(v),
        Check::OneNotNull { keys } => document::has_one_not_null(v, keys),
        Check::Never => false,
        // Other leaves (the KubeVirt checks, failing closed): the full path's check, its
        // violation dropped.
        leaf => {
            let mut scratch = Vec::new();
            apply_one(leaf, v, &mut At::default(), scope, &mut scratch);
            scratch.is_empty()
        }
    }
}

/// [`document::has_keys`], kept out of this dispatch: inlined (as generated code wants it),
/// it made the interpreter's every check 5–9 % slower (BENCHMARKS.md, "Keywords without a
/// `$ref` written without `Budget::held`").
#[inline(never)]
fn has_keys<'a, I: Instance<'a>>(v: I, keys: &[String]) -> bool {
    document::has_keys(v, keys)
}
