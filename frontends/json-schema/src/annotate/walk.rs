//! Collecting a valid document's annotations along a [`Plan`].

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;
use validgen_core::ir::{Regex, RuleSet};

use super::plan::{Node, Pattern, Plan, Step};
use crate::error::child;

/// Most subschemas applied in place one inside another (`$ref` chains, branches) while
/// annotations are collected: a bound on a walk the verdict itself bounds by its `$ref`
/// budget. Deeper, the walk stops there (`MAX_SCHEMA_DEPTH` nesting never reaches it).
const MAX_DEPTH: usize = 1024;

/// One valid output unit: the annotations of a schema object (an object of its annotation
/// keywords) or of an applicator (`properties`: the names it evaluated…) at an instance
/// location.
#[derive(Debug, Clone, PartialEq)]
pub struct AnnotationUnit {
    /// The keyword's (or schema object's) location: a JSON Pointer in the schema, or
    /// `<url>#<pointer>` in another registry document.
    pub keyword: String,
    /// The instance location (a JSON Pointer).
    pub instance: String,
    /// The annotation: for a schema object, `{keyword: value}` of what it writes; for
    /// `properties`, `patternProperties`, `additionalProperties` and
    /// `unevaluatedProperties`, the names they evaluated; for `prefixItems` (array-form
    /// `items`), the largest position it applied to, or `true` for every item; for `items`,
    /// `additionalItems` and `unevaluatedItems`, `true`; for `contains`, the positions
    /// it matched.
    pub annotations: Value,
}

/// The annotations of `doc`, a document `plan`'s schema accepts, in evaluation order;
/// `verdict(id, value)` says whether the subschema numbered `id`
/// ([`super::branches`]) holds for `value`. A subschema that fails keeps none, with those of
/// its subschemas (2020-12 core §7.7.1.2): a document the schema rejects has none.
pub fn collect(
    plan: &Plan,
    doc: &Value,
    verdict: impl Fn(usize, &Value) -> bool,
) -> Vec<AnnotationUnit> {
    let mut walk = Walk {
        plan,
        verdict: &verdict,
        out: Vec::new(),
        regexes: HashMap::new(),
        depth: 0,
    };
    walk.node(&plan.root, doc, "");
    walk.out
}

/// The interpreter's verdict of the subschemas of `set`'s plan, for [`collect`].
pub fn interpreted_verdict(set: &RuleSet) -> impl Fn(usize, &Value) -> bool + '_ {
    let branches = super::branches(set);
    move |id, value| {
        branches
            .get(id)
            .is_some_and(|cs| validgen_core::interpret::holds(set, cs, value))
    }
}

/// What the keywords applied to one value evaluated (2020-12 core §11: what
/// `unevaluated*` reads).
#[derive(Debug, Default)]
struct Evaluated {
    names: BTreeSet<String>,
    items: BTreeSet<usize>,
    contains: BTreeSet<usize>,
}

impl Evaluated {
    fn merge(&mut self, other: Evaluated) {
        self.names.extend(other.names);
        self.items.extend(other.items);
        self.contains.extend(other.contains);
    }
}

struct Walk<'p, F> {
    plan: &'p Plan,
    verdict: &'p F,
    out: Vec<AnnotationUnit>,
    /// Patterns compiled so far (`None`: does not compile, matches nothing).
    regexes: HashMap<Pattern, Option<Regex>>,
    depth: usize,
}

