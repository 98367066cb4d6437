//! `include_ytt_schemas!` over real package schemas (`tests/ytt-schemas/`): every real values
//! file of theirs (`tests/corpus/ytt-schemas/`) gets the same outcome from the compiled schema
//! as from `validgen ytt`'s interpreter, and ytt's verdict (all pass); broken values get ytt's
//! report from both. Named schemas of several files and of a folder (the vendored GCP package)
//! give ytt's recorded outputs.

use std::path::PathBuf;

use crate::ytt_recorded as recorded;
use validgen::ytt::data::secret_values;

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
            assert_eq!(fast, schema.interpret(&values), "{name}");
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
    assert_eq!(fast, TEKTON_PIPELINES.interpret(&values));
    assert_eq!(fast.exit_code, 1);
    assert_eq!(
        fast.stderr,
        "ytt: Error: Validating final data values:\n  feature-flags.enable-provenance-in-status\n    from: values.yml:2\n    - must be: one of [\"true\", \"false\"] (by: tekton_pipelines.yml:223)\n      found: not one of allowed values\n\n\n"
    );
}

/// Named schemas of several files or a package's folder: the vendored GCP
/// custom-organization-policy-library (`conformance/ytt/packages/`), as its recorded cases
/// call ytt on it.
mod package {
    validgen::include_ytt_schemas!(
        gcp = [
            "conformance/ytt/packages/gcp-custom-organization-policy-library/build/config/schema.yaml",
            "conformance/ytt/packages/gcp-custom-organization-policy-library/build/config/services/",
        ],
        gcp_folder =
            "conformance/ytt/packages/gcp-custom-organization-policy-library/build/config/",
    );
}

/// A recorded package case by id.
fn recorded_case(id: &str) -> recorded::Case {
    recorded::packages()
        .into_iter()
        .find(|c| c.id == id)
        .expect("a recorded case")
}

#[test]
fn schemas_of_several_files_and_folders_compile_into_ytts_outcomes() {
    assert_eq!(package::YTT_SCHEMAS.len(), 2);
    // `-f build/config/schema.yaml -f build/config/services/ --data-values-file plain.yaml`.
    let case = recorded_case("gcp-plain-values");
    let plain = case
        .files
        .iter()
        .find(|f| f.name == "plain.yaml")
        .expect("its values");
    let values = [("plain.yaml", plain.text.as_str())];
    let fast = package::gcp(&values);
    assert_eq!(fast, package::GCP.interpret(&values));
    let e = &case.expected;
    assert_eq!(
        (fast.exit_code, fast.stdout.as_str(), fast.stderr.as_str()),
        (e.exit_code, e.stdout.as_str(), e.stderr.as_str())
    );
    // `-f build/config/ --data-values-inspect`: the folder's schema files and its defaults.
    let case = recorded_case("gcp-folder-defaults");
    let fast = package::gcp_folder(&[]);
    assert_eq!(fast, package::GCP_FOLDER.interpret(&[]));
    let e = &case.expected;
    assert_eq!(
        (fast.exit_code, fast.stdout.as_str(), fast.stderr.as_str()),
        (e.exit_code, e.stdout.as_str(), e.stderr.as_str())
    );
}
