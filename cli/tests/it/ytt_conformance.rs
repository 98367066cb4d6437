//! The 1134 cases recorded from ytt 0.48.0 (`tests/conformance/ytt/cases.jsonl`), run through
//! `validgen ytt` in process: exit code, stdout and stderr byte for byte, the
//! `starlark-out-of-scope` group included. `YTT_CASE=<id prefix>` prints the differences of
//! matching cases.

use crate::recorded;

use std::collections::BTreeMap;

use recorded::{Case, cases};
use validgen_cli::ytt::invocation_of;
use validgen_ytt::run::{Outcome, run_with};

fn run(case: &Case) -> Outcome {
    let invocation =
        invocation_of(&case.args, &case.env).unwrap_or_else(|e| panic!("{}: {e}", case.id));
    let read = |name: &str| {
        case.files
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.text.clone())
            .ok_or_else(|| format!("no file {name}"))
    };
    run_with(&invocation, &read, None)
}

fn identical(case: &Case, got: &Outcome) -> bool {
    got.exit_code == case.expected.exit_code
        && got.stdout == case.expected.stdout
        && got.stderr == case.expected.stderr
}

#[test]
fn every_recorded_case_conforms() {
    let cases = cases();
    assert_eq!(cases.len(), 1134);
    let show = std::env::var("YTT_CASE").ok();
    let mut by_group: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut failing = Vec::new();
    let mut read_out_of_scope = Vec::new();
    for case in &cases {
        let got = run(case);
        let ok = identical(case, &got);
        if case.group == "starlark-out-of-scope" && identical(case, &got) {
            read_out_of_scope.push(case.id.as_str());
        }
        let entry = by_group.entry(&case.group).or_default();
        entry.1 += 1;
        if ok {
            entry.0 += 1;
        } else {
            failing.push(case.id.as_str());
        }
        if show.as_deref().is_some_and(|p| case.id.starts_with(p)) && !ok {
            eprintln!(
                "=== {}\n--- expected exit {}\n{}{}\n--- got exit {}\n{}{}",
                case.id,
                case.expected.exit_code,
                case.expected.stdout,
                case.expected.stderr,
                got.exit_code,
                got.stdout,
                got.stderr
            );
        }
    }
    let passed: usize = by_group.values().map(|(p, _)| p).sum();
    for (group, (p, n)) in &by_group {
        eprintln!("{group:24} {p:4} / {n}");
    }
    eprintln!("total {passed} / {}", cases.len());
    if show.is_none() {
        for id in failing.iter().take(40) {
            eprintln!("failing: {id}");
        }
    }
    assert_eq!(passed, cases.len(), "failing: {failing:?}");
    // The out-of-scope inputs, whose Starlark validgen now runs (functions of one `return`,
    // functions with statements, the real contour `rules.star`, the real installer's
    // `schema-rules.star` with its `load("@ytt:assert")`, lists of functions and lambdas, the
    // real external-dns functions of YAML fragments): ytt's output byte for byte, all eight.
    assert_eq!(
        read_out_of_scope,
        [
            "starlark-out-of-scope-educates-installer-defaults",
            "starlark-out-of-scope-educates-installer-custom-test-custom-scenario-1",
            "starlark-out-of-scope-educates-installer-eks-test-eks-scenario-01",
            "starlark-out-of-scope-educates-contour-defaults",
            "starlark-out-of-scope-educates-contour-kind-loadbalancer",
            "starlark-out-of-scope-educates-external-dns-defaults",
            "starlark-out-of-scope-educates-external-dns-export",
            "starlark-out-of-scope-def-rule",
        ]
    );
}

/// `validgen ytt` on an in-memory schema and values file.
fn ytt(args: &[&str], schema: &str, values: &str) -> Outcome {
    let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
    let invocation = invocation_of(&args, &[]).expect("flags");
    let read = |name: &str| match name {
        "schema.yml" => Ok(schema.to_owned()),
        "values.yml" => Ok(values.to_owned()),
        _ => Err(format!("no file {name}")),
    };
    run_with(&invocation, &read, None)
}

