//! A VM whose JSON repeats a key: `validate --raw` (the manifest reader) and `review` (the
//! webhook's reader) answer as the reference, which decodes the bytes with encoding/json: a
//! repeated `cpu` merges into the same struct, a repeated template `spec` replaces the earlier
//! one (VirtualMachineInstanceSpec has its own UnmarshalJSON).

mod common;

use common::run;

const DATA: &str = "codegen-cli/tests/data/duplicate-keys";

/// The verdict of `validate --raw -o json` on `vm` and of `review` on the same VM in a review.
fn verdicts(name: &str) -> (bool, bool) {
    let (code, out, err) = run(&[
        "validate",
        "--raw",
        "-o",
        "json",
        &format!("{DATA}/{name}.vm.json"),
    ]);
    assert!(code < 2, "{err}");
    let line: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON line");
    let validated = line["allowed"].as_bool().expect("allowed");
    assert_eq!(validated, code == 0);
    let (code, out, err) = run(&["review", &format!("{DATA}/{name}.review.json")]);
    assert!(code < 2, "{err}");
    let review: serde_json::Value = serde_json::from_str(out.trim()).expect("a review");
    let reviewed = review["response"]["allowed"].as_bool().expect("allowed");
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
