//! The final data values against the recorded ytt 0.48.0 cases
//! (`tests/conformance/ytt/cases.jsonl`): every case that reads data values (`-f` values files
//! or `--data-values-file`, no `.star`, no export) and that ytt answered with its final values
//! (exit 0: stdout is them, printed), an error while overlaying them (stderr `Overlaying data
//! values (`: byte for byte), or a validation report (stderr `Validating final data values`:
//! the values must compute without error).
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use serde_json::Value;
use validgen_gotext::yaml::{DocumentSet, parse, print};
use validgen_ytt::schema::{Schema, build};
use validgen_ytt::values::{SchemaFile, Source, SourceKind, final_values};

const CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/ytt/cases.jsonl"
);

/// What ytt answered.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Outcome {
    /// Exit 0: the final values on stdout.
    Valid,
    /// `Overlaying data values (`: an overlay or type error.
    OverlayError,
    /// `Validating final data values`: the values computed, a rule failed.
    ValidationFailed,
}

/// The verdict on one case.
enum Verdict {
    Pass,
    /// The schema could not be built (the builder refused it).
    NoSchema(String),
    Fail(String),
}

fn outcome(case: &Value) -> Option<Outcome> {
    let args: Vec<&str> = case["args"]
        .as_array()?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    if case["group"] == "export" || args.iter().any(|a| a.ends_with(".star")) {
        return None;
    }
    let reads_values = args
        .windows(2)
        .any(|w| w[0] == "--data-values-file" || (w[0] == "-f" && w[1] != "schema.yml"));
    if !reads_values {
        return None;
    }
    let expected = &case["expected"];
    let stderr = expected["stderr"].as_str()?;
    if expected["exit_code"] == 0 {
        Some(Outcome::Valid)
    } else if stderr.starts_with("ytt: Error: Overlaying data values (") {
        Some(Outcome::OverlayError)
    } else if stderr.starts_with("ytt: Error: Validating final data values") {
        Some(Outcome::ValidationFailed)
    } else {
        None
    }
}

fn judge(case: &Value, outcome: Outcome) -> Verdict {
    let files: BTreeMap<&str, &str> = case["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["name"].as_str().unwrap(), f["text"].as_str().unwrap()))
        .collect();
    let args: Vec<&str> = case["args"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let mut parsed: BTreeMap<&str, DocumentSet> = BTreeMap::new();
    for (name, text) in &files {
        match parse(text, name) {
            Ok(set) => {
                parsed.insert(name, set);
            }
            Err(e) => return Verdict::Fail(format!("{name} does not parse: {e}")),
        }
    }

    let mut schema: Option<Schema> = None;
    if args.windows(2).any(|w| w == ["-f", "schema.yml"]) {
        match build(&parsed["schema.yml"], files["schema.yml"]) {
            Ok(built) => schema = Some(built),
            Err(e) => return Verdict::NoSchema(format!("{e:?}")),
        }
    }
    let schema_file = schema.as_ref().map(|schema| SchemaFile {
        schema,
        texts: vec![("schema.yml", files["schema.yml"])],
    });

    let mut sources = Vec::new();
    for pair in args.windows(2) {
        let kind = match pair {
            ["--data-values-file", _] => SourceKind::PlainFile,
            ["-f", name] if *name != "schema.yml" => SourceKind::Overlay,
            _ => continue,
        };
        sources.push(Source {
            name: pair[1],
            text: files[pair[1]],
            documents: &parsed[pair[1]],
            kind,
        });
    }

    let expected = &case["expected"];
    let result = final_values(schema_file.as_ref(), &sources);
    match (outcome, result) {
        (Outcome::Valid, Ok(values)) => {
            let got = print(&values.document.value);
            let want = expected["stdout"].as_str().unwrap();
            if got == want {
                Verdict::Pass
            } else {
                Verdict::Fail(format!("printed:\n{got}\nwanted:\n{want}"))
            }
        }
        (Outcome::OverlayError, Err(e)) => {
            let got = format!("ytt: Error: {e}\n");
            let want = expected["stderr"].as_str().unwrap();
            if got == want {
                Verdict::Pass
            } else {
                Verdict::Fail(format!("error:\n{got}\nwanted:\n{want}"))
            }
        }
        (Outcome::ValidationFailed, Ok(_)) => Verdict::Pass,
        (_, Ok(values)) => Verdict::Fail(format!(
            "computed {}, wanted an error",
            print(&values.document.value)
        )),
        (_, Err(e)) => Verdict::Fail(format!("error:\n{e}")),
    }
}

#[test]
fn final_values_as_ytt_computes_them() {
    let text = std::fs::read_to_string(CASES).unwrap();
    // Per outcome: (passing, without a schema built, total).
    let mut counts: BTreeMap<Outcome, (usize, usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let Some(outcome) = outcome(&case) else {
            continue;
        };
        let count = counts.entry(outcome).or_default();
        count.2 += 1;
        match judge(&case, outcome) {
            Verdict::Pass => count.0 += 1,
            Verdict::NoSchema(why) => {
                count.1 += 1;
                failures.push(format!("{} ({outcome:?}): no schema: {why}", case["id"]));
            }
            Verdict::Fail(why) => failures.push(format!("{} ({outcome:?}): {why}", case["id"])),
        }
    }
    for (outcome, (pass, no_schema, total)) in &counts {
        println!("{outcome:?}: {pass} / {total} pass ({no_schema} without a schema built)");
    }
    for failure in failures.iter().take(40) {
        println!("FAIL {failure}\n");
    }
    let total: usize = counts.values().map(|c| c.2).sum();
    let passing: usize = counts.values().map(|c| c.0).sum();
    println!("{passing} / {total} pass, {} do not", failures.len());
    // The selection itself: the cases this test reads.
    assert_eq!(total, 620);
    assert!(passing >= PASSING, "{passing} pass, {PASSING} did before");
}

/// The cases passing when this was last measured.
const PASSING: usize = 620;
