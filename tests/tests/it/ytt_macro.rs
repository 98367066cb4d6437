//! `include_ytt_schemas!` over real package schemas (`tests/ytt-schemas/`): every real values
//! file of theirs (`tests/corpus/ytt-schemas/`) gets the same outcome from the compiled schema
//! as from `validgen ytt`'s interpreter, and ytt's verdict (all pass); broken values get ytt's
//! report from both.

use std::path::PathBuf;

use validgen::ytt::data::secret_values;
use validgen::ytt::run::{Invocation, Outcome, run};

validgen::include_ytt_schemas!("ytt-schemas");

/// Each compiled schema with the corpus folder of its package.
const PACKAGES: &[(&str, &str)] = &[
    (
        "tekton_pipelines",
        "ThomasVitale/package-for-tekton-pipelines",
    ),
    ("cert_manager", "kadras-io/package-for-cert-manager"),
    (
        "cartographer_delivery",
        "ThomasVitale/cartographer-delivery",
    ),
];

fn interpreted(schema: &validgen::ytt::compiled::YttSchema, values: &[(&str, &str)]) -> Outcome {
    let invocation = Invocation {
        files: vec![schema.file.to_owned()],
        data_values_files: values.iter().map(|(n, _)| (*n).to_owned()).collect(),
        data_values_inspect: true,
        ..Invocation::default()
    };
    let read = |name: &str| {
        if name == schema.file {
            return Ok(schema.schema.to_owned());
        }
        values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| (*t).to_owned())
            .ok_or_else(|| format!("no file {name}"))
    };
    run(&invocation, &read)
}

fn values_files(package: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("corpus/ytt-schemas")
            .join(package)
            .join("test"),
    ];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read a test folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == "values.yml") {
                let text = std::fs::read_to_string(&path).expect("read values");
                // Some packages' tests pass their values in a kapp-controller Secret.
                let values = secret_values(&text).unwrap_or(text);
                out.push((path.display().to_string(), values));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn compiled_schemas_judge_real_values_as_the_interpreter_and_ytt() {
    assert_eq!(YTT_SCHEMAS.len(), 3);
    let mut judged = 0;
    for (name, package) in PACKAGES {
        let schema = YTT_SCHEMAS
            .iter()
            .find(|s| s.name == *name)
            .expect("compiled");
        for (_, text) in values_files(package) {
            let values = [("values.yml", text.as_str())];
            let fast = schema.check(&values);
            assert_eq!(fast, interpreted(schema, &values), "{name}");
            assert_eq!(fast.exit_code, 0, "{name}: {}", fast.stderr);
            judged += 1;
        }
    }
    assert_eq!(judged, 9);
}

#[test]
fn broken_values_get_ytts_report_from_both() {
    // As the recorded case `real-mutation-package-for-tekton-pipelines-one-of-miss-1`.
    let values = [(
        "values.yml",
        "feature-flags:\n  enable-provenance-in-status: 'TRUE'\n",
    )];
    let fast = tekton_pipelines(&values);
    assert_eq!(fast, interpreted(&TEKTON_PIPELINES, &values));
    assert_eq!(fast.exit_code, 1);
    assert_eq!(
        fast.stderr,
        "ytt: Error: Validating final data values:\n  feature-flags.enable-provenance-in-status\n    from: values.yml:2\n    - must be: one of [\"true\", \"false\"] (by: tekton_pipelines.yml:223)\n      found: not one of allowed values\n\n\n"
    );
}