impl<F: Fn(usize, &Value) -> bool> Walk<'_, F> {
    fn unit(&mut self, keyword: &str, instance: &str, annotations: Value) {
        self.out.push(AnnotationUnit {
            keyword: keyword.to_owned(),
            instance: instance.to_owned(),
            annotations,
        });
    }

    /// Collects the annotations of `node`, which holds for `v` (at `at`).
    fn node(&mut self, node: &Node, v: &Value, at: &str) -> Evaluated {
        let mut evaluated = Evaluated::default();
        if self.depth >= MAX_DEPTH {
            return evaluated;
        }
        self.depth += 1;
        for (location, written) in &node.objects {
            let mut written = written.clone();
            // The content keywords annotate strings only, and `contentSchema` only beside
            // `contentMediaType` (2020-12 validation §8.3 to §8.5).
            if !v.is_string() {
                for k in ["contentMediaType", "contentEncoding", "contentSchema"] {
                    written.remove(k);
                }
            } else if !written.contains_key("contentMediaType") {
                written.remove("contentSchema");
            }
            if !written.is_empty() {
                self.unit(location, at, Value::Object(written));
            }
        }
        for step in &node.steps {
            self.step(step, v, at, &mut evaluated);
        }
        self.depth -= 1;
        evaluated
    }

    fn step(&mut self, step: &Step, v: &Value, at: &str, evaluated: &mut Evaluated) {
        match step {
            Step::Properties { at: kw, names } => {
                let Some(object) = v.as_object() else { return };
                let mut matched = Vec::new();
                for (name, sub) in names {
                    if let Some(value) = object.get(name) {
                        self.node(sub, value, &child(at, name));
                        matched.push(name.clone());
                    }
                }
                self.names(kw, at, matched, evaluated);
            }
            Step::Patterns { at: kw, patterns } => {
                let Some(object) = v.as_object() else { return };
                let mut matched = Vec::new();
                for (name, value) in object {
                    for (pattern, sub) in patterns {
                        if self.is_match(pattern, name) {
                            self.node(sub, value, &child(at, name));
                            if matched.last() != Some(name) {
                                matched.push(name.clone());
                            }
                        }
                    }
                }
                self.names(kw, at, matched, evaluated);
            }
            Step::Additional {
                at: kw,
                known,
                patterns,
                node,
            } => {
                let Some(object) = v.as_object() else { return };
                let mut matched = Vec::new();
                for (name, value) in object {
                    if known.contains(name) || patterns.iter().any(|p| self.is_match(p, name)) {
                        continue;
                    }
                    self.node(node, value, &child(at, name));
                    matched.push(name.clone());
                }
                self.names(kw, at, matched, evaluated);
            }
            Step::Items { at: kw, from, node } => {
                let Some(items) = v.as_array().filter(|a| a.len() > *from) else {
                    return;
                };
                for (i, item) in items.iter().enumerate().skip(*from) {
                    self.node(node, item, &child(at, &i.to_string()));
                }
                evaluated.items.extend(*from..items.len());
                self.unit(kw, at, Value::Bool(true));
            }
            Step::Prefix {
                at: kw,
                items: subs,
            } => {
                let Some(items) = v.as_array().filter(|a| !a.is_empty()) else {
                    return;
                };
                let n = items.len().min(subs.len());
                for (i, (item, sub)) in items.iter().zip(subs).enumerate() {
                    self.node(sub, item, &child(at, &i.to_string()));
                }
                evaluated.items.extend(0..n);
                let annotation = if n == items.len() {
                    Value::Bool(true)
                } else {
                    Value::from(n - 1)
                };
                self.unit(kw, at, annotation);
            }
            Step::Contains { at: kw, id, node } => {
                let Some(items) = v.as_array() else { return };
                let mut matched = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    if (self.verdict)(*id, item) {
                        self.node(node, item, &child(at, &i.to_string()));
                        matched.push(Value::from(i));
                        evaluated.contains.insert(i);
                    }
                }
                self.unit(kw, at, Value::Array(matched));
            }
            Step::Branches { branches } => {
                for (id, node) in branches {
                    if (self.verdict)(*id, v) {
                        let inner = self.node(node, v, at);
                        evaluated.merge(inner);
                    }
                }
            }
            Step::If {
                id,
                condition,
                then,
                otherwise,
            } => {
                if (self.verdict)(*id, v) {
                    let inner = self.node(condition, v, at);
                    evaluated.merge(inner);
                    let inner = self.node(then, v, at);
                    evaluated.merge(inner);
                } else {
                    let inner = self.node(otherwise, v, at);
                    evaluated.merge(inner);
                }
            }
            Step::Ref { name } => {
                let plan = self.plan;
                if let Some(node) = plan.definitions.get(name) {
                    let inner = self.node(node, v, at);
                    evaluated.merge(inner);
                }
            }
            Step::Unevaluated {
                node,
                properties,
                items,
                contains_evaluates,
            } => {
                let mut inner = self.node(node, v, at);
                if let (Some((kw, sub)), Some(object)) = (properties, v.as_object()) {
                    let mut matched = Vec::new();
                    for (name, value) in object {
                        if !inner.names.contains(name) {
                            self.node(sub, value, &child(at, name));
                            matched.push(name.clone());
                        }
                    }
                    self.names(kw, at, matched, &mut inner);
                }
                if let (Some((kw, sub)), Some(list)) = (items, v.as_array()) {
                    let mut any = false;
                    for (i, item) in list.iter().enumerate() {
                        let done = inner.items.contains(&i)
                            || (*contains_evaluates && inner.contains.contains(&i));
                        if !done {
                            self.node(sub, item, &child(at, &i.to_string()));
                            any = true;
                        }
                    }
                    inner.items.extend(0..list.len());
                    if any {
                        self.unit(kw, at, Value::Bool(true));
                    }
                }
                evaluated.merge(inner);
            }
        }
    }

    /// The unit of a keyword that evaluated the properties `names`.
    fn names(&mut self, kw: &str, at: &str, names: Vec<String>, evaluated: &mut Evaluated) {
        evaluated.names.extend(names.iter().cloned());
        let list = names.into_iter().map(Value::String).collect();
        self.unit(kw, at, Value::Array(list));
    }

    fn is_match(&mut self, pattern: &Pattern, name: &str) -> bool {
        let re = self
            .regexes
            .entry(pattern.clone())
            .or_insert_with(|| compile(pattern));
        // A match over the backtracking limit was a violation: the document is not valid.
        re.as_ref().is_some_and(|re| re.is_match(name) == Ok(true))
    }
}

fn compile(pattern: &Pattern) -> Option<Regex> {
    if pattern.go {
        validgen_goregex::GoRegex::new(&pattern.source)
            .ok()
            .map(Regex::Re2)
    } else {
        validgen_ecmaregex::EcmaRegex::new(&pattern.source)
            .ok()
            .map(Regex::Ecma)
    }
}
