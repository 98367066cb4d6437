//! The cross-file checks of Kyverno CLI test manifests (`kyverno::check_files`): on the 206
//! real tests (the three `test-fail/missing-*` caught, every other finding a true one), on
//! hand-written negative fixtures (`frontends/kyverno/tests/files/`), and on bad input made at test
//! time in a temporary directory (a directory, a symlink loop, a sparse file over the size
//! limit, a FIFO, a path leaving the test directory).

use std::path::{Path, PathBuf};

use validgen_core::ir::Severity;
use validgen_core::serde_json::Value;
use validgen_kyverno::files::Limits;
use validgen_kyverno::{Finding, Layer, Version, check_files, recognise};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/corpus/kyverno-tests"
);
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/files");

/// A finding in short: (instance, severity, keyword, file, message).
type Short = (String, &'static str, String, String, String);

fn short(f: &Finding) -> Short {
    assert_eq!(f.layer, Layer::Files, "{f:?}");
    let sev = match f.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    (
        f.instance.clone(),
        sev,
        f.keyword.clone(),
        f.file.clone(),
        f.message.clone(),
    )
}

fn s(instance: &str, sev: &'static str, keyword: &str, file: &str, message: &str) -> Short {
    (
        instance.to_owned(),
        sev,
        keyword.to_owned(),
        file.to_owned(),
        message.to_owned(),
    )
}

/// The findings on every document of the test file at `path`, with the document's index.
fn check_path(path: &Path, limits: &Limits) -> Vec<(usize, Short)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let docs: Vec<Value> = serde_saphyr::from_multiple(&text).unwrap_or_else(|e| panic!("{e}"));
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let mut out = Vec::new();
    for (i, doc) in docs.iter().enumerate() {
        let version =
            recognise(doc, name, validgen_kyverno::TEST_FILE_NAME).unwrap_or(Version::V1alpha1);
        out.extend(
            check_files(version, doc, path, limits)
                .iter()
                .map(|f| (i, short(f))),
        );
    }
    out
}

/// The findings on the one-document test file at `path`.
fn check_one(path: &Path, limits: &Limits) -> Vec<Short> {
    check_path(path, limits)
        .into_iter()
        .map(|(_, f)| f)
        .collect()
}

fn test_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            test_files(&p, out);
        } else if p.file_name().is_some_and(|n| n == "kyverno-test.yaml") {
            out.push(p);
        }
    }
}

