//! One ytt run over data values, as `ytt` 0.48.0 does it for `--data-values-inspect` and
//! `--data-values-schema-inspect -o openapi-v3`: read the files, type the schema, merge and
//! check the data values, run the validations, and print what ytt prints (or ytt's error),
//! with ytt's exit code. `validgen ytt` is this with ytt's flags.

use std::fmt::Write as _;

use super::annotations::{self, Annotation};
use super::starlark::evaluate_arguments;
use super::yaml::{DocumentSet, parse};

/// What to do, as ytt's flags say it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Invocation {
    /// `-f`: schema, data-values and template files, in order.
    pub files: Vec<String>,
    /// `--data-values-file`: plain YAML data values, in order (later ones win).
    pub data_values_files: Vec<String>,
    /// `--data-values-inspect`: print the final data values.
    pub data_values_inspect: bool,
    /// `--data-values-schema-inspect`: print the schema (with `-o openapi-v3`).
    pub schema_inspect: bool,
    /// `-o`/`--output`: the output type.
    pub output: Option<String>,
    /// `--dangerous-data-values-disable-validation`: skip the validations.
    pub disable_validation: bool,
}

/// What a run printed and its exit code.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    /// 0: success; 1: any error (as ytt).
    pub exit_code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Outcome {
    fn ok(stdout: String) -> Self {
        Outcome {
            exit_code: 0,
            stdout,
            stderr: String::new(),
        }
    }

    fn error(text: &str) -> Self {
        Outcome {
            exit_code: 1,
            stdout: String::new(),
            stderr: format!("ytt: Error: {text}"),
        }
    }
}

/// A file read: its name, text and documents.
struct Source {
    name: String,
    text: String,
    documents: DocumentSet,
}

/// Runs `invocation`, reading files with `read` (a file's name to its text, or an error
/// text).
pub fn run(invocation: &Invocation, read: &dyn Fn(&str) -> Result<String, String>) -> Outcome {
    match run_checked(invocation, read) {
        Ok(stdout) => Outcome::ok(stdout),
        Err(text) => Outcome::error(&text),
    }
}

fn run_checked(
    invocation: &Invocation,
    read: &dyn Fn(&str) -> Result<String, String>,
) -> Result<String, String> {
    if invocation.schema_inspect && invocation.output.as_deref() != Some("openapi-v3") {
        if let Some(other) = invocation.output.as_deref().filter(|o| !is_format(o)) {
            return Err(format!("Unknown output type '{other}'\n"));
        }
        return Err("Data values schema export only supported in OpenAPI v3 format; specify format with --output=openapi-v3 flag\n".to_owned());
    }
    let mut templates = Vec::new();
    for name in &invocation.files {
        if name.ends_with(".star") {
            return Err(refusal(name, 1, "a Starlark module (.star file)"));
        }
        templates.push(load(name, read)?);
    }
    for source in &templates {
        templating(source)?;
    }
    let _ = &invocation.data_values_files;
    Err("data values are not computed yet\n".to_owned())
}

/// Whether ytt 0.48 knows `output` as a format (`-o yaml|json|pos`) or schema type.
fn is_format(output: &str) -> bool {
    matches!(output, "yaml" | "json" | "pos" | "openapi-v3")
}

fn load(name: &str, read: &dyn Fn(&str) -> Result<String, String>) -> Result<Source, String> {
    let text = read(name)?;
    let documents = parse(&text, name).map_err(|e| format!("{e}\n"))?;
    Ok(Source {
        name: name.to_owned(),
        text,
        documents,
    })
}

/// ytt compiles every `#@` annotation of a template before anything else: the first whose
/// arguments do not evaluate is a `Templating file` error; code (`#@ load(...)`, `#@ def`) is
/// beyond what validgen compiles.
fn templating(source: &Source) -> Result<(), String> {
    for annotation in annotations::all(&source.documents) {
        if annotation.name.is_empty() {
            return Err(refusal(
                &source.name,
                annotation.pos.line,
                &format!("Starlark code `#@ {}`", annotation.args),
            ));
        }
        if let Err(e) = evaluate_arguments(&annotation.args) {
            return Err(templating_error(source, &annotation, &e.message));
        }
    }
    Ok(())
}

/// ytt's `Templating file` error of an annotation, under the schema's header.
fn templating_error(source: &Source, annotation: &Annotation, message: &str) -> String {
    let line = source
        .text
        .lines()
        .nth(annotation.pos.line.saturating_sub(1))
        .unwrap_or_default();
    let mut text = format!(
        "Overlaying data values schema (in following order: {}):\n",
        source.name
    );
    let _ = write!(
        text,
        "  Templating file '{}': \n- {message}\n    {} | {line}\n",
        source.name, annotation.pos
    );
    text
}

/// validgen's own refusal of Starlark beyond annotations with simple lambdas.
fn refusal(file: &str, line: usize, construct: &str) -> String {
    format!(
        "{file}:{line}: unsupported: {construct}: validgen compiles data-values schemas whose annotations use literals and simple lambdas only\n"
    )
}
