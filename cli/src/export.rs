//! `validgen export`: a ytt data-values schema as OpenAPI v3 (ytt 0.48's document, or with
//! the validation keywords of later ytt releases) or as JSON Schema draft 2020-12
//! ([`validgen_ytt::export`]).

use std::io::Write;

use validgen_gotext::yaml::{parse, print};
use validgen_ytt::export::{json_schema, openapi_v3_with_validations};
use validgen_ytt::run::{Invocation, Outcome, run as run_ytt};
use validgen_ytt::schema::build;

use crate::cli::{ExportArgs, ExportFormat};

/// What `export` prints for the schema file named `name` whose text is `text`, and its exit
/// status: 0 with the document on stdout; 1 with ytt's error (as `validgen ytt -f <name>
/// --data-values-schema-inspect -o openapi-v3` prints it) when the schema does not load.
pub fn outcome(args: &ExportArgs, name: &str, text: &str) -> Outcome {
    // The schema is loaded as `ytt` loads it, for ytt's errors and validgen's refusals.
    let invocation = Invocation {
        files: vec![name.to_owned()],
        schema_inspect: true,
        output: Some("openapi-v3".to_owned()),
        ..Invocation::default()
    };
    let read = |file: &str| {
        if file == name {
            Ok(text.to_owned())
        } else {
            Err(format!("Checking file '{file}': not the schema file\n"))
        }
    };
    let inspected = run_ytt(&invocation, &read);
    if inspected.exit_code != 0
        || (args.format == ExportFormat::OpenapiV3 && !args.with_validations)
    {
        return inspected;
    }
    match document(args, name, text) {
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
fn document(args: &ExportArgs, name: &str, text: &str) -> Result<String, String> {
    let documents = parse(text, name).map_err(|e| e.to_string())?;
    let schema = build(&documents, text).map_err(|e| format!("{e:?}"))?;
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
    let name = args.ytt_schema.display().to_string();
    let text = match std::fs::read_to_string(&args.ytt_schema) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("validgen: cannot read {name}: {e}");
            return crate::EXIT_ERROR;
        }
    };
    let outcome = outcome(args, &name, &text);
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    u8::try_from(outcome.exit_code).unwrap_or(crate::EXIT_ERROR)
}
