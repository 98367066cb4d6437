//! One ytt run over data values, as `ytt` 0.48.0 does it for `--data-values-inspect` and
//! `--data-values-schema-inspect -o openapi-v3` (`pkg/workspace/library_execution.go`): read
//! the files, type the schema, compute the final data values, run the validations through the
//! rule core, and print what ytt prints (or ytt's error) with ytt's exit code. `validgen ytt`
//! is this with ytt's flags. The stages (`read_inputs`, `evaluate`) stop with a [`Stop`]
//! that keeps its kind (and a failed validation its [`Violation`]s), so that
//! [`super::check::judge`] reads the same run's verdict as data.

use super::annotations;
use super::code::{self, refusal};
use super::data::{key_text, locate, to_json};
use super::export::openapi_v3;
use super::files::{Files, Input, expand};
use super::kv::{KeyValue, environment, key_values, library_reference};
use super::lower::{LowerError, assert_checks, rule_set, schema_checks};
use super::map_keys;
use super::schema::{self, BuildError, Schema};
use super::starlark::ArgumentsError;
use super::validation::ValidationError;
use super::values::multiline::multi_line;
use super::values::{self, DataValues, SchemaFile, SourceKind, Step};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::Plain;
use validgen_gotext::yaml::{DocumentSet, Pos, parse, print};

/// What to do, as ytt's flags say it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Invocation {
    /// `-f`: schema, data-values and template files, in order.
    pub files: Vec<String>,
    /// `--data-values-file`: plain YAML data values, in order (later ones win).
    pub data_values_files: Vec<String>,
    /// `-v`/`--data-value`: `key.path=value`, the value a string (in order; before every
    /// `--data-value-yaml`, as ytt applies them).
    pub data_values: Vec<String>,
    /// `--data-value-yaml`: `key.path=value`, the value read as YAML (in order).
    pub data_values_yaml: Vec<String>,
    /// `--data-value-file`: `key.path=path`, the value the file's text (in order; after every
    /// `-v` and `--data-value-yaml`).
    pub data_value_files: Vec<String>,
    /// `--data-values-env`: prefixes of environment variables whose values (strings) set data
    /// values (`PREFIX_a__b=1` sets `a.b`; before every `-v`).
    pub data_values_env: Vec<String>,
    /// `--data-values-env-yaml`: the same, the values read as YAML (after every
    /// `--data-values-env`).
    pub data_values_env_yaml: Vec<String>,
    /// The environment the `--data-values-env` prefixes read, in the process's order.
    pub environment: Vec<(String, String)>,
    /// `--data-values-inspect`: print the final data values.
    pub data_values_inspect: bool,
    /// `--data-values-schema-inspect`: print the schema (with `-o openapi-v3`).
    pub schema_inspect: bool,
    /// `-o`/`--output`: the output type.
    pub output: Option<String>,
    /// `--dangerous-data-values-disable-validation`: skip the validations.
    pub disable_validation: bool,
    /// Accept the seed proposals' rules ytt never shipped (`format=`, `regexp=`, `prefix=`,
    /// `unique=`; ytt itself refuses them as unknown keyword arguments).
    pub seed_extensions: bool,
    /// Name each file by the path given rather than as ytt names it (validgen's own reports:
    /// `validate --ytt-schema`).
    pub names_as_given: bool,
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

/// Why a run stops short of its output, by stage: `run` prints each as ytt does (`ytt:
/// Error: ` and the text, exit code 1); [`super::check::judge`] tells them apart.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// Bad flags, a file that cannot be read or is not YAML, or a data-values file that is not
    /// plain YAML.
    Input(String),
    /// A schema that does not build (ytt's error) or that validgen refuses (`.star`
    /// modules, template code, a second schema file), or a validation annotation that does
    /// not read.
    Refused(String),
    /// The data values do not type against the schema (ytt's `One or more data values were
    /// invalid` report) or do not merge (an overlay error).
    Values(String),
    /// Validations failed: ytt's report, and each violation (in the report's order).
    Invalid {
        /// ytt's text (`Validating final data values:` ...).
        text: String,
        /// The violations.
        violations: Vec<Violation>,
    },
}

