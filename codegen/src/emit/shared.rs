//! A catalog's definitions, shared by its rule sets: each distinct definition is emitted once,
//! in the catalog's module, and called by every rule set that reaches it. Schemas of a
//! collection reach the same documents (SchemaStore's `package.json` and `eslintrc.json` both
//! reach `partial-eslint-plugins.json`), which each rule set would otherwise compile into its
//! own validator.
//!
//! Two definitions are one when they are named alike, their checks print alike (`Debug`: every
//! value and pattern of the IR) and the definitions their `$ref`s name are one in turn: the
//! same name may mean other checks in another rule set (a `$dynamicRef` resolved in another
//! dynamic scope), so the classes are refined along the `$ref`s until they are stable, as a
//! finite automaton is minimised. Shared definitions are renamed to their number (see
//! [`number`]), in every rule set, so that the emitters name the same function wherever a
//! `$ref` reaches one.

use std::collections::{BTreeMap, HashMap};

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use validgen_core::ir::{Check, RuleSet};

/// The definitions of a catalog's rule sets, numbered once for all.
pub struct Shared {
    /// Every distinct definition, under its number's name ([`number`]), and the rules of
    /// every rule set (what the marking twins are reached from).
    pub catalog: RuleSet,
    /// The rule sets, in the order given, each with its `$ref`s and definitions renamed.
    pub sets: Vec<RuleSet>,
    /// Each rule set's new names of its definitions, by their names.
    names: Vec<HashMap<String, String>>,
}

impl Shared {
    /// `cs`, checks of the rule set numbered `set` as given to [`share`], with their `$ref`s
    /// renamed as that set's.
    pub fn renamed(&self, set: usize, cs: &[Check]) -> Vec<Check> {
        let mut cs = cs.to_vec();
        if let Some(names) = self.names.get(set) {
            rename_refs(&mut cs, &|name| names.get(name).cloned());
        }
        cs
    }
}

/// The number of the shared definition `name` (its functions are `__def_<n>`, `__vdef_<n>`…).
///
/// Every rule set reaching the emitters went through [`share`], which names each definition
/// by its number; another name is a bug of this crate.
pub fn number(name: &str) -> usize {
    match name.parse() {
        Ok(n) => n,
        Err(_) => unreachable!("definition {name} was not shared"),
    }
}

/// The definitions of `sets`, shared (see the module's documentation).
pub fn share(sets: &[&RuleSet]) -> Shared {
    // Every definition of every set, and for each the definitions its `$ref`s name there.
    let mut nodes: Vec<(usize, &str, &[Check])> = Vec::new();
    let mut ids: HashMap<(usize, &str), usize> = HashMap::new();
    for (s, set) in sets.iter().enumerate() {
        for (name, cs) in &set.definitions {
            ids.insert((s, name.as_str()), nodes.len());
            nodes.push((s, name, cs));
        }
    }
    let refs: Vec<Vec<Option<usize>>> = nodes
        .iter()
        .map(|&(s, _, cs)| {
            let mut names = Vec::new();
            ref_names(cs, &mut names);
            names.iter().map(|n| ids.get(&(s, *n)).copied()).collect()
        })
        .collect();
    let mut class = first_classes(&nodes);
    loop {
        let mut seen: HashMap<(usize, Vec<Option<usize>>), usize> = HashMap::new();
        let next: Vec<usize> = (0..nodes.len())
            .map(|n| {
                let key = (
                    class[n],
                    refs[n].iter().map(|r| r.map(|r| class[r])).collect(),
                );
                let fresh = seen.len();
                *seen.entry(key).or_insert(fresh)
            })
            .collect();
        let stable = seen.len() == class.iter().max().map_or(0, |m| m + 1);
        class = next;
        if stable {
            break;
        }
    }
    // Classes are numbered in order of first appearance: the output follows the sets' order.
    let key = |n: usize| format!("{:06}", class[n]);
    let rename = |s: usize, cs: &mut Vec<Check>| {
        rename_refs(cs, &|name| ids.get(&(s, name)).map(|&n| key(n)));
    };
    let mut catalog = RuleSet::default();
    let mut out = Vec::with_capacity(sets.len());
    let mut names = Vec::with_capacity(sets.len());
    for (s, set) in sets.iter().enumerate() {
        let mut view = RuleSet {
            rules: set.rules.clone(),
            definitions: BTreeMap::new(),
            annotations: set.annotations.clone(),
        };
        for rule in &mut view.rules {
            let mut one = vec![rule.check.clone()];
            rename(s, &mut one);
            if let Some(c) = one.pop() {
                rule.check = c;
            }
        }
        for (name, cs) in &set.definitions {
            let mut cs = cs.clone();
            rename(s, &mut cs);
            let k = key(ids[&(s, name.as_str())]);
            catalog
                .definitions
                .entry(k.clone())
                .or_insert_with(|| cs.clone());
            view.definitions.insert(k, cs);
        }
        catalog.rules.extend(view.rules.iter().cloned());
        out.push(view);
        names.push(
            set.definitions
                .keys()
                .map(|name| (name.clone(), key(ids[&(s, name.as_str())])))
                .collect(),
        );
    }
    Shared {
        catalog,
        sets: out,
        names,
    }
}

