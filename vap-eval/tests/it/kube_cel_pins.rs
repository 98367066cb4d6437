//! Today's kube-cel 0.8 (cel 0.13) behaviour where it differs from the API server's CEL
//! (VAP.md §1, §6.7), pinned: a kube-cel upgrade that changes one of these fails here, and the
//! shared environment's overrides (`validgen-cel`'s `env.rs`) or the generator's portable CEL may then be revisited.

use std::collections::HashMap;

use kube_cel::cel::{Program, Value as Cel};
use kube_cel::{VapEvaluator, VapExpression};
use serde_json::json;
use validgen_vap_eval::Quantities;
use validgen_vap_eval::expression::Expression;
use validgen_vap_eval::library::context;

/// `text` run in a context with the quantity functions `q` (and Go's `matches`).
fn eval(text: &str, q: Quantities) -> Result<Cel, String> {
    let program = Program::compile(text).map_err(|e| e.to_string())?;
    program.execute(&context(q)).map_err(|e| e.to_string())
}

#[test]
fn kube_cel_quantities_are_exact_decimal_where_the_api_server_uses_go_as_int64() {
    for (text, kube_cel, go) in [
        (
            "quantity('1.5Gi').isInteger()",
            Ok(Cel::Bool(true)),
            Ok(Cel::Bool(false)),
        ),
        (
            "quantity('.5Gi').isInteger()",
            Ok(Cel::Bool(true)),
            Ok(Cel::Bool(false)),
        ),
        (
            "quantity('1610612736000m').isInteger()",
            Ok(Cel::Bool(true)),
            Ok(Cel::Bool(false)),
        ),
        (
            "quantity('7Ei').isInteger()",
            Ok(Cel::Bool(true)),
            Ok(Cel::Bool(false)),
        ),
        (
            "quantity('1.5Gi').asInteger()",
            Ok(Cel::Int(1_610_612_736)),
            Err(()),
        ),
        (
            "isQuantity(' 1Gi')",
            Ok(Cel::Bool(true)),
            Ok(Cel::Bool(false)),
        ),
        (
            "quantity('1536Mi').asInteger()",
            Ok(Cel::Int(1_610_612_736)),
            Ok(Cel::Int(1_610_612_736)),
        ),
    ] {
        let strip = |r: Result<Cel, String>| r.map_err(|_| ());
        assert_eq!(
            strip(eval(text, Quantities::KubeCel)),
            kube_cel,
            "kube-cel: {text}"
        );
        assert_eq!(strip(eval(text, Quantities::Go)), go, "Go: {text}");
    }
}

#[test]
fn size_of_a_string_counts_code_points_as_cel_go_where_cel_0_13_counts_utf8_bytes() {
    // cel 0.13's own `size`, still there in a bare context: bytes.
    let bare = |text: &str| {
        Program::compile(text)
            .expect("compiles")
            .execute(&kube_cel::cel::Context::default())
    };
    assert_eq!(bare("size('héllo')"), Ok(Cel::Int(6)));
    // The shared environment's (validgen-cel), as cel-go: code points; `bytes` in bytes.
    assert_eq!(eval("size('héllo')", Quantities::Go), Ok(Cel::Int(5)));
    assert_eq!(eval("'héllo'.size()", Quantities::Go), Ok(Cel::Int(5)));
    assert_eq!(
        eval("size(bytes('héllo'))", Quantities::Go),
        Ok(Cel::Int(6))
    );
    // A missing field keeps its own error (cel 0.13: `Missing argument or target`).
    let missing = Program::compile("size(self.refs)")
        .expect("compiles")
        .execute(&{
            let mut ctx = context(Quantities::Go);
            ctx.add_variable_from_value(
                "self",
                Cel::Map(std::collections::HashMap::<String, Cel>::new().into()),
            );
            ctx
        })
        .map_err(|e| validgen_cel::error_text(&e));
    assert_eq!(missing, Err("no such key: refs".to_owned()));
}

