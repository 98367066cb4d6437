//! One ytt run over data values, as `ytt` 0.48.0 does it for `--data-values-inspect` and
//! `--data-values-schema-inspect -o openapi-v3` (`pkg/workspace/library_execution.go`): read
//! the files, type the schema, compute the final data values, run the validations through the
//! rule core, and print what ytt prints (or ytt's error) with ytt's exit code. `validgen ytt`
//! is this with ytt's flags.

use super::annotations;
use super::data::{key_text, to_json};
use super::export::openapi_v3;
use super::lower::{LowerError, assert_checks, rule_set, schema_checks};
use super::schema::{self, BuildError, Schema};
use super::starlark::{ArgumentsError, refuse_code};
use super::validation::ValidationError;
use super::values::multiline::multi_line;
use super::values::{self, DataValues, SchemaFile, SourceKind, Step};
use super::yaml::{DocumentSet, Pos, parse, print};
use crate::interpret::{Explain, evaluate_document};
use crate::model::Plain;

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

/// A file read: its name, text and documents.
struct Loaded {
    name: String,
    text: String,
    documents: DocumentSet,
}

/// Runs `invocation`, reading files with `read` (a file's name to its text, or an error
/// text).
pub fn run(invocation: &Invocation, read: &dyn Fn(&str) -> Result<String, String>) -> Outcome {
    match run_checked(invocation, read) {
        Ok(stdout) => Outcome {
            exit_code: 0,
            stdout,
            stderr: String::new(),
        },
        Err(text) => Outcome {
            exit_code: 1,
            stdout: String::new(),
            stderr: format!("ytt: Error: {text}"),
        },
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
    let mut files = Vec::new();
    for name in &invocation.files {
        if name.ends_with(".star") {
            return Err(refusal(name, 1, "a Starlark module (.star file)"));
        }
        let loaded = load(name, read)?;
        refuse_code_lines(&loaded)?;
        files.push(loaded);
    }
    let (schema_files, values_files): (Vec<&Loaded>, Vec<&Loaded>) = files
        .iter()
        .partition(|f| has_document(f, "data/values-schema"));
    let values_files: Vec<&Loaded> = values_files
        .into_iter()
        .filter(|f| has_document(f, "data/values"))
        .collect();
    let schema = match schema_files.as_slice() {
        [] => None,
        [file] => Some((load_schema(file)?, *file)),
        [_, second, ..] => {
            return Err(refusal(
                &second.name,
                1,
                "a second data-values schema file (validgen reads one schema file)",
            ));
        }
    };
    if invocation.schema_inspect {
        let Some((schema, _)) = &schema else {
            return Err("validgen: no data-values schema to export\n".to_owned());
        };
        return Ok(print(&openapi_v3(schema)));
    }
    let mut plain = Vec::new();
    for name in &invocation.data_values_files {
        plain.push(load(name, read)?);
    }
    let sources: Vec<values::Source<'_>> = values_files
        .iter()
        .map(|f| source(f, SourceKind::Overlay))
        .chain(plain.iter().map(|f| source(f, SourceKind::PlainFile)))
        .collect();
    let schema_file = schema.as_ref().map(|(schema, file)| SchemaFile {
        schema,
        text: &file.text,
    });
    // ytt prints an error's text and a line break.
    let data = values::final_values(schema_file.as_ref(), &sources).map_err(|e| e + "\n")?;
    if !invocation.disable_validation {
        validate(schema.as_ref().map(|(s, _)| s), &data)?;
    }
    Ok(if invocation.data_values_inspect {
        print(&data.document.value)
    } else {
        String::new()
    })
}

/// Whether ytt 0.48 knows `output` as a format (`-o yaml|json|pos`) or schema type.
fn is_format(output: &str) -> bool {
    matches!(output, "yaml" | "json" | "pos" | "openapi-v3")
}

fn load(name: &str, read: &dyn Fn(&str) -> Result<String, String>) -> Result<Loaded, String> {
    let text = read(name)?;
    let documents = parse(&text, name).map_err(|e| format!("{e}\n"))?;
    Ok(Loaded {
        name: name.to_owned(),
        text,
        documents,
    })
}

fn source(file: &Loaded, kind: SourceKind) -> values::Source<'_> {
    values::Source {
        name: &file.name,
        text: &file.text,
        documents: &file.documents,
        kind,
    }
}

