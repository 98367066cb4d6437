//! Kyverno CLI test manifests (`kyverno-test.yaml`), validated before any policy runs, with
//! every reason at once and located in the file.
//!
//! Two versions are known:
//! - [`Version::V1alpha1`]: `cli.kyverno.io/v1alpha1` `Test`, as the Kyverno CLI ships it
//!   (kyverno `cmd/cli/kubectl-kyverno/apis/v1alpha1`): flat, no `spec`. Its catalog is the
//!   `Test` CRD's `openAPIV3Schema` compiled by the CRD frontend with strict decoding
//!   ([`catalog`]), then the checks the CLI makes when it loads a test ([`load`]) and the
//!   warnings of `kyverno fix test` ([`fix`]).
//! - [`Version::V1beta1`]: `cli.kyverno.io/v1beta1` `KyvernoTest`, as the Kyverno design
//!   proposal "Schema for Kyverno CLI test command" describes it (everything under `spec`).
//!   Its catalog is our CRD of that shape ([`catalog`]), then the proposal's checks no schema
//!   keyword expresses ([`proposal`]).
//!
//! [`files`] checks what a test names in other files (policies, rules, resources), opt-in for
//! v1alpha1 and always for v1beta1; [`migrate`] rewrites a v1alpha1 `Test` into a v1beta1
//! `KyvernoTest`.

pub mod catalog;
pub mod decode;
pub mod files;
pub mod fix;
pub mod load;
pub mod migrate;
pub mod proposal;

use std::path::Path;

use serde_json::Value;

use validgen_core::ir::Severity;
use validgen_core::model::Yaml;

/// The API group of Kyverno CLI test manifests.
pub const GROUP: &str = "cli.kyverno.io";

/// The file name `kyverno test` looks for by default (its `--file-name`).
pub const TEST_FILE_NAME: &str = "kyverno-test.yaml";

/// A version of the test manifest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    /// `cli.kyverno.io/v1alpha1` `Test`, as shipped (also the deprecated layout without
    /// `apiVersion`/`kind`).
    V1alpha1,
    /// `cli.kyverno.io/v1beta1` `KyvernoTest`, as proposed.
    V1beta1,
}

/// Which layer of checks found a [`Finding`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The version's schema ([`catalog`]).
    Schema,
    /// The CLI's checks at load time ([`load`]).
    Load,
    /// `kyverno fix test`'s warnings ([`fix`]).
    Fix,
    /// The v1beta1 proposal's checks beyond the schema ([`proposal`]).
    Proposal,
    /// What the test names in other files ([`files`]).
    Files,
}

/// One thing wrong with a test manifest (or worth a warning).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The JSON Pointer of the offending value in the test document (`""`: the document).
    pub instance: String,
    /// The layer that found it.
    pub layer: Layer,
    /// For [`Layer::Schema`], the JSON Pointer of the keyword in the version's
    /// `openAPIV3Schema`; otherwise the check's short name (`operation`, `apiCallResponses`,
    /// `policy`…).
    pub keyword: String,
    /// What is wrong, with Kyverno's text where Kyverno has one.
    pub message: String,
    /// [`Severity::Error`] fails the test file; [`Severity::Warning`] does not.
    pub severity: Severity,
    /// The other file the finding is about, as the test names it (a policy file that does
    /// not parse…); empty when it is about the test file itself.
    pub file: String,
}

/// The version of a document, or `None` when it is not a Kyverno test manifest.
///
/// `apiVersion` `cli.kyverno.io/v1beta1` with `kind: KyvernoTest` is [`Version::V1beta1`];
/// `kind: Test` with an `apiVersion` in group `cli.kyverno.io` (or `kyverno.io`, which 14
/// real tests use and the CLI accepts, as it never reads `apiVersion`) is
/// [`Version::V1alpha1`]; so is every other mapping of a file named `test_file_name` (what
/// `kyverno test --file-name` names, [`TEST_FILE_NAME`] by default), as the CLI decodes each
/// document of such a file as a `Test` (kyverno `cmd/cli/kubectl-kyverno/test/load.go`): the
/// deprecated layout without `apiVersion` or `kind`, and a document of another kind, which
/// [`validate`] then reports. `file_name` is the file's last component.
pub fn recognise(doc: &Value, file_name: &str, test_file_name: &str) -> Option<Version> {
    let api_version = doc.get("apiVersion").and_then(Value::as_str);
    let kind = doc.get("kind").and_then(Value::as_str);
    let group = api_version.map(|a| a.rsplit_once('/').map_or("", |(g, _)| g));
    match (group, kind) {
        (Some(GROUP), Some("KyvernoTest")) => Some(Version::V1beta1),
        (Some(GROUP | "kyverno.io"), Some("Test")) => Some(Version::V1alpha1),
        _ if file_name == test_file_name && doc.is_object() => Some(Version::V1alpha1),
        _ => None,
    }
}

