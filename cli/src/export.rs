//! `validgen export`: a ytt data-values schema as OpenAPI v3 (ytt 0.48's document, or with
//! the validation keywords of later ytt releases) or as JSON Schema draft 2020-12
//! ([`validgen_ytt::export`]).

use std::io::Write;

use validgen_gotext::yaml::print;
use validgen_ytt::export::{json_schema, openapi_v3_with_validations};
use validgen_ytt::files::Files;
use validgen_ytt::run::{Invocation, Outcome, run_with, schema_of};

use crate::cli::{ExportArgs, ExportFormat};
use validgen_ytt::files::Disk;

/// What `export` prints for the schema file named `name` whose text is `text`, and its exit
/// status (see [`outcome_files`]).
pub fn outcome(args: &ExportArgs, name: &str, text: &str) -> Outcome {
    let read = |file: &str| {
        if file == name {
            Ok(text.to_owned())
        } else {
            Err(format!("Checking file '{file}': not the schema file\n"))
        }
    };
    outcome_files(args, &[name.to_owned()], &read)
}

/// What `export` prints for the schema files `names` (overlaid in order) read from `files`,
/// and its exit status: 0 with the document on stdout; 1 with ytt's error (as `validgen ytt
/// -f <name>... --data-values-schema-inspect -o openapi-v3` prints it) when the schema does
/// not load.
pub fn outcome_files(args: &ExportArgs, names: &[String], files: &dyn Files) -> Outcome {
    // The schema is loaded as `ytt` loads it, for ytt's errors and validgen's refusals.
    let invocation = Invocation {
        files: names.to_vec(),
        schema_inspect: true,
        output: Some("openapi-v3".to_owned()),
        ..Invocation::default()
    };
    let inspected = run_with(&invocation, files, None);
    if inspected.exit_code != 0
        || (args.format == ExportFormat::OpenapiV3 && !args.with_validations)
    {
        return inspected;
    }
    match document(args, &invocation, files) {
        Ok(stdout) => Outcome {
            exit_code: 0,
            stdout,
            stderr: String::new(),
        },
        Err(error) => Outcome {
            exit_code: 1,
            stdout: String::new(),
            stderr: format!("validgen: {error}\n"),
        },
    }
}

/// The document of a schema that loads (so no error is expected here; any is reported).
fn document(
    args: &ExportArgs,
    invocation: &Invocation,
    files: &dyn Files,
) -> Result<String, String> {
    let schema = schema_of(invocation, files)
        .map_err(|e| e.text().to_owned())?
        .ok_or_else(|| "no data-values schema".to_owned())?;
    match args.format {
        ExportFormat::OpenapiV3 => openapi_v3_with_validations(&schema)
            .map(|node| print(&node))
            .map_err(|e| format!("{:?}", e.error)),
        ExportFormat::JsonSchema => {
            let value = json_schema(&schema, args.with_validations)
                .map_err(|e| format!("{:?}", e.error))?;
            serde_json::to_string_pretty(&value)
                .map(|s| s + "\n")
                .map_err(|e| e.to_string())
        }
    }
}

/// Runs `export` on the file system; returns the exit status (2 when the file cannot be
/// read).
pub fn run(args: &ExportArgs) -> u8 {
    let names: Vec<String> = args
        .ytt_schema
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    for (name, path) in names.iter().zip(&args.ytt_schema) {
        if let Err(e) = std::fs::metadata(path) {
            eprintln!("validgen: cannot read {name}: {e}");
            return crate::EXIT_ERROR;
        }
    }
    let outcome = outcome_files(args, &names, &Disk::default());
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    u8::try_from(outcome.exit_code).unwrap_or(crate::EXIT_ERROR)
}
