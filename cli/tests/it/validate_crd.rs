//! `validgen validate --crd`: each document validated against the CRD version its
//! `apiVersion` and `kind` name; other kinds skipped, unknown versions errors; `--strict`
//! rejects unknown fields as Kubernetes strict field validation does.

use crate::common;

use common::{run, run_stdin};

const CRD: &str = "cli/tests/data/schemas/crd/widget.crd.yaml";
const WIDGETS: &str = "cli/tests/data/schemas/docs/widgets.yaml";
const V2: &str = "cli/tests/data/schemas/docs/widget-v2.yaml";
/// The keyword locations of the v1 schema start with this.
const V1: &str =
    "cli/tests/data/schemas/crd/widget.crd.yaml#/spec/versions/0/schema/openAPIV3Schema";

#[test]
fn documents_pick_their_version_and_other_kinds_are_skipped() {
    let (code, out, err) = run(&["validate", "--crd", CRD, WIDGETS, "--summary"]);
    assert_eq!(code, 1, "{err}");
    let w = WIDGETS;
    assert_eq!(
        out,
        format!(
            "VALID   {w}#0 default/small
INVALID {w}#1 big (1 violation)
    {w}:18:9: /spec/size: spec.size: Invalid value: 11: spec.size in body should be less than or equal to 10 [{V1}/properties/spec/properties/size/maximum]
    warning {w}:16:11: /metadata/colour: unknown field \"metadata.colour\" [{V1}]
    warning {w}:19:11: /spec/colour: unknown field \"spec.colour\" [{V1}]
VALID   {w}#3 old
Summary: 3 documents in 1 file - valid: 2, invalid: 1, errors: 0, skipped documents: 1
"
        )
    );
    assert_eq!(
        err,
        format!("note: {w}#2: skipped Deployment apps/v1 (not a kind of the --crd files)\n")
    );
}

#[test]
fn strict_rejects_unknown_fields_outside_maps_and_preserved_objects() {
    let (code, out, err) = run(&["validate", "--strict", "--crd", CRD, WIDGETS]);
    assert_eq!(code, 1, "{err}");
    let w = WIDGETS;
    // `spec.labels` (a map), `spec.extra` (preserve-unknown-fields) and every field of the
    // v1beta1 document (its schema preserves unknown fields) are not reported. The Strict
    // answer stops the request: `spec.size`'s violation is not reported, as the API server
    // does not report it.
    assert_eq!(
        out,
        format!(
            "VALID   {w}#0 default/small
INVALID {w}#1 big (2 violations)
    {w}:16:11: /metadata/colour: Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"metadata.colour\" [{V1}]
    {w}:19:11: /spec/colour: Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"spec.colour\" [{V1}]
VALID   {w}#3 old
"
        )
    );
}

