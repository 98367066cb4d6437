//! The generated policies on cel-go: the answers the API server's own ValidatingAdmissionPolicy
//! plugin (Kubernetes v1.36.3, `oracles/vap/`) gave for the parity cases, recorded in
//! `tests/conformance/celgo/` (its README says how to re-record). Each recorded decision must be
//! the KubeVirt reference's verdict, and `validgen-vap-eval` must give the same decision, status
//! message, reason, code, warnings and audit annotations as cel-go on every case but the
//! divergences left, listed in [`KNOWN`].
//!
//! The cases are the parity tests' ones, admitted: every catalog case through the bundled
//! catalog's policies (`parity.rs`), every fifth of them through the same policies bound with
//! `[Audit, Warn]`, every case whose VM carries a translated rule text through the policies of
//! all such texts (`rule_texts.rs`), every Template-level case through its Templates'
//! policies with the Templates as params (`legacy_templates.rs`), and one VM through each of
//! the hand-written policies of `semantics.json` (message rules, errors under each
//! failurePolicy, matchConditions, variables, Audit, reasons, the divergences
//! left).

use crate::common;

use common::{bundled_catalog, conformance_cases, root};

use validgen_vap_eval as offline;

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::{Value, json};
use validgen_kubevirt::admission::{Catalog, Template, VALIDATIONS};
use validgen_kubevirt::typed::TypedVm;
use validgen_vap::{Action, Class, Options, compile};

/// The recorded cel-go answers and the digest of the input they answer.
fn recorded_dir() -> PathBuf {
    root().join("vap/tests/conformance/celgo")
}

/// A set of policy documents (and the params its bindings name) that cases run through.
struct Set {
    name: String,
    documents: Vec<Value>,
    params: Vec<Value>,
    policies: Vec<offline::Policy>,
}

/// One admission request: a CREATE of an admitted VM through the policies of `set`.
struct Case {
    id: String,
    set: usize,
    request: offline::Request,
    /// The reference's verdict on the admitted VM (none for the hand-written semantics cases).
    allowed: Option<bool>,
    /// The SHA-256 of the VM's rule text where the set holds the policies of many texts: the
    /// others' `rule-text` matchCondition is false, so only that text's are evaluated here
    /// (the oracle evaluates them all).
    text: Option<String>,
}

/// The VM the API server admits (as `parity.rs`), if KubeVirt's API decodes it.
fn admitted(vm: &Value) -> Option<Value> {
    let mut typed = TypedVm::decode(vm).ok()?;
    typed.canonicalize_quantities();
    Some(typed.json().clone())
}

/// The set `name` of `documents`, loaded by the offline evaluator.
fn set(name: &str, documents: Vec<Value>, params: Vec<Value>) -> Set {
    let policies = offline::load(&documents).expect("the policies load");
    Set {
        name: name.to_owned(),
        documents,
        params,
        policies,
    }
}

