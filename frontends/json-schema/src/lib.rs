//! The JSON Schema frontend: a schema (draft 2020-12, 2019-09, draft-07, draft-06 or
//! draft-04, by `$schema`, else [`Options::default_draft`]; OpenAPI v3 structural schemas as
//! Kubernetes CRDs use them with [`Options::openapi`]) lowered into the rule IR, which both
//! back ends run. Each draft keeps its own keywords ([`Draft`]): draft-04's `id` and boolean
//! `exclusiveMinimum`/`exclusiveMaximum`, no boolean schemas before draft-06, `$ref`
//! overriding its siblings up to draft-07; a keyword of a later draft is unknown in an
//! earlier one.
//!
//! The compiled rule set has one rule, at the document root (JSON Pointer `""`); every
//! keyword becomes IR checks inside a [`validgen_core::ir::Check::Keyword`] that
//! carries its location in the schema and its custom message (`errorMessage`, the ajv-errors
//! convention), so each [`Violation`](validgen_core::ir::Violation) names the instance location, the
//! keyword location and the text. `$ref` targets become [`RuleSet::definitions`] named by
//! their JSON Pointer, so recursion is a loop in the IR; those in another document of the
//! [`Registry`] by `<url>#<pointer>`, as their keyword locations are.
//!
//! `$dynamicRef` (2020-12) and `$recursiveRef` (2019-09) are resolved at compile time: a
//! target is lowered once per dynamic scope it is reached in ([`MAX_SPECIALISATIONS`]).
//!
//! A `$schema` may name a custom meta-schema of the [`Registry`]: the schema is then read in
//! that meta-schema's draft with the vocabularies its `$vocabulary` declares (2019-09 and
//! 2020-12 core §8.1.2). The drafts' own meta-schemas are bundled: every registry answers them.
//!
//! What is refused, with a [`SchemaError`] at the keyword: a meta-schema requiring a
//! vocabulary validgen does not know, `$vocabulary` in a subschema, a `$ref` to a
//! document that [`Options::registry`] does not hold (nothing is fetched) or to nowhere, a
//! cycle of `$ref`s with no keyword between, `unevaluated*` nested in place more than 8 deep, a
//! pattern that is not ECMA-262 or is over the limits of [`validgen_ecmaregex`] (lookarounds
//! and backreferences run on a backtracking engine whose limit per match is a
//! `backtrackLimit` violation),
//! keyword values of the wrong shape (a boolean schema in draft-04 among them), and a
//! `$schema` naming another dialect that no meta-schema of the registry answers. A `$ref` is an RFC 3986 reference (characters a URI
//! cannot hold, as in `#/definitions/Inputs<String>`, are taken percent-encoded) whose
//! fragment, percent-decoded, is a JSON Pointer (RFC 6901: `~1` for `/`, `~0` for `~`) or an
//! anchor. Unknown keywords are warnings (errors with [`Options::strict`]). `format` is an annotation unless
//! [`Options::assert_formats`]; then the formats of [`validgen_format`] are asserted.
//!
//! Annotations (`title`, `description`, `default`, `examples`, `deprecated`, `readOnly`,
//! `writeOnly`, `contentEncoding`, `contentMediaType`) never change a verdict; those of every
//! schema object (in `$defs` no `$ref` reaches, beside a draft-07 `$ref` too) are kept in
//! [`RuleSet::annotations`] by JSON Pointer, and [`annotation_of`] finds those of the schema
//! object a violation's keyword belongs to. An annotation of the wrong shape (a `title` that
//! is not a string, `deprecated: "use b"`) is left out with a warning, as other validators
//! ignore it (an error with [`Options::strict`]).
//!
//! ```
//! use validgen_json_schema::{Options, compile};
//! use validgen_core::interpret::{Explain, evaluate_document};
//! use validgen_core::model::Plain;
//! use serde_json::json;
//!
//! let schema = json!({"type": "object", "properties": {"port": {"maximum": 65535}}});
//! let compiled = compile(&schema, &Options::default()).unwrap();
//! let doc = json!({"port": 70000});
//! let report = evaluate_document(&compiled.rules, &Plain::new(&doc), Explain::Failures);
//! assert_eq!(report.violations[0].location, "/port");
//! assert_eq!(report.violations[0].keyword, "/properties/port/maximum");
//! ```

