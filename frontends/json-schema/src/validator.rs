//! A compiled schema as generated code lists it (`include_schemas!`'s `SCHEMAS`).

use serde_json::Value;

use validgen_core::interpret::{DocumentReport, Explain};
use validgen_core::ir::{Annotation, Annotations, Violation};
use validgen_core::model::{JsonError, YamlError};

/// One validator of a schema catalog.
#[derive(Debug, Clone, Copy)]
pub struct SchemaValidator {
    /// The validator's name (`charts_app_values_schema`, `gateway_v1`).
    pub name: &'static str,
    /// The file it was compiled from, relative to the catalog folder (with ` (version v1)`
    /// for a CRD version).
    pub file: &'static str,
    /// The schema, as compact JSON (for [`SchemaValidator::describe`]).
    pub schema: &'static str,
    /// The compiled validator.
    pub validate: fn(&Value, Explain) -> DocumentReport,
    /// The compiled validator on JSON bytes read in one pass ([`validgen_core::model::Tape`]): the
    /// same report, violations located by `line:column` and worded in their `message` (as
    /// [`SchemaValidator::describe`] words them); a [`JsonError`] for bytes that are not one
    /// JSON document.
    pub validate_bytes: fn(&[u8], Explain) -> Result<DocumentReport, JsonError>,
    /// Whether a document passes (its report would not fail), by the verdict path alone.
    pub is_valid: fn(&Value) -> bool,
    /// [`SchemaValidator::is_valid`] on JSON bytes: the streamed verdict
    /// ([`SchemaValidator::stream`]) where it answers, else the verdict on a
    /// [`validgen_core::model::Tape`].
    pub is_valid_bytes: fn(&[u8]) -> Result<bool, JsonError>,
    /// The streamed verdict alone: JSON bytes judged as they are read, in one pass without a
    /// tape or a `Value` ([`validgen_core::checks::document::Stream`]); `None` where it steps aside
    /// (bytes that are not JSON, an object that repeats a key, nesting over the reader's
    /// limit, definitions that could nest too deep or spend the `$ref` budget; always, for a
    /// rule set that is not one schema's).
    pub stream: fn(&[u8]) -> Option<bool>,
    /// The schema's annotations ([`validgen_core::ir::RuleSet::annotations`]): each schema location
    /// (JSON Pointer) with its [`Annotation`] as compact JSON, sorted by location.
    pub annotations: &'static [(&'static str, &'static str)],
    /// The generated `<name>_output`: the verdict, and the errors or annotations, in a
    /// standard output format ([`schema_output`]).
    pub output: fn(&Value, crate::OutputFormat) -> Value,
}

impl SchemaValidator {
    /// Validates a document written as JSON or YAML; violations get `line:column`.
    ///
    /// # Errors
    /// The text is not one JSON/YAML document.
    pub fn validate_text(&self, text: &str, explain: Explain) -> Result<DocumentReport, YamlError> {
        super::validate_text(self.validate, text, explain)
    }

    /// The text of violation `v` found in `doc` (see [`super::describe`]).
    pub fn describe(&self, v: &Violation, doc: &Value) -> String {
        let schema: Value = serde_json::from_str(self.schema).unwrap_or(Value::Null);
        super::describe(v, doc, &schema)
    }

    /// The verdict and errors on `doc` in a standard output format (JSON Schema 2020-12 core
    /// §12.4): [`schema_output`] of the compiled validator's report.
    pub fn output(&self, doc: &Value, format: crate::OutputFormat) -> Value {
        (self.output)(doc, format)
    }

    /// Every schema location's annotations, as the interpreter's rule set has them
    /// ([`validgen_core::ir::RuleSet::annotations`]).
    pub fn annotations(&self) -> Annotations {
        read_annotations(self.annotations)
    }

    /// The annotations of the schema object at `location` (a JSON Pointer), if it has any.
    pub fn annotation(&self, location: &str) -> Option<Annotation> {
        let i = self
            .annotations
            .binary_search_by(|(l, _)| l.cmp(&location))
            .ok()?;
        Some(parse(self.annotations[i].1))
    }

    /// The annotations of the schema object violation `v`'s keyword belongs to (see
    /// [`super::owner`]).
    pub fn annotation_of(&self, v: &Violation) -> Option<Annotation> {
        self.annotation(super::owner(&v.keyword))
    }
}

/// The standard output ([`crate::output_with`]) of `violations`, found in `doc` by the
/// validator of `schema` (its compact JSON) compiled from `file`: each error worded by its
/// `message` or [`crate::describe`]; the schema's URI is its root `$id`, else
/// `validgen:///<file>`. A valid document's annotations are collected along `plan` (a
/// [`crate::annotate::Plan`] as JSON) with generated code's `verdict` of its subschemas, in
/// `list` and `hierarchical` only. What [`SchemaValidator::output`] and the generated
/// `<name>_output` give.
pub fn schema_output(
    violations: &[Violation],
    doc: &Value,
    (schema, file): (&str, &str),
    (plan, verdict): (&str, fn(usize, &Value) -> bool),
    format: crate::OutputFormat,
) -> Value {
    let schema: Value = serde_json::from_str(schema).unwrap_or(Value::Null);
    let uri = match schema.get("$id").and_then(Value::as_str) {
        Some(id) => id.split('#').next().unwrap_or_default().to_owned(),
        None => format!("validgen:///{file}"),
    };
    let text = |v: &Violation| {
        v.message
            .clone()
            .unwrap_or_else(|| super::describe(v, doc, &schema))
    };
    let annotations = if violations.is_empty() && format != crate::OutputFormat::Flag {
        // Written by the generator from a `Plan`: it reads back.
        let plan: crate::annotate::Plan = serde_json::from_str(plan).unwrap_or_default();
        crate::annotate::collect(&plan, doc, verdict)
    } else {
        Vec::new()
    };
    crate::output_with(violations, &annotations, text, &uri, format)
}

/// A table of annotations as generated code holds it ([`SchemaValidator::annotations`]'s
/// field: each location with its annotation as compact JSON).
pub fn read_annotations(table: &[(&str, &str)]) -> Annotations {
    table
        .iter()
        .map(|(location, json)| ((*location).to_owned(), parse(json)))
        .collect()
}

/// An annotation as the emitter wrote it (serialised from an [`Annotation`], so it reads
/// back; an empty one otherwise).
fn parse(json: &str) -> Annotation {
    serde_json::from_str(json).unwrap_or_default()
}
