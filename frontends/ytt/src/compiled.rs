//! ytt schemas compiled into Rust (`include_ytt_schemas!`, `validgen generate --ytt-schemas`):
//! each schema's files, read and typed at run time as [`super::run`] reads them (once per
//! process, on the first check), with the validations run by a generated validator instead of
//! the interpreter. [`compilable`] is what the code generator reads: the files a schema is
//! made of and the rule set of its validations.

use std::fmt;
use std::sync::OnceLock;

use super::files::{Files, Input, Memory};
use serde_json::Value;

use super::lower::{rule_set, schema_checks};
use super::run::{
    Inputs, Invocation, Loaded, Outcome, Stop, evaluate_with, has_document, load, outcome,
    read_inputs, run_with,
};
use validgen_core::interpret::{DocumentReport, Explain};
use validgen_core::ir::RuleSet;

/// One compiled ytt data-values schema: one schema file, or several overlaid in order (a
/// package's folder), with the `#@data/values` files among them.
#[derive(Debug, Clone, Copy)]
pub struct YttSchema {
    /// The validator's name.
    pub name: &'static str,
    /// The files ytt reads for the data values, in `-f` order: every file with a
    /// `#@data/values-schema` or `#@data/values` document, each named as ytt names it in
    /// messages (the base name of a file, the path relative to a folder), and its text.
    pub files: &'static [(&'static str, &'static str)],
    /// Whether the validations may use the seed extensions
    /// ([`Invocation::seed_extensions`]).
    pub seed_extensions: bool,
    /// The generated validator of the schema's validations, on the final data values as JSON
    /// (rule 0 of [`super::lower::rule_set`]).
    pub validate: fn(&Value, Explain) -> DocumentReport,
    /// The schema's files read and typed by the first [`YttSchema::check`] (each schema has
    /// its own, `Prepared::new()`).
    pub prepared: &'static Prepared,
}

/// A compiled schema's files as [`super::run`] reads them (parsed, typed, its validations
/// checked), or ytt's error for them: computed once, as the texts never change.
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
    /// text) merged in order over the schema's defaults (and its `#@data/values` files) as
    /// `ytt --data-values-file` merges them, type-checked and validated, the schema's
    /// validations by the generated validator. The outcome is `ytt -f <files>...
    /// --data-values-file ... --data-values-inspect`'s (ytt 0.48.0): exit code 0 and the final
    /// data values, or 1 and ytt's error text. The schema is read and typed on the first call
    /// only.
    pub fn check(&self, values: &[(&str, &str)]) -> Outcome {
        let invocation = self.invocation(values);
        // As `run` does: the schema's files first (their errors before any values file's),
        // then the values files in order.
        let done = self.inputs().and_then(|inputs| {
            let plain = values
                .iter()
                .map(|(name, _)| load(&Input::of(name), &Memory(values)))
                .collect::<Result<Vec<Loaded>, Stop>>()?;
            evaluate_with(&invocation, inputs, &plain, Some(self.validate))
        });
        outcome(done)
    }

    /// [`YttSchema::check`]'s run through the interpreter (`validgen ytt`), the schema read
    /// again: the same outcome, slower.
    pub fn interpret(&self, values: &[(&str, &str)]) -> Outcome {
        let all: Vec<(&str, &str)> = self.files.iter().chain(values).copied().collect();
        run_with(&self.invocation(values), &Memory(&all), None)
    }

    /// `-f` each file (under its name), `--data-values-file` each of `values`,
    /// `--data-values-inspect`.
    fn invocation(&self, values: &[(&str, &str)]) -> Invocation {
        Invocation {
            files: self.files.iter().map(|(n, _)| format!("{n}={n}")).collect(),
            data_values_files: values.iter().map(|(name, _)| (*name).to_owned()).collect(),
            data_values_inspect: true,
            seed_extensions: self.seed_extensions,
            ..Invocation::default()
        }
    }

    /// The schema's files read and typed (once), or ytt's error for them.
    fn inputs(&self) -> Result<&Inputs, Stop> {
        let prepared = self
            .prepared
            .0
            .get_or_init(|| read_inputs(&self.invocation(&[]), &Memory(self.files)));
        prepared.as_ref().map_err(Clone::clone)
    }
}

/// A schema as the code generator compiles it: the files of a [`YttSchema`] and the rule set
/// of its validations.
#[derive(Debug, Clone)]
pub struct Compilable {
    /// [`YttSchema::files`]: name as ytt names it, text.
    pub files: Vec<(String, String)>,
    /// The schema's validations (rule 0; no assertions).
    pub rules: RuleSet,
}

/// The schema of `ytt -f <args>...` (files, folders, `name=path`, read from `files`) as
/// [`YttSchema`] compiles it: its schema and data-values files, and its validations lowered.
///
/// # Errors
/// The run's error (after `ytt: Error: `): a file that cannot be read or is not YAML, ytt's
/// errors for the schema and its validations, validgen's refusals; and validgen's own when no
/// file has a `#@data/values-schema` document or a file's name holds `=` (a compiled schema
/// names its files `name=name`).
pub fn compilable(
    args: &[String],
    files: &dyn Files,
    seed_extensions: bool,
) -> Result<Compilable, Stop> {
    let invocation = Invocation {
        files: args.to_vec(),
        schema_inspect: true,
        seed_extensions,
        ..Invocation::default()
    };
    let inputs = read_inputs(&invocation, files)?;
    let Some((schema, _)) = inputs.schema() else {
        return Err(Stop::Refused(format!(
            "validgen: no data-values schema (`#@data/values-schema`) in {}\n",
            args.join(", ")
        )));
    };
    let checks = schema_checks(schema).map_err(|e| Stop::Refused(format!("{:?}\n", e.error)))?;
    let kept: Vec<(String, String)> = inputs
        .files
        .iter()
        .filter(|f| has_document(f, "data/values-schema") || has_document(f, "data/values"))
        .map(|f| (f.name.clone(), f.text.clone()))
        .collect();
    if let Some((name, _)) = kept.iter().find(|(name, _)| name.contains('=')) {
        return Err(Stop::Refused(format!(
            "validgen: a compiled schema's file name cannot hold `=`: {name}\n"
        )));
    }
    Ok(Compilable {
        files: kept,
        rules: rule_set(checks, Vec::new()),
    })
}
