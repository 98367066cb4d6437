//! The [`Plan`] of a compiled rule set: its applicators as the IR holds them (so it follows
//! every draft's semantics as lowered; compiled with `Options::annotations`, so that those
//! that check nothing are there too), with the schema objects' annotation keywords read from
//! the schema documents.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use validgen_core::ir::{Check, Regex, RuleSet};

use crate::Draft;
use crate::error::{child, split_location};
use crate::keywords::{Role, role};

/// What a document's annotations are collected from: the root schema and each definition
/// (`$ref` target, [`RuleSet::definitions`]) by name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The root schema.
    pub root: Node,
    /// The definitions, by the rule set's names.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub definitions: BTreeMap<String, Node>,
}

/// A subschema applied to a value.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Node {
    /// The annotation keywords of the schema objects applied here (the subschema's own, and
    /// those of its `allOf` subschemas, which the IR merges into it): each object's location
    /// (a JSON Pointer, or `<url>#<pointer>` in another document) with the keywords and
    /// values written (`title`, `description`, `default`, `examples`, `deprecated`,
    /// `readOnly`, `writeOnly`, `content*`, `format` where not asserted, unknown keywords).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objects: Vec<(String, Map<String, Value>)>,
    /// Its applicators.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
}

/// An applicator; `at` is its keyword's location.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Step {
    /// `properties`: each named property's subschema.
    Properties {
        /// Keyword location.
        at: String,
        /// Each name with its subschema.
        names: Vec<(String, Node)>,
    },
    /// `patternProperties`.
    Patterns {
        /// Keyword location.
        at: String,
        /// Each pattern with its subschema.
        patterns: Vec<(Pattern, Node)>,
    },
    /// `additionalProperties`: the properties neither named in `known` nor matching
    /// `patterns`.
    Additional {
        /// Keyword location.
        at: String,
        /// Names of the sibling `properties`.
        known: Vec<String>,
        /// Patterns of the sibling `patternProperties`.
        patterns: Vec<Pattern>,
        /// The subschema.
        node: Node,
    },
    /// `items` (and `additionalItems`): the items from position `from` on.
    Items {
        /// Keyword location.
        at: String,
        /// First position.
        from: usize,
        /// The subschema.
        node: Node,
    },
    /// `prefixItems` (array-form `items`): one subschema per position.
    Prefix {
        /// Keyword location.
        at: String,
        /// The subschemas.
        items: Vec<Node>,
    },
    /// `contains`: the items for which verdict `id` holds.
    Contains {
        /// Keyword location.
        at: String,
        /// The subschema's verdict number.
        id: usize,
        /// The subschema.
        node: Node,
    },
    /// `anyOf`/`oneOf`: the branches whose verdict holds.
    Branches {
        /// Each branch's verdict number and subschema.
        branches: Vec<(usize, Node)>,
    },
    /// `if`/`then`/`else` (and `dependentSchemas`, whose condition is the property's
    /// presence).
    If {
        /// The condition's verdict number.
        id: usize,
        /// The condition.
        condition: Node,
        /// Where it holds.
        then: Node,
        /// Where it does not.
        otherwise: Node,
    },
    /// `$ref` (and dynamic references): a definition.
    Ref {
        /// The definition's name.
        name: String,
    },
    /// A schema object with `unevaluatedProperties`/`unevaluatedItems`.
    Unevaluated {
        /// Its other keywords.
        node: Node,
        /// `unevaluatedProperties`: keyword location and subschema.
        properties: Option<(String, Node)>,
        /// `unevaluatedItems`: keyword location and subschema.
        items: Option<(String, Node)>,
        /// Whether `contains` evaluates the items it matches (2020-12).
        contains_evaluates: bool,
    },
}

/// A pattern of `patternProperties`, compiled again when annotations are collected.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pattern {
    /// As written.
    pub source: String,
    /// Go `regexp` syntax (CRD schemas read by the API server), else ECMA-262.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub go: bool,
}

impl Pattern {
    fn of(re: &Regex) -> Self {
        Pattern {
            source: re.as_str().to_owned(),
            go: matches!(re, Regex::Re2(_)),
        }
    }
}

