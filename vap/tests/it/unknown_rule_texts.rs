//! `--unknown-rule-texts` (VAP.md §5, §6.10): a VM carrying a rule text the catalog does not
//! have (here the `v0.25.0-rhel8-server-small` corpus VM, made by an older release of the
//! templates) is allowed by default, allowed with a warning under `warn` and denied under
//! `deny`; VMs carrying a catalog text, an empty one or none are left to the other policies.

use crate::common;

use common::{bundled_catalog, root};

use validgen_vap_eval as offline;

use serde_json::{Value, json};
use validgen_kubevirt::admission::{Catalog, VALIDATIONS};
use validgen_kubevirt::manifest::{DEFAULT_MAX_BYTES, read_file};
use validgen_kubevirt::typed::TypedVm;
use validgen_vap::{Action, Options, UnknownRuleTexts, compile};

fn catalog() -> Catalog {
    bundled_catalog()
}

/// The corpus VM file `name` under `examples/vms/<dir>`, admitted.
fn vm(dir: &str, name: &str) -> Value {
    let docs = read_file(
        &root().join("examples/vms").join(dir).join(name),
        DEFAULT_MAX_BYTES,
    )
    .expect("a manifest");
    let mut typed = TypedVm::decode(&docs[0].value).expect("decodes");
    typed.canonicalize_quantities();
    typed.json().clone()
}

fn policies(catalog: &Catalog, unknown: UnknownRuleTexts) -> Vec<offline::Policy> {
    let opts = Options {
        unknown_rule_texts: unknown,
        ..Options::default()
    };
    offline::load(&compile(catalog, &opts).documents).expect("the policies load")
}

const CATCH_ALL: &str = "validgen-kubevirt-unknown-rule-texts";

#[test]
fn an_older_releases_vm_is_allowed_by_default_warned_or_denied_on_request() {
    let catalog = catalog();
    let old = vm("processed", "v0.25.0-rhel8-server-small.vm.yaml");
    let text = old["metadata"]["annotations"][VALIDATIONS]
        .as_str()
        .expect("the VM carries rules");
    assert!(
        catalog
            .templates()
            .all(|t| t.object_validations.as_deref() != Some(text)),
        "not a text of the bundled catalog"
    );

    let allowed = offline::admit(&policies(&catalog, UnknownRuleTexts::Allow), &old);
    assert_eq!(answer(allowed), (None, vec![], vec![]));

    let warned = offline::admit(&policies(&catalog, UnknownRuleTexts::Warn), &old);
    assert_eq!(warned.denied, None);
    assert_eq!(warned.warnings.len(), 1);
    assert_eq!(warned.warnings[0].policy, CATCH_ALL);

    let denied = offline::admit(&policies(&catalog, UnknownRuleTexts::Deny), &old);
    let offline::Decision {
        policy, message, ..
    } = denied.denied.expect("denied");
    assert_eq!(policy, CATCH_ALL);
    assert_eq!(
        message,
        "the VM's vm.kubevirt.io/validations rules are not among the rule texts of the kubevirt catalog, which are the only ones ValidatingAdmissionPolicies carry (CEL cannot read rules from JSON); create the VM from a template of the catalog, or judge it with the template-validator webhook"
    );
    assert_eq!(warned.warnings[0].message, message);
}

#[test]
fn the_catch_all_leaves_catalog_texts_empty_texts_and_skipped_vms_alone() {
    let catalog = catalog();
    let default = policies(&catalog, UnknownRuleTexts::Allow);
    let strict = policies(&catalog, UnknownRuleTexts::Deny);
    // Every VM of the catalog's templates: the same answer with or without the catch-all.
    let mut compared = 0;
    for dir in ["processed", "derived"] {
        for entry in std::fs::read_dir(root().join("examples/vms").join(dir)).expect("a folder") {
            let name = entry.expect("an entry").file_name();
            let name = name.to_string_lossy();
            let v = vm(dir, &name);
            let text = v["metadata"]["annotations"][VALIDATIONS]
                .as_str()
                .unwrap_or_default();
            if catalog
                .templates()
                .any(|t| t.object_validations.as_deref() == Some(text))
            {
                compared += 1;
                assert_eq!(
                    answer(offline::admit(&strict, &v)),
                    answer(offline::admit(&default, &v)),
                    "{name}"
                );
            }
        }
    }
    assert!(compared >= 10, "{compared} corpus VMs carry a catalog text");
    let base = vm("processed", "v0.25.0-rhel8-server-small.vm.yaml");
    let with = |edit: &dyn Fn(&mut Value)| {
        let mut v = base.clone();
        edit(&mut v["metadata"]);
        offline::admit(&strict, &v).denied.is_some()
    };
    assert!(with(&|_| {}), "the unknown text is denied");
    assert!(!with(&|m| m["annotations"][VALIDATIONS] = json!("")));
    assert!(!with(&|m| drop(
        m.as_object_mut().map(|o| o.remove("annotations"))
    )));
    assert!(!with(
        &|m| m["deletionTimestamp"] = json!("2026-01-01T00:00:00Z")
    ));
    assert!(!with(&|m| {
        m["annotations"]["vm.kubevirt.io/skip-validations"] = json!("false");
    }));
    // Stricter than the reference: `[]` (no rules) is not a catalog text either.
    assert!(with(&|m| m["annotations"][VALIDATIONS] = json!("[]")));
}

#[test]
fn the_catch_all_is_bound_with_the_deny_policies_actions_and_reported() {
    let opts = Options {
        unknown_rule_texts: UnknownRuleTexts::Deny,
        actions: vec![Action::Audit, Action::Warn],
        ..Options::default()
    };
    let out = compile(&catalog(), &opts);
    let binding = out.documents.last().expect("documents");
    assert_eq!(binding["metadata"]["name"], CATCH_ALL);
    assert_eq!(
        binding["spec"]["validationActions"],
        json!(["Audit", "Warn"])
    );
    assert_eq!(out.report.summary.policies, 11);
    assert_eq!(out.report.summary.rule_sets, 7);
    let note = out
        .report
        .notes
        .iter()
        .find(|n| n.code == "unknown-rule-texts")
        .expect("the policy-wide note");
    assert!(note.detail.contains("catch-all"), "{}", note.detail);
}

/// What a client sees of an outcome: the denial, the warnings and the audit failures (not the
/// CEL cost, which the catch-all's matchConditions add to).
fn answer(
    o: offline::Outcome,
) -> (
    Option<offline::Decision>,
    Vec<offline::Decision>,
    Vec<offline::Decision>,
) {
    (o.denied, o.warnings, o.audit)
}