pub mod annotate;
mod annotations;
mod describe;
mod draft;
mod error;
mod keywords;
mod lower;
mod message;
mod metaschemas;
mod output;
mod registry;
mod resources;
mod text;
mod unknown_fields;
mod validator;
mod vocabulary;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde_json::Value;

pub use annotations::{annotation_of, owner};

/// The warning on every `x-kubernetes-validations` of a CRD schema: the rule set does not
/// evaluate CEL rules (a caller that evaluates them itself, as `validate --crd` does with
/// `validgen-crd`, drops it).
pub const CEL_NOT_EVALUATED: &str = "CEL rules (`x-kubernetes-validations`) are not evaluated";

/// The warning on every `x-kubernetes-list-type: map` of a CRD schema: the rule set does not
/// check key uniqueness (`validate --crd` does, with `validgen-crd`).
pub const LIST_MAP_KEYS_NOT_CHECKED: &str =
    "`x-kubernetes-list-type: map`: key uniqueness is not checked";
pub use describe::{describe, describe_in, with_messages};
pub use draft::Draft;
pub use error::SchemaError;
pub use lower::MAX_SPECIALISATIONS;
pub use output::{OutputFormat, output, output_with};
pub use registry::{MAX_REGISTRY_DOCUMENTS, Registry, SchemaMap, file_url};
pub use text::{SchemaText, validate_text};
pub use unknown_fields::{OBJECT_META_FIELDS, reject_unknown_fields};
pub use validator::{SchemaValidator, read_annotations, schema_output};

use lower::Lowerer;
use resources::Resources;
use validgen_core::ir::{Check, Location, Origin, Path, Rule, RuleSet, Severity};

/// How deep schemas may nest in one document (bounds the compiler's recursion).
pub const MAX_SCHEMA_DEPTH: usize = 256;

/// How a schema is compiled.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The draft when the schema has no `$schema` (`None`: 2020-12); a `$schema` naming a
    /// draft wins over it.
    pub default_draft: Option<Draft>,
    /// Assert `format` for the formats validgen checks (`date-time`, `date`, `email`,
    /// `hostname`, `ipv4`, `ipv6`, `uri`, `uuid`); otherwise `format` is an annotation.
    pub assert_formats: bool,
    /// Unknown keywords, and annotations of the wrong shape, are errors, not warnings.
    pub strict: bool,
    /// The schema is an OpenAPI v3 structural schema (a CRD's `openAPIV3Schema`).
    pub openapi: bool,
    /// The documents a `$ref` may name outside the schema (`None`: such a `$ref` is an
    /// error). Nothing is ever fetched.
    pub registry: Option<Arc<Registry>>,
    /// The URL the schema was read from (its file's, [`file_url`]): the base URI of its
    /// relative references when it declares no `$id`, and the registry document that is the
    /// schema itself (`None`: `validgen:///schema.json`).
    pub base_uri: Option<String>,
    /// Keep in the rule set the keywords that check nothing but annotate (`items: {}`,
    /// `additionalProperties: {"title": …}`, `if` without `then`/`else`, a
    /// `dependentSchemas` entry that checks nothing), as schemas with `unevaluated*` do: what
    /// annotations are collected along ([`CompiledSchema::annotating`]). The verdicts are
    /// the same.
    pub annotations: bool,
}

/// A compiled schema.
#[derive(Debug, Clone)]
pub struct CompiledSchema {
    /// The rule set: one rule applying the root schema to the whole document.
    pub rules: RuleSet,
    /// The draft it was read as.
    pub draft: Draft,
    /// What compiled but deserves a look (unknown keywords, formats not asserted, CEL rules
    /// not evaluated), in schema order.
    pub warnings: Vec<SchemaError>,
    /// The registry documents the rules read, by URL: a keyword location `<url>#<pointer>`
    /// points into one ([`describe_in`] reads keyword values there).
    pub documents: BTreeMap<String, Value>,
    /// The options it was compiled with.
    options: Options,
    /// Whether keywords that check nothing were left out, which [`Options::annotations`]
    /// keeps: then [`CompiledSchema::annotating`] compiles again.
    pruned: bool,
}

