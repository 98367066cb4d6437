//! Lowering a schema into IR checks: one function per family of keywords, each keyword's
//! checks wrapped in a [`Check::Keyword`] that carries its JSON Pointer and custom message.

mod applicators;
mod arrays;
mod objects;
mod openapi;
mod reference;
mod unevaluated;
mod values;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::Options;
use super::draft::Draft;
use super::error::{SchemaError, child};
use super::keywords::{Role, role};
use super::message::Messages;
use super::resources::Resources;
use super::vocabulary::{Dialect, Vocabularies, vocabulary_keyword_error};
use validgen_core::ir::Check;

/// A document the compilation reads: the schema compiled, or one of the registry's.
struct Doc<'s> {
    value: &'s Value,
    draft: Draft,
    vocabularies: Vocabularies,
    resources: &'s Resources,
    /// What its located pointers start with: empty for the schema compiled, `<url>#` for a
    /// registry document (whose definitions and keyword locations are `<url>#<pointer>`).
    prefix: String,
}

/// The state of one schema's compilation.
pub(crate) struct Lowerer<'s> {
    /// The documents read so far: the schema compiled first, then registry documents in the
    /// order `$ref`s reach them.
    docs: Vec<Doc<'s>>,
    /// Registry document URL → its index in `docs`.
    doc_index: BTreeMap<&'s str, usize>,
    /// The document being lowered.
    at: usize,
    draft: Draft,
    /// The vocabularies of the document being lowered.
    vocabularies: Vocabularies,
    options: &'s Options,
    /// Lowered `$ref` targets, by located pointer (see [`Doc::prefix`]).
    pub(crate) definitions: BTreeMap<String, Vec<Check>>,
    /// Targets lowered or waiting to be, by located pointer.
    seen: BTreeSet<String>,
    /// Targets waiting to be lowered.
    pending: Vec<Pending>,
    /// The dynamic scope where the schema being lowered is evaluated: each dynamic anchor
    /// name (`""` for 2019-09's `$recursiveAnchor`) bound to the outermost resource entered
    /// that declares it (document, JSON Pointer of the anchored schema).
    scope: Scope,
    /// How many dynamic scopes each target (by located pointer) was lowered in.
    variants: BTreeMap<String, usize>,
    /// How many lowerings of a target were beyond its first: the cost of specialising.
    specialised: usize,
    pub(crate) errors: Vec<SchemaError>,
    pub(crate) warnings: Vec<SchemaError>,
    depth: usize,
    /// Whether the document has `unevaluated*`, or annotations are asked for
    /// ([`crate::Options::annotations`]): keywords that check nothing but evaluate (`items:
    /// true`, `additionalProperties: true`, `if` alone) are kept for their annotations.
    annotating: bool,
}

/// Dynamic anchor name → the document and JSON Pointer it is bound to.
type Scope = BTreeMap<String, (usize, String)>;

/// How many extra lowerings of `$ref` targets for distinct dynamic scopes (`$dynamicRef`,
/// `$recursiveRef`; each one compiled code) one compilation may make; beyond it, a located
/// error.
pub const MAX_SPECIALISATIONS: usize = 1024;

/// A `$ref` target waiting to be lowered.
struct Pending {
    doc: usize,
    /// Its JSON Pointer in `doc`.
    pointer: String,
    /// The dynamic scope it is evaluated in.
    scope: Scope,
    /// Its definition's name: the located pointer, and the scope when not empty.
    name: String,
}

/// The schema at `pointer` and what surrounds it, as keyword lowerings read them.
struct Here<'a> {
    /// Located: the JSON Pointer, after [`Doc::prefix`] in a registry document.
    pointer: &'a str,
    map: &'a Map<String, Value>,
    messages: &'a Messages,
}

impl<'s> Lowerer<'s> {
    pub(crate) fn new(
        root: &'s Value,
        dialect: Dialect,
        options: &'s Options,
        resources: &'s Resources,
        url: &'s str,
    ) -> Self {
        Lowerer {
            docs: vec![Doc {
                value: root,
                draft: dialect.draft,
                vocabularies: dialect.vocabularies,
                resources,
                prefix: String::new(),
            }],
            // A registry document that is the schema compiled is read as it.
            doc_index: BTreeMap::from([(url, 0)]),
            at: 0,
            draft: dialect.draft,
            vocabularies: dialect.vocabularies,
            options,
            definitions: BTreeMap::new(),
            seen: BTreeSet::new(),
            pending: Vec::new(),
            scope: Scope::new(),
            variants: BTreeMap::new(),
            specialised: 0,
            errors: Vec::new(),
            warnings: Vec::new(),
            depth: 0,
            annotating: options.annotations || unevaluated::used(root),
        }
    }

    /// Lowers every `$ref` target reached so far (and those they reach).
    pub(crate) fn finish_definitions(&mut self) {
        while let Some(p) = self.pending.pop() {
            self.at = p.doc;
            self.draft = self.docs[p.doc].draft;
            self.vocabularies = self.docs[p.doc].vocabularies;
            self.scope = p.scope;
            let value = self.docs[p.doc].value;
            let Some(value) = value.pointer(&p.pointer) else {
                continue;
            };
            let located = format!("{}{}", self.docs[p.doc].prefix, p.pointer);
            let checks = self.schema(value, &located);
            self.definitions.insert(p.name, checks);
        }
    }