impl Stop {
    /// The text ytt prints after `ytt: Error: `.
    pub fn text(&self) -> &str {
        match self {
            Stop::Input(t) | Stop::Refused(t) | Stop::Values(t) => t,
            Stop::Invalid { text, .. } => text,
        }
    }
}

/// What a [`Violation`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViolationKind {
    /// A validation failed (`Validating final data values:`).
    Validation,
    /// A data value of the wrong type, or not declared in the schema (`One or more data values
    /// were invalid`).
    Type,
    /// A data value that does not merge (`Expected map, but was string`).
    Overlay,
}

/// One failed validation of the final data values, as ytt's report gives it; or a type or
/// overlay error of a data value, as [`super::check::judge`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// What failed.
    pub kind: ViolationKind,
    /// The node as ytt prints it (`ports[0].name`; `(document)` for the document).
    pub path: String,
    /// Where its value was written (`from:`).
    pub pos: Pos,
    /// The rule (`must be:` text); empty for a `when=` that failed to run.
    pub expected: String,
    /// The `found:` text (empty when ytt prints none); for a `when=`, its error.
    pub found: String,
    /// The validation's annotation (`by:`), or the schema node that declared the type, as
    /// ytt prints it (`schema.yml:3`); empty when none.
    pub by: String,
    /// ytt's other lines about it: a type error's description (`Given data value is not
    /// declared in schema`) and hints, an overlay error's message; for a `when=` that failed
    /// to run, a line saying so.
    pub notes: Vec<String>,
}

/// The files of a run, read and sorted: the schema (typed from its files), the `-f` data
/// values and the `--data-values-file`s.
pub(crate) struct Inputs {
    /// The `-f` YAML templates, in ytt's order ([`super::files::expand`]).
    pub(crate) files: Vec<Loaded>,
    /// The schema, and the indices in `files` of its files.
    pub(crate) schema: Option<(Schema, Vec<usize>)>,
    /// The `--data-values-file`s, in order.
    pub(crate) plain: Vec<Loaded>,
    /// The `-v`, `--data-value-yaml` and `--data-value-file` overlays, in ytt's order.
    pub(crate) key_values: Vec<KeyValue>,
}

/// A file read: its path, its name as ytt prints it, text and documents.
pub(crate) struct Loaded {
    /// Where it was read (validgen's own refusals name it so).
    pub(crate) path: String,
    /// Its name as ytt prints it ([`Input::name`]).
    pub(crate) name: String,
    /// Its text.
    pub(crate) text: String,
    /// Its documents.
    pub(crate) documents: DocumentSet,
}

/// Runs `invocation`, reading files with `read` (a file's name to its text, or an error
/// text).
pub fn run(invocation: &Invocation, read: &dyn Fn(&str) -> Result<String, String>) -> Outcome {
    run_with(invocation, &read, None)
}

/// The validator of a schema's validations generated by `validgen-codegen`, on the final data
/// values as JSON.
pub type CompiledValidations =
    fn(&serde_json::Value, Explain) -> validgen_core::interpret::DocumentReport;

/// [`run`] on `files` (which may hold folders), the schema's validations run by `compiled`
/// when given (the data values' `@assert/validate`s, known only at run time, by the
/// interpreter).
pub fn run_with(
    invocation: &Invocation,
    files: &dyn Files,
    compiled: Option<CompiledValidations>,
) -> Outcome {
    let done = check_flags(invocation)
        .and_then(|()| read_inputs(invocation, files))
        .and_then(|inputs| evaluate_with(invocation, &inputs, &inputs.plain, compiled));
    outcome(done)
}

