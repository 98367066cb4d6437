//! [`crate::ir::Check::Unevaluated`]: the schema object's other keywords, then
//! `unevaluatedProperties` on each property and `unevaluatedItems` on each item they did not
//! evaluate. The evaluated set is [`crate::ir::evaluated`]'s static one where it has one, else
//! marked here per value: the walk the emitter's `document/unevaluated.rs` generates, branch
//! verdicts taken by the verdict path in the same order (so both back ends take the same `$ref`
//! evaluations from the value's budget).

use super::{Scope, apply, descend, verdict};
use crate::checks::document;
pub(super) use crate::ir::evaluated::Unevaluated;
use crate::ir::evaluated::{static_items, static_properties};
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

pub(super) fn apply_unevaluated<'a, I: Instance<'a>>(
    u: Unevaluated<'_>,
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    apply(u.checks, v, at, scope, out);
    if let Some(checks) = u.properties
        && v.object_len().is_some()
    {
        let marks = property_marks(u.checks, v, scope);
        for ((key, value), _) in v.entries().zip(&marks).filter(|(_, m)| !**m) {
            descend(checks, value, at, |at| at.key(key), scope, out);
        }
    }
    if let Some(checks) = u.items
        && v.array_len().is_some()
    {
        let marks = item_marks(u.checks, u.contains_evaluates, v, scope);
        for (i, _) in marks.iter().enumerate().filter(|(_, m)| !**m) {
            if let Some(item) = v.item(i) {
                descend(checks, item, at, |at| at.index(i), scope, out);
            }
        }
    }
}

/// The verdict: the other keywords hold, then every unevaluated property and item.
pub(super) fn holds<'a, I: Instance<'a>>(u: Unevaluated<'_>, v: I, scope: Scope<'_>) -> bool {
    if !verdict(u.checks, v, scope) {
        return false;
    }
    if let Some(checks) = u.properties
        && v.object_len().is_some()
    {
        let marks = property_marks(u.checks, v, scope);
        let left = v.entries().zip(&marks).filter(|(_, m)| !**m);
        if !left
            .into_iter()
            .all(|((_, value), _)| verdict(checks, value, scope))
        {
            return false;
        }
    }
    if let Some(checks) = u.items
        && v.array_len().is_some()
    {
        let marks = item_marks(u.checks, u.contains_evaluates, v, scope);
        let left = marks.iter().enumerate().filter(|(_, m)| !**m);
        if !left
            .into_iter()
            .all(|(i, _)| v.item(i).is_none_or(|item| verdict(checks, item, scope)))
        {
            return false;
        }
    }
    true
}

/// Whether `checks` evaluate each entry of the object `v`, in `entries()` order.
fn property_marks<'a, I: Instance<'a>>(checks: &[Check], v: I, scope: Scope<'_>) -> Vec<bool> {
    if let Some(set) = static_properties(checks, scope.definitions) {
        return v.keys().map(|k| set.evaluates(k)).collect();
    }
    let mut marks = vec![false; v.object_len().unwrap_or(0)];
    mark_properties(checks, v, scope, &mut marks);
    marks
}

/// Whether `checks` evaluate each item of the array `v`.
fn item_marks<'a, I: Instance<'a>>(
    checks: &[Check],
    contains_evaluates: bool,
    v: I,
    scope: Scope<'_>,
) -> Vec<bool> {
    let n = v.array_len().unwrap_or(0);
    if let Some(set) = static_items(checks, scope.definitions, contains_evaluates) {
        return (0..n).map(|i| set.evaluates(i)).collect();
    }
    let mut marks = vec![false; n];
    mark_items(checks, contains_evaluates, v, scope, &mut marks);
    marks
}

/// Marks the entries `checks` evaluate on `v`, following in-place applicators whose lists hold.
fn mark_properties<'a, I: Instance<'a>>(
    checks: &[Check],
    v: I,
    scope: Scope<'_>,
    marks: &mut [bool],
) {
    for c in checks {
        let evaluates: &dyn Fn(&str) -> bool = match c {
            Check::Properties { properties } => &|key| properties.iter().any(|(n, _)| n == key),
            Check::PatternProperties { patterns } => {
                &|key| patterns.iter().any(|(re, _)| re.is_match(key) == Ok(true))
            }
            Check::AdditionalProperties {
                known, patterns, ..
            } => &|key| {
                !known.iter().any(|k| k == key)
                    && !patterns.iter().any(|p| p.is_match(key) == Ok(true))
            },
            Check::Unevaluated {
                properties: Some(_),
                ..
            } => &|_| true,
            _ => {
                in_place(c, v, scope, &mut |list, deeper| {
                    mark_properties(list, v, deeper, marks);
                });
                continue;
            }
        };
        for (key, m) in v.keys().zip(marks.iter_mut()) {
            *m |= evaluates(key);
        }
    }
}

/// Marks the items `checks` evaluate on `v`.
fn mark_items<'a, I: Instance<'a>>(
    checks: &[Check],
    contains_evaluates: bool,
    v: I,
    scope: Scope<'_>,
    marks: &mut [bool],
) {
    for c in checks {
        match c {
            Check::PrefixItems { items } => {
                marks.iter_mut().take(items.len()).for_each(|m| *m = true);
            }
            Check::Items { from, .. } => marks.iter_mut().skip(*from).for_each(|m| *m = true),
            Check::Unevaluated { items: Some(_), .. } => marks.fill(true),
            Check::Contains { checks, .. } if contains_evaluates => {
                for (i, m) in marks.iter_mut().enumerate() {
                    if v.item(i).is_some_and(|item| verdict(checks, item, scope)) {
                        *m = true;
                    }
                }
            }
            _ => in_place(c, v, scope, &mut |list, deeper| {
                mark_items(list, contains_evaluates, v, deeper, marks);
            }),
        }
    }
}

/// Calls `each` with every list of `c` applied to `v` itself whose annotations count: a
/// keyword's, an `unevaluated*` schema's other keywords, the branches of `anyOf`/`oneOf` that
/// hold, `if` and `then` where `if` holds, else `else`, a `$ref`'s definition (one evaluation
/// of the budget, one level deeper); `not` passes none on.
fn in_place<'a, 'c, I: Instance<'a>>(
    c: &'c Check,
    v: I,
    scope: Scope<'c>,
    each: &mut dyn FnMut(&'c [Check], Scope<'c>),
) {
    match c {
        Check::Keyword { checks, .. } | Check::Unevaluated { checks, .. } => each(checks, scope),
        Check::AnyOf { branches } | Check::OneOf { branches } => {
            for b in branches {
                if verdict(b, v, scope) {
                    each(b, scope);
                }
            }
        }
        Check::IfThenElse {
            condition,
            then,
            otherwise,
        } => {
            if verdict(condition, v, scope) {
                each(condition, scope);
                each(then, scope);
            } else {
                each(otherwise, scope);
            }
        }
        Check::Ref { name } => {
            if let Some(def) = scope.definitions.get(name) {
                document::reference_mark(v, scope.depth, scope.budget, (), |_, depth, _, ()| {
                    each(def, Scope { depth, ..scope });
                });
            }
        }
        _ => {}
    }
}
