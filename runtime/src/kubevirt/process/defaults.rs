//! A template's default VM (its `objects[0]` processed with the parameters' defaults) judged
//! with the template's rules, as the cluster would judge the VM `oc process … | oc create -f -`
//! creates: both as written ([`Mode::Raw`]) and as KubeVirt's API stores it
//! ([`Mode::Admitted`]).

use std::collections::BTreeMap;

use serde_json::Value;

use super::{ProcessError, Processed, process};
use crate::kubevirt::admission::{
    Catalog, Decision, Mode, TEMPLATE_NAME, TEMPLATE_NAMESPACE, TEMPLATE_NAMESPACE_OLD, Template,
    decide,
};

/// The namespace given to the VM's parent-template reference when the template names none: the
/// one ssp-operator deploys the common templates to (`openshift`).
pub const DEFAULT_TEMPLATE_NAMESPACE: &str = "openshift";

/// A template's default VM and the verdicts on it.
#[derive(Debug, Clone, PartialEq)]
pub struct DefaultVm {
    /// The processed `objects[0]`, as judged (see [`default_vm`] for the label added).
    pub processed: Processed,
    /// The verdict on the VM as written.
    pub raw: Decision,
    /// The verdict on the VM as KubeVirt's API stores it.
    pub admitted: Decision,
}

impl DefaultVm {
    /// `true` when either verdict denies the VM.
    pub fn denied(&self) -> bool {
        !self.raw.allowed || !self.admitted.allowed
    }
}

/// Processes `template` with `overrides` ([`process`]) and judges the VM in both modes against
/// a catalog holding the template, as the cluster holding it would.
///
/// A VM naming the template with the `vm.kubevirt.io/template` label but no namespace (every
/// common template's VM: `oc process` adds none) gets the label
/// `vm.kubevirt.io/template.namespace` with the template's namespace (else
/// [`DEFAULT_TEMPLATE_NAMESPACE`]), as the web console and `virtctl` add it: without it the
/// reference finds no parent template and allows the VM unchecked, so that the rules a legacy
/// template keeps on itself (`validations`) would never be seen.
///
/// # Errors
/// The template cannot be processed.
pub fn default_vm(
    template: &Template,
    overrides: &BTreeMap<String, String>,
) -> Result<DefaultVm, Vec<ProcessError>> {
    let mut processed = process(template, overrides)?;
    name_template_namespace(&mut processed.object, template);
    let mut catalog = Catalog::new();
    catalog.set_any_namespace(true);
    catalog.insert(template.clone());
    let raw = decide(&processed.object, &catalog, Mode::Raw);
    let admitted = decide(&processed.object, &catalog, Mode::Admitted);
    Ok(DefaultVm {
        processed,
        raw,
        admitted,
    })
}

/// Adds the template namespace label when the VM's labels name `template` without one.
fn name_template_namespace(vm: &mut Value, template: &Template) {
    let Some(labels) = vm
        .pointer_mut("/metadata/labels")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    let names_it = labels.get(TEMPLATE_NAME).and_then(Value::as_str) == Some(&template.name);
    let has_namespace = [TEMPLATE_NAMESPACE, TEMPLATE_NAMESPACE_OLD]
        .iter()
        .any(|k| {
            labels
                .get(*k)
                .and_then(Value::as_str)
                .is_some_and(|s| !s.is_empty())
        });
    if names_it && !has_namespace {
        let ns = template
            .namespace
            .as_deref()
            .filter(|s| !s.is_empty())
            .unwrap_or(DEFAULT_TEMPLATE_NAMESPACE);
        labels.insert(TEMPLATE_NAMESPACE.to_owned(), Value::String(ns.to_owned()));
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A legacy template: rules on the Template only, found through the VM's label.
    fn legacy(memory: &str) -> Template {
        let rules = r#"[{"name": "mem", "path": "jsonpath::.spec.domain.resources.requests.memory",
            "rule": "integer", "message": "more memory", "min": 2147483648}]"#;
        let doc = json!({
            "kind": "Template",
            "metadata": {"name": "legacy", "annotations": {"validations": rules}},
            "objects": [{"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
                "metadata": {"name": "${NAME}", "labels": {"vm.kubevirt.io/template": "legacy"}},
                "spec": {"template": {"spec": {"domain": {
                    "resources": {"requests": {"memory": "${MEMORY}"}}, "devices": {}}}}}}],
            "parameters": [{"name": "NAME", "value": "vm"}, {"name": "MEMORY", "value": memory}],
        });
        Template::from_json(doc, "legacy.yaml#0".to_owned()).expect("a template")
    }

    #[test]
    fn legacy_rules_are_found_through_the_template_label() {
        let d = default_vm(&legacy("1Gi"), &BTreeMap::new()).expect("processes");
        assert!(d.denied());
        assert_eq!(d.raw.causes.len(), 1);
        assert_eq!(
            d.processed.object["metadata"]["labels"][TEMPLATE_NAMESPACE],
            DEFAULT_TEMPLATE_NAMESPACE
        );
        let d = default_vm(&legacy("4Gi"), &BTreeMap::new()).expect("processes");
        assert!(!d.denied(), "{:?}", d.raw.causes);
        assert_eq!(d.raw.report.rules.len(), 1, "the rule was evaluated");
    }

    #[test]
    fn the_modes_can_disagree() {
        let d = default_vm(&legacy("2.5Gi"), &BTreeMap::new()).expect("processes");
        assert!(!d.raw.allowed, "a fractional quantity as written");
        assert!(d.admitted.allowed, "canonical 2560Mi once admitted");
        let overrides = BTreeMap::from([("MEMORY".to_owned(), "3Gi".to_owned())]);
        let d = default_vm(&legacy("2.5Gi"), &overrides).expect("processes");
        assert!(!d.denied());
    }
}
