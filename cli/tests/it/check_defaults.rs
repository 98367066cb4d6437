//! `validgen check --defaults`: the default VMs of the bundled catalog and of every historical
//! release (snapshots), bad input (a folder that is not a catalog, `${UNDEFINED}`, a `from`
//! pattern outside the generator's subset, a required parameter without a value, a rule set
//! that does not parse, a file that is not YAML), `--param`, JSON output and exit statuses.

use crate::common;

use common::run;
use serde_json::Value;

const DATA: &str = "cli/tests/data/defaults";
const HISTORY: &str = "tests/corpus/common-templates-history";

/// `(level, id, file name, line)` of every diagnostic of a JSON report.
fn found(report: &Value) -> Vec<(String, String, String, u64)> {
    report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
            let file = s("file").rsplit('/').next().unwrap_or_default().to_owned();
            (s("level"), s("id"), file, d["line"].as_u64().unwrap_or(0))
        })
        .collect()
}

fn json(args: &[&str]) -> (i32, Value) {
    let (code, out, err) = run(args);
    (
        code,
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}")),
    )
}

#[test]
fn the_bundled_catalog() {
    let (code, report) = json(&[
        "check",
        "--defaults",
        "-o",
        "json",
        "examples/common-templates/templates",
    ]);
    assert_eq!(code, 1, "default VMs are denied");
    let templates = report["templates"].as_array().expect("templates");
    assert_eq!(templates.len(), 172);
    let denied: Vec<&str> = templates
        .iter()
        .filter(|t| t["raw"]["allowed"] == false || t["admitted"]["allowed"] == false)
        .map(|t| t["name"].as_str().expect("name"))
        .collect();
    assert_eq!(denied.len(), 21);
    assert!(denied.iter().all(|n| n.contains("-tiny")), "{denied:?}");
    assert_eq!(
        (report["denied"].as_u64(), report["errors"].as_u64()),
        (Some(21), Some(0))
    );
    // Every template names its generated values, the same on every run.
    assert!(templates.iter().all(|t| t["generated"]["NAME"].is_string()));
    let (_, again) = json(&[
        "check",
        "--defaults",
        "-o",
        "json",
        "examples/common-templates/templates",
    ]);
    assert_eq!(report, again);
}

/// The historical releases, each as a reviewer would run it: with `--param PVCNAME=rootdisk`
/// where the release declares that required parameter (every release before v0.13.0).
#[test]
fn historical_releases() {
    let mut releases: Vec<String> = std::fs::read_dir(common::root().join(HISTORY))
        .expect("the history corpus")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('v'))
        .collect();
    releases.sort();
    assert_eq!(releases.len(), 9);
    for release in releases {
        let dir = format!("{HISTORY}/{release}");
        let (code, out, err) = run(&["check", "--defaults", &dir]);
        let needs_pvc = out.contains("parameter `PVCNAME` is required");
        let (code, out) = if needs_pvc {
            let (code, out, err) =
                run(&["check", "--defaults", "--param", "PVCNAME=rootdisk", &dir]);
            assert_eq!(err, "");
            (code, out)
        } else {
            assert_eq!(err, "");
            (code, out)
        };
        insta::assert_snapshot!(format!("history_{release}"), format!("exit {code}\n{out}"));
    }
}

