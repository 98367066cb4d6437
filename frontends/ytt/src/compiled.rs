//! ytt schemas compiled into Rust (`include_ytt_schemas!`, `validgen generate --ytt-schemas`):
//! each schema's text, typed at run time as [`super::run`] types it (once per process, on the
//! first check), with its validations run by a generated validator instead of the interpreter.

use std::fmt;
use std::sync::OnceLock;

use super::files::Input;
use serde_json::Value;

use super::run::{
    Inputs, Invocation, Loaded, Outcome, Stop, evaluate_with, load, outcome, read_inputs,
};
use validgen_core::interpret::{DocumentReport, Explain};

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
    /// The schema's file read and typed by the first [`YttSchema::check`] (each schema has its
    /// own, `Prepared::new()`).
    pub prepared: &'static Prepared,
}

/// A compiled schema's file as [`super::run`] reads it (parsed, typed, its validations
/// checked), or ytt's error for it: computed once, as the text never changes.
pub struct Prepared(OnceLock<Result<Inputs, Stop>>);

impl Prepared {
    /// Nothing read yet.
    pub const fn new() -> Prepared {
        Prepared(OnceLock::new())
    }
}

impl Default for Prepared {
    fn default() -> Self {
        Prepared::new()
    }
}

impl fmt::Debug for Prepared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = match self.0.get() {
            None => "not read",
            Some(Ok(_)) => "read",
            Some(Err(_)) => "refused",
        };
        f.debug_tuple("Prepared").field(&state).finish()
    }
}

impl YttSchema {
    /// ytt's data values of this schema: `values` (plain YAML data-values files, name and
    /// text) merged in order over the schema's defaults as `ytt --data-values-file` merges
    /// them, type-checked and validated, the validations by the generated validator. The
    /// outcome is `ytt -f <file> --data-values-file ... --data-values-inspect`'s (ytt 0.48.0):
    /// exit code 0 and the final data values, or 1 and ytt's error text. The schema is read
    /// and typed on the first call only.
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
        // As `run` does: the schema's file first (its errors before any values file's), then
        // the values files in order.
        let done = self.inputs(&read).and_then(|inputs| {
            let plain = values
                .iter()
                .map(|(name, _)| load(&Input::of(name), &read))
                .collect::<Result<Vec<Loaded>, Stop>>()?;
            evaluate_with(&invocation, inputs, &plain, Some(self.validate))
        });
        outcome(done)
    }

    /// The schema's file read and typed (once), or ytt's error for it.
    fn inputs(&self, read: &dyn Fn(&str) -> Result<String, String>) -> Result<&Inputs, Stop> {
        let prepared = self.prepared.0.get_or_init(|| {
            let schema_only = Invocation {
                files: vec![self.file.to_owned()],
                ..Invocation::default()
            };
            read_inputs(&schema_only, &read)
        });
        prepared.as_ref().map_err(Clone::clone)
    }
}