/// A schema compiled to collect the annotations of valid documents: its rule set with
/// [`Options::annotations`] and the [`annotate::Plan`] read from it.
#[derive(Debug, Clone)]
pub struct Annotating {
    /// The rule set whose subschemas' verdicts the plan asks for.
    pub rules: RuleSet,
    /// The plan.
    pub plan: annotate::Plan,
}

impl Annotating {
    /// The annotations of `doc`, a document the schema accepts, by the interpreter
    /// ([`annotate::collect`] with [`annotate::interpreted_verdict`]).
    pub fn collect(&self, doc: &Value) -> Vec<annotate::AnnotationUnit> {
        annotate::collect(&self.plan, doc, annotate::interpreted_verdict(&self.rules))
    }
}

impl CompiledSchema {
    /// What collects the annotations of valid documents, `schema` being the schema it was
    /// compiled from: compiled again with [`Options::annotations`] where that keeps keywords
    /// that only annotate (else its own rule set).
    pub fn annotating(&self, schema: &Value) -> Annotating {
        let again = (!self.options.annotations && self.pruned).then(|| {
            let options = Options {
                annotations: true,
                ..self.options.clone()
            };
            compile(schema, &options).ok()
        });
        // It compiled once: it compiles again (else the checks it has).
        let this = again.flatten();
        let compiled = this.as_ref().unwrap_or(self);
        Annotating {
            plan: annotate::plan(&compiled.rules, schema, &compiled.documents, compiled.draft),
            rules: compiled.rules.clone(),
        }
    }

    /// The interpreter's standard output of `doc` in `format` ([`output_with`]): its errors
    /// worded by [`describe_in`], or, for a valid document, the annotations `annotating`
    /// ([`CompiledSchema::annotating`]) collects; `schema` is the schema it was compiled
    /// from, `schema_uri` the URI it was read from: `absoluteKeywordLocation` names the
    /// schema by its root `$id` resolved against that URI where it has one (its canonical URI,
    /// 2020-12 core §12.3.2), else by `schema_uri`.
    pub fn output(
        &self,
        (schema, annotating): (&Value, &Annotating),
        doc: &Value,
        schema_uri: &str,
        format: OutputFormat,
    ) -> Value {
        let report = validgen_core::interpret::evaluate_document(
            &self.rules,
            &validgen_core::model::Plain::new(doc),
            validgen_core::interpret::Explain::Failures,
        );
        let annotations = if report.violations.is_empty() && format != OutputFormat::Flag {
            annotating.collect(doc)
        } else {
            Vec::new()
        };
        let text = |v: &validgen_core::ir::Violation| describe_in(v, doc, schema, &self.documents);
        // Before 2019-09 an `$id` beside `$ref` is ignored, as `resources` reads it.
        let id = match schema.get("$ref") {
            Some(_) if self.draft.ref_overrides() => None,
            _ => schema.get(self.draft.id_keyword()),
        };
        let canonical = id
            .and_then(Value::as_str)
            .and_then(|id| resources::resolve(id, schema_uri).ok());
        let uri = canonical
            .as_deref()
            .map_or(schema_uri, |c| c.split('#').next().unwrap_or(c));
        output_with(&report.violations, &annotations, text, uri, format)
    }
}

