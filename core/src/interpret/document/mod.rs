//! The document checks ([`Check::Type`] onwards) applied to one value, one file per check,
//! each calling its pure function in [`crate::checks::document`]. Nested checks (items,
//! properties, compositions, definitions) recurse here.

mod additional_properties;
mod any_of;
mod any_value;
mod const_;
mod contains;
mod format;
mod if_then_else;
mod items;
mod keyword;
mod matches;
mod multiple_of;
mod never;
mod no_extra_keys;
mod not;
mod not_null;
mod number_range;
mod one_not_null;
mod one_of;
mod pattern_properties;
mod prefix_items;
mod properties;
mod property_names;
mod reference;
mod required;
mod size;
mod type_;
mod unevaluated;
mod unique;
mod verdict;

use std::cell::Cell;
use std::collections::BTreeMap;

use serde_json::Value;

use crate::checks::document::Budget;
use crate::ir::{At, Check, Violation, judged_first};
use crate::model::Instance;

pub(crate) use verdict::holds as verdict;

/// What nested checks share: the rule set's definitions, how deep references go and the
/// `$ref` evaluations left to the value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scope<'r> {
    pub(crate) definitions: &'r BTreeMap<String, Vec<Check>>,
    pub(crate) depth: usize,
    pub(crate) budget: &'r Budget,
    /// The document's value, when the rule's path is the document itself: ytt functions read
    /// `ctx.root` and `ctx.parent` from it.
    pub(crate) root: Option<&'r Value>,
    /// Set by the verdict path when it meets a check it cannot judge (an extension, whose
    /// `ctx` needs locations): its `false` then means "the full path decides".
    pub(crate) undecided: &'r Cell<bool>,
}

/// Applies every check of `checks` to `v` (no short-circuit), appending what fails to `out`.
pub(crate) fn apply<'a, I: Instance<'a>>(
    checks: &[Check],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    for c in checks {
        apply_one(c, v, at, scope, out);
    }
}

/// Whether every check of `checks` holds for `v`, where the report judges checks without
/// reporting them (`anyOf`/`oneOf` branches, `not`, `if`, `contains`): by the verdict path, no
/// violation built, unless it meets a check only the full path decides. A `$ref` evaluation
/// the verdict was refused is placed at `at`, so that the report still names it.
/// (Checks restore `at` to where it was, so it is lent, not copied.)
pub(crate) fn holds<'a, I: Instance<'a>>(
    checks: &[Check],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
) -> bool {
    let outer = scope.undecided.replace(false);
    let held = verdict::holds(checks, v, scope);
    let undecided = scope.undecided.replace(outer);
    if held {
        return true;
    }
    if !undecided {
        scope.budget.place(at);
        return false;
    }
    let mut scratch = Vec::new();
    apply(checks, v, at, scope, &mut scratch);
    scratch.is_empty()
}

/// Applies `checks` to `v`, a value below the one at `at` (a property's, an item's) that
/// `step` moves `at` to. Where the report judges the list first ([`judged_first`], as the
/// emitted report does), it descends only when the list's verdict fails: a valid subtree costs
/// its verdict alone. A `$ref` evaluation that verdict was refused is placed at `v`.
pub(crate) fn descend<'a, I: Instance<'a>>(
    checks: &[Check],
    v: I,
    at: &mut At,
    step: impl FnOnce(&mut At),
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    let first = judged_first(checks);
    if first && passes(checks, v, scope) {
        return;
    }
    let mark = at.mark();
    step(at);
    if first {
        scope.budget.place(at);
    }
    apply(checks, v, at, scope, out);
    at.truncate(mark);
}

/// Whether the verdict of `checks` holds for `v` and decides it (`false` where it met an
/// extension, which only the full path decides).
pub(crate) fn passes<'a, I: Instance<'a>>(checks: &[Check], v: I, scope: Scope<'_>) -> bool {
    let outer = scope.undecided.replace(false);
    let held = verdict::holds(checks, v, scope);
    let undecided = scope.undecided.replace(outer);
    held && !undecided
}

fn apply_one<'a, I: Instance<'a>>(
    check: &Check,
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    let leaf = match check {
        Check::Type { types } => type_::check(v, types),
        Check::Required { keys } => required::check(v, keys),
        Check::NoExtraKeys { allowed } => no_extra_keys::check(v, allowed),
        Check::Const { value } => const_::check(v, value),
        Check::Unique => unique::check(v),
        Check::NotNull => not_null::check(v),
        Check::OneNotNull { keys } => one_not_null::check(v, keys),
        Check::NumberRange { min, max } => number_range::check(v, min.as_ref(), max.as_ref()),
        Check::Size { measure, min, max } => size::check(v, *measure, *min, *max),
        Check::AnyOf { branches } => any_of::check(branches, v, at, scope),
        Check::OneOf { branches } => one_of::check(branches, v, at, scope),
        Check::Not { checks } => not::check(checks, v, at, scope),
        Check::IfThenElse {
            condition,
            then,
            otherwise,
        } => return if_then_else::apply_branch(condition, then, otherwise, v, at, scope, out),
        Check::Matches { regex } => matches::check(v, regex),
        Check::MultipleOf { value } => multiple_of::check(v, value),
        Check::AnyValue { values } => any_value::check(v, values),
        Check::Format { format } => format::check(v, *format),
        Check::Never => never::check(v),
        Check::Contains { checks, min, max } => contains::check(checks, *min, *max, v, at, scope),
        Check::Items { from, checks } => {
            return items::apply_items(*from, checks, v, at, scope, out);
        }
        Check::PrefixItems { items } => {
            return prefix_items::apply_prefix(items, v, at, scope, out);
        }
        Check::PatternProperties { patterns } => {
            return pattern_properties::apply_patterns(patterns, v, at, scope, out);
        }
        Check::PropertyNames { checks } => {
            return property_names::apply_names(checks, v, at, scope, out);
        }
        Check::Keyword {
            location,
            message,
            checks,
        } => {
            return keyword::apply_keyword(location, message.as_deref(), checks, v, at, scope, out);
        }
        Check::Properties { properties } => {
            return properties::apply_properties(properties, v, at, scope, out);
        }
        Check::AdditionalProperties {
            known,
            patterns,
            checks,
        } => {
            return additional_properties::apply_additional(
                known, patterns, checks, v, at, scope, out,
            );
        }
        Check::Ref { name } => return reference::apply_ref(name, v, at, scope, out),
        Check::Unevaluated { .. } => {
            if let Some(u) = unevaluated::Unevaluated::of(check) {
                unevaluated::apply_unevaluated(u, v, at, scope, out);
            }
            return;
        }
        Check::Extension(check) => {
            check.apply(&v.to_value(), at, scope.root, out);
            return;
        }
        // The KubeVirt checks judge a rule's values together, never one nested value: a rule
        // set that nests one fails closed.
        Check::IntRange { .. }
        | Check::LengthRange { .. }
        | Check::Pattern { .. }
        | Check::Enum { .. }
        | Check::Fail { .. } => Some(Violation::new(
            "rule",
            "a check of one value",
            "a check of a rule's values",
        )),
    };
    if let Some(violation) = leaf {
        out.push(at.place(violation));
    }
}
