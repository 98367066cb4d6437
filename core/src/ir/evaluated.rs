//! What the other keywords of a schema object evaluate, for its [`Check::Unevaluated`]
//! (JSON Schema 2020-12 core §11.2 and §11.3, 2019-09 core §9.3.1.3 and §9.3.2.4): the
//! properties and items that `properties`, `patternProperties`, `additionalProperties`,
//! `prefixItems`/`items`/`additionalItems`, `contains` (2020-12 only) and nested `unevaluated*`
//! annotate, gathered through the in-place applicators (`allOf`, `anyOf`, `oneOf`,
//! `if`/`then`/`else`, `dependentSchemas`, `$ref`) whose subschemas hold; `not` passes none on.
//!
//! Where no applicator whose success decides it contributes (and no `contains` marks items),
//! the set is the same for every value, known when the schema is compiled:
//! [`static_properties`] and [`static_items`] give it, and both back ends skip its members as
//! `additionalProperties` skips named properties. Otherwise (`None`) each value's set is marked
//! at run time, by the interpreter and by generated code alike, following the same walk.

use std::collections::{BTreeMap, BTreeSet};

use super::{Check, Regex};

/// The parts of a [`Check::Unevaluated`], borrowed (what both back ends read).
#[derive(Debug, Clone, Copy)]
pub struct Unevaluated<'c> {
    /// The schema object's other keywords.
    pub checks: &'c [Check],
    /// `unevaluatedProperties`' checks, if it has the keyword.
    pub properties: Option<&'c [Check]>,
    /// `unevaluatedItems`' checks, if it has the keyword.
    pub items: Option<&'c [Check]>,
    /// Whether `contains` evaluates the items it matches (2020-12).
    pub contains_evaluates: bool,
}

impl<'c> Unevaluated<'c> {
    /// The parts of `c`, if it is a [`Check::Unevaluated`].
    pub fn of(c: &'c Check) -> Option<Self> {
        match c {
            Check::Unevaluated {
                checks,
                properties,
                items,
                contains_evaluates,
            } => Some(Unevaluated {
                checks,
                properties: properties.as_deref(),
                items: items.as_deref(),
                contains_evaluates: *contains_evaluates,
            }),
            _ => None,
        }
    }
}

/// The properties a schema object's keywords evaluate, whatever the value.
/// It borrows the names and patterns from the checks.
#[derive(Debug, Clone, Default)]
pub struct PropertySet<'r> {
    /// Every property (`additionalProperties`, a nested `unevaluatedProperties`).
    pub all: bool,
    /// Properties named by `properties`, in order, each once.
    pub names: Vec<&'r str>,
    /// Properties whose names match one of these (`patternProperties`).
    pub patterns: Vec<&'r Regex>,
}

impl PropertySet<'_> {
    /// Whether the property `key` is evaluated.
    pub fn evaluates(&self, key: &str) -> bool {
        self.all
            || self.names.contains(&key)
            || self.patterns.iter().any(|p| p.is_match(key) == Ok(true))
    }

    fn is_empty(&self) -> bool {
        !self.all && self.names.is_empty() && self.patterns.is_empty()
    }
}

/// The items a schema object's keywords evaluate, whatever the value: those before `prefix`
/// and those from `from` on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ItemSet {
    /// Items at positions below this one (`prefixItems`, array-form `items`).
    pub prefix: usize,
    /// Items at this position and after (`items`, `additionalItems`, a nested
    /// `unevaluatedItems`: `Some(0)`).
    pub from: Option<usize>,
}

impl ItemSet {
    /// Whether the item at position `i` (0-based) is evaluated.
    pub fn evaluates(&self, i: usize) -> bool {
        i < self.prefix || self.from.is_some_and(|f| i >= f)
    }

    fn is_empty(&self) -> bool {
        self.prefix == 0 && self.from.is_none()
    }
}

/// The properties `checks` (a schema object's other keywords) evaluate, when the same for
/// every value; `None` when an applicator's success decides (`anyOf`, `oneOf`, `if`,
/// `dependentSchemas` with a subschema evaluating properties).
pub fn static_properties<'r>(
    checks: &'r [Check],
    definitions: &'r BTreeMap<String, Vec<Check>>,
) -> Option<PropertySet<'r>> {
    let mut set = PropertySet::default();
    let mut seen = BTreeSet::new();
    properties_into(checks, definitions, &mut seen, &mut set).then_some(set)
}

/// The items `checks` evaluate, when the same for every value; `None` when an applicator's
/// success decides, or when `contains` marks items (`contains_evaluates`, 2020-12).
pub fn static_items(
    checks: &[Check],
    definitions: &BTreeMap<String, Vec<Check>>,
    contains_evaluates: bool,
) -> Option<ItemSet> {
    let mut set = ItemSet::default();
    let mut seen = BTreeSet::new();
    items_into(checks, definitions, contains_evaluates, &mut seen, &mut set).then_some(set)
}