/// Whether a document of `file` carries the annotation `name` (`data/values-schema`).
fn has_document(file: &Loaded, name: &str) -> bool {
    file.documents.documents.iter().any(|d| {
        annotations::annotations(&d.comments)
            .iter()
            .any(|a| a.name == name)
    })
}

/// Template code (`#@ load(...)`, `#@ def`) is beyond what validgen compiles: refused, named.
fn refuse_code_lines(file: &Loaded) -> Result<(), String> {
    match annotations::all(&file.documents)
        .into_iter()
        .find(|a| a.name.is_empty())
    {
        Some(code) => Err(refusal(
            &file.name,
            code.pos.line,
            &refuse_code(&code.args).message,
        )),
        None => Ok(()),
    }
}

/// The schema of `file` with its validations checked, or ytt's error.
fn load_schema(file: &Loaded) -> Result<Schema, String> {
    let header = format!(
        "Overlaying data values schema (in following order: {}):",
        file.name
    );
    let schema = schema::build(&file.documents, &file.text).map_err(|e| match e {
        BuildError::Arguments { annotation, error } => {
            templating(&header, file, &annotation.pos, &error)
        }
        BuildError::Report(text) => format!("{header} {text}\n"),
        BuildError::Message(text) => format!("{}\n", multi_line(&format!("{header} {text}"))),
    })?;
    schema_checks(&schema).map_err(|e| lower_error(&header, file, &e))?;
    Ok(schema)
}

fn lower_error(header: &str, file: &Loaded, e: &LowerError) -> String {
    match &e.error {
        ValidationError::Invalid(line) => format!("{header}\n  {line}\n"),
        ValidationError::Starlark(error) => templating(header, file, &e.annotation.pos, error),
    }
}

/// ytt's `Templating file` error: an annotation whose Starlark does not compile.
fn templating(header: &str, file: &Loaded, pos: &Pos, error: &ArgumentsError) -> String {
    let line = file
        .text
        .split('\n')
        .nth(pos.line.saturating_sub(1))
        .unwrap_or_default();
    format!(
        "{header}\n  Templating file '{}': \n- {}\n    {pos} | {line}\n",
        file.name,
        error.ytt_message()
    )
}

/// The validations of the schema and of the data values' `@assert/validate`s, run by the rule
/// core on the final data values: ytt's report when any fails.
fn validate(schema: Option<&Schema>, data: &DataValues) -> Result<(), String> {
    let header = "Validating final data values:";
    let asserts: Vec<(String, annotations::Annotation)> = data
        .assertions
        .iter()
        .map(|a| (pointer(&a.path), a.annotation.clone()))
        .collect();
    let value = &data.document.value;
    let assert_checks = assert_checks(&asserts, value).map_err(|e| match e.error {
        ValidationError::Invalid(line) => format!("{header}\n{line}\n"),
        ValidationError::Starlark(error) => format!("{header}\n{}\n", error.ytt_message()),
    })?;
    let schema_checks = match schema {
        // Checked when the schema was read.
        Some(schema) => schema_checks(schema).map_err(|e| format!("{header}\n{:?}\n", e.error))?,
        None => Vec::new(),
    };
    let rules = rule_set(schema_checks, assert_checks);
    let json = to_json(value);
    let found = evaluate_document(&rules, &Plain::new(&json), Explain::Failures);
    match super::report::report(&found.violations, value, &data.document.pos) {
        Some(text) => Err(text),
        None => Ok(()),
    }
}

/// A path into the data values as a JSON Pointer (RFC 6901).
fn pointer(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        out.push('/');
        match step {
            Step::Key(key) => out.push_str(&key_text(key).replace('~', "~0").replace('/', "~1")),
            Step::Index(i) => out.push_str(&i.to_string()),
        }
    }
    out
}

/// validgen's own refusal of Starlark beyond annotations with simple lambdas.
fn refusal(file: &str, line: usize, construct: &str) -> String {
    format!(
        "{file}:{line}: unsupported: {construct}: validgen compiles data-values schemas whose annotations use literals and simple lambdas only\n"
    )
}
