//! The 2020-12 cases of the Annotations Test Suite (vendored under
//! `corpus/json-schema-test-suite/annotations`) through the validators `build.rs` compiled for
//! them: each test's `list` output from generated code (`<name>_output`) holds exactly the
//! annotations its assertions expect, and equals the interpreter's, in `list` and
//! `hierarchical`.

#[path = "../../schemas/annotation_suite.rs"]
mod annotation_suite;

use std::path::PathBuf;

use validgen::json_schema::{Options, OutputFormat, compile};
use validgen_tests::json_schema_annotation_suite::SCHEMAS;

#[test]
fn compiled_validators_pass_the_annotation_suite_as_the_interpreter_does() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/json-schema-test-suite/annotations/tests");
    let cases = annotation_suite::cases(&dir, 2020);
    assert_eq!(cases.len(), SCHEMAS.len(), "build.rs compiled other cases");
    let mut failures = Vec::new();
    let mut tests = 0;
    for case in &cases {
        let Some(validator) = SCHEMAS.iter().find(|v| v.name == case.name) else {
            failures.push(format!("{}: not compiled", case.label));
            continue;
        };
        let compiled = compile(&case.schema, &Options::default()).expect("build.rs compiled it");
        let annotating = compiled.annotating(&case.schema);
        // As `SchemaValidator::output` names the schema: its `$id`, else its file.
        let uri = match case.schema.get("$id").and_then(|id| id.as_str()) {
            Some(id) => id.split('#').next().unwrap_or_default().to_owned(),
            None => format!("validgen:///{}", validator.file),
        };
        for (instance, assertions) in &case.tests {
            tests += 1;
            for format in [OutputFormat::List, OutputFormat::Hierarchical] {
                let generated = validator.output(instance, format);
                let interpreted =
                    compiled.output((&case.schema, &annotating), instance, &uri, format);
                if generated != interpreted {
                    failures.push(format!(
                        "{}: {instance}: {format}: generated {generated} != interpreted {interpreted}",
                        case.label
                    ));
                }
            }
            let list = validator.output(instance, OutputFormat::List);
            for f in annotation_suite::failures(&list, assertions) {
                failures.push(format!("{}: {instance}: {f}", case.label));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(tests, 55);
}