/// A finding on a real test: (test directory, document, instance, severity, keyword).
type CorpusFinding = (String, usize, String, &'static str, String);

/// Every finding on the real tests: (test directory, document, instance, severity, keyword).
fn corpus_findings() -> (usize, Vec<CorpusFinding>) {
    let mut files = Vec::new();
    test_files(Path::new(CORPUS), &mut files);
    let mut out = Vec::new();
    for f in &files {
        let dir = f
            .parent()
            .and_then(|d| d.strip_prefix(CORPUS).ok())
            .map(|d| d.display().to_string().trim_start_matches('/').to_owned())
            .unwrap_or_default();
        for (i, (instance, sev, keyword, _, _)) in check_path(f, &Limits::default()) {
            out.push((dir.clone(), i, instance, sev, keyword));
        }
    }
    (files.len(), out)
}

#[test]
fn every_finding_on_the_real_tests_is_a_true_one() {
    let (files, found) = corpus_findings();
    assert_eq!(files, 206);
    let t = |d: &str, i: usize, at: &str, sev: &'static str, kw: &str| {
        (d.to_owned(), i, at.to_owned(), sev, kw.to_owned())
    };
    let expected = vec![
        // Go unit-test fixtures of the loader (`test/load_test.go` only decodes them): the
        // policy, resource and generated files they name were never written upstream.
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-1",
            0,
            "/policies/0",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-1",
            0,
            "/resources/0",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-2",
            0,
            "/policies/0",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-2",
            0,
            "/resources/0",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-2",
            0,
            "/results/0/generatedResource",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-2",
            0,
            "/results/1/generatedResource",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-3",
            0,
            "/policies/0",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-3",
            0,
            "/resources/0",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-3",
            1,
            "/policies/0",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-3",
            1,
            "/resources/0",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-deprecated",
            0,
            "/policies/0",
            "error",
            "file",
        ),
        t(
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-deprecated",
            0,
            "/resources/0",
            "error",
            "file",
        ),
        // Not run by CI: result 2 expects `patchedResource.yaml`, which is not in the
        // directory upstream (kyverno would fail that row with "failed to load
        // PatchedResources resource").
        t(
            "test/cli/sample-policy-exclusion",
            0,
            "/results/2/patchedResources",
            "error",
            "file",
        ),
        // Not run by CI (only the -dpol, -gpol and -mpol context tests are): `resources.yaml`
        // is not in `.kyverno-test/` upstream; kyverno fails with "failed to load resources".
        t(
            "test/cli/test-context-resource-ivpol/.kyverno-test",
            0,
            "/resources/0",
            "error",
            "file",
        ),
        // The three tests CI expects to fail. In missing-policy and missing-rule the
        // resource `test` is absent too (resources.yaml holds only `test-ignore`).
        t(
            "test/cli/test-fail/missing-policy",
            0,
            "/results/0/policy",
            "error",
            "policy",
        ),
        t(
            "test/cli/test-fail/missing-policy",
            0,
            "/results/0/resources/0",
            "error",
            "resources",
        ),
        t(
            "test/cli/test-fail/missing-resource",
            0,
            "/results/0/resources/0",
            "error",
            "resources",
        ),
        t(
            "test/cli/test-fail/missing-rule",
            0,
            "/results/0/rule",
            "error",
            "rule",
        ),
        t(
            "test/cli/test-fail/missing-rule",
            0,
            "/results/0/resources/0",
            "error",
            "resources",
        ),
        // values.yaml lists `mutate-images` as a rule of policy `foreach-json-patch`, but it
        // is another policy (whose rule is `test`), and a resource `myapp` that
        // resources.yaml does not hold (it has `nginx` and `mypod`): both values never apply.
        t(
            "test/cli/test-mutate/foreach",
            0,
            "/variables",
            "error",
            "variables",
        ),
        t(
            "test/cli/test-mutate/foreach",
            0,
            "/variables",
            "error",
            "variables",
        ),
        // Result 1 expects `pass` of the mutate rule on the second pod without
        // `patchedResources`: only the status is compared, the mutation is not checked.
        t(
            "test/cli/test-mutate/karpenter-annotations-to-nodeselector",
            0,
            "/results/1",
            "warning",
            "ruleType",
        ),
        // Both results give `rule: validate-department-annotation` for a ValidatingPolicy,
        // which has no rules: kyverno ignores the field (`isRulelessPolicyKind`).
        t(
            "test/cli/test-ruleless-policy",
            0,
            "/results/0/rule",
            "warning",
            "rule",
        ),
        t(
            "test/cli/test-ruleless-policy",
            0,
            "/results/1/rule",
            "warning",
            "rule",
        ),
    ];
    assert_eq!(found, expected);
}

#[test]
fn the_three_failing_tests_are_caught_before_anything_runs() {
    let fail = Path::new(CORPUS).join("test/cli/test-fail");
    let at = |d: &str| check_one(&fail.join(d).join("kyverno-test.yaml"), &Limits::default());
    let no_test = s(
        "/results/0/resources/0",
        "error",
        "resources",
        "",
        "no resource named \"test\" in the resource files",
    );
    assert_eq!(
        at("missing-policy"),
        vec![
            s(
                "/results/0/policy",
                "error",
                "policy",
                "",
                "no policy named \"missing\" in the policy files (they define disallow-latest-tag); kyverno would report the result \"Not found\"",
            ),
            no_test.clone(),
        ]
    );
    assert_eq!(
        at("missing-rule"),
        vec![
            s(
                "/results/0/rule",
                "error",
                "rule",
                "",
                "policy \"disallow-latest-tag\" has no rule \"missing\" (its rules are require-image-tag, validate-image-tag); kyverno would find no result for it",
            ),
            no_test,
        ]
    );
    assert_eq!(
        at("missing-resource"),
        vec![s(
            "/results/0/resources/0",
            "error",
            "resources",
            "",
            "no resource named \"missing\" in the resource files",
        )]
    );
    // The two test-fail tests no script runs name what exists: nothing to say.
    assert_eq!(at("invalid-ns"), vec![]);
    assert_eq!(at("invalid-ns-deprecated"), vec![]);
}