/// The plan of `set`, compiled from `schema` (in `draft`) with the registry `documents`.
pub fn plan(
    set: &RuleSet,
    schema: &Value,
    documents: &BTreeMap<String, Value>,
    draft: Draft,
) -> Plan {
    let mut d = Deriver {
        schema,
        documents,
        draft,
        branches: Vec::new(),
        keywords: BTreeSet::new(),
    };
    // Keyword locations first: an unasserted `format` is one no keyword holds.
    for cs in set
        .rules
        .iter()
        .map(|r| std::slice::from_ref(&r.check))
        .chain(set.definitions.values().map(Vec::as_slice))
    {
        d.keywords(cs);
    }
    let root = d.node(root_checks(set), "");
    let definitions = set
        .definitions
        .iter()
        .map(|(name, cs)| (name.clone(), d.node(cs, location_of(name))))
        .collect();
    Plan { root, definitions }
}

/// The subschemas whose verdicts a [`Plan`] of `set` asks for, by number.
pub fn branches(set: &RuleSet) -> Vec<&[Check]> {
    // No schema: the numbering alone.
    static NONE: Value = Value::Null;
    static DOCUMENTS: BTreeMap<String, Value> = BTreeMap::new();
    let mut d = Deriver {
        schema: &NONE,
        documents: &DOCUMENTS,
        draft: Draft::Draft2020,
        branches: Vec::new(),
        keywords: BTreeSet::new(),
    };
    d.node(root_checks(set), "");
    for cs in set.definitions.values() {
        d.node(cs, "");
    }
    d.branches
}

/// The root schema's checks: the one rule's, inside its keyword at `""`.
fn root_checks(set: &RuleSet) -> &[Check] {
    match set.rules.first().map(|r| &r.check) {
        Some(Check::Keyword { checks, .. }) => checks,
        Some(c) => std::slice::from_ref(c),
        None => &[],
    }
}

/// The schema location a definition is named by (a dynamic scope's specialisation adds
/// ` @ …`).
fn location_of(name: &str) -> &str {
    name.split_once(" @ ").map_or(name, |(l, _)| l)
}

struct Deriver<'r> {
    schema: &'r Value,
    documents: &'r BTreeMap<String, Value>,
    draft: Draft,
    branches: Vec<&'r [Check]>,
    /// Every keyword location of the rule set.
    keywords: BTreeSet<String>,
}

impl<'r> Deriver<'r> {
    fn keywords(&mut self, cs: &[Check]) {
        for c in cs {
            if let Check::Keyword { location, .. } = c {
                self.keywords.insert(location.clone());
            }
            for inner in c.nested() {
                self.keywords(inner);
            }
        }
    }

    /// The node of the subschema at `at` whose checks are `cs`.
    fn node(&mut self, cs: &'r [Check], at: &str) -> Node {
        let mut steps = Vec::new();
        self.steps(cs, at, at, &mut steps);
        let mut node = Node {
            objects: Vec::new(),
            steps,
        };
        self.objects(at, &mut node);
        node
    }

