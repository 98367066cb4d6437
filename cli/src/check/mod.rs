//! `validgen check`: every error `include_validators!` would report for a catalog
//! (`validgen_codegen::compile_dir` with the default options), and the warnings of
//! `validgen_codegen::lint`; with `--schema`, every error and warning of JSON Schemas and CRDs
//! as `include_schemas!` and `validate --schema` compile them (`validgen_codegen::load_schemas`);
//! rendered as text with source lines, JSON or SARIF (JSON lists each schema's annotations
//! too, for documentation generators and editors). With `--defaults`, every template's
//! default VM judged with its rules ([`defaults`]).

pub mod defaults;
mod json;
mod sarif;
pub mod text;
mod ytt;

use std::io::Write;
use std::path::Path;

use validgen_codegen::lint::{Lint, lint_dir};
use validgen_codegen::{Diagnostic, Options, SchemaOptions, compile_dir, load_schemas};
use validgen_core::ir::Annotations;

use crate::cli::{CheckArgs, CheckFormat};
use crate::{EXIT_DENIED, EXIT_ERROR, EXIT_OK};

/// The identifier of errors (problems the macro reports as build errors).
pub const ERROR_ID: &str = "build-error";
/// The identifier of schema errors: a keyword refused, a malformed schema, a file that is not
/// JSON/YAML (`include_schemas!` fails the build, `validate --schema` refuses the schema).
pub const SCHEMA_ERROR_ID: &str = "schema-error";
/// The identifier of ytt data-values schema errors: whatever makes `ytt` refuse the schema
/// (`validate --ytt-schema` refuses it too).
pub const YTT_SCHEMA_ERROR_ID: &str = "ytt-schema-error";
/// The identifier of schema warnings: an unknown keyword, a format not asserted, an unknown
/// format name. (`check` parses CRD CEL rules, so none is left unevaluated.)
pub const SCHEMA_WARNING_ID: &str = "schema-warning";

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The macro would fail the build.
    Error,
    /// The catalog compiles, but probably does not mean what it says.
    Warning,
}

impl Severity {
    /// `error` or `warning` (also SARIF's level).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One problem found in a catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Error or warning.
    pub severity: Severity,
    /// [`ERROR_ID`], or the [`Lint::id`] of a warning or of an error that has a name of its
    /// own (an unknown rule kind: [`Diagnostic::code`]).
    pub id: &'static str,
    /// Where and what.
    pub diagnostic: Diagnostic,
}

impl Finding {
    /// An error of the macro, named by its code when it has one.
    pub fn error(diagnostic: Diagnostic) -> Finding {
        Finding {
            severity: Severity::Error,
            id: diagnostic.code.unwrap_or(ERROR_ID),
            diagnostic,
        }
    }
}

/// Runs `check`; returns the exit status.
pub fn run(args: &CheckArgs) -> u8 {
    if args.defaults {
        return defaults::run(args);
    }
    let mut findings = Vec::new();
    for dir in &args.catalogs {
        findings.extend(check_catalog(dir));
    }
    let options = SchemaOptions {
        assert_formats: args.assert_formats,
        strict: args.strict,
        default_draft: args.default_draft,
        schema_map: args.schema_map.clone(),
        cel_rules: true,
        ..SchemaOptions::default()
    };
    let mut annotated = Vec::new();
    for path in &args.schemas {
        let (found, annotations) = check_schemas(path, options.clone());
        findings.extend(found);
        annotated.extend(annotations);
    }
    for path in &args.ytt_schemas {
        findings.extend(ytt::check_ytt_schema(path, args.seed_extensions));
    }
    let errors = count(&findings, Severity::Error);
    let warnings = count(&findings, Severity::Warning);
    let out = match args.output {
        CheckFormat::Text => {
            text::render(&findings, text::styled_stdout())
                + &text::summary(
                    errors,
                    warnings,
                    args.catalogs.len(),
                    args.schemas.len() + args.ytt_schemas.len(),
                )
        }
        CheckFormat::Json => json::render(&findings, errors, warnings, &annotated),
        CheckFormat::Sarif => sarif::render(&findings),
    };
    if std::io::stdout().lock().write_all(out.as_bytes()).is_err() {
        return EXIT_ERROR;
    }
    match (errors, warnings) {
        (0, 0) => EXIT_OK,
        (0, _) => args.warn_exit_code.unwrap_or(EXIT_OK),
        _ => EXIT_DENIED,
    }
}