#[test]
fn every_check_fails_once_in_the_v1alpha1_fixture() {
    let found = check_one(
        &Path::new(FIXTURES).join("alpha/kyverno-test.yaml"),
        &Limits::default(),
    );
    let expected = vec![
        s(
            "/policies/0",
            "error",
            "file",
            "policy.yaml",
            "policy.yaml: document 4: policy type not supported /v1, Kind=ConfigMap",
        ),
        s(
            "/policies/0",
            "warning",
            "file",
            "policy.yaml",
            "policy.yaml: document 5 (apiVersion \"example.com/v1\", kind \"Widget\") is not a policy kyverno loads; it is skipped",
        ),
        s(
            "/policies/1",
            "error",
            "file",
            "skipped-policy.json",
            "\"skipped-policy.json\" is skipped by kyverno: only .yaml and .yml policy files are loaded",
        ),
        s(
            "/exceptions/0",
            "error",
            "file",
            "missing-exception.yaml",
            "\"missing-exception.yaml\" does not exist",
        ),
        s(
            "/userinfo",
            "error",
            "file",
            "subdir",
            "\"subdir\" is a directory, not a file",
        ),
        s(
            "/context",
            "error",
            "file",
            "malformed.yaml",
            "malformed.yaml:3:11: unclosed bracket '['",
        ),
        s(
            "/results/0/policy",
            "error",
            "policy",
            "",
            "no policy named \"no-such-policy\" in the policy files (they define cluster-pol, team-pol, vpol); kyverno would report the result \"Not found\"",
        ),
        s(
            "/results/1/rule",
            "error",
            "rule",
            "",
            "policy \"cluster-pol\" has no rule \"no-such-rule\" (its rules are add, check, gen); kyverno would find no result for it",
        ),
        s(
            "/results/2/resources/0",
            "error",
            "resources",
            "",
            "no resource named \"no-such-resource\" in the resource files",
        ),
        s(
            "/results/2/resources/1",
            "error",
            "resources",
            "",
            "no resource \"team-a/web\" in the resource files: a resource of that name is in another namespace",
        ),
        s(
            "/results/2/resources/2",
            "error",
            "resources",
            "",
            "\"a/b/c\" names no resource: kyverno reads `name` or `namespace/name`",
        ),
        s(
            "/results/3",
            "warning",
            "ruleType",
            "",
            "a passing result of a mutate rule has no patchedResources: only its status is compared, not the patched resource",
        ),
        s(
            "/results/4",
            "warning",
            "ruleType",
            "",
            "a passing result of a generate rule has no generatedResource: only its status is compared, not the generated resource",
        ),
        s(
            "/results/5/patchedResources",
            "warning",
            "ruleType",
            "",
            "patchedResources is for mutate rules; this result names a validate rule, whose resource is compared with it unchanged",
        ),
        s(
            "/results/6/resources/0",
            "warning",
            "namespace",
            "",
            "resource \"web\" is in namespace \"default\", but the Policy \"team-pol\" is in namespace \"team-a\" and applies only there",
        ),
        s(
            "/results/7/rule",
            "warning",
            "rule",
            "",
            "rule \"x\" is ignored: a ValidatingPolicy has no rules (kyverno checks every result of the policy)",
        ),
        s(
            "/variables",
            "error",
            "variables",
            "values.yaml",
            "values.yaml: policies[0].rules[1].name: policy \"cluster-pol\" has no rule \"no-such-rule\"",
        ),
        s(
            "/variables",
            "error",
            "variables",
            "values.yaml",
            "values.yaml: policies[0].resources[1].name: no resource named \"no-such-resource\" in the resource files",
        ),
        s(
            "/variables",
            "error",
            "variables",
            "values.yaml",
            "values.yaml: policies[1].name: no policy named \"no-such-policy\" in the policy files",
        ),
    ];
    assert_eq!(found, expected);
}

