//! Kyverno CLI test manifests met by `validate` (without `--schema`, `--crd` or
//! `--ytt-schema`): a document `validgen_kyverno::recognise`s is validated by the
//! built-in catalog of its version, and becomes a document item whose violations are its
//! error findings and whose warnings are the rest, each at its line of the stream.
//!
//! The files a test names are checked too for a v1beta1 `KyvernoTest` always, and for a
//! v1alpha1 `Test` with `--check-files` (an opt-in lint: the shipped CLI does not pre-check
//! them).

use std::path::Path;

use serde_json::Value;
use validgen_core::ir::Severity;
use validgen_core::model::Yaml;
use validgen_kyverno::{self as kyverno, Finding, Layer, Version, files::Limits};

use super::{DocVerdict, Item, SchemaViolation};

/// How a test manifest of a stream is judged.
pub(super) struct Test<'a> {
    /// The stream's name (`-` for standard input): the test file, whose folder the files it
    /// names are relative to.
    pub file: &'a str,
    /// The document's number in the stream.
    pub index: usize,
    /// The text of the stream's piece holding the document, and the piece's first line.
    pub text: &'a [u8],
    /// The first line of the piece in the stream.
    pub first_line: usize,
    /// Check the files a v1alpha1 test names (`--check-files`).
    pub check_files: bool,
}

/// How Kyverno test manifests are found and checked (`--check-files`,
/// `--kyverno-file-name`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options<'a> {
    /// Check the files a v1alpha1 test names.
    pub check_files: bool,
    /// The name of the files whose every document is a test, as `kyverno test --file-name`.
    pub test_file_name: &'a str,
}

/// The version of `doc` when it is a Kyverno test manifest of stream `file`.
pub(super) fn recognise(file: &str, doc: &Value, options: Options<'_>) -> Option<Version> {
    let name = Path::new(file)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    kyverno::recognise(doc, name, options.test_file_name)
}

/// The item of the test manifest `doc` of version `version`.
pub(super) fn item(test: &Test<'_>, version: Version, doc: Value) -> Item {
    // The piece is read again for positions; a piece that holds several JSON values is
    // judged without them.
    let yaml = std::str::from_utf8(test.text)
        .ok()
        .and_then(|t| Yaml::parse(t).ok())
        .filter(|y| *y.value() == doc)
        .unwrap_or_else(|| Yaml::unlocated(doc));
    let mut findings = kyverno::validate(version, test.file, &yaml);
    if version == Version::V1beta1 || test.check_files {
        let limits = Limits::default();
        findings.extend(kyverno::check_files(
            version,
            yaml.value(),
            Path::new(test.file),
            &limits,
        ));
    }
    let line = yaml
        .span("")
        .map_or(test.first_line, |s| test.first_line + s.line - 1);
    let at = |f: &Finding| {
        let (line, column) = yaml
            .span(&f.instance)
            .map_or((line, 0), |s| (test.first_line + s.line - 1, s.column));
        SchemaViolation {
            line,
            column,
            instance: f.instance.clone(),
            schema: layer_name(version, f.layer).to_owned(),
            keyword: f.keyword.clone(),
            message: f.message.clone(),
            ..SchemaViolation::default()
        }
    };
    let (errors, warnings): (Vec<&Finding>, Vec<&Finding>) =
        findings.iter().partition(|f| f.severity == Severity::Error);
    // In document order, the test's own findings and those on the files it names together
    // (stable: the layers keep their order at one value).
    let located = |found: Vec<&Finding>| {
        let mut out: Vec<SchemaViolation> = found.into_iter().map(at).collect();
        out.sort_by_key(|v| (v.line, v.column));
        out
    };
    // Named as Kyverno reads it (`Metadata:` is `metadata`).
    let decoded = kyverno::decode::test(version, yaml.value());
    let meta = |k: &str| {
        decoded
            .value
            .pointer(&format!("/metadata/{k}"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    // The deprecated layout's top-level `name` names the test when `metadata` does not.
    let name = meta("name").or_else(|| {
        decoded
            .value
            .get("name")
            .and_then(Value::as_str)
            .map(str::to_owned)
    });
    Item::Document(Box::new(DocVerdict {
        source: format!("{}#{}", test.file, test.index),
        line,
        name,
        schemas: vec![layer_name(version, Layer::Schema).to_owned()],
        violations: located(errors),
        warnings: located(warnings),
        annotations: Vec::new(),
    }))
}

/// How reports name the layer of checks that found a finding: the built-in CRD version's
/// schema as `validgen kyverno schema <version>` prints it (continued by the keyword's
/// pointer), or the checks' origin (followed by
/// `#<check>`).
fn layer_name(version: Version, layer: Layer) -> &'static str {
    match (layer, version) {
        // What `validgen kyverno schema <version>` prints.
        (Layer::Schema, Version::V1alpha1) => {
            "kyverno schema v1alpha1#/spec/versions/0/schema/openAPIV3Schema"
        }
        (Layer::Schema, Version::V1beta1) => {
            "kyverno schema v1beta1#/spec/versions/0/schema/openAPIV3Schema"
        }
        (Layer::Load, _) => "kyverno test (load)",
        (Layer::Fix, _) => "kyverno fix test",
        (Layer::Proposal, _) => "KyvernoTest proposal",
        (Layer::Files, _) => "kyverno test (files)",
    }
}
