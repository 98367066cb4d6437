//! `validgen validate` on Kyverno CLI test manifests (recognised without a flag), and
//! `validgen kyverno migrate`.

use crate::common;

use std::path::Path;

use common::{root, run};

const CORPUS: &str = "tests/corpus/kyverno-tests";

/// A test file with a duplicate resource in a result: valid, with `kyverno fix test`'s warning.
const DUPLICATE: &str = "apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata:
  name: dup
policies: [p.yaml]
resources: [r.yaml]
results:
- policy: p
  rule: r
  resources: [a, a]
  kind: Pod
  result: pass
";

/// Writes `text` as `kyverno-test.yaml` in a new temporary folder; returns the folder and the
/// file's path.
fn test_file(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("kyverno-test.yaml");
    std::fs::write(&path, text).expect("write");
    let shown = path.display().to_string();
    (dir, shown)
}

#[test]
fn the_real_tests_pass_but_the_deprecated_fixture() {
    let (code, out, err) = run(&["validate", "--summary", CORPUS]);
    assert_eq!(code, 1, "{err}");
    let invalid: Vec<&str> = out.lines().filter(|l| l.starts_with("INVALID")).collect();
    let deprecated = format!(
        "{CORPUS}/cmd/cli/kubectl-kyverno/_testdata/tests/test-deprecated/kyverno-test.yaml"
    );
    assert_eq!(
        invalid,
        [format!(
            "INVALID {deprecated}#0 deprecated-test (2 violations)"
        )]
    );
    assert!(out.contains(&format!(
        "    {deprecated}:1:7: /name: test file {deprecated} uses a deprecated schema — please migrate to the latest format [kyverno test (load)#deprecated]"
    )));
    assert!(out.contains(&format!(
        "    {deprecated}:9:15: /results/0/resource: json: unknown field \"resource\" (did you mean \"resources\"?) [kyverno schema v1alpha1#/spec/versions/0/schema/openAPIV3Schema/properties/results/items/additionalProperties]"
    )));
    // 209 test documents (three files hold two); the policies, resources and other files of
    // the test folders are skipped.
    assert!(
        out.ends_with(
            "Summary: 209 documents in 883 files - valid: 208, invalid: 1, errors: 0, skipped documents: 932\n"
        ),
        "{out}"
    );
}

#[test]
fn check_files_catches_the_three_failing_tests_before_anything_runs() {
    for (name, message) in [
        (
            "missing-policy",
            ":11:11: /results/0/policy: no policy named \"missing\" in the policy files (they define disallow-latest-tag); kyverno would report the result \"Not found\" [kyverno test (files)#policy]",
        ),
        (
            "missing-rule",
            ":15:9: /results/0/rule: policy \"disallow-latest-tag\" has no rule \"missing\" (its rules are require-image-tag, validate-image-tag); kyverno would find no result for it [kyverno test (files)#rule]",
        ),
        (
            "missing-resource",
            ":13:5: /results/0/resources/0: no resource named \"missing\" in the resource files [kyverno test (files)#resources]",
        ),
    ] {
        let file = format!("{CORPUS}/test/cli/test-fail/{name}/kyverno-test.yaml");
        let (code, out, err) = run(&["validate", "--check-files", &file]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(
            out.contains(&format!("    {file}{message}")),
            "{name}: {out}"
        );
        // The lint is opt-in for v1alpha1: the manifest itself is well-formed.
        let (code, out, _) = run(&["validate", &file]);
        assert_eq!(code, 0, "{name}: {out}");
    }
}

#[test]
fn the_invalid_loader_fixture_fails_with_kyvernos_text() {
    let fixture = root().join(format!(
        "{CORPUS}/cmd/cli/kubectl-kyverno/_testdata/tests/test-invalid/kyverno-test-invalid.yaml"
    ));
    let (_dir, file) = test_file(&std::fs::read_to_string(fixture).expect("fixture"));
    let (code, out, _) = run(&["validate", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "{file}:1:6: /foo: json: unknown field \"foo\" [kyverno schema v1alpha1#/spec/versions/0/schema/openAPIV3Schema/additionalProperties]"
        )),
        "{out}"
    );
    assert!(
        out.contains("uses a deprecated schema — please migrate to the latest format"),
        "{out}"
    );
}

