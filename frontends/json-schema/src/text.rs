//! Schemas and documents read from text (JSON or YAML), keeping the position of every value
//! so that schema errors and violations say `line:column`.

use serde_json::Value;

use validgen_core::interpret::{DocumentReport, Explain};
use validgen_core::ir::Span;
use validgen_core::model::{Yaml, YamlError, YamlVersion};

/// A schema read from its text, with positions.
#[derive(Debug, Clone)]
pub struct SchemaText {
    yaml: Yaml,
}

impl SchemaText {
    /// Reads a schema written as JSON or YAML (one document).
    ///
    /// # Errors
    /// The text is not one JSON/YAML document, with the position of the problem.
    pub fn parse(text: &str) -> Result<SchemaText, YamlError> {
        Yaml::parse(text).map(|yaml| SchemaText { yaml })
    }

    /// Reads every schema of a YAML stream (documents separated by `---`; empty ones left
    /// out), each with the positions of its values in the whole text.
    ///
    /// # Errors
    /// A document is not JSON/YAML, with the position of the problem.
    pub fn parse_all(text: &str) -> Result<Vec<SchemaText>, YamlError> {
        Yaml::parse_all(text).map(|docs| docs.into_iter().map(|yaml| SchemaText { yaml }).collect())
    }

    /// The schema.
    pub fn value(&self) -> &Value {
        self.yaml.value()
    }

    /// The position of the value at `pointer` (a [`super::SchemaError::pointer`]), or of the
    /// nearest enclosing value that has one.
    pub fn span(&self, pointer: &str) -> Option<Span> {
        let mut p = pointer;
        loop {
            if let Some(s) = self.yaml.span(p) {
                return Some(s);
            }
            p = &p[..p.rfind('/')?];
        }
    }
}

/// Runs a validator (compiled or not) on a document written as JSON or YAML, giving each
/// violation the `line:column` of its value. YAML is read as YAML 1.2 (its core schema,
/// [`YamlVersion::Core12`]: `yes` is a string, `010` the integer 10), as YAML 1.2 tools read
/// JSON Schema instances; a text without a document is `null`.
///
/// # Errors
/// The text is not one JSON/YAML document.
pub fn validate_text(
    validator: impl FnOnce(&Value, Explain) -> DocumentReport,
    text: &str,
    explain: Explain,
) -> Result<DocumentReport, YamlError> {
    let doc = Yaml::parse_as(text, YamlVersion::Core12)?;
    let mut report = validator(doc.value(), explain);
    doc.locate(&mut report);
    Ok(report)
}