#[test]
fn bad_input_is_located_and_the_rest_reported() {
    let dir = format!("{DATA}/broken");
    let (code, out, err) = run(&["check", "--defaults", &dir]);
    assert_eq!((code, err.as_str()), (2, ""));
    insta::assert_snapshot!("broken_text", out);
    let (code, report) = json(&["check", "--defaults", "-o", "json", &dir]);
    assert_eq!(code, 2);
    let s = |a: &str, b: &str, c: &str, l: u64| (a.to_owned(), b.to_owned(), c.to_owned(), l);
    assert_eq!(
        found(&report),
        vec![
            s("error", "default-vm-denied", "a-denied.yaml", 4),
            s(
                "warning",
                "reference-not-substituted",
                "b-undefined.yaml",
                4
            ),
            s("error", "template-not-processed", "c-pattern.yaml", 4),
            s("error", "template-not-processed", "d-required.yaml", 4),
            s("error", "template-not-processed", "e-rules.yaml", 21),
            s("error", "template-not-processed", "f-not-yaml.yaml", 3),
        ]
    );
    let templates = report["templates"].as_array().expect("templates");
    let processed: Vec<(&str, bool)> = templates
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap_or_default(),
                t["processed"] == true,
            )
        })
        .collect();
    assert_eq!(
        processed,
        vec![
            ("tiny", true),
            ("undefined", true),
            ("pattern", false),
            ("required", false),
            ("rules", true)
        ]
    );
    // The VM keeping `${UNDEFINED}` is still judged (and allowed).
    assert_eq!(templates[1]["raw"]["allowed"], true);
    assert_eq!(templates[4]["raw"]["code"], 400);
}

#[test]
fn a_folder_that_is_not_a_catalog() {
    let (code, out, err) = run(&["check", "--defaults", &format!("{DATA}/not-a-catalog")]);
    assert_eq!((code, err.as_str()), (2, ""));
    assert_eq!(
        out,
        format!(
            "error[template-not-processed]: no Template found (looked for *.yaml, *.yml and *.json files)\n--> {DATA}/not-a-catalog\n\n0 templates: 0 default VMs denied (0 raw, 0 admitted), 1 error, 0 warnings in 1 catalog\n"
        )
    );
    let (code, _, _) = run(&["check", "--defaults", &format!("{DATA}/missing")]);
    assert_eq!(code, 2);
}

#[test]
fn params_override_defaults() {
    let clean = format!("{DATA}/clean");
    let (code, out, _) = run(&["check", "--defaults", &clean]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "2 templates: 0 default VMs denied (0 raw, 0 admitted), 0 errors, 0 warnings in 1 catalog\n"
        )
    );
    // `CORES` is declared by one template only; it is given to that one.
    let (code, report) = json(&[
        "check",
        "--defaults",
        "-o",
        "json",
        "--param",
        "CORES=0",
        &clean,
    ]);
    assert_eq!(code, 0, "no rule on cores");
    assert_eq!(report["errors"], 0);
    // A value with `=` in it, and one naming no parameter.
    let (code, out, _) = run(&["check", "--defaults", "--param", "NOPE=a=b", &clean]);
    assert_eq!(code, 2);
    assert!(
        out.starts_with("error[template-not-processed]: no template of the catalog declares a parameter `NOPE`\n--> --param\n"),
        "{out}"
    );
    // The required parameter given: that template is processed (and allowed).
    let broken = format!("{DATA}/broken");
    let (_, report) = json(&[
        "check",
        "--defaults",
        "-o",
        "json",
        "--param",
        "PVCNAME=disk",
        &broken,
    ]);
    let required = report["templates"]
        .as_array()
        .expect("templates")
        .iter()
        .find(|t| t["name"] == "required")
        .expect("the template");
    assert_eq!(
        (&required["processed"], &required["raw"]["allowed"]),
        (&Value::Bool(true), &Value::Bool(true))
    );
    // Bad uses.
    assert_eq!(
        run(&["check", "--defaults", "--param", "NOEQUALS", &clean]).0,
        2
    );
    assert_eq!(
        run(&["check", "--param", "A=b", &clean]).0,
        2,
        "--param needs --defaults"
    );
    assert_eq!(run(&["check", "--defaults", "-o", "sarif", &clean]).0, 2);
}

#[test]
fn generated_values_can_be_overridden() {
    let (_, report) = json(&[
        "check",
        "--defaults",
        "-o",
        "json",
        "--param",
        "NAME=fixed",
        &format!("{DATA}/clean"),
    ]);
    let templates = report["templates"].as_array().expect("templates");
    assert!(
        templates
            .iter()
            .all(|t| t["generated"] == serde_json::json!({})),
        "an override is not generated"
    );
}