#[test]
fn the_proposal_makes_rule_type_and_namespace_errors_in_v1beta1() {
    let found = check_one(
        &Path::new(FIXTURES).join("beta/kyverno-test.yaml"),
        &Limits::default(),
    );
    let expected = vec![
        s(
            "/spec/policies/0",
            "error",
            "file",
            "policy.yaml",
            "policy.yaml: document 4: policy type not supported /v1, Kind=ConfigMap",
        ),
        s(
            "/spec/policies/0",
            "warning",
            "file",
            "policy.yaml",
            "policy.yaml: document 5 (apiVersion \"example.com/v1\", kind \"Widget\") is not a policy kyverno loads; it is skipped",
        ),
        s(
            "/spec/variablesFile",
            "error",
            "file",
            "no-such-values.yaml",
            "\"no-such-values.yaml\" does not exist",
        ),
        s(
            "/spec/results/0",
            "error",
            "ruleType",
            "",
            "a passing result of a mutate rule has no patchedResource: only its status is compared, not the patched resource",
        ),
        s(
            "/spec/results/2/resources/0",
            "error",
            "namespace",
            "",
            "resource \"api\" is in namespace \"team-b\" (the result's namespace), but the Policy \"team-pol\" is in namespace \"team-a\" and applies only there",
        ),
        s(
            "/spec/variables/policies/0/rules/1/name",
            "error",
            "variables",
            "",
            "policy \"cluster-pol\" has no rule \"nope\"",
        ),
        s(
            "/spec/variables/policies/0/resources/0/name",
            "error",
            "variables",
            "",
            "no resource named \"gone\" in the resource files",
        ),
        s(
            "/spec/variables/policies/1/name",
            "error",
            "variables",
            "",
            "no policy named \"absent\" in the policy files",
        ),
    ];
    assert_eq!(found, expected);
}