#[test]
fn warnings_show_in_every_format_and_leave_the_test_valid() {
    let (_dir, file) = test_file(DUPLICATE);
    let warning = format!(
        "{file}:10:14: /results/0/resources: test results contains duplicate resources [kyverno fix test#duplicates]"
    );
    let (code, out, _) = run(&["validate", &file]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("VALID   {file}#0 dup\n    warning {warning}\n")
    );
    let (code, out, _) = run(&["validate", "-o", "json", &file]);
    assert_eq!(code, 0);
    let line: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(line["valid"], true);
    assert_eq!(line["violations"], serde_json::json!([]));
    assert_eq!(line["warnings"][0]["instance"], "/results/0/resources");
    assert_eq!(line["warnings"][0]["schema"], "kyverno fix test");
    assert_eq!(line["warnings"][0]["keyword"], "duplicates");
    assert_eq!(
        line["warnings"][0]["message"],
        "test results contains duplicate resources"
    );
    let (code, out, _) = run(&["validate", "-o", "tap", &file]);
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("  warnings:\n    - \"{warning}\"\n")),
        "{out}"
    );
    let (code, out, _) = run(&["validate", "-o", "junit", &file]);
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("<system-out>warning: {warning}</system-out>")),
        "{out}"
    );
}

#[test]
fn bad_input_is_located_and_never_allowed() {
    // Malformed YAML: an input error (exit 2), at its line and column.
    let (_dir, file) =
        test_file("apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\npolicies: [p.yaml\n");
    let (code, out, err) = run(&["validate", &file]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(err, format!("error: {file}:3:11: unclosed bracket '['\n"));
    // A Pod pasted into a test file is decoded as a Test by the CLI: refused, located.
    let (_dir, file) = test_file(&format!(
        "{DUPLICATE}---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec:\n  containers: []\n"
    ));
    let (code, out, _) = run(&["validate", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!(
        "{file}:15:7: /kind: a document of kind `Pod` in a test file: the Kyverno CLI decodes every document of the file as a `Test` [kyverno test (load)#kind]"
    )), "{out}");
    assert!(
        out.contains(&format!("{file}:19:3: /spec: json: unknown field \"spec\"")),
        "{out}"
    );
    // A document over --max-bytes is an error, and the run fails.
    let (_dir, file) = test_file(DUPLICATE);
    let (code, _, err) = run(&["validate", "--max-bytes", "64", &file]);
    assert_eq!(code, 2);
    assert!(err.contains("64"), "{err}");
}

#[test]
fn a_migrated_test_is_a_valid_kyverno_test_with_its_files() {
    let simple = root().join(format!("{CORPUS}/test/cli/test/simple"));
    let (code, migrated, err) = run(&[
        "kyverno",
        "migrate",
        &format!("{CORPUS}/test/cli/test/simple/kyverno-test.yaml"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        migrated.starts_with("apiVersion: cli.kyverno.io/v1beta1\nkind: KyvernoTest\n"),
        "{migrated}"
    );
    assert!(
        migrated.contains("\n  variablesFile: values.yaml\n"),
        "{migrated}"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    for entry in std::fs::read_dir(&simple).expect("simple") {
        let path = entry.expect("entry").path();
        let name = path.file_name().expect("name");
        std::fs::copy(&path, dir.path().join(name)).expect("copy");
    }
    let file = dir.path().join("kyverno-test.yaml");
    std::fs::write(&file, &migrated).expect("write");
    let shown = file.display().to_string();
    // The files a KyvernoTest names are always checked.
    let (code, out, _) = run(&["validate", &shown]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, format!("VALID   {shown}#0 kyverno-test.yaml\n"));
    std::fs::remove_file(dir.path().join("policy.yaml")).expect("remove");
    let (code, out, _) = run(&["validate", &shown]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "/spec/policies/0: \"policy.yaml\" does not exist [kyverno test (files)#file]"
        ),
        "{out}"
    );
}

#[test]
fn migrate_refuses_what_is_not_a_v1alpha1_test() {
    let (_dir, file) = test_file("apiVersion: v1\nkind: Pod\nspec: {}\n");
    let (code, out, err) = run(&["kyverno", "migrate", &file]);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(
        err.starts_with(&format!("error: {file}: document 0: ")),
        "{err}"
    );
    let missing = Path::new(&file).with_file_name("absent.yaml");
    let (code, _, err) = run(&["kyverno", "migrate", &missing.display().to_string()]);
    assert_eq!(code, 2);
    assert!(err.contains("absent.yaml"), "{err}");
}

/// `--kyverno-file-name` picks which files are tests, as `kyverno test --file-name` does: every
/// document of such a file is a v1alpha1 `Test`, even without `apiVersion` and `kind` (here the
/// deprecated layout, which fails with Kyverno's text); with the default name, the same file is
/// not a test and its document is skipped.
#[test]
fn the_test_file_name_is_chosen_as_kyverno_test_chooses_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("my-test.yaml");
    std::fs::write(&path, "name: old\npolicies: [p.yaml]\n").expect("write");
    let file = path.display().to_string();
    let (code, out, err) = run(&["validate", "--kyverno-file-name", "my-test.yaml", &file]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(&format!(
            "/name: test file {file} uses a deprecated schema — please migrate to the latest format [kyverno test (load)#deprecated]"
        )),
        "{out}"
    );
    let (code, out, err) = run(&["validate", "--summary", &file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("skipped documents: 1"), "{out}");
}

/// Keys are matched as Go's decoder matches them: `Results:` and `isMUtatingPolicy` load, with
/// a warning at each key as written; a typo gets a hint.
#[test]
fn field_names_are_matched_as_kyverno_decodes_them() {
    let text = DUPLICATE.replace("results:", "Results:").replace(
        "  result: pass\n",
        "  result: pass\n  isMUtatingPolicy: false\n",
    );
    let (_dir, file) = test_file(&text);
    let (code, out, err) = run(&["validate", &file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!(
            "{file}:8:3: /Results: `Results` is read as the field `results`"
        )),
        "{out}"
    );
    assert!(out.contains(&format!("{file}:13:21: /Results/0/isMUtatingPolicy: `isMUtatingPolicy` is read as the field `isMutatingPolicy`")), "{out}");
    let (_dir, file) = test_file(&DUPLICATE.replace("resources: [r.yaml]", "resorces: [r.yaml]"));
    let (code, out, _) = run(&["validate", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "{file}:6:11: /resorces: json: unknown field \"resorces\" (did you mean \"resources\"?) [kyverno schema v1alpha1#/spec/versions/0/schema/openAPIV3Schema/additionalProperties]"
        )),
        "{out}"
    );
}

/// `kyverno schema VERSION` prints the CRD that keyword locations point into: each pointer
/// `validate` reports resolves in it to the keyword that failed.
#[test]
fn keyword_locations_resolve_in_the_printed_schema() {
    for (version, text, keyword) in [
        (
            "v1alpha1",
            DUPLICATE.replace("  result: pass\n", "  result: passs\n"),
            "enum",
        ),
        (
            "v1beta1",
            "apiVersion: cli.kyverno.io/v1beta1\nkind: KyvernoTest\nmetadata: {name: t}\nspec:\n  policiez: []\n".to_owned(),
            "additionalProperties",
        ),
    ] {
        let (code, crd, err) = run(&["kyverno", "schema", version]);
        assert_eq!(code, 0, "{err}");
        let crd: serde_json::Value = serde_saphyr::from_str(&crd).expect("the CRD is YAML");
        let (_dir, file) = test_file(&text);
        let (code, out, _) = run(&["validate", "-o", "json", &file]);
        assert_eq!(code, 1, "{out}");
        let line = out.lines().next().unwrap_or_default();
        let report: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let violation = &report["violations"][0];
        let (schema, keyword_at) = (
            violation["schema"].as_str().unwrap_or_else(|| panic!("{out}")),
            violation["keyword"].as_str().unwrap_or_default(),
        );
        let pointer = format!(
            "{}{keyword_at}",
            schema
                .strip_prefix(&format!("kyverno schema {version}#"))
                .unwrap_or_else(|| panic!("{schema}"))
        );
        assert!(pointer.ends_with(keyword), "{pointer}");
        assert!(crd.pointer(&pointer).is_some(), "{pointer} in the printed CRD");
    }
}
