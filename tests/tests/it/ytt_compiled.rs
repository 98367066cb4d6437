//! Every recorded ytt case whose schema ytt accepts and whose data values type-check, through
//! the validator `validgen-codegen` emitted for its schema's validations (`build.rs`): the same
//! violations as the interpreter, and, where ytt's answer is its validation report (and the
//! data values carry no `@assert/validate` of their own), that report byte for byte.

use crate::ytt_recorded as recorded;

use validgen::interpret::{Explain, evaluate_document};
use validgen::model::Plain;
use validgen::ytt::data::to_json;
use validgen::ytt::lower::{rule_set, schema_checks};
use validgen::ytt::report::report;
use validgen::ytt::values::{SchemaFile, Source, SourceKind, final_values};
use validgen::ytt::{schema, yaml};
use validgen_tests::ytt_schemas::YTT;

/// The `-f` and `--data-values-file` files of `args`, in order, each with how ytt reads it.
fn files(args: &[String]) -> Vec<(&str, SourceKind)> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let kind = match a.as_str() {
            "-f" => SourceKind::Overlay,
            "--data-values-file" => SourceKind::PlainFile,
            _ => continue,
        };
        if let Some(name) = it.next() {
            out.push((name.as_str(), kind));
        }
    }
    out
}

#[test]
fn compiled_ytt_validations_equal_the_interpreter_and_ytt() {
    let mut compared = 0;
    let mut reports = 0;
    let mut failures = Vec::new();
    for case in recorded::cases() {
        if case.group == "starlark-out-of-scope" || case.group == "export" {
            continue;
        }
        let text = |name: &str| {
            case.files
                .iter()
                .find(|f| f.name == name)
                .map(|f| f.text.as_str())
        };
        let Some(schema_text) = text("schema.yml") else {
            continue;
        };
        let parsed = yaml::parse(schema_text, "schema.yml").expect("the schema parses");
        let Ok(built) = schema::build(&parsed, schema_text) else {
            continue;
        };
        let Ok(checks) = schema_checks(&built) else {
            continue;
        };
        let compiled = YTT
            .iter()
            .find(|(t, _)| *t == schema_text)
            .map(|(_, f)| *f)
            .unwrap_or_else(|| {
                panic!("{}: build.rs compiled no validator for its schema", case.id)
            });
        let mut loaded = Vec::new();
        for (name, kind) in files(&case.args)
            .into_iter()
            .filter(|(n, _)| *n != "schema.yml")
        {
            let text = text(name).expect("the file is in the case");
            loaded.push((
                name,
                text,
                yaml::parse(text, name).expect("values parse"),
                kind,
            ));
        }
        let sources: Vec<Source<'_>> = loaded
            .iter()
            .map(|(name, text, documents, kind)| Source {
                name,
                text,
                documents,
                kind: *kind,
            })
            .collect();
        let schema_file = SchemaFile {
            schema: &built,
            texts: vec![(&*built.pos.file, schema_text)],
        };
        let Ok(data) = final_values(Some(&schema_file), &sources) else {
            continue;
        };
        let json = to_json(&data.document.value);
        let rules = rule_set(checks, Vec::new());
        let slow = evaluate_document(&rules, &Plain::new(&json), Explain::Failures);
        let fast = compiled(&json, Explain::Failures);
        compared += 1;
        if fast.violations != slow.violations {
            failures.push(format!(
                "{}: compiled {:?} != interpreted {:?}",
                case.id, fast.violations, slow.violations
            ));
            continue;
        }
        let validating = "ytt: Error: Validating final data values:";
        let disabled = case
            .args
            .iter()
            .any(|a| a == "--dangerous-data-values-disable-validation");
        if case.expected.stderr.starts_with(validating) && data.assertions.is_empty() && !disabled {
            reports += 1;
            let text = report(&fast.violations, &data.document.value, &data.document.pos);
            let want = case.expected.stderr.strip_prefix("ytt: Error: ");
            if text.as_deref() != want {
                failures.push(format!("{}: report {text:?} != ytt's {want:?}", case.id));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Measured: the cases whose schema validations run, and those whose answer is the report.
    assert_eq!((compared, reports), (512, 312));
}