#[test]
fn strict_allows_the_resource_fields_at_the_root_only() {
    let input = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: a\n  labels: {x: y}\n  finalizers: [f]\nspec:\n  size: 1\n  apiVersion: x\nstatus: {}\n";
    let (code, out, _) = run_stdin(
        &["validate", "--strict", "--crd", CRD, "-o", "json", "-"],
        input,
    );
    assert_eq!(code, 1);
    let line: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    let found: Vec<(String, u64)> = line["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| {
            (
                v["instance"].as_str().unwrap_or_default().to_owned(),
                v["line"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        found,
        vec![
            ("/spec/apiVersion".to_owned(), 9),
            ("/status".to_owned(), 10)
        ]
    );
    assert_eq!(
        line["violations"][1]["message"],
        "Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"status\""
    );
}

#[test]
fn a_version_the_crd_does_not_define_is_an_error() {
    let (code, out, err) = run(&["validate", "--crd", CRD, V2]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!(
            "error: {V2}:1: Widget example.com/v2: no version `v2` in {CRD} (it defines v1, v1beta1)\n"
        )
    );
}

#[test]
fn one_kind_in_two_crd_files_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let other = dir.path().join("other.yaml");
    std::fs::write(
        &other,
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: example.com\n  names: {kind: Widget}\n  versions:\n    - name: v9\n      schema:\n        openAPIV3Schema: {type: object}\n",
    )
    .expect("write");
    let other = other.to_str().expect("UTF-8");
    let (code, _, err) = run(&["validate", "--crd", CRD, "--crd", other, WIDGETS]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!(
            "error: {other}: Widget of group example.com is defined by another --crd file too: {CRD}\n"
        )
    );
}

/// The widget CRD with its kind renamed `Gadget`.
fn gadget_crd(widget: &str) -> String {
    widget
        .replace("kind: Widget", "kind: Gadget")
        .replace("plural: widgets", "plural: gadgets")
        .replace("singular: widget", "singular: gadget")
}

#[test]
fn a_multi_document_crd_file_gives_every_crd() {
    let dir = tempfile::tempdir().expect("temp dir");
    let crds = dir.path().join("crds.yaml");
    let one = std::fs::read_to_string(common::root().join(CRD)).expect("CRD");
    std::fs::write(
        &crds,
        format!(
            "{}---
{one}",
            gadget_crd(&one)
        ),
    )
    .expect("write");
    let crds = crds.to_str().expect("UTF-8");
    let (code, out, err) = run(&["validate", "--crd", crds, WIDGETS]);
    // As with the widget CRD alone; the keyword locations name the file and the pointer in
    // the CRD's document.
    let (alone_code, alone_out, alone_err) = run(&["validate", "--crd", CRD, WIDGETS]);
    assert_eq!(code, alone_code, "{err}");
    assert_eq!(out, alone_out.replace(CRD, crds));
    assert_eq!(err, alone_err);
    // The gadget document picks the first CRD.
    let gadget = dir.path().join("gadget.yaml");
    std::fs::write(
        &gadget,
        "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\nspec: {size: 11}\n",
    )
    .expect("write");
    let gadget = gadget.to_str().expect("UTF-8");
    let (code, out, err) = run(&["validate", "--crd", crds, gadget]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.starts_with(&format!("INVALID {gadget}#0 g (1 violation)\n    {gadget}:4:14: /spec/size: spec.size: Invalid value: 11: spec.size in body should be less than or equal to 10 [{crds}#/spec/versions/0/")),
        "{out}"
    );
}

#[test]
fn a_document_that_is_not_a_crd_in_a_multi_document_file_is_refused_with_its_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let crds = dir.path().join("crds.yaml");
    let one = std::fs::read_to_string(common::root().join(CRD)).expect("CRD");
    let lines = one.lines().count();
    std::fs::write(&crds, format!("{one}---\ntype: object\n---\n{one}")).expect("write");
    let crds = crds.to_str().expect("UTF-8");
    let (code, out, err) = run(&["validate", "--crd", crds, WIDGETS]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!(
            "error: {crds}:{}:1: document 2 is not a CustomResourceDefinition: a file of several documents holds CRDs only (put a JSON Schema in a file of its own)
error: {crds}: version `v1` of Widget is defined twice
error: {crds}: version `v1beta1` of Widget is defined twice
",
            lines + 2
        )
    );
    // `--schema` reads schema files alike.
    let (code, out, err) = run(&["validate", "--schema", crds, WIDGETS]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with(&format!(
            "error: {crds}:{}:1: document 2 is not a CustomResourceDefinition",
            lines + 2
        )),
        "{err}"
    );
}

#[test]
fn files_that_are_not_usable_crds_are_refused() {
    let (code, out, err) = run(&[
        "validate",
        "--crd",
        CRD,
        "--crd",
        "cli/tests/data/schemas/app/server.schema.json",
        "--crd",
        "cli/tests/data/schemas/crd",
        WIDGETS,
    ]);
    assert_eq!(code, 2);
    assert_eq!(out, "", "nothing is validated");
    assert_eq!(
        err,
        format!(
            "error: cli/tests/data/schemas/app/server.schema.json: not a CustomResourceDefinition (use --schema for JSON Schemas)
error: {CRD}: version `v1` of Widget is defined twice
error: {CRD}: version `v1beta1` of Widget is defined twice
"
        )
    );
}