/// What ytt prints for a run's result, and its exit code.
pub(crate) fn outcome(done: Result<String, Stop>) -> Outcome {
    match done {
        Ok(stdout) => Outcome {
            exit_code: 0,
            stdout,
            stderr: String::new(),
        },
        Err(stop) => Outcome {
            exit_code: 1,
            stdout: String::new(),
            stderr: format!("ytt: Error: {}", stop.text()),
        },
    }
}

/// ytt's refusal of `--data-values-schema-inspect` without `-o openapi-v3`.
fn check_flags(invocation: &Invocation) -> Result<(), Stop> {
    if invocation.schema_inspect && invocation.output.as_deref() != Some("openapi-v3") {
        if let Some(other) = invocation.output.as_deref().filter(|o| !is_format(o)) {
            return Err(Stop::Input(format!("Unknown output type '{other}'\n")));
        }
        return Err(Stop::Input("Data values schema export only supported in OpenAPI v3 format; specify format with --output=openapi-v3 flag\n".to_owned()));
    }
    Ok(())
}

/// Reads the `-f` files (the YAML templates among them: ytt reads no other file for data
/// values) and types the schema from every file with a `#@data/values-schema` document; the
/// `--data-values-file`s are read unless the run only exports the schema.
pub(crate) fn read_inputs(invocation: &Invocation, files: &dyn Files) -> Result<Inputs, Stop> {
    let mut texts = Vec::new();
    let mut stars = Vec::new();
    for input in expand(&invocation.files, files, invocation.names_as_given).map_err(Stop::Input)? {
        // A `.star` file is read only when a file loads it (ytt 0.48 evaluates none on its
        // own).
        if input.is_starlark() {
            stars.push(input);
            continue;
        }
        if input.is_yaml_template() {
            let text = files.read(&input.path).map_err(Stop::Input)?;
            texts.push((input, text));
        }
    }
    // ytt reads the data-values flags (their files, variables and values) before it parses
    // any template (`pkg/cmd/template/cmd.go`: `DataValuesFlags.AsOverlays` first).
    let (plain, key_values) = if invocation.schema_inspect {
        (Vec::new(), Vec::new())
    } else {
        flag_values(invocation, files)?
    };
    let mut templates = Vec::new();
    for (input, text) in texts {
        templates.push(parsed(&input, text, Reading::Template)?);
    }
    let schema_files: Vec<usize> = (0..templates.len())
        .filter(|&i| {
            templates
                .get(i)
                .is_some_and(|f| has_document(f, "data/values-schema"))
        })
        .collect();
    // Only the schema and data-values files are evaluated before the data values are
    // (`--data-values-inspect` stops there); their code is what validgen must read.
    let star = |name: &str| {
        let input = stars.iter().find(|s| s.name == name)?;
        files.read(&input.path).ok()
    };
    let schema_names: Vec<String> = schema_files
        .iter()
        .filter_map(|&j| templates.get(j).map(|f| f.name.clone()))
        .collect();
    for file in templates
        .iter_mut()
        .filter(|f| has_document(f, "data/values-schema") || has_document(f, "data/values"))
    {
        let schema = has_document(file, "data/values-schema");
        if let Some((_, text)) = code::apply(file, &star, schema).into_iter().next() {
            return Err(Stop::Refused(if text.starts_with("  Templating file") {
                format!(
                    "Overlaying data values schema (in following order: {}):\n{text}",
                    schema_names.join(", ")
                )
            } else {
                text
            }));
        }
    }
    // Each template's repeated keys (ytt evaluates the schema files first, then, after the
    // flags' files, the data-values files).
    for (n, &i) in schema_files.iter().enumerate() {
        if let Some(file) = templates.get_mut(i) {
            repeated_keys(file, n).map_err(|text| {
                let names: Vec<&str> = schema_files
                    .iter()
                    .filter_map(|&j| templates.get(j).map(|f| f.name.as_str()))
                    .collect();
                Stop::Refused(format!(
                    "Overlaying data values schema (in following order: {}):\n{text}",
                    names.join(", ")
                ))
            })?;
        }
    }
    let schema = if schema_files.is_empty() {
        None
    } else {
        let loaded: Vec<&Loaded> = schema_files
            .iter()
            .filter_map(|&i| templates.get(i))
            .collect();
        let schema = load_schema(&loaded, invocation.seed_extensions).map_err(Stop::Refused)?;
        Some((schema, schema_files.clone()))
    };
    let values_files: Vec<usize> = (0..templates.len())
        .filter(|i| !schema_files.contains(i))
        .filter(|&i| {
            templates
                .get(i)
                .is_some_and(|f| has_document(f, "data/values"))
        })
        .collect();
    let mut names: Vec<&str> = values_files
        .iter()
        .filter_map(|&j| templates.get(j).map(|f| f.name.as_str()))
        .collect();
    if !plain.is_empty() || !key_values.is_empty() {
        names.push("additional data values");
    }
    let header = format!(
        "Overlaying data values (in following order: {}):",
        names.join(", ")
    );
    for (n, &i) in values_files.iter().enumerate() {
        let Some(file) = templates.get_mut(i) else {
            continue;
        };
        repeated_keys(file, schema_files.len() + n)
            .map_err(|text| Stop::Values(format!("{header}\n{text}")))?;
        // ytt evaluates the file's `@overlay/...` arguments when it templates the file
        // (`overlay` only where the file loads `@ytt:overlay`).
        if let Err(BuildError::Arguments { annotation, error }) =
            schema::overlay_arguments(&file.documents)
        {
            return Err(Stop::Values(templating(
                &header,
                &[&*file],
                &annotation.pos,
                &error,
            )));
        }
    }
    Ok(Inputs {
        files: templates,
        schema,
        plain,
        key_values,
    })
}

