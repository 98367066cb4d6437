//! A VM whose JSON repeats a key: `validate --raw` (the manifest reader) and `review` (the
//! webhook's reader) answer as the reference, which decodes the bytes with encoding/json: a
//! repeated `cpu` merges into the same struct, a repeated template `spec` replaces the earlier
//! one (VirtualMachineInstanceSpec has its own UnmarshalJSON), and a wrong type in a copy that
//! a later one replaces is still an error.

use crate::common;

use common::run;

const DATA: &str = "cli/tests/data/duplicate-keys";

/// The JSON line of `validate --raw -o json` on `vm` and the `response` of `review` on the
/// same VM in a review.
fn outputs(name: &str) -> (serde_json::Value, serde_json::Value) {
    let (code, out, err) = run(&[
        "validate",
        "--raw",
        "-o",
        "json",
        &format!("{DATA}/{name}.vm.json"),
    ]);
    assert!(code < 2, "{err}");
    let line: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON line");
    assert_eq!(line["allowed"].as_bool(), Some(code == 0));
    let (code, out, err) = run(&["review", &format!("{DATA}/{name}.review.json")]);
    assert!(code < 2, "{err}");
    let review: serde_json::Value = serde_json::from_str(out.trim()).expect("a review");
    (line, review["response"].clone())
}

/// The verdict of `validate --raw -o json` on `vm` and of `review` on the same VM in a review.
fn verdicts(name: &str) -> (bool, bool) {
    let (line, response) = outputs(name);
    let validated = line["allowed"].as_bool().expect("allowed");
    let reviewed = response["allowed"].as_bool().expect("allowed");
    (validated, reviewed)
}

#[test]
fn a_repeated_struct_key_merges_in_both_commands() {
    // cores 2 from the first `cpu`, sockets 3 from the second: both rules hold.
    assert_eq!(verdicts("cpu-merges"), (true, true));
}

#[test]
fn a_repeated_template_spec_is_replaced_in_both_commands() {
    // The second `spec` has no `cpu`: cores and sockets read 0 (reference VM), both rules fail.
    assert_eq!(verdicts("spec-replaced"), (false, false));
}

#[test]
fn a_wrong_type_in_a_replaced_copy_is_refused_in_both_commands() {
    // `"cores":"2","cores":2`: encoding/json decodes both copies, and the first one's type
    // error makes json.Unmarshal fail (ssp-operator webhooks/utils.go GetAdmissionReviewVM):
    // code 400 with Go's message, although the later copy would satisfy both rules.
    let (line, response) = outputs("cores-wrong-type");
    let message = "json: cannot unmarshal string into Go struct field VMISpecAlias.domain.cpu.cores of type uint32";
    assert_eq!(
        (&line["allowed"], &line["code"], &line["message"]),
        (&false.into(), &400.into(), &message.into())
    );
    assert_eq!(
        (
            &response["allowed"],
            &response["status"]["code"],
            &response["status"]["message"]
        ),
        (&false.into(), &400.into(), &message.into())
    );
}
