//! A compiled schema as generated code lists it (`include_schemas!`'s `SCHEMAS`).

use serde_json::Value;

use crate::interpret::{DocumentReport, Explain};
use crate::ir::Violation;
use crate::model::{JsonError, YamlError};

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
    /// The compiled validator on JSON bytes read in one pass ([`crate::model::Tape`]): the
    /// same report, violations located by `line:column`; a [`JsonError`] for bytes that are
    /// not one JSON document.
    pub validate_bytes: fn(&[u8], Explain) -> Result<DocumentReport, JsonError>,
    /// Whether a document passes (its report would not fail), by the verdict path alone.
    pub is_valid: fn(&Value) -> bool,
    /// [`SchemaValidator::is_valid`] on JSON bytes read in one pass.
    pub is_valid_bytes: fn(&[u8]) -> Result<bool, JsonError>,
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
}