#[test]
fn vap_evaluator_escapes_map_keys_so_annotations_are_not_found_by_their_names() {
    let object = json!({"metadata": {"annotations": {"vm.kubevirt.io/validations": "[]"}},
                        "spec": {"run_strategy": "Always"}});
    let evaluator = VapEvaluator::builder().object(object.clone()).build();
    let check = |expression: &str| {
        let results = evaluator.evaluate(&[VapExpression {
            expression: expression.to_owned(),
            message: None,
            message_expression: None,
        }]);
        (
            results[0].passed,
            results[0].message.clone().unwrap_or_default(),
        )
    };
    assert!(
        !check("'vm.kubevirt.io/validations' in object.metadata.annotations").0,
        "the API server: true"
    );
    let (passed, message) =
        check("object.metadata.annotations['vm.kubevirt.io/validations'] == '[]'");
    assert!(!passed && message.contains("No such key"), "{message}");
    assert!(
        check("'vm__dot__kubevirt__dot__io__slash__validations' in object.metadata.annotations").0
    );
    assert!(
        !check("has(object.spec.run_strategy)").0,
        "the API server keeps a single `_`"
    );
    assert!(check("has(object.spec.run__strategy)").0);
    // This crate binds the keys as they are.
    let policies = validgen_vap_eval::load(&[
        json!({"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicy",
               "metadata": {"name": "p"},
               "spec": {"matchConstraints": {"resourceRules": [{"apiGroups": ["*"], "apiVersions": ["*"],
                          "operations": ["*"], "resources": ["*"]}]},
                        "validations": [{"expression": "!('vm.kubevirt.io/validations' in object.metadata.annotations) && !has(object.spec.run_strategy)"}]}}),
        json!({"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicyBinding",
               "metadata": {"name": "p"}, "spec": {"policyName": "p", "validationActions": ["Deny"]}}),
    ])
    .expect("loads");
    let outcome = validgen_vap_eval::admit(&policies, &object);
    assert_eq!(
        outcome.denied.map(|d| d.message),
        Some("failed expression: !('vm.kubevirt.io/validations' in object.metadata.annotations) && !has(object.spec.run_strategy)".to_owned())
    );
}

#[test]
fn type_is_not_declared_and_dyn_is_validgens() {
    // The K8s int-or-string idiom `type(x) == string` cannot run; the generator avoids it.
    assert!(eval("type(1) == int", Quantities::Go).is_err());
    // cel 0.13 has no `dyn`: the shared environment declares it, the identity as in cel-go.
    assert!(
        Program::compile("dyn(1) == 1")
            .expect("parses")
            .execute(&kube_cel::cel::Context::default())
            .is_err()
    );
    assert_eq!(eval("dyn(1) == 1", Quantities::Go), Ok(Cel::Bool(true)));
    assert_eq!(
        eval("[dyn('pc'), dyn(2)].exists(x, x == 2)", Quantities::Go),
        Ok(Cel::Bool(true))
    );
}

#[test]
fn list_literals_of_mixed_types_run_where_the_api_server_refuses_to_compile_them() {
    // The API server's environment has homogeneous aggregate literals (K8s `environment/
    // base.go`): `['pc', dyn('q35')]` is a compile error there ("expected type 'string' but
    // found 'dyn'"), recorded in `vap/tests/conformance/celgo/`; cel 0.13 has no type checker
    // and runs it. The generator writes such lists all `dyn`.
    assert_eq!(
        eval("'q35' in ['pc', dyn('q35')]", Quantities::Go),
        Ok(Cel::Bool(true))
    );
}

#[test]
fn optional_syntax_does_not_parse_in_cel_0_13_by_default_and_does_in_the_shared_environment() {
    for text in ["object.?spec.orValue(1) == 1", "[1][?0].hasValue()"] {
        let error = Program::compile(text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(error.contains("unsupported syntax"), "{text}: {error}");
        // The shared environment parses it, as the API server's (`cel.OptionalTypes`).
        let tree = validgen_cel::parse_to_run(text).expect(text);
        let mut ctx = context(Quantities::Go);
        ctx.add_variable_from_value("object", Cel::Map(HashMap::<String, Cel>::new().into()));
        assert_eq!(
            validgen_cel::execute_expression(&tree, &ctx),
            Ok(Cel::Bool(true)),
            "{text}"
        );
        assert!(Expression::parse(text).is_ok(), "{text}");
    }
}

#[test]
fn string_of_a_double_has_no_exponent() {
    // cel-go: "1.610612736e+09".
    assert_eq!(
        eval("string(1610612736.0)", Quantities::Go),
        Ok(Cel::String("1610612736".to_owned().into()))
    );
}