/// Applies ytt's rule on repeated map keys to `file`, the `compiled`-th template ytt compiles
/// in the run (from 0: schema files, then data-values files); else ytt's `Templating file`
/// error, whose function name counts the templates compiled (`__ytt_tpl2_...` for the first:
/// ytt 0.48 `pkg/template/instructions.go`, a process-wide counter from 1, incremented
/// before each).
pub(crate) fn repeated_keys(file: &mut Loaded, compiled: usize) -> Result<(), String> {
    map_keys::apply(&mut file.documents).map_err(|r| {
        let line = file
            .text
            .split('\n')
            .nth(r.pos.line.saturating_sub(1))
            .unwrap_or_default();
        format!(
            "  Templating file '{}': \n- __ytt_tpl{}_start_node: {}\n    in <toplevel>\n      {} | {line}\n",
            file.name,
            compiled + 2,
            r.message,
            r.pos
        )
    })
}

/// The schema of the `-f` files of `invocation` (several schema files overlaid in order), as
/// a run reads it; `None` when no file has a `#@data/values-schema` document.
///
/// # Errors
/// The run's error (after `ytt: Error: `): a file that cannot be read or is not YAML, ytt's
/// schema errors, validgen's refusals.
pub fn schema_of(invocation: &Invocation, files: &dyn Files) -> Result<Option<Schema>, Stop> {
    let schema_only = Invocation {
        schema_inspect: true,
        ..invocation.clone()
    };
    Ok(read_inputs(&schema_only, files)?
        .schema
        .map(|(schema, _)| schema))
}

impl Inputs {
    /// The schema and its files.
    pub(crate) fn schema(&self) -> Option<(&Schema, Vec<&Loaded>)> {
        let (schema, at) = self.schema.as_ref()?;
        Some((
            schema,
            at.iter().filter_map(|&i| self.files.get(i)).collect(),
        ))
    }
}

/// The rest of a run on its inputs: the schema exported, or the final data values computed,
/// validated and (if asked) printed.
pub(crate) fn evaluate(invocation: &Invocation, inputs: &Inputs) -> Result<String, Stop> {
    evaluate_with(invocation, inputs, &inputs.plain, None)
}

