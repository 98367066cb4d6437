//! Traversals of the IR: the paths a rule reads, for planners, lints and extraction.

use super::{Arg, Check, Guard, Path, Rule};

/// What a path is for in its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathRole {
    /// The rule's guard.
    Guard,
    /// The values the check applies to.
    Values,
    /// A path-valued argument of the check.
    Argument,
}

impl Rule {
    /// Every path the rule reads, with its role: the guard's, the values', then the
    /// arguments' in the order the check lists them.
    pub fn paths(&self) -> Vec<(PathRole, &Path)> {
        let mut out = Vec::new();
        if let Some(g) = &self.guard {
            g.paths(&mut |p| out.push((PathRole::Guard, p)));
        }
        if let Some(p) = &self.path {
            out.push((PathRole::Values, p));
        }
        out.extend(self.check.arg_paths().map(|p| (PathRole::Argument, p)));
        out
    }
}

impl Guard {
    /// Calls `f` on every path of the guard.
    pub fn paths<'a>(&'a self, f: &mut impl FnMut(&'a Path)) {
        match self {
            Guard::Present(p) | Guard::Equals { path: p, .. } | Guard::Truthy(p) => f(p),
            Guard::All(gs) | Guard::Any(gs) => gs.iter().for_each(|g| g.paths(f)),
            Guard::Not(g) => g.paths(f),
        }
    }
}

impl Check {
    /// Whether this is a document check (applied to each value, reporting violations) rather
    /// than a KubeVirt check (judging a rule's values together, explained by the frontend).
    pub fn is_document(&self) -> bool {
        !matches!(
            self,
            Check::IntRange { .. }
                | Check::LengthRange { .. }
                | Check::Pattern { .. }
                | Check::Enum { .. }
                | Check::Fail { .. }
        )
    }

    /// Whether `f` holds for one of `cs` or for a check nested in one of them (at any depth).
    pub fn any_in(cs: &[Check], f: &impl Fn(&Check) -> bool) -> bool {
        cs.iter()
            .any(|c| f(c) || !c.nested_all(&mut |n| !Check::any_in(n, f)))
    }

    /// Whether one of `cs`, or a check nested in one of them, is an extension (a ytt
    /// validation, which needs the value's location: only a full report decides it).
    pub fn any_extension(cs: &[Check]) -> bool {
        Check::any_in(cs, &|c| matches!(c, Check::Extension(_)))
    }

    /// Whether judging `cs` may take `$ref` evaluations from a value's budget
    /// (`checks::document::Budget`): a [`Check::Ref`] or a [`Check::Unevaluated`] (whose
    /// annotations follow references) among them or nested in them. Only a keyword around
    /// such a check can meet a refused evaluation, so only it names one.
    pub fn any_takes_refs(cs: &[Check]) -> bool {
        Check::any_in(cs, &|c| {
            matches!(c, Check::Ref { .. } | Check::Unevaluated { .. })
        })
    }

    /// The lists of checks nested in this one (items', properties', branches'...), in order;
    /// none for a leaf. ([`Check::Ref`]'s definition is named, not nested.)
    pub fn nested(&self) -> Vec<&[Check]> {
        let mut all = Vec::new();
        self.nested_all(&mut |cs| {
            all.push(cs);
            true
        });
        all
    }

    /// Whether `f` holds for every list of [`Check::nested`], in order, stopping at the first
    /// that it does not: without collecting them (the interpreter asks it as it reports).
    pub fn nested_all<'s>(&'s self, f: &mut impl FnMut(&'s [Check]) -> bool) -> bool {
        match self {
            Check::AnyOf { branches } | Check::OneOf { branches } => branches.iter().all(|b| f(b)),
            Check::PrefixItems { items } => items.iter().all(|cs| f(cs)),
            Check::Not { checks }
            | Check::Items { checks, .. }
            | Check::Contains { checks, .. }
            | Check::AdditionalProperties { checks, .. }
            | Check::PropertyNames { checks }
            | Check::Keyword { checks, .. } => f(checks),
            Check::IfThenElse {
                condition,
                then,
                otherwise,
            } => f(condition) && f(then) && f(otherwise),
            Check::Unevaluated {
                checks,
                properties,
                items,
                ..
            } => std::iter::once(checks)
                .chain(properties)
                .chain(items)
                .all(|cs| f(cs)),
            Check::Properties { properties } => properties.iter().all(|(_, cs)| f(cs)),
            Check::PatternProperties { patterns } => patterns.iter().all(|(_, cs)| f(cs)),
            Check::IntRange { .. }
            | Check::LengthRange { .. }
            | Check::Pattern { .. }
            | Check::Enum { .. }
            | Check::Fail { .. }
            | Check::Type { .. }
            | Check::Required { .. }
            | Check::NoExtraKeys { .. }
            | Check::Const { .. }
            | Check::Unique
            | Check::NotNull
            | Check::OneNotNull { .. }
            | Check::NumberRange { .. }
            | Check::Size { .. }
            | Check::Matches { .. }
            | Check::MultipleOf { .. }
            | Check::AnyValue { .. }
            | Check::Format { .. }
            | Check::Never
            | Check::Extension(_)
            | Check::Ref { .. } => true,
        }
    }

