//! The API server's policy semantics the evaluator reproduces (K8s `apiserver/pkg/admission/
//! plugin/policy/validating`): matchConditions and failurePolicy, messageExpression rules,
//! first denial, Warn and Audit, lazy variables, binding selectors, params, the cost budget,
//! and located load errors.

use serde_json::{Value, json};
use validgen_vap_eval::cost::OUT_OF_BUDGET;
use validgen_vap_eval::{Evaluator, Outcome, Quantities, Request, load};

/// A policy on every CREATE of a VirtualMachine, with `spec` merged in.
fn policy(name: &str, spec: Value) -> Value {
    let mut p = json!({"apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "ValidatingAdmissionPolicy", "metadata": {"name": name},
        "spec": {"matchConstraints": {"resourceRules": [{"apiGroups": ["kubevirt.io"],
            "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["virtualmachines"]}]}}});
    if let (Some(target), Some(extra)) = (p["spec"].as_object_mut(), spec.as_object()) {
        target.extend(extra.clone());
    }
    p
}

/// A binding of `policy` named after it, with `actions`.
fn binding(policy: &str, actions: &[&str]) -> Value {
    json!({"apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "ValidatingAdmissionPolicyBinding", "metadata": {"name": format!("{policy}-b")},
        "spec": {"policyName": policy, "validationActions": actions}})
}

fn vm(cores: i64) -> Value {
    json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": "vm1", "labels": {"tier": "gold"}},
        "spec": {"cores": cores, "disks": ["a", "b"]}})
}

fn admit(documents: &[Value], object: &Value) -> Outcome {
    let policies = load(documents).expect("the policies load");
    Evaluator::default().admit(&policies, &Request::create(object))
}

fn denial(documents: &[Value], object: &Value) -> Option<String> {
    admit(documents, object).denied.map(|d| d.message)
}

#[test]
fn match_conditions_skip_on_false_and_errors_follow_the_failure_policy() {
    let checks = json!([{"expression": "object.spec.cores >= 2", "message": "cores"}]);
    let with = |conditions: Value, failure: &str| {
        [
            policy(
                "p",
                json!({"failurePolicy": failure, "matchConditions": conditions, "validations": checks}),
            ),
            binding("p", &["Deny"]),
        ]
    };
    let skip = json!([{"name": "never", "expression": "false"}, {"name": "boom", "expression": "object.nope == 1"}]);
    assert_eq!(
        denial(&with(skip, "Fail"), &vm(1)),
        None,
        "a false condition wins over an error"
    );
    let error = json!([{"name": "boom", "expression": "object.nope == 1"}]);
    // The error in cel-go's words, as recorded from the API server (`vap/tests/conformance/
    // celgo/`, `semantics/runtime-error-fail`); cel 0.13 says `No such key`.
    assert_eq!(
        denial(&with(error.clone(), "Fail"), &vm(1)).as_deref(),
        Some(
            "matchCondition 'boom': expression 'object.nope == 1' resulted in error: no such key: nope"
        )
    );
    assert_eq!(denial(&with(error, "Ignore"), &vm(1)), None);
    let yes = json!([{"name": "yes", "expression": "true"}]);
    assert_eq!(denial(&with(yes, "Fail"), &vm(1)), Some("cores".to_owned()));
}

#[test]
fn message_expressions_follow_the_api_servers_rules() {
    let long = "x".repeat(5 * 1024 + 1);
    let cases = [
        (
            json!({"messageExpression": "'  padded  '", "message": "static"}),
            "padded".to_owned(),
        ),
        (
            json!({"messageExpression": "'two\\nlines'", "message": "static"}),
            "static".to_owned(),
        ),
        (
            json!({"messageExpression": format!("'{long}'"), "message": "static"}),
            "static".to_owned(),
        ),
        (
            json!({"messageExpression": "'   '", "message": "static"}),
            "static".to_owned(),
        ),
        (
            json!({"messageExpression": "1", "message": "static"}),
            "static".to_owned(),
        ),
        (
            json!({"messageExpression": "object.nope", "message": "static"}),
            "static".to_owned(),
        ),
        (
            json!({}),
            "failed expression: object.spec.cores >= 2".to_owned(),
        ),
    ];
    for (extra, want) in cases {
        let mut v = json!({"expression": " object.spec.cores >= 2 "});
        if let (Some(v), Some(extra)) = (v.as_object_mut(), extra.as_object()) {
            v.extend(extra.clone());
        }
        let docs = [
            policy("p", json!({"validations": [v]})),
            binding("p", &["Deny"]),
        ];
        assert_eq!(denial(&docs, &vm(1)), Some(want), "{extra}");
    }
}

#[test]
fn the_first_deny_failure_wins_and_warn_and_audit_collect_every_failure() {
    let two = json!({"validations": [
        {"expression": "object.spec.cores >= 2", "message": "first"},
        {"expression": "object.spec.cores >= 4", "message": "second", "reason": "Forbidden"}]});
    let docs = [
        policy("audit", two.clone()),
        binding("audit", &["Audit", "Warn"]),
        policy("deny", two),
        binding("deny", &["Deny"]),
    ];
    let out = admit(&docs, &vm(1));
    let denied = out.denied.expect("denied");
    assert_eq!(
        (
            denied.binding.as_str(),
            denied.message.as_str(),
            denied.code()
        ),
        ("deny-b", "first", 422)
    );
    assert_eq!(
        denied.denial(),
        "ValidatingAdmissionPolicy 'deny' with binding 'deny-b' denied request: first"
    );
    let warnings: Vec<String> = out.warnings.iter().map(|w| w.warning()).collect();
    assert_eq!(
        warnings,
        [
            "Validation failed for ValidatingAdmissionPolicy 'audit' with binding 'audit-b': first",
            "Validation failed for ValidatingAdmissionPolicy 'audit' with binding 'audit-b': second"
        ]
    );
    let audit: Vec<Option<usize>> = out.audit.iter().map(|a| a.expression_index).collect();
    assert_eq!(audit, [Some(0), Some(1)]);
    let out = admit(&docs, &vm(3));
    assert_eq!(
        out.denied.map(|d| (d.code(), d.message)),
        Some((403, "second".to_owned()))
    );
}

#[test]
fn variables_are_lazy_and_read_each_other() {
    let docs = |expression: &str| {
        [
            policy(
                "p",
                json!({"variables": [
                {"name": "broken", "expression": "object.nope"},
                {"name": "n", "expression": "size(object.spec.disks)"},
                {"name": "twice", "expression": "variables.n * 2"}],
              "validations": [{"expression": expression, "message": "m"}]}),
            ),
            binding("p", &["Deny"]),
        ]
    };
    assert_eq!(
        denial(&docs("variables.twice == 4"), &vm(1)),
        None,
        "an unread broken variable is no error"
    );
    assert_eq!(
        denial(&docs("variables.twice == 5"), &vm(1)),
        Some("m".to_owned())
    );
    let message = denial(&docs("variables.broken == 1"), &vm(1)).expect("denied");
    assert!(
        message.starts_with("composited variable \"broken\" fails to evaluate: "),
        "{message}"
    );
}

#[test]
fn resources_selectors_and_params_choose_what_runs() {
    let checks = json!({"validations": [{"expression": "false", "message": "no"}]});
    let mut other = binding("p", &["Deny"]);
    other["spec"]["matchResources"] =
        json!({"objectSelector": {"matchLabels": {"tier": "silver"}}});
    assert_eq!(
        denial(&[policy("p", checks.clone()), other.clone()], &vm(1)),
        None
    );
    other["spec"]["matchResources"]["objectSelector"] =
        json!({"matchExpressions": [{"key": "tier", "operator": "In", "values": ["gold"]}]});
    assert_eq!(
        denial(&[policy("p", checks.clone()), other], &vm(1)),
        Some("no".to_owned())
    );
    // Another resource, operation or group is not matched.
    let mut pod = vm(1);
    pod["apiVersion"] = json!("v1");
    pod["kind"] = json!("Pod");
    assert_eq!(
        denial(
            &[policy("p", checks.clone()), binding("p", &["Deny"])],
            &pod
        ),
        None
    );
    // No param object given: the binding's parameterNotFoundAction decides.
    let mut with_params = checks;
    with_params["paramKind"] = json!({"apiVersion": "v1", "kind": "ConfigMap"});
    let mut b = binding("p", &["Deny"]);
    b["spec"]["paramRef"] = json!({"name": "x", "parameterNotFoundAction": "Allow"});
    assert_eq!(
        denial(&[policy("p", with_params.clone()), b.clone()], &vm(1)),
        None
    );
    b["spec"]["paramRef"]["parameterNotFoundAction"] = json!("Deny");
    assert_eq!(
        denial(&[policy("p", with_params), b], &vm(1)),
        Some("failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction".to_owned())
    );
}

#[test]
fn a_param_object_the_binding_names_is_bound_as_params() {
    let spec = json!({"paramKind": {"apiVersion": "v1", "kind": "ConfigMap"},
        "validations": [{"expression": "object.spec.cores >= int(params.data.min)",
            "messageExpression": "'fewer than ' + params.data.min + ' cores'"}]});
    let mut b = binding("p", &["Deny"]);
    b["spec"]["paramRef"] =
        json!({"name": "limits", "namespace": "ops", "parameterNotFoundAction": "Deny"});
    let policies = load(&[policy("p", spec), b]).expect("the policies load");
    let config = |name: &str, namespace: &str| {
        json!({"apiVersion": "v1", "kind": "ConfigMap",
            "metadata": {"name": name, "namespace": namespace}, "data": {"min": "2"}})
    };
    let with = |objects: Vec<Value>, cores: i64| {
        Evaluator::default()
            .with_params(objects)
            .admit(&policies, &Request::create(&vm(cores)))
            .denied
            .map(|d| d.message)
    };
    assert_eq!(
        with(vec![config("limits", "ops")], 1),
        Some("fewer than 2 cores".to_owned())
    );
    assert_eq!(with(vec![config("limits", "ops")], 2), None);
    // Another name or namespace is not the binding's param: `Deny` when it is not found.
    let missing = Some("failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction".to_owned());
    assert_eq!(with(vec![config("limits", "dev")], 2), missing);
    assert_eq!(with(vec![config("other", "ops")], 2), missing);
    // A selector instead of a name is refused, not ignored.
    let mut by_labels = binding("p", &["Deny"]);
    by_labels["spec"]["paramRef"] = json!({"selector": {}, "parameterNotFoundAction": "Allow"});
    let refused = load(&[
        policy(
            "p",
            json!({"paramKind": {"apiVersion": "v1", "kind": "ConfigMap"},
        "validations": [{"expression": "true"}]}),
        ),
        by_labels,
    ]);
    assert!(refused.is_err(), "{refused:?}");
}

#[test]
fn a_runaway_expression_stops_at_the_budget_and_denies() {
    // 2,000³ iterations if run: the count stops it long before.
    let list: Vec<i64> = (0..2000).collect();
    let object = json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "x"},
        "spec": {"l": list}});
    let docs = [
        policy(
            "p",
            json!({"validations": [{"expression":
            "object.spec.l.all(x, object.spec.l.all(y, object.spec.l.all(z, x + y + z >= 0)))"}]}),
        ),
        binding("p", &["Deny"]),
    ];
    let policies = load(&docs).expect("loads");
    // A smaller budget than the API server's keeps the test fast; the stop is the same.
    let out = Evaluator::new(Quantities::Go)
        .with_budget(200_000)
        .admit(&policies, &Request::create(&object));
    assert_eq!(
        out.denied.map(|d| d.message),
        Some(OUT_OF_BUDGET.to_owned())
    );
    assert_eq!(out.costs, [("p-b".to_owned(), 200_000)]);
    // A cheap expression is far under it, and its cost is counted.
    let docs = [
        policy(
            "p",
            json!({"validations": [{"expression": "object.spec.l.all(x, x >= 0)"}]}),
        ),
        binding("p", &["Deny"]),
    ];
    let out = admit(&docs, &object);
    assert!(out.allowed());
    let cost = out.costs[0].1;
    assert!((2000..100_000).contains(&cost), "{cost}");
}

#[test]
fn load_errors_are_located_and_collected() {
    let docs = [
        policy(
            "p",
            json!({"validations": [{"expression": "Foo{a: 1} == 1"}, {"expression": "1 +"}],
                           "auditAnnotations": []}),
        ),
        binding("p", &["Deny", "Warn"]),
        json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}}),
        binding("missing", &["Deny"]),
    ];
    let errors = load(&docs).expect_err("refused").0;
    assert_eq!(errors.len(), 6, "{errors:#?}");
    assert_eq!(
        errors[0],
        "document 1: ValidatingAdmissionPolicy 'p': spec.auditAnnotations: not supported by the offline evaluator"
    );
    assert_eq!(
        errors[1],
        "document 1: ValidatingAdmissionPolicy 'p': spec.validations[0].expression: struct literals are not supported"
    );
    assert!(errors[2].starts_with("document 1: ValidatingAdmissionPolicy 'p': spec.validations[1].expression: ERROR: <input>:1:"), "{}", errors[2]);
    assert_eq!(
        errors[3],
        "document 2: ValidatingAdmissionPolicyBinding 'p-b': spec.validationActions: Deny and Warn cannot be used together"
    );
    assert_eq!(
        errors[4],
        "document 3: ConfigMap 'c': apiVersion \"v1\" is not admissionregistration.k8s.io/v1"
    );
    assert_eq!(
        errors[5],
        "document 4: ValidatingAdmissionPolicyBinding 'missing-b': spec.policyName: no ValidatingAdmissionPolicy 'missing' among the documents"
    );
}