/// Adds what `checks` evaluate to `set`; `false` when it depends on the value. Definitions in
/// `seen` were added already (a `$ref` cycle adds nothing more).
fn properties_into<'r>(
    checks: &'r [Check],
    definitions: &'r BTreeMap<String, Vec<Check>>,
    seen: &mut BTreeSet<&'r str>,
    set: &mut PropertySet<'r>,
) -> bool {
    for c in checks {
        let fixed = match c {
            Check::Properties { properties } => {
                for (name, _) in properties {
                    if !set.names.contains(&name.as_str()) {
                        set.names.push(name);
                    }
                }
                true
            }
            Check::PatternProperties { patterns } => {
                set.patterns.extend(patterns.iter().map(|(re, _)| re));
                true
            }
            Check::AdditionalProperties { .. }
            | Check::Unevaluated {
                properties: Some(_),
                ..
            } => {
                set.all = true;
                true
            }
            Check::Keyword { checks, .. } | Check::Unevaluated { checks, .. } => {
                properties_into(checks, definitions, seen, set)
            }
            Check::Ref { name } => match definitions.get_key_value(name) {
                Some((name, def)) if seen.insert(name) => {
                    properties_into(def, definitions, seen, set)
                }
                _ => true,
            },
            // A branch whose success decides contributes only if it evaluates nothing.
            Check::AnyOf { .. } | Check::OneOf { .. } | Check::IfThenElse { .. } => {
                c.in_place().into_iter().all(|l| {
                    let mut branch = PropertySet::default();
                    properties_into(l, definitions, &mut seen.clone(), &mut branch)
                        && branch.is_empty()
                })
            }
            _ => true,
        };
        if !fixed {
            return false;
        }
    }
    true
}

/// [`properties_into`] for items.
fn items_into<'r>(
    checks: &'r [Check],
    definitions: &'r BTreeMap<String, Vec<Check>>,
    contains_evaluates: bool,
    seen: &mut BTreeSet<&'r str>,
    set: &mut ItemSet,
) -> bool {
    for c in checks {
        let fixed = match c {
            Check::PrefixItems { items } => {
                set.prefix = set.prefix.max(items.len());
                true
            }
            Check::Items { from, .. } => {
                set.from = Some(set.from.map_or(*from, |f| f.min(*from)));
                true
            }
            Check::Unevaluated { items: Some(_), .. } => {
                set.from = Some(0);
                true
            }
            Check::Contains { .. } => !contains_evaluates,
            Check::Keyword { checks, .. } | Check::Unevaluated { checks, .. } => {
                items_into(checks, definitions, contains_evaluates, seen, set)
            }
            Check::Ref { name } => match definitions.get_key_value(name) {
                Some((name, def)) if seen.insert(name) => {
                    items_into(def, definitions, contains_evaluates, seen, set)
                }
                _ => true,
            },
            Check::AnyOf { .. } | Check::OneOf { .. } | Check::IfThenElse { .. } => {
                c.in_place().into_iter().all(|l| {
                    let mut branch = ItemSet::default();
                    items_into(
                        l,
                        definitions,
                        contains_evaluates,
                        &mut seen.clone(),
                        &mut branch,
                    ) && branch.is_empty()
                })
            }
            _ => true,
        };
        if !fixed {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::{ItemSet, static_items, static_properties};
    use crate::ir::Check;

    fn props(names: &[&str]) -> Check {
        Check::Properties {
            properties: names
                .iter()
                .map(|n| ((*n).to_owned(), Vec::new()))
                .collect(),
        }
    }

    #[test]
    fn names_through_keywords_and_refs_are_static_and_branches_are_not() {
        let mut defs = BTreeMap::new();
        defs.insert("/$defs/a".to_owned(), vec![props(&["a"])]);
        let checks = vec![
            props(&["x"]),
            Check::Ref {
                name: "/$defs/a".to_owned(),
            },
            Check::Not {
                checks: vec![props(&["n"])],
            },
        ];
        let set = static_properties(&checks, &defs).expect("static");
        assert_eq!(set.names, ["x", "a"]);
        assert!(set.evaluates("a") && !set.evaluates("n"));
        let branching = vec![Check::AnyOf {
            branches: vec![vec![props(&["b"])], vec![]],
        }];
        assert!(static_properties(&branching, &defs).is_none());
        let inert = vec![Check::AnyOf {
            branches: vec![vec![Check::Never], vec![]],
        }];
        assert!(static_properties(&inert, &defs).is_some());
    }

    #[test]
    fn items_are_a_prefix_and_a_tail_and_contains_decides_in_2020_12() {
        let checks = vec![
            Check::PrefixItems {
                items: vec![Vec::new(), Vec::new()],
            },
            Check::Items {
                from: 5,
                checks: Vec::new(),
            },
        ];
        let set = static_items(&checks, &BTreeMap::new(), true).expect("static");
        assert_eq!(
            set,
            ItemSet {
                prefix: 2,
                from: Some(5)
            }
        );
        assert!(set.evaluates(1) && !set.evaluates(3) && set.evaluates(7));
        let contains = vec![Check::Contains {
            checks: Vec::new(),
            min: 1,
            max: None,
        }];
        assert!(static_items(&contains, &BTreeMap::new(), true).is_none());
        assert!(static_items(&contains, &BTreeMap::new(), false).is_some());
    }
}