    /// The steps of `cs`, checks of the schema object at `object` inside keyword `kw`.
    fn steps(&mut self, cs: &'r [Check], object: &str, kw: &str, out: &mut Vec<Step>) {
        for c in cs {
            match c {
                Check::Keyword {
                    location, checks, ..
                } => self.steps(checks, object, location, out),
                Check::Properties { properties } => out.push(Step::Properties {
                    at: kw.to_owned(),
                    names: properties
                        .iter()
                        .map(|(k, cs)| (k.clone(), self.node(cs, &child(kw, k))))
                        .collect(),
                }),
                Check::PatternProperties { patterns } => out.push(Step::Patterns {
                    at: kw.to_owned(),
                    patterns: patterns
                        .iter()
                        .map(|(re, cs)| (Pattern::of(re), self.node(cs, &child(kw, re.as_str()))))
                        .collect(),
                }),
                Check::AdditionalProperties {
                    known,
                    patterns,
                    checks,
                } => out.push(Step::Additional {
                    at: kw.to_owned(),
                    known: known.clone(),
                    patterns: patterns.iter().map(Pattern::of).collect(),
                    node: self.node(checks, kw),
                }),
                Check::Items { from, checks } => out.push(Step::Items {
                    at: kw.to_owned(),
                    from: *from,
                    node: self.node(checks, kw),
                }),
                Check::PrefixItems { items } => out.push(Step::Prefix {
                    at: kw.to_owned(),
                    items: items
                        .iter()
                        .enumerate()
                        .map(|(i, cs)| self.node(cs, &child(kw, &i.to_string())))
                        .collect(),
                }),
                Check::Contains { checks, .. } => {
                    let id = self.branch(checks);
                    out.push(Step::Contains {
                        at: kw.to_owned(),
                        id,
                        node: self.node(checks, kw),
                    });
                }
                Check::AnyOf { branches } | Check::OneOf { branches } => {
                    let branches = branches
                        .iter()
                        .enumerate()
                        .map(|(i, cs)| (self.branch(cs), self.node(cs, &child(kw, &i.to_string()))))
                        .collect();
                    out.push(Step::Branches { branches });
                }
                Check::IfThenElse {
                    condition,
                    then,
                    otherwise,
                } => {
                    // `if` beside `then`/`else`; a `dependentSchemas` entry is the `then`
                    // of a condition of the IR's own (the property's presence).
                    let id = self.branch(condition);
                    let (condition, then_at, else_at) = match kw.strip_suffix("/if") {
                        Some(parent) => (
                            self.node(condition, kw),
                            child(parent, "then"),
                            child(parent, "else"),
                        ),
                        None => {
                            let mut steps = Vec::new();
                            self.steps(condition, object, kw, &mut steps);
                            let node = Node {
                                objects: Vec::new(),
                                steps,
                            };
                            (node, kw.to_owned(), kw.to_owned())
                        }
                    };
                    out.push(Step::If {
                        id,
                        condition,
                        then: self.node(then, &then_at),
                        otherwise: self.node(otherwise, &else_at),
                    });
                }
                Check::Ref { name } => out.push(Step::Ref { name: name.clone() }),
                Check::Unevaluated {
                    checks,
                    properties,
                    items,
                    contains_evaluates,
                } => {
                    let mut inner = Vec::new();
                    self.steps(checks, object, kw, &mut inner);
                    let mut keyword = |cs: &'r Option<Vec<Check>>, name: &str| {
                        cs.as_deref().map(|cs| match cs {
                            [
                                Check::Keyword {
                                    location, checks, ..
                                },
                            ] => (location.clone(), self.node(checks, location)),
                            _ => {
                                let at = child(object, name);
                                let node = self.node(cs, &at);
                                (at, node)
                            }
                        })
                    };
                    let properties = keyword(properties, "unevaluatedProperties");
                    let items = keyword(items, "unevaluatedItems");
                    out.push(Step::Unevaluated {
                        node: Node {
                            objects: Vec::new(),
                            steps: inner,
                        },
                        properties,
                        items,
                        contains_evaluates: *contains_evaluates,
                    });
                }
                // `not` keeps no annotation (its subschema fails where it holds); the other
                // checks are assertions.
                _ => {}
            }
        }
    }

    fn branch(&mut self, cs: &'r [Check]) -> usize {
        self.branches.push(cs);
        self.branches.len() - 1
    }

    /// The schema object at `location`, if the documents hold it.
    fn object(&self, location: &str) -> Option<&'r Map<String, Value>> {
        let (doc, pointer) = match split_location(location) {
            (Some(url), pointer) => (self.documents.get(url)?, pointer),
            (None, pointer) => (self.schema, pointer),
        };
        doc.pointer(pointer)?.as_object()
    }

    /// Adds to `node` the annotation keywords of the object at `at` and of its `allOf`
    /// subschemas.
    fn objects(&self, at: &str, node: &mut Node) {
        let Some(map) = self.object(at) else {
            return;
        };
        // Up to draft-07 a `$ref` makes its siblings ignored, annotations included.
        if self.draft.ref_overrides() && map.contains_key("$ref") {
            return;
        }
        let written: Map<String, Value> = map
            .iter()
            .filter(|(k, _)| self.annotates(at, k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if !written.is_empty() {
            node.objects.push((at.to_owned(), written));
        }
        if let Some(Value::Array(list)) = map.get("allOf") {
            for i in 0..list.len() {
                self.objects(&child(&child(at, "allOf"), &i.to_string()), node);
            }
        }
    }

    /// Whether keyword `k` of the object at `at` is an annotation: one the draft defines
    /// as such, one it does not know (2020-12 core §6.5: collected as annotations), and
    /// `format` where it is not asserted.
    fn annotates(&self, at: &str, k: &str) -> bool {
        match role(k, self.draft) {
            Role::Annotation => k != "$recursiveAnchor",
            Role::Unknown => true,
            Role::Applied => k == "format" && !self.keywords.contains(&child(at, k)),
        }
    }
}