/// The rule text a VM carries, if any.
fn rule_text(vm: &Value) -> Option<String> {
    vm["metadata"]["annotations"][VALIDATIONS]
        .as_str()
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// Every recorded set and case, in recording order.
fn suite() -> (Vec<Set>, Vec<Case>) {
    let cases: Vec<Value> = conformance_cases()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let mut sets = Vec::new();
    let mut out = Vec::new();
    let mut add = |set: usize, id: String, object: &Value, expected: &Value, text| {
        out.push(Case {
            id,
            set,
            request: offline::Request::create_virtual_machine(object),
            allowed: expected["allowed"].as_bool(),
            text,
        });
    };

    // The bundled catalog, bound with Deny and in shadow mode.
    let catalog = bundled_catalog();
    sets.push(set(
        "catalog",
        compile(&catalog, &Options::default()).documents,
        Vec::new(),
    ));
    let shadow = Options {
        actions: vec![Action::Audit, Action::Warn],
        ..Options::default()
    };
    sets.push(set(
        "catalog-shadow",
        compile(&catalog, &shadow).documents,
        Vec::new(),
    ));
    let catalog_cases = cases.iter().filter(|c| c["group"] == "catalog");
    for (i, c) in catalog_cases.enumerate() {
        let (Some(expected), Some(vm)) = (c.get("expected_admitted"), admitted(&c["input"]["vm"]))
        else {
            continue;
        };
        let id = c["id"].as_str().expect("an id");
        add(0, format!("catalog/{id}"), &vm, expected, None);
        if i % 5 == 0 {
            // Shadow mode allows every VM.
            let allowed = json!({"allowed": true});
            add(1, format!("catalog-shadow/{id}"), &vm, &allowed, None);
        }
    }

    // Every rule text the cases carry, as a template's.
    let mut texts = Catalog::new();
    for (i, t) in cases
        .iter()
        .filter_map(|c| rule_text(&c["input"]["vm"]))
        .enumerate()
    {
        let doc = json!({
            "kind": "Template",
            "metadata": {"name": format!("t{i}")},
            "objects": [{"metadata": {"annotations": {VALIDATIONS: t}}}],
        });
        texts.insert(Template::from_json(doc, format!("case {i}")).expect("a template"));
    }
    let compiled = compile(&texts, &Options::default());
    let translated: Vec<&String> = compiled
        .report
        .rule_sets
        .iter()
        .filter(|s| s.policy.is_some() && s.reasons.is_empty())
        .map(|s| &s.sha256)
        .collect();
    sets.push(set("rule-texts", compiled.documents, Vec::new()));
    for c in &cases {
        let Some(text) = rule_text(&c["input"]["vm"]) else {
            continue;
        };
        let (Some(expected), Some(vm)) = (c.get("expected_admitted"), admitted(&c["input"]["vm"]))
        else {
            continue;
        };
        if c["nondeterministic"] == true || !translated.contains(&&validgen_vap::sha256(&text)) {
            continue;
        }
        let id = c["id"].as_str().expect("an id");
        let sha = Some(validgen_vap::sha256(&text));
        add(2, format!("rule-texts/{id}"), &vm, expected, sha);
    }

    // Template-level rules: each case's Templates are its own cluster's.
    for c in cases
        .iter()
        .filter(|c| c["input"].get("templates").is_some())
    {
        let vm = &c["input"]["vm"];
        let templates = c["input"]["templates"].as_array().expect("templates");
        let mut catalog = Catalog::new();
        for (i, t) in templates.iter().enumerate() {
            catalog.insert(
                Template::from_json(t.clone(), format!("template {i}")).expect("a Template"),
            );
        }
        let out = compile(&catalog, &Options::default());
        let untranslatable = out
            .report
            .rule_sets
            .iter()
            .any(|s| s.class == Class::Untranslatable);
        let (Some(expected), Some(object)) = (c.get("expected_admitted"), admitted(vm)) else {
            continue;
        };
        if rule_text(vm).is_some() || untranslatable {
            continue;
        }
        let id = c["id"].as_str().expect("an id");
        sets.push(set(
            &format!("templates/{id}"),
            out.documents,
            templates.clone(),
        ));
        add(
            sets.len() - 1,
            format!("templates/{id}"),
            &object,
            expected,
            None,
        );
    }

    // The API server's policy semantics, one policy each (`semantics.json`).
    let text = std::fs::read_to_string(recorded_dir().join("semantics.json")).expect("semantics");
    let semantics: Value = serde_json::from_str(&text).expect("JSON");
    for (name, documents) in semantics["sets"].as_object().expect("sets") {
        let documents = documents.as_array().expect("documents").clone();
        sets.push(set(&format!("semantics/{name}"), documents, Vec::new()));
        let object = &semantics["object"];
        add(
            sets.len() - 1,
            format!("semantics/{name}"),
            object,
            &Value::Null,
            None,
        );
    }
    (sets, out)
}

/// The oracle's input (`oracles/vap/README.md`): a line per set, then a line per case.
fn oracle_input(sets: &[Set], cases: &[Case]) -> String {
    let mut lines: Vec<String> = sets
        .iter()
        .map(|s| json!({"set": s.name, "policies": s.documents, "params": s.params}).to_string())
        .collect();
    for c in cases {
        let r = &c.request;
        lines.push(
            json!({
                "id": c.id,
                "set": sets[c.set].name,
                "object": r.object,
                "operation": r.operation,
                "resource": {"group": r.group, "version": r.version, "resource": r.resource},
                "kind": {"group": r.group, "version": r.version, "kind": "VirtualMachine"},
            })
            .to_string(),
        );
    }
    lines.join("\n") + "\n"
}

/// Writes the oracle's input to `$VALIDGEN_CELGO_INPUT` (recording; see the README of
/// `tests/conformance/celgo/`).
#[test]
#[ignore = "writes the cel-go oracle's input for re-recording"]
fn write_the_oracle_input() {
    let path = std::env::var("VALIDGEN_CELGO_INPUT").expect("VALIDGEN_CELGO_INPUT");
    let (sets, cases) = suite();
    let input = oracle_input(&sets, &cases);
    std::fs::write(&path, &input).expect("the input is written");
    std::fs::write(
        recorded_dir().join("input.sha256"),
        validgen_vap::sha256(&input) + "\n",
    )
    .expect("the digest is written");
}

/// What `validgen-vap-eval` answers for `case`, in the oracle's output shape; its
/// `auditAnnotations` are the values the API server may have kept (see [`audit_matches`]).
fn evaluated(set: &Set, case: &Case) -> Value {
    let policies = set
        .policies
        .iter()
        .filter(|p| case.text.as_ref().is_none_or(|t| &p.sha256 == t));
    let outcome = offline::Evaluator::default()
        .with_params(set.params.clone())
        .admit(policies, &case.request);
    let status = outcome.denied.as_ref().map(|d| {
        json!({
            "message": outcome.status_message(&case.request),
            "reason": d.reason,
            "code": d.code(),
        })
    });
    // The first failure of each policy: the one its `validation_failure` value would hold.
    let mut audit: Vec<Value> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for d in &outcome.audit {
        if seen.contains(&d.policy.as_str()) {
            continue;
        }
        seen.push(&d.policy);
        let actions = set
            .policies
            .iter()
            .filter(|p| p.name == d.policy)
            .flat_map(|p| &p.bindings)
            .find(|b| b.name == d.binding)
            .map(|b| b.actions.clone());
        let value = json!([{
            "message": d.message,
            "policy": d.policy,
            "binding": d.binding,
            "expressionIndex": d.expression_index,
            "validationActions": actions,
        }]);
        audit.push(json!({"key": VALIDATION_FAILURE, "value": value.to_string()}));
    }
    json!({
        "id": case.id,
        "allowed": outcome.allowed(),
        "status": status,
        "warnings": outcome.warnings.iter().map(offline::Decision::warning).collect::<Vec<_>>(),
        "auditAnnotations": audit,
    })
}

/// The audit annotation of a failed `Audit` binding.
const VALIDATION_FAILURE: &str = "validation.policy.admission.k8s.io/validation_failure";

/// `answer` without what the API server leaves to a Go map's order: its policies run in an
/// unspecified order, so warnings are sorted by policy (stable: a policy's own stay in
/// validation order), and the audit annotations are compared by [`audit_matches`].
fn comparable(answer: &Value) -> Value {
    let mut v = answer.clone();
    if let Some(m) = v.as_object_mut() {
        if m.get("status").is_some_and(Value::is_null) {
            m.remove("status");
        }
        m.remove("auditAnnotations");
        if let Some(Value::Array(w)) = m.get_mut("warnings") {
            w.sort_by_key(|t| {
                t.as_str()
                    .and_then(|t| t.split('\'').nth(1))
                    .unwrap_or_default()
                    .to_owned()
            });
        }
    }
    v
}

/// Whether cel-go's audit annotations are what `ours` allows: the request's record keeps the
/// first value of a key (`admission.attributesRecord`), so `validation_failure` holds the
/// first failure of whichever Audit policy ran first; other keys are the policies' own.
fn audit_matches(ours: &Value, celgo: &Value) -> bool {
    let (Some(ours), Some(theirs)) = (ours.as_array(), celgo.as_array()) else {
        return false;
    };
    let failure = |a: &&Value| a["key"] == VALIDATION_FAILURE;
    let own: Vec<&Value> = ours.iter().filter(|a| !failure(a)).collect();
    let their_own: Vec<&Value> = theirs.iter().filter(|a| !failure(a)).collect();
    let candidates: Vec<&Value> = ours.iter().filter(failure).collect();
    let their_failure: Vec<&Value> = theirs.iter().filter(failure).collect();
    own == their_own
        && match their_failure.as_slice() {
            [] => candidates.is_empty(),
            [one] => candidates.contains(one),
            _ => false,
        }
}

/// Where `validgen-vap-eval` answers otherwise than cel-go, and why: the divergences left
/// (`vap-eval/tests/it/kube_cel_pins.rs`), which the generated policies avoid.
const KNOWN: [(&str, &str); 3] = [
    (
        "semantics/string-of-double",
        "string(1610612736.0): cel-go writes 1.610612736e+09",
    ),
    (
        "semantics/homogeneous-list",
        "no type checker: ['pc', <dyn>] runs offline, does not compile in the API server",
    ),
    (
        "semantics/match-condition-not-bool",
        "no type checker: a dyn matchCondition is a compile error in the API server",
    ),
];

#[test]
fn the_policies_give_the_reference_verdicts_on_cel_go_and_vap_eval_agrees() {
    let (sets, cases) = suite();
    let digest = std::fs::read_to_string(recorded_dir().join("input.sha256")).expect("a digest");
    assert_eq!(
        digest.trim(),
        validgen_vap::sha256(&oracle_input(&sets, &cases)),
        "the policies or cases changed since recording: re-record (tests/conformance/celgo/README.md)"
    );
    let recorded = std::fs::read_to_string(recorded_dir().join("celgo.jsonl")).expect("recorded");
    let recorded: Vec<Value> = recorded
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(recorded.len(), cases.len());
    let (mut verdicts, mut answers) = (Vec::new(), Vec::new());
    let mut tally: BTreeMap<(String, bool), usize> = BTreeMap::new();
    for (case, celgo) in cases.iter().zip(&recorded) {
        assert_eq!(celgo["id"], case.id.as_str());
        assert!(celgo.get("error").is_none(), "{celgo}");
        let allowed = celgo["allowed"].as_bool().expect("a decision");
        let group = case.id.split('/').next().unwrap_or_default().to_owned();
        *tally.entry((group, allowed)).or_default() += 1;
        if case.allowed.is_some_and(|a| a != allowed) {
            verdicts.push(format!("{}: reference allowed={:?}", case.id, case.allowed));
        }
        let ours = evaluated(&sets[case.set], case);
        let same = comparable(&ours) == comparable(celgo)
            && audit_matches(&ours["auditAnnotations"], &celgo["auditAnnotations"]);
        let known = KNOWN.iter().find(|(id, _)| *id == case.id);
        if same == known.is_some() {
            let why = known.map_or("differs".to_owned(), |(_, why)| {
                format!("agrees now: {why}")
            });
            answers.push(format!("{why}\ncel-go  {celgo}\nvap-eval {ours}"));
        }
    }
    assert!(
        verdicts.is_empty(),
        "{} cel-go decisions are not the reference's:\n{}",
        verdicts.len(),
        verdicts[..verdicts.len().min(15)].join("\n")
    );
    assert!(
        answers.is_empty(),
        "{} answers differ (or a known divergence is gone: update KNOWN and the docs):\n{}",
        answers.len(),
        answers[..answers.len().min(10)].join("\n")
    );
    let tally: Vec<String> = tally
        .iter()
        .map(|((g, a), n)| format!("{g} {}: {n}", if *a { "allowed" } else { "denied" }))
        .collect();
    insta::assert_snapshot!("celgo_tally", tally.join("\n"));
}