    /// The registry documents read (all but the schema compiled), by URL.
    pub(crate) fn documents(&self) -> BTreeMap<String, Value> {
        self.docs
            .iter()
            .skip(1)
            .map(|d| (d.prefix.trim_end_matches('#').to_owned(), d.value.clone()))
            .collect()
    }

    /// The JSON Pointer in the current document of the located pointer `located`.
    fn local<'p>(&self, located: &'p str) -> &'p str {
        &located[self.docs[self.at].prefix.len()..]
    }

    /// The checks of the schema `value` found at `pointer`.
    pub(crate) fn schema(&mut self, value: &Value, pointer: &str) -> Vec<Check> {
        if value.is_boolean() && !self.draft.boolean_schemas() {
            self.errors.push(SchemaError {
                pointer: pointer.to_owned(),
                keyword: String::new(),
                message: format!(
                    "a schema is an object in {} (boolean schemas are draft-06's)",
                    self.draft.name()
                ),
            });
            return Vec::new();
        }
        self.schema_or_boolean(value, pointer)
    }

    /// [`Lowerer::schema`] with `true` and `false` taken in every draft: the values of
    /// draft-04 `additionalProperties` and `additionalItems`, which may be booleans there
    /// (draft-04 §5.4.4 and §5.3.1 (validation spec)).
    pub(crate) fn schema_or_boolean(&mut self, value: &Value, pointer: &str) -> Vec<Check> {
        match value {
            Value::Bool(true) => Vec::new(),
            Value::Bool(false) => vec![keyword(pointer.to_owned(), None, vec![Check::Never])],
            Value::Object(map) => {
                if self.depth >= super::MAX_SCHEMA_DEPTH {
                    self.errors.push(SchemaError::at(
                        pointer,
                        "",
                        format!("schemas nested more than {} deep", super::MAX_SCHEMA_DEPTH),
                    ));
                    return Vec::new();
                }
                self.depth += 1;
                let checks = self.object(map, pointer);
                self.depth -= 1;
                checks
            }
            other => {
                self.errors.push(SchemaError {
                    pointer: pointer.to_owned(),
                    keyword: String::new(),
                    message: format!("a schema is an object or a boolean, not {}", kind(other)),
                });
                Vec::new()
            }
        }
    }

    fn object(&mut self, map: &Map<String, Value>, pointer: &str) -> Vec<Check> {
        // A resource entered brings its dynamic anchors into the scope of what it holds.
        let resources = self.docs[self.at].resources;
        let local = self.local(pointer);
        let outer = resources.is_resource_root(local).then(|| {
            let outer = self.scope.clone();
            self.scope = self.entered(self.at, local);
            outer
        });
        let checks = self.object_in_scope(map, pointer);
        if let Some(outer) = outer {
            self.scope = outer;
        }
        checks
    }

    /// [`Lowerer::scope`] with the resource holding the schema at `pointer` of `doc` entered.
    fn entered(&self, doc: usize, pointer: &str) -> Scope {
        let mut scope = self.scope.clone();
        let resources = self.docs[doc].resources;
        for (name, at) in resources.dynamic_anchors(resources.base_at(pointer)) {
            scope
                .entry(name.to_owned())
                .or_insert_with(|| (doc, at.to_owned()));
        }
        scope
    }

    fn object_in_scope(&mut self, map: &Map<String, Value>, pointer: &str) -> Vec<Check> {
        let messages = Messages::parse(map.get("errorMessage"), pointer, &mut self.errors);
        let here = Here {
            pointer,
            map,
            messages: &messages,
        };
        let mut out = Vec::new();
        let only_ref = self.draft.ref_overrides() && map.contains_key("$ref");
        for (k, v) in map {
            if (only_ref && k != "$ref") || self.is_unevaluated(k) {
                continue;
            }
            let checks = self.keyword(k, v, &here);
            if !checks.is_empty() {
                let message = match k.as_str() {
                    "properties" if !messages.properties.is_empty() => None,
                    "required" if !messages.required.is_empty() => None,
                    _ => messages.for_keyword(k),
                };
                out.push(keyword(child(pointer, k), message, checks));
            }
        }
        let out = self.unevaluated(out, &here);
        if let Some(text) = &messages.whole {
            return vec![keyword(pointer.to_owned(), Some(text.clone()), out)];
        }
        out
    }

    /// The checks of keyword `k` (value `v`) of the schema `here`.
    fn keyword(&mut self, k: &str, v: &Value, here: &Here<'_>) -> Vec<Check> {
        if let Some(checks) = self.openapi(k, v, here) {
            return checks;
        }
        if let Some(vocabulary) = self.vocabularies.missing(k, self.draft) {
            let e = SchemaError::at(
                here.pointer,
                k,
                format!(
                    "`{k}` is a keyword of the vocabulary `{vocabulary}`, which this schema's meta-schema does not declare: ignored, as an unknown keyword"
                ),
            );
            self.lenient(e);
            return Vec::new();
        }
        match role(k, self.draft) {
            Role::Applied => {}
            Role::Annotation => return Vec::new(),
            Role::Unknown => {
                let e = SchemaError::at(
                    here.pointer,
                    k,
                    format!(
                        "`{k}` is not a keyword of JSON Schema {}",
                        self.draft.name()
                    ),
                );
                self.lenient(e);
                return Vec::new();
            }
        }
        match k {
            "type" | "enum" | "const" | "multipleOf" | "maximum" | "exclusiveMaximum"
            | "minimum" | "exclusiveMinimum" | "maxLength" | "minLength" | "pattern" | "format" => {
                self.value_keyword(k, v, here)
            }
            "items" | "prefixItems" | "additionalItems" | "contains" | "minContains"
            | "maxContains" | "maxItems" | "minItems" | "uniqueItems" => {
                self.array_keyword(k, v, here)
            }
            "properties"
            | "patternProperties"
            | "additionalProperties"
            | "propertyNames"
            | "required"
            | "maxProperties"
            | "minProperties"
            | "dependentRequired"
            | "dependentSchemas"
            | "dependencies" => self.object_keyword(k, v, here),
            "allOf" | "anyOf" | "oneOf" | "not" | "if" => self.applicator(k, v, here),
            "$ref" => self.reference(v, here),
            "$dynamicRef" | "$recursiveRef" => self.dynamic_reference(k, v, here),
            "$schema" => {
                self.nested_schema_uri(v, here);
                Vec::new()
            }
            "$defs" | "definitions" => {
                self.check_definitions(k, v, here);
                Vec::new()
            }
            "$vocabulary" => {
                if let Some(e) = vocabulary_keyword_error(v, self.local(here.pointer)) {
                    self.error(here, k, e);
                }
                Vec::new()
            }
            // Read by the resource pass or by a sibling (`then`/`else` by `if`).
            _ => Vec::new(),
        }
    }

    /// A `$schema` below the root must name the root's dialect (a dialect change inside one
    /// document is not supported).
    fn nested_schema_uri(&mut self, v: &Value, here: &Here<'_>) {
        if self.local(here.pointer).is_empty() {
            return;
        }
        let same = v
            .as_str()
            .and_then(super::draft::Draft::from_uri)
            .is_some_and(|d| d == self.draft);
        if !same {
            self.errors.push(SchemaError::at(
                here.pointer,
                "$schema",
                format!(
                    "a nested `$schema` must name the document's dialect ({})",
                    self.draft.name()
                ),
            ));
        }
    }

    /// Definitions are compiled where a `$ref` reaches them; their errors are reported
    /// whether or not one does (in the schema compiled: a registry document's are its own
    /// compilation's business).
    fn check_definitions(&mut self, k: &str, v: &Value, here: &Here<'_>) {
        if self.at != 0 {
            return;
        }
        let Value::Object(defs) = v else {
            self.errors.push(SchemaError::at(
                here.pointer,
                k,
                format!("`{k}` must be an object of schemas"),
            ));
            return;
        };
        let at = child(here.pointer, k);
        for (name, sub) in defs {
            let p = child(&at, name);
            if !(sub.is_object() || sub.is_boolean()) {
                // Validators leave such an entry alone until a `$ref` reaches it (then it is
                // an error there), as SchemaStore's `partial-cibuildwheel.json` relies on.
                let e = SchemaError {
                    pointer: p,
                    keyword: k.to_owned(),
                    message: format!(
                        "`{k}` holds {}, not a schema: left out (a `$ref` to it is an error)",
                        kind(sub)
                    ),
                };
                self.lenient(e);
            } else if !self.seen.contains(&p) {
                let _unreferenced = self.schema(sub, &p);
            }
        }
    }

    /// Whether `k` is an `unevaluated*` keyword the current document reads.
    fn is_unevaluated(&self, k: &str) -> bool {
        unevaluated::is_unevaluated(k, self.draft)
            && self.vocabularies.missing(k, self.draft).is_none()
    }

    /// Whether `format` is asserted in the current document: by the options, or by 2020-12's
    /// format-assertion vocabulary.
    fn asserts_formats(&self) -> bool {
        self.options.assert_formats || self.vocabularies.asserts_formats()
    }

    /// `e`, a warning, or an error with [`Options::strict`].
    fn lenient(&mut self, e: SchemaError) {
        if self.options.strict {
            self.errors.push(e);
        } else {
            self.warnings.push(e);
        }
    }

    /// An error at keyword `k` of `here`.
    fn error(&mut self, here: &Here<'_>, k: &str, message: impl Into<String>) {
        self.errors.push(SchemaError::at(here.pointer, k, message));
    }
}

pub(crate) use unevaluated::too_deep as too_deep_unevaluated;

/// A [`Check::Keyword`].
fn keyword(location: String, message: Option<String>, checks: Vec<Check>) -> Check {
    Check::Keyword {
        location,
        message,
        checks,
    }
}

/// A JSON value's kind, in an error text.
pub(super) fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