/// CEL rules (`x-kubernetes-validations`) are evaluated as the API server evaluates them, with
/// the defaults in (`max: 10`), and each failure is worded as `kubectl apply` prints it, at
/// its field and naming its rule: a resource that breaks only CEL rules is invalid, never
/// "valid" with a warning that rules were not evaluated. A map list's repeated key is the API
/// server's `Duplicate value`.
#[test]
fn cel_rules_are_evaluated_with_the_api_servers_texts() {
    let crd = "cli/tests/data/schemas/crd/gauge.crd.yaml";
    let docs = "cli/tests/data/schemas/docs/gauges.yaml";
    let (code, out, err) = run(&["validate", "--crd", crd, docs]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(err, "", "no warning that CEL rules are not evaluated");
    let at = format!("{crd}#/spec/versions/0/schema/openAPIV3Schema/properties/spec");
    assert_eq!(
        out,
        format!(
            "VALID   {docs}#0 fine
INVALID {docs}#1 broken (4 violations)
    {docs}:14:3: /spec: spec: Invalid value: min must not exceed max [{at}/x-kubernetes-validations/0]
    {docs}:15:11: /spec/legacy: spec.legacy: Forbidden: legacy is gone [{at}/x-kubernetes-validations/1]
    {docs}:16:9: /spec/unit: spec.unit: Invalid value: \"kPa\": failed rule: self in ['bar', 'psi'] [{at}/properties/unit/x-kubernetes-validations/0]
    {docs}:19:5: /spec/readings/1: spec.readings[1]: Duplicate value: {{\"at\":\"noon\"}} [{crd}#/spec/versions/0/schema/openAPIV3Schema]
"
        )
    );
}

/// A CEL rule that does not compile makes the CRD unusable, as the API server refuses it.
#[test]
fn a_cel_rule_that_does_not_compile_is_a_located_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let crd = dir.path().join("bad.crd.yaml");
    let text =
        std::fs::read_to_string(common::root().join("cli/tests/data/schemas/crd/gauge.crd.yaml"))
            .expect("fixture")
            .replace("rule: self.min <= self.max", "rule: self.min <=");
    std::fs::write(&crd, text).expect("write");
    let crd = crd.display().to_string();
    let (code, out, err) = run(&[
        "validate",
        "--crd",
        &crd,
        "cli/tests/data/schemas/docs/gauges.yaml",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("/spec/versions/0/schema/openAPIV3Schema/properties/spec/x-kubernetes-validations/0: the CEL rule does not compile: "),
        "{err}"
    );
}

/// With `--old`, a document that names a stored object is an update of it: its transition
/// rules (`oldSelf`) run, and what the update leaves unchanged is not enforced (ratcheting:
/// `broken`, stored as it is, passes; its list was already invalid, so lists are not checked).
#[test]
fn updates_run_transition_rules_and_ratchet() {
    let crd = "cli/tests/data/schemas/crd/gauge.crd.yaml";
    let docs = "cli/tests/data/schemas/docs/gauges.yaml";
    let old = "cli/tests/data/schemas/docs/gauges-stored.yaml";
    let (code, out, err) = run(&["validate", "--crd", crd, "--old", old, docs]);
    assert_eq!(code, 1, "{err}");
    let at = format!("{crd}#/spec/versions/0/schema/openAPIV3Schema/properties/spec");
    assert_eq!(
        out,
        format!(
            "INVALID {docs}#0 fine (1 violation)
    {docs}:7:9: /spec/unit: spec.unit: Invalid value: \"bar\": unit is immutable [{at}/properties/unit/x-kubernetes-validations/1]
VALID   {docs}#1 broken
"
        )
    );
    let (code, _, err) = run(&["validate", "--crd", crd, "--old", "nowhere.yaml", docs]);
    assert_eq!(code, 2);
    assert!(err.contains("nowhere.yaml"), "{err}");
}

/// Formats are asserted as the API server asserts them (kube-openapi's registry, Go's
/// readings), with its words; a scale subresource's replicas path is checked after the schema.
#[test]
fn formats_and_the_scale_subresource_are_the_api_servers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let crd = dir.path().join("timer.crd.yaml");
    std::fs::write(
        &crd,
        "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: timers.example.com
spec:
  group: example.com
  names: {kind: Timer, plural: timers}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      subresources:
        scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              x-kubernetes-preserve-unknown-fields: true
              properties:
                every: {type: string, format: duration}
                owner: {type: string, format: email}
                host: {type: string, format: hostname}
",
    )
    .expect("write");
    let docs = dir.path().join("timers.yaml");
    std::fs::write(
        &docs,
        "apiVersion: example.com/v1
kind: Timer
metadata: {name: fine}
spec: {every: 3 days, owner: Ops <ops@example.com>, host: example.com, replicas: 2}
---
apiVersion: example.com/v1
kind: Timer
metadata: {name: broken}
spec: {every: soon, owner: ops, host: ab-cd, replicas: -1}
",
    )
    .expect("write");
    let (crd, docs) = (crd.to_str().expect("UTF-8"), docs.to_str().expect("UTF-8"));
    let (code, out, err) = run(&["validate", "--crd", crd, docs]);
    assert_eq!(code, 1, "{err}");
    let messages: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once(": /").map(|(_, m)| m))
        .collect();
    assert!(
        out.starts_with(&format!("VALID   {docs}#0 fine\nINVALID {docs}#1 broken")),
        "{out}"
    );
    assert_eq!(
        messages,
        [
            "spec/every: spec.every: Invalid value: \"soon\": spec.every in body must be of type duration: \"soon\" [".to_owned() + crd + "#/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/every/format]",
            "spec/owner: spec.owner: Invalid value: \"ops\": spec.owner in body must be of type email: \"ops\" [".to_owned() + crd + "#/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/owner/format]",
            "spec/host: spec.host: Invalid value: \"ab-cd\": spec.host in body must be of type hostname: \"ab-cd\" [".to_owned() + crd + "#/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/host/format]",
            "spec/replicas: .spec.replicas: Invalid value: -1: should be a non-negative integer [".to_owned() + crd + "#/spec/versions/0/schema/openAPIV3Schema]",
        ]
    );
}