/// Compiles `schema` into a rule set.
///
/// # Errors
/// Every problem found (not only the first), in schema order: see the module docs.
pub fn compile(schema: &Value, options: &Options) -> Result<CompiledSchema, Vec<SchemaError>> {
    let dialect = vocabulary::dialect(
        schema.get("$schema"),
        options.default_draft.unwrap_or(Draft::Draft2020),
        |uri| {
            let registry = match options.registry.as_deref() {
                Some(r) => r,
                None => metaschemas::bundled(),
            };
            registry
                .find(uri)
                .map(|d| (d.text.value(), d.draft.clone()))
        },
    )
    .map_err(|message| vec![SchemaError::at("", "$schema", message)])?;
    let draft = dialect.draft;
    let url = options
        .base_uri
        .as_deref()
        .unwrap_or(resources::DEFAULT_BASE);
    let resources = Resources::collect(schema, draft, url).map_err(|errors| {
        errors
            .into_iter()
            .map(|(pointer, message)| SchemaError {
                pointer,
                keyword: draft.id_keyword().to_owned(),
                message,
            })
            .collect::<Vec<_>>()
    })?;
    let mut lowerer = Lowerer::new(schema, dialect, options, &resources, url);
    let root = lowerer.schema(schema, "");
    lowerer.finish_definitions();
    let mut errors = std::mem::take(&mut lowerer.errors);
    let (annotations, wrong) = annotations::collect(schema, options.strict);
    if options.strict {
        errors.extend(wrong);
    } else {
        lowerer.warnings.extend(wrong);
    }
    let documents = lowerer.documents();
    let pruned = lowerer.pruned.get();
    let definitions = reachable(&root, std::mem::take(&mut lowerer.definitions));
    errors.extend(ref_cycles(&root, &definitions));
    errors.extend(lower::too_deep_unevaluated(&root, &definitions));
    if !errors.is_empty() {
        errors.sort_by(|a, b| a.pointer.cmp(&b.pointer).then(a.message.cmp(&b.message)));
        errors.dedup();
        return Err(errors);
    }
    let mut warnings = lowerer.warnings;
    warnings.sort_by(|a, b| a.pointer.cmp(&b.pointer));
    warnings.dedup();
    let title = schema
        .get("title")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let rule = Rule {
        name: "schema".to_owned(),
        message: title.to_owned(),
        field: String::new(),
        severity: Severity::Error,
        guard: None,
        path: Path::pointer("").ok(),
        check: Check::Keyword {
            location: String::new(),
            message: None,
            checks: root,
        },
        origin: Origin {
            index: 0,
            location: Location {
                line: 1,
                column: 1,
                offset: 0,
            },
        },
    };
    Ok(CompiledSchema {
        rules: RuleSet {
            rules: vec![rule],
            definitions,
            annotations,
        },
        draft,
        warnings,
        documents,
        options: options.clone(),
        pruned,
    })
}

/// The definitions `root` reaches (through others too); the rest were compiled for their
/// errors only.
fn reachable(
    root: &[Check],
    mut all: BTreeMap<String, Vec<Check>>,
) -> BTreeMap<String, Vec<Check>> {
    let mut keep = BTreeMap::new();
    let mut todo: Vec<String> = Vec::new();
    refs(root, &mut |n| todo.push(n.to_owned()));
    while let Some(name) = todo.pop() {
        if keep.contains_key(&name) {
            continue;
        }
        if let Some(checks) = all.remove(&name) {
            refs(&checks, &mut |n| todo.push(n.to_owned()));
            keep.insert(name, checks);
        }
    }
    keep
}

/// Calls `f` with the name of every [`Check::Ref`] in `checks`, at any depth.
fn refs(checks: &[Check], f: &mut impl FnMut(&str)) {
    for c in checks {
        if let Check::Ref { name } = c {
            f(name);
        }
        for list in c.nested() {
            refs(list, f);
        }
    }
}

/// The `$ref` a list of checks is nothing but (through keyword wrappers), if it is one.
fn only_ref(checks: &[Check]) -> Option<&str> {
    match checks {
        [Check::Ref { name }] => Some(name),
        [Check::Keyword { checks, .. }] => only_ref(checks),
        _ => None,
    }
}

/// Cycles of `$ref`s with no keyword between: evaluation would never reach a value.
fn ref_cycles(root: &[Check], definitions: &BTreeMap<String, Vec<Check>>) -> Vec<SchemaError> {
    let mut errors = Vec::new();
    let starts = only_ref(root)
        .into_iter()
        .chain(definitions.keys().map(String::as_str));
    let mut reported = BTreeSet::new();
    for start in starts {
        let mut seen = BTreeSet::new();
        let mut at = start;
        while let Some(next) = definitions.get(at).and_then(|c| only_ref(c)) {
            if !seen.insert(at) {
                if reported.insert(at.to_owned()) {
                    errors.push(SchemaError {
                        pointer: at.to_owned(),
                        keyword: "$ref".to_owned(),
                        message: "a cycle of `$ref`s with no keyword between: no value could ever be checked".to_owned(),
                    });
                }
                break;
            }
            at = next;
        }
    }
    errors
}