/// A directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("validgen-kfiles-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap_or_else(|e| panic!("{e}"));
        TempDir(p)
    }

    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.0.join(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const POLICY: &str = "apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata: {name: p}\nspec:\n  rules:\n  - name: r\n    validate: {pattern: {}}\n";
const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\n";

fn only_files(found: &[Short]) -> Vec<(String, String, String)> {
    found
        .iter()
        .map(|(at, _, _, file, msg)| (at.clone(), file.clone(), msg.clone()))
        .collect()
}

fn f3(at: &str, file: &str, msg: &str) -> (String, String, String) {
    (at.to_owned(), file.to_owned(), msg.to_owned())
}

#[test]
fn a_symlink_loop_a_directory_and_a_fifo_are_errors_not_hangs() {
    let dir = TempDir::new("loop");
    dir.write("policy.yaml", POLICY);
    std::fs::create_dir_all(dir.0.join("resources-dir")).unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink("loop-b.yaml", dir.0.join("loop-a.yaml"))
        .unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink("loop-a.yaml", dir.0.join("loop-b.yaml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let fifo = std::process::Command::new("mkfifo")
        .arg(dir.0.join("fifo.yaml"))
        .status()
        .is_ok_and(|s| s.success());
    let test = dir.write(
        "kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [policy.yaml]\nresources: [resources-dir]\nexceptions: [loop-a.yaml]\ntargetResources: [fifo.yaml]\nresults:\n- {policy: p, rule: r, kind: Pod, resources: [nothing], result: pass}\n",
    );
    let found = only_files(&check_one(&test, &Limits::default()));
    let mut expected = vec![f3(
        "/resources/0",
        "resources-dir",
        "\"resources-dir\" is a directory, not a file",
    )];
    if fifo {
        expected.push(f3(
            "/targetResources/0",
            "fifo.yaml",
            "\"fifo.yaml\" is not a regular file (a FIFO, socket or device)",
        ));
    }
    expected.push(f3(
        "/exceptions/0",
        "loop-a.yaml",
        "\"loop-a.yaml\" cannot be read: Too many levels of symbolic links (os error 40)",
    ));
    // The resource files could not all be read: the result's resource is not judged.
    assert_eq!(found, expected);
}

#[test]
fn a_file_over_the_limit_is_not_read() {
    let dir = TempDir::new("large");
    let big = std::fs::File::create(dir.0.join("big.yaml")).unwrap_or_else(|e| panic!("{e}"));
    // Sparse: no data is written.
    big.set_len(100 << 20).unwrap_or_else(|e| panic!("{e}"));
    let test = dir.write(
        "kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [big.yaml]\nresults:\n- {policy: p, kind: Pod, result: pass}\n",
    );
    let limits = Limits {
        max_file_bytes: 1 << 20,
        ..Limits::default()
    };
    assert_eq!(
        only_files(&check_one(&test, &limits)),
        vec![f3(
            "/policies/0",
            "big.yaml",
            "\"big.yaml\" is 104857600 bytes, over the limit of 1048576 bytes"
        )]
    );
}

#[test]
fn bad_text_is_located_in_its_file() {
    let dir = TempDir::new("text");
    std::fs::write(
        dir.0.join("latin1.yaml"),
        b"kind: Pod\nmetadata:\n  name: caf\xe9\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    dir.write("tabs.yaml", "a: 1\n\tb: 2\n");
    dir.write("two.yaml", &format!("{POD}---\n{POLICY}---\nkey: [1, 2\n"));
    let test = dir.write(
        "kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\nresources: [latin1.yaml, tabs.yaml]\nparamResources: [two.yaml]\n",
    );
    let found = only_files(&check_one(&test, &Limits::default()));
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!(
        found[0],
        f3(
            "/resources/0",
            "latin1.yaml",
            "latin1.yaml:3:12: not UTF-8 text (invalid byte at offset 31)"
        )
    );
    assert_eq!(
        found[1],
        f3(
            "/resources/1",
            "tabs.yaml",
            "tabs.yaml:1:4: while scanning a plain scalar, found a tab"
        )
    );
    // The third document of a file mixing a Pod, a policy and a broken mapping: the line is
    // counted in the whole file.
    assert_eq!(
        found[2],
        f3(
            "/paramResources/0",
            "two.yaml",
            "two.yaml:13:6: unclosed bracket '['"
        )
    );
}

#[test]
fn paths_resolve_as_kyverno_resolves_them() {
    let dir = TempDir::new("paths");
    let outside = dir.write("shared/policy.yaml", POLICY);
    dir.write("test/resources.yaml", POD);
    // A policy directory is read as kyverno's fsLoad reads it: .yaml/.yml files, hidden
    // names and other extensions skipped.
    dir.write("test/more/a.yml", &POLICY.replace("name: p}", "name: q}"));
    dir.write("test/more/.hidden.yaml", "not: [valid\n");
    dir.write("test/more/notes.txt", "not: [valid\n");
    let test = dir.write(
        "test/kyverno-test.yaml",
        &format!(
            "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {{name: t}}\npolicies: [../shared/policy.yaml, {}, more]\nresources: [resources.yaml]\nvariables: {}\nglobalContextEntries:\n- name: g\n  resourceFiles: [../shared/policy.yaml, ../nowhere.yaml, inside-missing.yaml]\nresults:\n- {{policy: p, rule: r, kind: Pod, resources: [web], result: pass}}\n- {{policy: q, rule: r, kind: Pod, resources: [default/web], result: pass}}\n",
            outside.display(),
            outside.display(),
        ),
    );
    // `../` leaves the test directory and is allowed (kyverno allows it); an absolute policy
    // path is kept, but `variables` is always joined to the test directory (kyverno
    // `filepath.Join(testDir, p)`); `resourceFiles` leaving it are not read at all (the load
    // check refuses them).
    let joined = format!("\"{}\" does not exist", outside.display());
    assert_eq!(
        only_files(&check_one(&test, &Limits::default())),
        vec![
            f3("/variables", &outside.display().to_string(), &joined),
            f3(
                "/globalContextEntries/0/resourceFiles/2",
                "inside-missing.yaml",
                "\"inside-missing.yaml\" does not exist"
            ),
        ]
    );
}

#[test]
fn the_number_of_files_read_is_bounded() {
    let dir = TempDir::new("count");
    for i in 0..5 {
        dir.write(&format!("p/{i}.yaml"), POLICY);
    }
    let test = dir.write(
        "kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [p, p/0.yaml]\n",
    );
    let limits = Limits {
        max_files: 3,
        ..Limits::default()
    };
    assert_eq!(
        only_files(&check_one(&test, &limits)),
        vec![f3(
            "/policies/0",
            "p",
            "\"p\" holds more than 3 files (the most read for one test)"
        )]
    );
    // Named twice, read once: the second name is a cache hit, not a fourth file.
    let limits = Limits {
        max_files: 5,
        ..Limits::default()
    };
    assert_eq!(check_one(&test, &limits), vec![]);
}

#[test]
fn an_unreadable_policy_file_does_not_cascade_and_crds_are_read() {
    let dir = TempDir::new("cascade");
    dir.write("resources.yaml", POD);
    dir.write(
        "mock/cluster.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: ClusterResource\nspec:\n  crds: [crds/widget.yaml, crds/gone.yaml]\n",
    );
    dir.write("crds/widget.yaml", "kind: CustomResourceDefinition\n");
    let test = dir.write(
        "kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [gone.yaml]\nresources: [resources.yaml]\nclusterResources: [mock/cluster.yaml]\nresults:\n- {policy: p, rule: r, kind: Pod, resources: [web, nope], result: pass}\n",
    );
    assert_eq!(
        only_files(&check_one(&test, &Limits::default())),
        vec![
            f3("/policies/0", "gone.yaml", "\"gone.yaml\" does not exist"),
            // The CRDs a ClusterResource names are relative to the test, not to its file.
            f3(
                "/clusterResources/0",
                "crds/gone.yaml",
                "mock/cluster.yaml: spec.crds[1]: \"crds/gone.yaml\" does not exist"
            ),
            f3(
                "/results/0/resources/1",
                "",
                "no resource named \"nope\" in the resource files"
            ),
        ]
    );
}

#[test]
fn inline_values_and_payloads_name_what_exists() {
    let dir = TempDir::new("inline");
    dir.write("policy.yaml", POLICY);
    dir.write("resources.yaml", POD);
    dir.write("alpha/payload.json", "{\"a\": 1}");
    let alpha = dir.write(
        "alpha/kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [../policy.yaml]\nresources: [../resources.yaml]\njsonPayloads: [payload.json]\nvalues:\n  policies:\n  - name: p\n    rules: [{name: r}, {name: autogen-r}, {name: s}]\n    resources: [{name: web}, {name: payload.json}, {name: api}]\nresults:\n- {policy: p, rule: r, kind: '', resources: [payload.json], result: pass}\n",
    );
    assert_eq!(
        check_one(&alpha, &Limits::default()),
        vec![
            s(
                "/values/policies/0/rules/2/name",
                "error",
                "variables",
                "",
                "policy \"p\" has no rule \"s\""
            ),
            s(
                "/values/policies/0/resources/2/name",
                "error",
                "variables",
                "",
                "no resource named \"api\" in the resource files"
            ),
        ]
    );
    let beta = dir.write(
        "beta/kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1beta1\nkind: KyvernoTest\nmetadata: {name: t}\nspec:\n  policies: [../policy.yaml]\n  resources: [../resources.yaml]\n  payloads: {json: [../alpha/payload.json, gone.json]}\n  results:\n  - {policy: p, rule: r, kind: '', resources: [gone.json], result: pass}\n",
    );
    // A payload that cannot be read still names itself: no second finding on the result.
    // (A payload named with a `/` never matches: kyverno splits result names on `/`.)
    assert_eq!(
        only_files(&check_one(&beta, &Limits::default())),
        vec![f3(
            "/spec/payloads/json/1",
            "gone.json",
            "\"gone.json\" does not exist"
        )]
    );
}

/// `resourceSpecs` name resources as kyverno's `output.go` compares them (apiVersion,
/// namespace, name; not kind): one that matches nothing is an error (a result none of whose
/// entries match is checked against every resource), a kind that differs is a warning.
#[test]
fn resource_specs_name_resources_as_kyverno_compares_them() {
    let dir = TempDir::new("specs");
    dir.write("policy.yaml", POLICY);
    dir.write(
        "resources.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api, namespace: prod}\n",
    );
    let test = dir.write(
        "kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [policy.yaml]\nresources: [resources.yaml]\nresults:\n- policy: p\n  rule: r\n  kind: Pod\n  result: pass\n  resourceSpecs:\n  - {version: v1, kind: Pod, namespace: default, name: web}\n  - {group: apps, version: v1, kind: StatefulSet, namespace: prod, name: api}\n  - {version: v1, kind: Pod, name: web}\n  - {group: apps, version: v1, kind: Deployment, namespace: prod, name: apx}\n",
    );
    assert_eq!(
        check_one(&test, &Limits::default()),
        vec![
            s(
                "/results/0/resourceSpecs/1/kind",
                "warning",
                "resourceSpecs",
                "",
                "this entry matches the Deployment \"api\" (kyverno does not compare `kind`), not a StatefulSet"
            ),
            s(
                "/results/0/resourceSpecs/2",
                "error",
                "resourceSpecs",
                "",
                "no resource of apiVersion \"v1\" named \"web\" in no namespace in the resource files (\"web\" is v1 Pod in namespace \"default\"); kyverno compares apiVersion, namespace and name, and a result none of whose resources match is checked against every resource"
            ),
            s(
                "/results/0/resourceSpecs/3",
                "error",
                "resourceSpecs",
                "",
                "no resource of apiVersion \"apps/v1\" named \"apx\" in namespace \"prod\" in the resource files; kyverno compares apiVersion, namespace and name, and a result none of whose resources match is checked against every resource"
            ),
        ]
    );
}

/// CEL policies have no rules: a result's `rule` is ignored (kyverno `output.go` checks every
/// rule response of a rule-less kind), and so are the values of their rules; both warnings.
/// Values and user-info files are decoded strictly as Go decodes them (`Policies:` is
/// `policies`; an unknown field fails with Kyverno's text).
#[test]
fn cel_policies_have_no_rules_to_name() {
    let dir = TempDir::new("cel");
    dir.write(
        "policy.yaml",
        "apiVersion: policies.kyverno.io/v1\nkind: ValidatingPolicy\nmetadata: {name: vp}\nspec:\n  validations: [{expression: 'true'}]\n",
    );
    dir.write("resources.yaml", POD);
    dir.write(
        "user.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: UserInfo\nuserInfo: {usrname: dev}\n",
    );
    dir.write(
        "values.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Values\nPolicies:\n- name: vp\n  rules: [{name: r}]\n  resources: [{name: web}, {name: gone}]\n",
    );
    let test = dir.write(
        "kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [policy.yaml]\nresources: [resources.yaml]\nvariables: values.yaml\nuserinfo: user.yaml\nresults:\n- {policy: vp, rule: check, kind: Pod, resources: [web], result: pass, isValidatingPolicy: true}\n",
    );
    assert_eq!(
        check_one(&test, &Limits::default()),
        vec![
            s(
                "/variables",
                "warning",
                "file",
                "values.yaml",
                "values.yaml: Policies: `Policies` is read as the field `policies`: Go's decoder matches field names case-insensitively; write `policies`"
            ),
            s(
                "/userinfo",
                "error",
                "file",
                "user.yaml",
                "user.yaml: userInfo.usrname: error: failed to load request info (failed to decode yaml (error unmarshaling JSON: while decoding JSON: json: unknown field \"usrname\" (did you mean \"username\"?)))"
            ),
            s(
                "/results/0/rule",
                "warning",
                "rule",
                "",
                "rule \"check\" is ignored: a ValidatingPolicy has no rules (kyverno checks every result of the policy)"
            ),
            s(
                "/variables",
                "warning",
                "variables",
                "values.yaml",
                "values.yaml: Policies[0].rules[0].name: the values of rule \"r\" are never used: a ValidatingPolicy has no rules"
            ),
            s(
                "/variables",
                "error",
                "variables",
                "values.yaml",
                "values.yaml: Policies[0].resources[1].name: no resource named \"gone\" in the resource files"
            ),
        ]
    );
}