#[test]
fn seed_extensions_only_with_the_flag() {
    let schema = "#@data/values-schema\n---\n#@schema/validation format=\"email\", prefix=\"ops\"\ncontact: \"\"\n";
    let values = "contact: admin@\n";
    let args = [
        "-f",
        "schema.yml",
        "--data-values-file",
        "values.yml",
        "--data-values-inspect",
    ];
    let refused = ytt(&args, schema, values);
    assert_eq!(refused.exit_code, 1);
    assert_eq!(
        refused.stderr,
        "ytt: Error: Overlaying data values schema (in following order: schema.yml):\n  Invalid @schema/validation annotation - unknown keyword argument \"format\" (at schema.yml:3)\n"
    );
    let mut seeded = args.to_vec();
    seeded.push("--seed-extensions");
    let judged = ytt(&seeded, schema, values);
    assert_eq!(judged.exit_code, 1);
    assert_eq!(
        judged.stderr,
        "ytt: Error: Validating final data values:\n  contact\n    from: values.yml:1\n    - must be: a valid email (by: schema.yml:3)\n      found: \"admin@\" is not a valid email\n    - must be: a string starting with \"ops\" (by: schema.yml:3)\n      found: \"admin@\" does not start with \"ops\"\n\n\n"
    );
    let fine = ytt(&seeded, schema, "contact: ops@example.com\n");
    assert_eq!(
        (fine.exit_code, fine.stdout.as_str()),
        (0, "contact: ops@example.com\n")
    );
}

#[test]
fn schema_removed_is_a_seed_extension() {
    let schema = "#@data/values-schema\n---\nkeep: \"\"\n#@schema/removed\nold: 1\n#@schema/removed\nlegacy:\n  a: 1\n";
    let args = [
        "-f",
        "schema.yml",
        "--data-values-file",
        "values.yml",
        "--data-values-inspect",
    ];
    let given = "keep: x\nold: 2\nlegacy:\n  a: 3\n";
    // As ytt 0.48: an annotation it does not know is ignored.
    let ignored = ytt(&args, schema, given);
    assert_eq!(
        (ignored.exit_code, ignored.stdout.as_str()),
        (0, "keep: x\nold: 2\nlegacy:\n  a: 3\n")
    );
    let mut seeded = args.to_vec();
    seeded.push("--seed-extensions");
    // A removed key given by the data values (at the key, or under it) stops the run, even
    // with the validations disabled.
    let refused = ytt(&seeded, schema, given);
    assert_eq!(refused.exit_code, 1);
    assert_eq!(
        refused.stderr,
        "ytt: Error: Validating final data values:\n  old\n    from: values.yml:2\n    - must be: absent: the key was removed from the schema (@schema/removed) (by: schema.yml:5)\n      found: a value from the data values\n\n  legacy\n    from: values.yml:4\n    - must be: absent: the key was removed from the schema (@schema/removed) (by: schema.yml:7)\n      found: a value from the data values\n\n\n"
    );
    let mut disabled = seeded.clone();
    disabled.push("--dangerous-data-values-disable-validation");
    assert_eq!(ytt(&disabled, schema, given).exit_code, 1);
    // Not given: the default fills it, as any key's.
    let fine = ytt(&seeded, schema, "keep: x\n");
    assert_eq!(
        (fine.exit_code, fine.stdout.as_str()),
        (0, "keep: x\nold: 1\nlegacy:\n  a: 1\n")
    );
    // Only a map item can be removed.
    let on_item = ytt(
        &seeded,
        "#@data/values-schema\n---\nlist:\n#@schema/removed\n- 1\n",
        "list: []\n",
    );
    assert_eq!(on_item.exit_code, 1);
    assert!(
        on_item
            .stderr
            .contains("@schema/removed is only supported on map items"),
        "{}",
        on_item.stderr
    );
}