    /// [`Check::nested`], mutably: for rewriting a tree (the emitter renames definitions).
    pub fn nested_mut(&mut self) -> Vec<&mut Vec<Check>> {
        match self {
            Check::AnyOf { branches } | Check::OneOf { branches } => branches.iter_mut().collect(),
            Check::PrefixItems { items } => items.iter_mut().collect(),
            Check::Not { checks }
            | Check::Items { checks, .. }
            | Check::Contains { checks, .. }
            | Check::AdditionalProperties { checks, .. }
            | Check::PropertyNames { checks }
            | Check::Keyword { checks, .. } => vec![checks],
            Check::IfThenElse {
                condition,
                then,
                otherwise,
            } => vec![condition, then, otherwise],
            Check::Unevaluated {
                checks,
                properties,
                items,
                ..
            } => std::iter::once(checks)
                .chain(properties.as_mut())
                .chain(items.as_mut())
                .collect(),
            Check::Properties { properties } => properties.iter_mut().map(|(_, cs)| cs).collect(),
            Check::PatternProperties { patterns } => {
                patterns.iter_mut().map(|(_, cs)| cs).collect()
            }
            Check::IntRange { .. }
            | Check::LengthRange { .. }
            | Check::Pattern { .. }
            | Check::Enum { .. }
            | Check::Fail { .. }
            | Check::Type { .. }
            | Check::Required { .. }
            | Check::NoExtraKeys { .. }
            | Check::Const { .. }
            | Check::Unique
            | Check::NotNull
            | Check::OneNotNull { .. }
            | Check::NumberRange { .. }
            | Check::Size { .. }
            | Check::Matches { .. }
            | Check::MultipleOf { .. }
            | Check::AnyValue { .. }
            | Check::Format { .. }
            | Check::Never
            | Check::Extension(_)
            | Check::Ref { .. } => Vec::new(),
        }
    }

    /// The lists of checks nested in this one that apply to the value itself (a keyword's,
    /// `not`'s, `anyOf`'s, `oneOf`'s, `if`'s branches, an `unevaluated*` schema's other
    /// keywords), in order; none for a check that applies lists to entries or items only, or
    /// to none. ([`Check::Ref`]'s definition applies in place too, but is named.)
    pub fn in_place(&self) -> Vec<&[Check]> {
        match self {
            Check::Keyword { .. }
            | Check::Not { .. }
            | Check::AnyOf { .. }
            | Check::OneOf { .. }
            | Check::IfThenElse { .. } => self.nested(),
            Check::Unevaluated { checks, .. } => vec![checks.as_slice()],
            _ => Vec::new(),
        }
    }

    /// The paths of the check's path-valued arguments, in order.
    pub fn arg_paths(&self) -> impl Iterator<Item = &Path> {
        let (ints, strs): (Vec<&Arg<i64>>, &[Arg<String>]) = match self {
            Check::IntRange { min, max } | Check::LengthRange { min, max } => {
                ([min, max].into_iter().flatten().collect(), &[])
            }
            Check::Enum { values } => (Vec::new(), values),
            // The other checks take no path arguments (nested checks read the value itself).
            _ => (Vec::new(), &[]),
        };
        ints.into_iter()
            .filter_map(Arg::path)
            .chain(strs.iter().filter_map(Arg::path))
    }
}