/// The first partition: definitions alike by name and printed checks (a ytt validation, whose
/// `Debug` need not show all it does, is alike with none other).
fn first_classes(nodes: &[(usize, &str, &[Check])]) -> Vec<usize> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    nodes
        .iter()
        .enumerate()
        .map(|(n, &(_, name, cs))| {
            let text = if Check::any_extension(cs) {
                format!("{n}\0extension")
            } else {
                format!("{name}\0{cs:?}")
            };
            let fresh = seen.len();
            *seen.entry(text).or_insert(fresh)
        })
        .collect()
}

/// Appends the names of the `$ref`s of `cs` (at any depth), in order.
fn ref_names<'a>(cs: &'a [Check], out: &mut Vec<&'a str>) {
    for c in cs {
        if let Check::Ref { name } = c {
            out.push(name);
        }
        c.nested().into_iter().for_each(|l| ref_names(l, out));
    }
}

/// Renames the `$ref`s of `cs` (at any depth) as `to` says (`None`: kept, an undefined name).
fn rename_refs(cs: &mut [Check], to: &dyn Fn(&str) -> Option<String>) {
    for c in cs {
        if let Check::Ref { name } = c
            && let Some(new) = to(name)
        {
            *name = new;
        }
        c.nested_mut().into_iter().for_each(|l| rename_refs(l, to));
    }
}

/// The name of the module holding a catalog's shared definitions, after its first rule set
/// (`first`): unique where the rule sets' names are.
pub fn module_name(first: &str) -> Ident {
    format_ident!("__{}_shared", first)
}

/// `mod <name>`: the functions of the shared definitions (`full`: with the report's
/// `__def_<n>` of those the first `full` rule sets reach; the others' verdicts alone), and
/// `nested`, the streamed verdicts (`stream::catalog`), whose module imports it as `super::*`.
pub fn module(name: &Ident, shared: &Shared, full: usize, nested: TokenStream) -> TokenStream {
    let mut reported = RuleSet::default();
    for view in &shared.sets[..full] {
        for (k, cs) in &view.definitions {
            reported
                .definitions
                .entry(k.clone())
                .or_insert_with(|| cs.clone());
        }
    }
    let definitions = super::document::definitions(&reported, &shared.catalog);
    let hoisted = super::document::hoist::functions(&shared.catalog);
    quote! {
        #[doc(hidden)]
        #[allow(clippy::all, unused_variables, unused_parens, unused_mut, unused_imports, dead_code, non_snake_case, unreachable_pub)]
        mod #name {
            #definitions
            #hoisted
            #nested
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule set of definitions alone: `x` names `y`, `y` requires `key`.
    fn set(key: &str) -> RuleSet {
        let mut set = RuleSet::default();
        set.definitions.insert(
            "x".to_owned(),
            vec![Check::Ref {
                name: "y".to_owned(),
            }],
        );
        set.definitions.insert(
            "y".to_owned(),
            vec![Check::Required {
                keys: vec![key.to_owned()],
            }],
        );
        set
    }

    #[test]
    fn alike_definitions_are_one_and_a_name_meaning_other_checks_is_not() {
        let (a, b, c) = (set("a"), set("a"), set("b"));
        let shared = share(&[&a, &b, &c]);
        let keys = |s: usize| -> Vec<&String> { shared.sets[s].definitions.keys().collect() };
        assert_eq!(keys(0), keys(1));
        // `x` prints alike in every set, but the `y` it names does not in the third.
        assert!(
            keys(2).iter().all(|k| !keys(0).contains(k)),
            "{:?}",
            keys(2)
        );
        assert_eq!(shared.catalog.definitions.len(), 4);
        // Each `$ref` names its own set's `y`, renamed.
        for (s, view) in shared.sets.iter().enumerate() {
            let Some(Check::Ref { name }) = view
                .definitions
                .values()
                .flatten()
                .find(|c| matches!(c, Check::Ref { .. }))
            else {
                panic!("no $ref in {s}");
            };
            assert!(matches!(
                view.definitions[name].as_slice(),
                [Check::Required { .. }]
            ));
            let renamed = shared.renamed(
                s,
                &[Check::Ref {
                    name: "y".to_owned(),
                }],
            );
            assert!(matches!(&renamed[..], [Check::Ref { name: n }] if n == name));
        }
    }
}
