//! A template's default VM (its `objects[0]` processed with the parameters' defaults) judged
//! with the template's rules, as the cluster would judge the VM `oc process … | oc create -f -`
//! creates: both as written ([`Mode::Raw`]) and as KubeVirt's API stores it
//! ([`Mode::Admitted`]).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::{ProcessError, Processed, process};
use crate::admission::{
    Catalog, Decision, Mode, Source, TEMPLATE_NAME, TEMPLATE_NAMESPACE, Template, decide,
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
    /// The `vm.kubevirt.io/template` label of `objects[0]` (empty when it has none) when it
    /// does not name this template although the template's own rules (`validations`) are the
    /// ones that apply: as written, the VM finds no parent template and is allowed unchecked.
    pub other_parent: Option<String>,
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
/// The VM is labelled as created from the template, as the web console labels it:
/// `vm.kubevirt.io/template` is the template's name and `vm.kubevirt.io/template.namespace`
/// its namespace (else [`DEFAULT_TEMPLATE_NAMESPACE`]). `oc process` adds neither, and without
/// the namespace the reference finds no parent template and allows the VM unchecked, so that
/// the rules a legacy template keeps on itself would never be seen. When the label written in
/// `objects[0]` names another template (old releases carry a stale one) and those rules are the
/// ones that apply, [`DefaultVm::other_parent`] says so.
///
/// # Errors
/// The template cannot be processed.
pub fn default_vm(
    template: &Template,
    overrides: &BTreeMap<String, String>,
) -> Result<DefaultVm, Vec<ProcessError>> {
    let mut processed = process(template, overrides)?;
    let written = label_parent(&mut processed.object, template);
    let mut catalog = Catalog::new();
    catalog.set_any_namespace(true);
    catalog.insert(template.clone());
    let raw = decide(&processed.object, &catalog, Mode::Raw);
    let admitted = decide(&processed.object, &catalog, Mode::Admitted);
    let other_parent = written.filter(|w| {
        w != &template.name && raw.source == Source::Template && template.validations.is_some()
    });
    Ok(DefaultVm {
        processed,
        raw,
        admitted,
        other_parent,
    })
}

/// Labels `vm` as created from `template`; returns the `vm.kubevirt.io/template` label it had
/// (empty when none). A VM that is not an object is left as it is.
fn label_parent(vm: &mut Value, template: &Template) -> Option<String> {
    let meta = vm
        .as_object_mut()?
        .entry("metadata")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()?;
    let labels = meta
        .entry("labels")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()?;
    let written = labels
        .get(TEMPLATE_NAME)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let ns = template
        .namespace
        .as_deref()
        .filter(|s| !s.is_empty())
        .unwrap_or(DEFAULT_TEMPLATE_NAMESPACE);
    labels.insert(
        TEMPLATE_NAME.to_owned(),
        Value::String(template.name.clone()),
    );
    labels.insert(TEMPLATE_NAMESPACE.to_owned(), Value::String(ns.to_owned()));
    Some(written)
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
        assert_eq!(d.other_parent, None);
    }

    #[test]
    fn a_stale_parent_label_is_said() {
        let mut t = legacy("1Gi");
        t.json["objects"][0]["metadata"]["labels"][TEMPLATE_NAME] = json!("legacy-old");
        let d = default_vm(&t, &BTreeMap::new()).expect("processes");
        assert!(d.denied(), "judged as created from the template");
        assert_eq!(d.other_parent.as_deref(), Some("legacy-old"));
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