/// Every finding on the test document `yaml` of version `version`, read from the file named
/// `path` (for Kyverno's texts), in document order: the schema's violations, then (v1alpha1)
/// the load checks and `kyverno fix test`'s warnings, or (v1beta1) the proposal's checks. A
/// value one of those checks finds in error is not reported by the schema too.
///
/// The document is first read as Go decodes it ([`decode`]: field names matched exactly, else
/// case-insensitively), so every check sees what Kyverno sees; each finding is at the key as
/// written, and a key matched case-insensitively or a field named by several keys is a
/// warning. The files the test names are not read: see [`check_files`].
pub fn validate(version: Version, path: &str, yaml: &Yaml) -> Vec<Finding> {
    let decoded = decode::test(version, yaml.value());
    let unlocated;
    let read = if decoded.is_verbatim() {
        yaml
    } else {
        unlocated = Yaml::unlocated(decoded.value.clone());
        &unlocated
    };
    let mut out = catalog::violations(version, read);
    let doc = read.value();
    let checks = match version {
        Version::V1alpha1 => {
            let mut checks: Vec<Finding> = other_kind(doc).into_iter().collect();
            checks.extend(load::check(path, doc));
            checks.extend(fix::warnings(doc));
            checks
        }
        Version::V1beta1 => proposal::check(doc),
    };
    // A value an error of the CLI's own checks is about (a bad `operation`) is reported once,
    // in the CLI's words, not again by the schema.
    out.retain(|f| {
        !checks
            .iter()
            .any(|c| c.severity == Severity::Error && c.instance == f.instance)
    });
    out.extend(checks);
    for f in &mut out {
        f.instance = decoded.original(&f.instance);
    }
    out.extend(decoded.warnings);
    sort(yaml, &mut out);
    out
}

/// The findings on what the test document `doc` (of version `version`, read from
/// `test_file`) names in other files: see [`files`]. The document is read as Go decodes it
/// ([`decode`]), and each finding is at the key as written.
pub fn check_files(
    version: Version,
    doc: &Value,
    test_file: &Path,
    limits: &files::Limits,
) -> Vec<Finding> {
    let decoded = decode::test(version, doc);
    let mut out = files::check(version, &decoded.value, test_file, limits);
    for f in &mut out {
        f.instance = decoded.original(&f.instance);
    }
    out
}

/// A document of a test file whose `kind` is neither `Test` nor missing (or empty, the
/// deprecated layout): the CLI decodes it as a `Test` all the same, so it is a test file
/// mixing kinds (a Pod pasted into `kyverno-test.yaml`), whose own fields strict decoding then
/// refuses.
fn other_kind(doc: &Value) -> Option<Finding> {
    let kind = doc.get("kind")?.as_str()?;
    (kind != "Test" && !kind.is_empty()).then(|| Finding {
        instance: "/kind".to_owned(),
        layer: Layer::Load,
        keyword: "kind".to_owned(),
        message: format!(
            "a document of kind `{kind}` in a test file: the Kyverno CLI decodes every document of the file as a `Test`"
        ),
        severity: Severity::Error,
        file: String::new(),
    })
}

/// Document order: by the position of the offending value (stable, so the layers keep their
/// order at one value).
fn sort(yaml: &Yaml, findings: &mut [Finding]) {
    findings.sort_by_key(|f| yaml.span(&f.instance).map(|s| (s.line, s.column)));
}
