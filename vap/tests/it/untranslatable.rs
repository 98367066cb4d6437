//! A rule set with a rule that has no CEL form (a `..` path, a filter) gets no Deny policy (its
//! message would lack that rule's causes) but a Warn policy naming each such rule, so that
//! VMs carrying the set are not let through without a trace (VAP.md §5).

use validgen_vap_eval as offline;

use serde_json::{Value, json};
use validgen_kubevirt::admission::{Catalog, Template, VALIDATIONS};
use validgen_vap::{Class, Options, compile};

const RULES: &str = r#"[
  {"name": "minimal-required-memory", "path": "jsonpath::.spec.domain.memory.guest", "rule": "integer", "message": "This VM requires more memory.", "min": 1073741824},
  {"name": "any-bus", "path": "jsonpath::..bus", "rule": "enum", "message": "bus has to be virtio", "values": ["virtio"]},
  {"name": "sata-disks", "path": "jsonpath::.spec.domain.devices.disks[?(@.disk.bus=='sata')].name", "rule": "string", "message": "sata disk names", "minLength": 2}
]"#;

fn catalog() -> Catalog {
    let mut catalog = Catalog::new();
    let doc = json!({
        "kind": "Template",
        "metadata": {"name": "odd"},
        "objects": [{"metadata": {"annotations": {VALIDATIONS: RULES}}}],
    });
    catalog.insert(Template::from_json(doc, "test".to_owned()).expect("a template"));
    catalog
}

fn vm(text: &str, guest: &str) -> Value {
    json!({
        "apiVersion": "kubevirt.io/v1",
        "kind": "VirtualMachine",
        "metadata": {"name": "vm", "annotations": {VALIDATIONS: text}},
        "spec": {"template": {"spec": {"domain": {
            "memory": {"guest": guest},
            "devices": {"disks": [{"name": "a", "disk": {"bus": "sata"}}]},
        }}}},
    })
}

#[test]
fn the_set_gets_a_warn_policy_naming_each_untranslatable_rule_instead_of_a_deny_policy() {
    let out = compile(&catalog(), &Options::default());
    let set = &out.report.rule_sets[0];
    let name = format!("validgen-kubevirt-{}", &set.sha256[..10]);
    assert_eq!(set.class, Class::Untranslatable);
    assert_eq!(set.policy, None);
    assert_eq!(set.warn_policy, None);
    assert_eq!(
        set.untranslatable_policy.as_deref(),
        Some(format!("{name}-untranslatable").as_str())
    );
    let classes: Vec<Class> = set.rules.iter().map(|r| r.class).collect();
    assert_eq!(
        classes,
        [Class::Exact, Class::Untranslatable, Class::Untranslatable]
    );
    let names: Vec<&Value> = out
        .documents
        .iter()
        .map(|d| &d["metadata"]["name"])
        .collect();
    assert_eq!(names.len(), 2, "one policy and its binding");
    assert!(
        names
            .iter()
            .all(|n| **n == json!(format!("{name}-untranslatable")))
    );
    assert_eq!(
        out.documents[1]["spec"]["validationActions"],
        json!(["Warn"])
    );
    assert_eq!(out.report.summary.policies, 1);

    let policies = offline::load(&out.documents).expect("the policies load");
    // Memory too small, which the reference denies: VAP cannot, and says so for both rules.
    let got = offline::admit(&policies, &vm(RULES, "512Mi"));
    assert_eq!(got.denied, None);
    let warnings: Vec<&str> = got.warnings.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(warnings.len(), 2, "{warnings:#?}");
    assert!(
        warnings[0].starts_with(
            "rule 1 `any-bus` of this VM's rules is not enforced by ValidatingAdmissionPolicy (`..bus` is not a walk of fields"
        ),
        "{}",
        warnings[0]
    );
    assert!(warnings[0].ends_with("; the template-validator webhook must judge this VM"));
    assert!(
        warnings[1].starts_with("rule 2 `sata-disks` of this VM's rules is not enforced"),
        "{}",
        warnings[1]
    );
    // Another text: the policy does not match.
    let other = offline::admit(&policies, &vm("[]", "512Mi"));
    assert!(
        other.denied.is_none() && other.warnings.is_empty() && other.audit.is_empty(),
        "{other:?}"
    );
}

#[test]
fn a_rule_name_with_line_breaks_gives_a_one_line_message() {
    let text = RULES.replace("any-bus", "any\\nbus");
    let mut catalog = Catalog::new();
    let doc = json!({
        "kind": "Template",
        "metadata": {"name": "odd"},
        "objects": [{"metadata": {"annotations": {VALIDATIONS: text}}}],
    });
    catalog.insert(Template::from_json(doc, "test".to_owned()).expect("a template"));
    let out = compile(&catalog, &Options::default());
    let message = out.documents[0]["spec"]["validations"][0]["message"]
        .as_str()
        .expect("a message");
    assert!(message.starts_with("rule 1 `any bus` of"), "{message}");
}
