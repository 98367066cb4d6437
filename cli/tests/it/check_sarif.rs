//! `validgen check -o sarif` validated against the SARIF 2.1.0 JSON schema (a hand-written
//! subset of the official schema, vendored in `tests/data/sarif/`: see its `$comment`).

use crate::common;

use common::{read, run};
use serde_json::{Value, json};

const SCHEMA: &str = "cli/tests/data/sarif/sarif-2.1.0-subset.schema.json";

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(&read(SCHEMA)).expect("schema is JSON");
    jsonschema::validator_for(&schema).expect("schema compiles")
}

fn errors(validator: &jsonschema::Validator, log: &Value) -> Vec<String> {
    validator
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn sarif_output_matches_the_schema() {
    let v = validator();
    let catalogs: Vec<String> = std::fs::read_dir(common::root().join("cli/tests/data/check"))
        .expect("fixtures")
        .filter_map(|e| e.ok())
        .map(|e| format!("cli/tests/data/check/{}", e.file_name().to_string_lossy()))
        .collect();
    let mut args = vec!["check", "-o", "sarif"];
    args.extend(catalogs.iter().map(String::as_str));
    // A missing catalog: a result about a whole file, without a region.
    args.push("cli/tests/data/check/no such catalog");
    let (code, out, err) = run(&args);
    assert_eq!(code, 1, "{err}");
    let log: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(errors(&v, &log), Vec::<String>::new());
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert!(results.len() > 10);
    let whole_file = results
        .iter()
        .find(|r| {
            r["locations"][0]["physicalLocation"]
                .get("region")
                .is_none()
        })
        .expect("a result without a region");
    assert_eq!(
        whole_file["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "cli/tests/data/check/no%20such%20catalog"
    );
}

#[test]
fn sarif_of_a_clean_catalog_matches_the_schema() {
    let (code, out, _) = run(&["check", "-o", "sarif", "cli/tests/data/check/clean"]);
    assert_eq!(code, 0);
    let log: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(errors(&validator(), &log), Vec::<String>::new());
    assert_eq!(log["runs"][0]["results"], json!([]));
}

#[test]
fn the_schema_rejects_what_sarif_forbids() {
    let v = validator();
    let (_, out, _) = run(&["check", "-o", "sarif", "cli/tests/data/check/pcre-regex"]);
    let good: Value = serde_json::from_str(&out).expect("JSON");
    let broken = |path: &str, value: Value| {
        let mut log = good.clone();
        *log.pointer_mut(path).expect("path exists") = value;
        log
    };
    for (path, value) in [
        ("/version", json!("2.0.0")),
        ("/runs/0/results/0/level", json!("fatal")),
        (
            "/runs/0/results/0/locations/0/physicalLocation/region/startLine",
            json!(0),
        ),
        ("/runs/0/results/0/message", json!({"markdown": "no text"})),
        ("/runs/0/tool/driver", json!({"version": "no name"})),
    ] {
        assert!(
            !errors(&v, &broken(path, value.clone())).is_empty(),
            "{path} = {value}"
        );
    }
}