/// The findings of one catalog folder, sorted by file, line and column (errors first at one
/// place). The folder is named as given, so that locations are paths from the current folder.
pub fn check_catalog(dir: &Path) -> Vec<Finding> {
    let display = dir.to_string_lossy();
    let display = display.trim_end_matches('/');
    let display = if display.is_empty() { "/" } else { display };
    let errors: Vec<Diagnostic> = match compile_dir(dir, display, Options::default()) {
        Ok(_) => Vec::new(),
        Err(diags) => diags.0,
    };
    // The files that can be read are linted even when others cannot; the lints leave out what
    // the build rejects, so each problem is reported once.
    let warnings = lint_dir(dir, display).into_iter().map(|w| Finding {
        severity: Severity::Warning,
        id: w.lint.id(),
        diagnostic: w.diagnostic,
    });
    let mut findings: Vec<Finding> = errors.into_iter().map(Finding::error).collect();
    findings.extend(warnings);
    sort_findings(&mut findings);
    findings
}

/// The annotations of one schema that has any, for `check --schema -o json`.
#[derive(Debug, Clone)]
pub struct SchemaAnnotations {
    /// The schema as `validate --schema` names it: its file, with `#<pointer>` for a CRD
    /// version.
    pub schema: String,
    /// Its annotations by schema location.
    pub annotations: Annotations,
}

/// The findings of a schema file or folder (as named on the command line), sorted by file,
/// line and column; and the annotations of each schema that compiled and has any, in file
/// order.
pub fn check_schemas(
    path: &Path,
    options: SchemaOptions,
) -> (Vec<Finding>, Vec<SchemaAnnotations>) {
    let display = crate::validate::schema::display_path(path);
    let catalog = load_schemas(path, &display, options);
    let annotated = catalog
        .schemas
        .iter()
        .filter(|s| !s.rules.annotations.is_empty())
        .map(|s| SchemaAnnotations {
            schema: crate::validate::schema::schema_name(s),
            annotations: s.rules.annotations.clone(),
        })
        .collect();
    let mut findings: Vec<Finding> = catalog
        .errors
        .0
        .into_iter()
        .map(|d| Finding {
            severity: Severity::Error,
            id: SCHEMA_ERROR_ID,
            diagnostic: d,
        })
        .collect();
    if path.is_dir() && catalog.files.is_empty() {
        findings.push(Finding {
            severity: Severity::Error,
            id: SCHEMA_ERROR_ID,
            diagnostic: Diagnostic::file(
                &display,
                "no schema files found (looked for *.yaml, *.yml and *.json files)".to_owned(),
            ),
        });
    }
    findings.extend(catalog.warnings.into_iter().map(|d| Finding {
        severity: Severity::Warning,
        id: SCHEMA_WARNING_ID,
        diagnostic: d,
    }));
    sort_findings(&mut findings);
    (findings, annotated)
}

/// Sorts findings by file, line, column, then severity.
fn sort_findings(findings: &mut [Finding]) {
    findings.sort_by(|a, b| {
        let key = |f: &Finding| {
            (
                f.diagnostic.file.clone(),
                f.diagnostic.line,
                f.diagnostic.column,
                f.severity,
            )
        };
        key(a).cmp(&key(b))
    });
}

fn count(findings: &[Finding], severity: Severity) -> usize {
    findings.iter().filter(|f| f.severity == severity).count()
}

/// The one-line description of a finding identifier.
pub fn describe(id: &str) -> &'static str {
    match id {
        SCHEMA_ERROR_ID => {
            return "A schema that `include_schemas!` and `validate --schema` refuse: a keyword not supported or malformed, a `$ref` to nowhere, a pattern that is not ECMA-262, a CRD CEL rule (`x-kubernetes-validations`) that does not parse, text that is not JSON/YAML.";
        }
        YTT_SCHEMA_ERROR_ID => {
            return "A ytt data-values schema that `ytt` refuses (and `validate --ytt-schema` with it): a malformed annotation, Starlark that does not evaluate, a default of the wrong type, a null value, an array without exactly one item, or Starlark beyond what validgen compiles.";
        }
        SCHEMA_WARNING_ID => {
            return "A schema that compiles but does not check everything it says: an unknown keyword, a `format` not asserted, an unknown format name.";
        }
        _ => {}
    }
    Lint::ALL
        .iter()
        .find(|l| l.id() == id)
        .map_or("A problem that `include_validators!` reports as a build error: the reference rejects the rule set or fails the rule whatever the VM.", |l| l.summary())
}