/// [`evaluate`] with `plain` as the `--data-values-file`s (a compiled schema keeps its
/// `inputs` read once, [`super::compiled`]), the schema's validations run by `compiled` when
/// given.
pub(crate) fn evaluate_with(
    invocation: &Invocation,
    inputs: &Inputs,
    plain: &[Loaded],
    compiled: Option<CompiledValidations>,
) -> Result<String, Stop> {
    let schema = inputs.schema();
    if invocation.schema_inspect {
        let Some((schema, _)) = schema else {
            return Err(Stop::Refused(
                "validgen: no data-values schema to export\n".to_owned(),
            ));
        };
        return Ok(print(&openapi_v3(schema)));
    }
    let sources: Vec<values::Source<'_>> = inputs
        .files
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            inputs.schema.as_ref().is_none_or(|(_, s)| !s.contains(i))
                && has_document(f, "data/values")
        })
        .map(|(_, f)| source(f, SourceKind::Overlay))
        .chain(plain.iter().map(|f| source(f, SourceKind::PlainFile)))
        .chain(inputs.key_values.iter().map(|kv| values::Source {
            name: &kv.name,
            text: &kv.text,
            documents: &kv.documents,
            kind: if kv.whole {
                SourceKind::KeyValueFile
            } else {
                SourceKind::KeyValue
            },
        }))
        .collect();
    let schema_file = schema.as_ref().map(|(schema, files)| SchemaFile {
        schema,
        texts: files
            .iter()
            .map(|f| (f.name.as_str(), f.text.as_str()))
            .collect(),
    });
    // ytt prints an error's text and a line break.
    let data = values::final_values(schema_file.as_ref(), &sources).map_err(|e| {
        if is_plain_refusal(&e) {
            Stop::Input(e + "\n")
        } else {
            Stop::Values(e + "\n")
        }
    })?;
    // `@schema/removed` (a seed extension) stops the run before the validations, even when
    // they are disabled: it is about the schema, not a validation.
    if let Some((schema, files)) = &schema {
        let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
        let removed = super::removed::violations(
            &schema.root,
            &names,
            &data.document.value,
            &data.document.pos,
        );
        if !removed.is_empty() {
            return Err(Stop::Invalid {
                text: super::removed::report(&removed),
                violations: removed,
            });
        }
    }
    if !invocation.disable_validation {
        let seed = invocation.seed_extensions;
        validate(schema.map(|(s, _)| s), &data, compiled, seed)?;
    }
    Ok(if invocation.data_values_inspect {
        print(&data.document.value)
    } else {
        String::new()
    })
}

/// The `--data-values-file`s (plain YAML) and the overlays of the other data-values flags, in
/// ytt's order: files, then environment variables, then key-values.
fn flag_values(
    invocation: &Invocation,
    files: &dyn Files,
) -> Result<(Vec<Loaded>, Vec<KeyValue>), Stop> {
    if let Some(arg) = invocation
        .data_values_files
        .iter()
        .find(|a| a.starts_with('@'))
    {
        return Err(Stop::Input(library_reference(
            &format!("--data-values-file {arg}"),
            arg,
        )));
    }
    let mut plain = Vec::new();
    for input in expand(
        &invocation.data_values_files,
        files,
        invocation.names_as_given,
    )
    .map_err(Stop::Input)?
    {
        // ytt ignores a folder's other files (docs...), not a file named by its argument.
        if input.implied && !input.is_yaml() {
            continue;
        }
        let text = files.read(&input.path).map_err(Stop::Input)?;
        plain.push(parsed(&input, text, Reading::DataValuesFile)?);
    }
    let mut all = environment(
        &invocation.data_values_env,
        &invocation.data_values_env_yaml,
        &invocation.environment,
    )
    .map_err(Stop::Input)?;
    all.extend(
        key_values(
            &invocation.data_values,
            &invocation.data_values_yaml,
            &invocation.data_value_files,
            files,
        )
        .map_err(Stop::Input)?,
    );
    Ok((plain, all))
}

