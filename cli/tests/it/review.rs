//! `validgen review`: the webhook's answer to an AdmissionReview, offline.

use crate::common;

use common::{root, run, run_stdin};
use serde_json::{Value, json};

const REVIEWS: &str = "cli/tests/data/reviews";

#[test]
fn a_denied_vm() {
    let (code, out, err) = run(&["review", &format!("{REVIEWS}/rhel9-memory-1Gi.review.json")]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("denied", out);
}

#[test]
fn warnings_unless_no_warnings() {
    let file = format!("{REVIEWS}/windows2k22-server-medium.review.json");
    let (code, with, err) = run(&["review", &file]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("allowed_with_warnings", with);
    let (code, without, _) = run(&["review", "--no-warnings", &file]);
    assert_eq!(code, 0);
    assert_eq!(
        without,
        "{\"kind\":\"AdmissionReview\",\"apiVersion\":\"admission.k8s.io/v1\",\"response\":\
         {\"uid\":\"0d3c2b8a-58e4-4c61-b1a4-6e9f4c2d7b12\",\"allowed\":true}}\n"
    );
}

#[test]
fn parent_templates_come_from_the_catalogs() {
    let file = format!("{REVIEWS}/from-template-unfulfilled.review.json");
    let (code, out, _) = run(&["review", &file]);
    assert_eq!(code, 0, "no catalog: the template is not found, allowed");
    assert!(out.contains("\"allowed\":true"), "{out}");
    let (code, out, err) = run(&[
        "review",
        "--templates",
        "examples/other-templates/kubevirt-template-validator",
        &file,
    ]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("from_template", out);
}

/// The same review as YAML on standard input gets the same answer.
#[test]
fn yaml_on_standard_input() {
    let json: Value = serde_json::from_str(&common::read(&format!(
        "{REVIEWS}/rhel9-memory-1Gi.review.json"
    )))
    .expect("JSON");
    // JSON is YAML; a leading comment makes the tool read it as YAML.
    let yaml = format!("# a review\n{json}\n");
    let (code, out, err) = run_stdin(&["review"], &yaml);
    assert_eq!(code, 1, "{err}");
    let (_, from_file, _) = run(&["review", &format!("{REVIEWS}/rhel9-memory-1Gi.review.json")]);
    assert_eq!(out, from_file);
}

#[test]
fn a_body_that_is_not_a_review_is_an_error() {
    let cases: [(&[&str], &str, &str); 6] = [
        (
            &[
                "review",
                "examples/vms/derived/rhel9-server-small.memory-1Gi.vm.yaml",
            ],
            "",
            "error: examples/vms/derived/rhel9-server-small.memory-1Gi.vm.yaml: not an AdmissionReview: no `request` object\n",
        ),
        (
            &["review", "-"],
            "{\"request\": ",
            "error: -: not an AdmissionReview: EOF while parsing a value at line 1 column 12\n",
        ),
        (
            &["review"],
            "a: 1\n---\nb: 2\n",
            "error: -: expected one AdmissionReview, found 2 documents\n",
        ),
        (&["review"], "", "error: -: no document in the file\n"),
        // The reference's json.Unmarshal fails on a number uid: 400, never a verdict.
        (
            &["review"],
            r#"{"request": {"uid": 5, "resource": {"resource": "virtualmachines"}, "object": {"spec": {"template": {}}}}}"#,
            "error: -: not an AdmissionReview: json: cannot unmarshal number into Go struct field AdmissionRequest.request.uid of type types.UID\n",
        ),
        (
            &["review", "no/such/review.json"],
            "",
            "error: no/such/review.json: No such file or directory (os error 2)\n",
        ),
    ];
    for (args, input, want) in cases {
        let (code, out, err) = run_stdin(args, input);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err, want, "{args:?}");
    }
    let (code, _, err) = run(&["review", "--templates", "no/such/dir", "-"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: no/such/dir: "), "{err}");
}

/// With `--no-warnings` the answer is byte for byte the body the reference webhook wrote, on a
/// sample of the recorded conformance cases (every 25th, and every one with a template
/// lookup). Rule-set parse errors (our message is not Go's), crashes and nondeterministic
/// messages have no comparable body.
#[test]
fn no_warnings_gives_the_reference_bytes() {
    let cases = std::fs::read_to_string(root().join("tests/conformance/cases.jsonl"))
        .expect("conformance cases");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut checked = 0;
    for (i, line) in cases.lines().enumerate() {
        let case: Value = serde_json::from_str(line).expect("case");
        let templates = case["input"]["templates"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let expected = &case["expected"];
        let comparable = expected["response_body"].is_string()
            && expected["parse_error"].is_null()
            && case["nondeterministic"].is_null()
            && case["reference_panicked"].is_null()
            // Our catalogs also serve templates without a namespace to every namespace.
            && templates.iter().all(|t| t["metadata"]["namespace"].is_string());
        let sampled = i % 25 == 0 || !templates.is_empty();
        if !comparable || !sampled {
            continue;
        }
        let id = case["id"].as_str().expect("id");
        let review = json!({
            "apiVersion": "admission.k8s.io/v1",
            "kind": "AdmissionReview",
            "request": {
                "uid": format!("oracle-{id}"),
                "resource": {"group": "kubevirt.io", "version": "v1", "resource": "virtualmachines"},
                "operation": "CREATE",
                "object": case["input"]["vm"],
            },
        });
        let review_file = dir.path().join("review.json");
        std::fs::write(&review_file, review.to_string()).expect("write");
        let mut args = vec!["review".to_owned(), "--no-warnings".to_owned()];
        if !templates.is_empty() {
            let catalog = dir.path().join(format!("catalog-{i}"));
            std::fs::create_dir(&catalog).expect("mkdir");
            for (j, t) in templates.iter().enumerate() {
                std::fs::write(catalog.join(format!("{j}.json")), t.to_string()).expect("write");
            }
            args.extend(["--templates".to_owned(), catalog.display().to_string()]);
        }
        args.push(review_file.display().to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = run(&args);
        let body = expected["response_body"].as_str().expect("body");
        assert_eq!(out, format!("{body}\n"), "{id}: {err}");
        let allowed = expected["allowed"].as_bool().expect("allowed");
        assert_eq!(code, if allowed { 0 } else { 1 }, "{id}");
        checked += 1;
    }
    assert!(checked > 150, "only {checked} cases compared");
}
