//! ytt schemas compiled into Rust (`include_ytt_schemas!`, `validgen generate --ytt-schemas`):
//! each schema's text, typed at run time as [`super::run`] types it, with its validations run
//! by a generated validator instead of the interpreter.

use serde_json::Value;

use super::run::{Invocation, Outcome, run_with};
use crate::interpret::{DocumentReport, Explain};

/// One compiled ytt data-values schema.
#[derive(Debug, Clone, Copy)]
pub struct YttSchema {
    /// The validator's name (from the file's path).
    pub name: &'static str,
    /// The file, relative to the compiled folder: what positions in reports name.
    pub file: &'static str,
    /// The schema's text.
    pub schema: &'static str,
    /// The generated validator of the schema's validations, on the final data values as JSON
    /// (rule 0 of [`super::lower::rule_set`]).
    pub validate: fn(&Value, Explain) -> DocumentReport,
}

impl YttSchema {
    /// ytt's data values of this schema: `values` (plain YAML data-values files, name and
    /// text) merged in order over the schema's defaults as `ytt --data-values-file` merges
    /// them, type-checked and validated, the validations by the generated validator. The
    /// outcome is `ytt -f <file> --data-values-file ... --data-values-inspect`'s (ytt 0.48.0):
    /// exit code 0 and the final data values, or 1 and ytt's error text.
    pub fn check(&self, values: &[(&str, &str)]) -> Outcome {
        let invocation = Invocation {
            files: vec![self.file.to_owned()],
            data_values_files: values.iter().map(|(name, _)| (*name).to_owned()).collect(),
            data_values_inspect: true,
            ..Invocation::default()
        };
        let read = |name: &str| {
            if name == self.file {
                return Ok(self.schema.to_owned());
            }
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, text)| (*text).to_owned())
                .ok_or_else(|| format!("no data values file {name}\n"))
        };
        run_with(&invocation, &read, Some(self.validate))
    }
}