/// Whether a data-values error is a `--data-values-file` with templating (not plain YAML),
/// which no merge is about (ytt 0.48 `pkg/cmd/template/data_values_flags.go`).
fn is_plain_refusal(error: &str) -> bool {
    error.starts_with("Extracting data value from file:")
}

/// Whether ytt 0.48 knows `output` as a format (`-o yaml|json|pos`) or schema type.
fn is_format(output: &str) -> bool {
    matches!(output, "yaml" | "json" | "pos" | "openapi-v3")
}

/// What a YAML file is to ytt, which names it so in a YAML error.
#[derive(Clone, Copy)]
enum Reading {
    /// A `-f` file.
    Template,
    /// A `--data-values-file`.
    DataValuesFile,
}

/// Reads and parses `input`, named as ytt names it.
pub(crate) fn load(input: &Input, files: &dyn Files) -> Result<Loaded, Stop> {
    let text = files.read(&input.path).map_err(Stop::Input)?;
    parsed(input, text, Reading::Template)
}

/// Parses `text`, the file `input` is (a `source` file to ytt); a YAML error is ytt's
/// (`Unmarshaling YAML template 'x.yml': yaml: line 2: ...`, as `pkg/workspace/template_loader.go`
/// and `pkg/cmd/template/data_values_flags.go` word it) when it is go-yaml's.
fn parsed(input: &Input, text: String, source: Reading) -> Result<Loaded, Stop> {
    let documents = parse(&text, &input.name).map_err(|e| {
        let text = match (e.go_yaml, source) {
            (false, _) => format!("{e}"),
            (true, Reading::Template) => multi_line(&format!(
                "Unmarshaling YAML template '{}': {}",
                input.name, e.message
            )),
            (true, Reading::DataValuesFile) => multi_line(&format!(
                "Extracting data value from file: Unmarshaling YAML data values file '{}': {}",
                input.name, e.message
            )),
        };
        Stop::Input(text + "\n")
    })?;
    Ok(Loaded {
        path: input.path.clone(),
        name: input.name.clone(),
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
pub(crate) fn has_document(file: &Loaded, name: &str) -> bool {
    file.documents.documents.iter().any(|d| {
        annotations::annotations(&d.comments)
            .iter()
            .any(|a| a.name == name)
    })
}

/// The schema of the schema files `files` (in ytt's order) with its validations checked, or
/// ytt's error.
fn load_schema(files: &[&Loaded], seed_extensions: bool) -> Result<Schema, String> {
    let sets: Vec<(&DocumentSet, &str)> = files
        .iter()
        .map(|f| (&f.documents, f.text.as_str()))
        .collect();
    let schema = schema::build_files(&sets, seed_extensions).map_err(|e| schema_error(files, e))?;
    schema_checks(&schema).map_err(|e| lower_error(&schema_header(files), files, &e))?;
    Ok(schema)
}

/// ytt's header of a schema error, naming the schema files in order.
fn schema_header(files: &[&Loaded]) -> String {
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    format!(
        "Overlaying data values schema (in following order: {}):",
        names.join(", ")
    )
}

/// ytt's text (after `ytt: Error: `) for an error of the schema read from `files`.
pub(crate) fn schema_error(files: &[&Loaded], e: BuildError) -> String {
    let header = schema_header(files);
    match e {
        BuildError::Arguments { annotation, error } => {
            templating(&header, files, &annotation.pos, &error)
        }
        BuildError::Report(text) => format!("{header} {text}\n"),
        BuildError::Message(text) => format!("{}\n", multi_line(&format!("{header} {text}"))),
        BuildError::Unsupported { pos, construct } => refusal(&pos.file, pos.line, &construct),
    }
}

fn lower_error(header: &str, files: &[&Loaded], e: &LowerError) -> String {
    match &e.error {
        ValidationError::Invalid(line) => format!("{header}\n  {line}\n"),
        ValidationError::Starlark(error) => templating(header, files, &e.annotation.pos, error),
    }
}

/// ytt's `Templating file` error: an annotation (at `pos`, in one of `files`) whose Starlark
/// does not compile.
fn templating(header: &str, files: &[&Loaded], pos: &Pos, error: &ArgumentsError) -> String {
    let line = files
        .iter()
        .find(|f| f.name == *pos.file)
        .and_then(|f| f.text.split('\n').nth(pos.line.saturating_sub(1)))
        .unwrap_or_default();
    format!(
        "{header}\n  Templating file '{}': \n- {}\n    {pos} | {line}\n",
        pos.file,
        error.ytt_message()
    )
}

/// The validations of the schema and of the data values' `@assert/validate`s, run by the rule
/// core on the final data values: ytt's report and the violations when any fails.
fn validate(
    schema: Option<&Schema>,
    data: &DataValues,
    compiled: Option<CompiledValidations>,
    seed: bool,
) -> Result<(), Stop> {
    let header = "Validating final data values:";
    let asserts: Vec<(String, annotations::Annotation)> = data
        .assertions
        .iter()
        .map(|a| (pointer(&a.path), a.annotation.clone()))
        .collect();
    let value = &data.document.value;
    let assert_checks = assert_checks(&asserts, value, seed).map_err(|e| {
        Stop::Refused(match e.error {
            ValidationError::Invalid(line) => format!("{header}\n{line}\n"),
            ValidationError::Starlark(error) => format!("{header}\n{}\n", error.ytt_message()),
        })
    })?;
    let json = to_json(value);
    let found = match compiled {
        // The schema's validations are compiled: not lowered again.
        Some(validate) => {
            let mut found = validate(&json, Explain::Failures).violations;
            let rules = rule_set(Vec::new(), assert_checks);
            found.extend(
                evaluate_document(&rules, &Plain::new(&json), Explain::Failures).violations,
            );
            found
        }
        None => {
            let schema_checks = match schema {
                // Checked when the schema was read.
                Some(schema) => schema_checks(schema)
                    .map_err(|e| Stop::Refused(format!("{header}\n{:?}\n", e.error)))?,
                None => Vec::new(),
            };
            let rules = rule_set(schema_checks, assert_checks);
            evaluate_document(&rules, &Plain::new(&json), Explain::Failures).violations
        }
    };
    match super::report::report(&found, value, &data.document.pos) {
        Some(text) => Err(Stop::Invalid {
            text,
            violations: violations(&found, data),
        }),
        None => Ok(()),
    }
}

/// The rule core's violations located in the data values, in the report's order (the nodes in
/// pre-order, on one node the schema's before the data values'); a `when=` that failed to run
/// alone, as the report shows it.
fn violations(found: &[validgen_core::ir::Violation], data: &DataValues) -> Vec<Violation> {
    let root = &data.document;
    let mut located: Vec<(Vec<usize>, usize, Violation, bool)> = found
        .iter()
        .map(|v| {
            let (order, path, pos) = match locate(&root.value, &root.pos, &v.location) {
                Some(l) => (l.order, l.path, l.pos),
                None => (Vec::new(), v.location.clone(), root.pos.clone()),
            };
            let is_when = v.check == "when";
            let violation = Violation {
                kind: ViolationKind::Validation,
                path: if path.is_empty() {
                    "(document)".to_owned()
                } else {
                    path
                },
                pos,
                expected: if is_when {
                    String::new()
                } else {
                    v.expected.clone()
                },
                found: v.found.clone(),
                by: v.keyword.clone(),
                notes: if is_when {
                    vec!["the validation's `when=` failed to run".to_owned()]
                } else {
                    Vec::new()
                },
            };
            (order, v.rule, violation, is_when)
        })
        .collect();
    located.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    if let Some(when) = located.iter().position(|l| l.3) {
        return vec![located.swap_remove(when).2];
    }
    located.into_iter().map(|l| l.2).collect()
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
