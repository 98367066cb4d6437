//! `validgen vap test`: the bundled catalog's policies on the bundled VMs (verdicts, the API
//! server's wording, warnings, JSON with costs, `--raw`), a hand-written policy on
//! AdmissionReviews (UPDATE, DELETE), legacy Template policies with `--params`, and bad input
//! (every problem located, exit 2).

use crate::common;

use common::{run, run_stdin};
use serde_json::Value;

const DATA: &str = "cli/tests/data/vap-test";

/// The bundled catalog's policies, written into a fresh folder.
fn bundled_policies() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("UTF-8 path");
    let (code, _, err) = run(&["vap", "examples/common-templates/templates", "--out", out]);
    assert_eq!(code, 0, "{err}");
    dir
}

#[test]
fn bundled_vms_get_the_api_servers_verdicts_and_wording() {
    let dir = bundled_policies();
    let policies = dir.path().to_str().expect("UTF-8 path");
    let (code, out, err) = run(&["vap", "test", policies, "examples/vms/derived"]);
    assert_eq!((code, err.as_str()), (1, ""));
    let verdicts: Vec<&str> = out.lines().filter(|l| !l.starts_with("  ")).collect();
    assert_eq!(
        verdicts,
        [
            "examples/vms/derived/rhel9-server-small.memory-1536Mi.vm.yaml: VirtualMachine 'rhel9-ahfc4lcnpm48mdau': allowed",
            "examples/vms/derived/rhel9-server-small.memory-1Gi.vm.yaml: VirtualMachine 'rhel9-ahfc4lcnpm48mdau': denied",
            "examples/vms/derived/rhel9-server-small.no-memory-guest.vm.yaml: VirtualMachine 'rhel9-ahfc4lcnpm48mdau': denied",
            "examples/vms/derived/windows11-desktop-medium.cores-1.vm.yaml: VirtualMachine 'windows11-ftgt2f': denied",
            "examples/vms/derived/windows2k22-server-medium.usb-disk-scsi-cdrom.vm.yaml: VirtualMachine 'windows2022-emslo3': denied",
            "examples/vms/derived/windows2k25-highperformance-large.sata-cdrom.vm.yaml: VirtualMachine 'windows2025-2m8477': allowed",
        ]
    );
    assert!(out.contains(
        "\n  virtualmachines.kubevirt.io \"rhel9-ahfc4lcnpm48mdau\" is forbidden: ValidatingAdmissionPolicy 'validgen-kubevirt-e95f75b313' with binding 'validgen-kubevirt-e95f75b313' denied request: This VM requires more memory.: value 1073741824 is lower than minimum [1610612736]\n"
    ), "{out}");
    assert_eq!(
        out.matches("\n  warning: Validation failed for ValidatingAdmissionPolicy '")
            .count(),
        2
    );
    let (code, out, _) = run(&["vap", "test", policies, "examples/vms/processed"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn json_names_the_denial_and_every_bindings_cost_and_raw_evaluates_as_written() {
    let dir = bundled_policies();
    let policies = dir.path().to_str().expect("UTF-8 path");
    let tiny = "examples/vms/processed/rhel9-server-tiny.vm.yaml";
    let (code, out, _) = run(&["vap", "test", policies, tiny, "-o", "json"]);
    assert_eq!(code, 0);
    let admitted: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(admitted[0]["allowed"], true);
    let costs = admitted[0]["costs"].as_array().expect("costs");
    assert_eq!(
        costs.len(),
        10,
        "every binding matches a VM and is evaluated"
    );
    assert!(
        costs
            .iter()
            .all(|c| c["cost"].as_u64().is_some_and(|c| c > 0 && c < 10_000_000))
    );
    // As written, `1.5Gi` is not an integer quantity for Go's `AsInt64`.
    let (code, out, _) = run(&["vap", "test", policies, tiny, "--raw", "-o", "json"]);
    assert_eq!(code, 1);
    let raw: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(raw[0]["code"], 422);
    assert_eq!(raw[0]["denial"]["policy"], "validgen-kubevirt-e95f75b313");
    assert_eq!(raw[0]["denial"]["expressionIndex"], 0);
    assert_eq!(
        raw[0]["denial"]["message"],
        "This VM requires more memory.: mismatching type: *resource.Quantity, not int or resource.Quantity"
    );
}

#[test]
fn admission_reviews_carry_the_operation_and_the_reason_gives_the_code() {
    let (code, out, err) = run(&[
        "vap",
        "test",
        &format!("{DATA}/cores.yaml"),
        &format!("{DATA}/update-review.json"),
        &format!("{DATA}/delete-review.json"),
        "-o",
        "json",
    ]);
    assert_eq!((code, err.as_str()), (1, ""));
    let judged: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(judged[0]["operation"], "UPDATE");
    assert_eq!(judged[0]["code"], 403, "reason Forbidden");
    assert_eq!(
        judged[0]["message"],
        "virtualmachines.kubevirt.io \"vm1\" is forbidden: ValidatingAdmissionPolicy 'two-cores' with binding 'two-cores' denied request: cores: 1 < 2"
    );
    // DELETE is not among the policy's operations.
    assert_eq!(
        (&judged[1]["operation"], &judged[1]["allowed"]),
        (&"DELETE".into(), &true.into())
    );
    assert_eq!(judged[1]["costs"], serde_json::json!([]));
}

#[test]
fn every_problem_of_the_policies_and_inputs_is_reported_located() {
    let (code, out, err) = run(&[
        "vap",
        "test",
        &format!("{DATA}/bad-policies.yaml"),
        "examples/vms/processed",
    ]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!(
            "error: {DATA}/bad-policies.yaml#1: ValidatingAdmissionPolicy 'broken': spec.auditAnnotations: not supported by the offline evaluator\n\
             error: {DATA}/bad-policies.yaml#1: ValidatingAdmissionPolicy 'broken': spec.validations[0].expression: ERROR: <input>:1:23: Syntax error: mismatched input '<EOF>' expecting {{'[', '{{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}}\n\
             error: {DATA}/bad-policies.yaml#2: ValidatingAdmissionPolicyBinding 'orphan': spec.policyName: no ValidatingAdmissionPolicy 'missing' among the documents\n"
        )
    );
    // A missing VM file is an error; the other files are still judged.
    let (code, out, err) = run(&[
        "vap",
        "test",
        &format!("{DATA}/cores.yaml"),
        &format!("{DATA}/no-such-vm.yaml"),
        &format!("{DATA}/update-review.json"),
    ]);
    assert_eq!(code, 2);
    assert!(
        out.contains("update-review.json: VirtualMachine 'vm1': denied"),
        "{out}"
    );
    assert!(
        err.starts_with(&format!("error: {DATA}/no-such-vm.yaml: ")),
        "{err}"
    );
    // A VM the API server cannot decode never reaches the policies.
    let vm = r#"{"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "x"},
        "spec": {"template": {"spec": {"domain": {"memory": {"guest": "2gi"}}}}}}"#;
    let (code, out, err) = run_stdin(&["vap", "test", &format!("{DATA}/cores.yaml"), "-"], vm);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("error: -: the API server refuses this VM before admission: ")
            && err.ends_with(" (--raw evaluates it as written)\n"),
        "{err}"
    );
}

#[test]
fn a_legacy_template_policy_judges_with_its_template_as_param_else_allows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let policies = dir.path().to_str().expect("UTF-8 path");
    let catalog = "cli/tests/data/explain-catalog";
    let (code, _, err) = run(&["vap", catalog, "--out", policies]);
    assert_eq!(code, 0, "{err}");
    let vm = format!("{DATA}/legacy-vm.yaml");
    let templates = format!("{catalog}/templates.yaml");
    let (code, out, err) = run(&["vap", "test", policies, &vm, "--params", &templates]);
    assert_eq!((code, err.as_str()), (1, ""), "{out}");
    assert!(
        out.contains(
            "denied request: enough memory: value 536870912 is lower than minimum [1073741824]"
        ),
        "{out}"
    );
    // The cluster holds no such Template: `parameterNotFoundAction: Allow`.
    let (code, out, err) = run(&["vap", "test", policies, &vm]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let (code, _, err) = run(&[
        "vap",
        "test",
        policies,
        &vm,
        "--params",
        "no/such/file.yaml",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/file.yaml"), "{err}");
}
