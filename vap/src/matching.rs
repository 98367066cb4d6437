//! The matchConditions of a policy: which VMs it judges, in the reference's decision order
//! (SEMANTICS §2: deleting, the skip key, the VM's own rule text, else its parent template).

use serde_json::{Value, json};
use validgen_kubevirt::keys::{TEMPLATE_NAME, TEMPLATE_NAMESPACE, TEMPLATE_NAMESPACE_OLD};

use crate::cel::{quote, string_list};
use crate::{SKIP, VALIDATIONS};

/// The VMs a policy judges, beyond "not being deleted" and "no skip key".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selects {
    /// VMs whose `vm.kubevirt.io/validations` annotation is this text, byte for byte.
    RuleText(String),
    /// VMs without a non-empty `vm.kubevirt.io/validations` annotation whose parent template
    /// (labels first, else annotations) is this `namespace/name` key.
    Template(String),
    /// VMs whose non-empty `vm.kubevirt.io/validations` annotation is none of these texts.
    UnknownRuleText(Vec<String>),
}

/// `object.metadata.annotations[VALIDATIONS]`.
fn own_text() -> String {
    format!("object.metadata.annotations[{}]", quote(VALIDATIONS))
}

/// CEL `bool`: the VM has the `vm.kubevirt.io/validations` annotation.
fn has_own_text() -> String {
    format!(
        "has(object.metadata.annotations) && {} in object.metadata.annotations",
        quote(VALIDATIONS)
    )
}

impl Selects {
    /// The policy's matchConditions, each `{name, expression}`.
    pub fn conditions(&self) -> Vec<Value> {
        let mut out = vec![
            json!({"name": "not-deleting", "expression": "!has(object.metadata.deletionTimestamp)"}),
            // The key's presence skips, whatever its value (`"false"` too).
            json!({
                "name": "no-skip-key",
                "expression": format!(
                    "!has(object.metadata.annotations) || !({} in object.metadata.annotations)",
                    quote(SKIP)
                ),
            }),
        ];
        match self {
            Selects::RuleText(text) => out.push(json!({
                "name": "rule-text",
                "expression": format!("{} && {} == {}", has_own_text(), own_text(), quote(text)),
            })),
            Selects::Template(key) => {
                // A non-empty annotation is the rule set; the template is not consulted.
                out.push(json!({
                    "name": "no-rule-text",
                    "expression": format!("!({}) || {} == ''", has_own_text(), own_text()),
                }));
                out.push(json!({"name": "template", "expression": names_template(key)}));
            }
            Selects::UnknownRuleText(texts) => out.push(json!({
                "name": "unknown-rule-text",
                "expression": format!(
                    "{} && {own} != '' && !({own} in {})",
                    has_own_text(),
                    string_list(texts),
                    own = own_text()
                ),
            })),
        }
        out
    }
}

/// CEL `bool`: the VM names the template `key` (`namespace/name`, the reference's cache key, a
/// string concatenation). The pair is read from the labels when they have a non-empty name
/// and a non-empty namespace (`template.namespace`, else the older `template-namespace`), else
/// from the annotations on the same terms (ssp-operator `getParentTemplateForVm`, SEMANTICS §2
/// step 4).
fn names_template(key: &str) -> String {
    let map = |m: &str| format!("object.metadata.{m}");
    let entry = |m: &str, k: &str| format!("{}[{}]", map(m), quote(k));
    let set = |m: &str, k: &str| format!("({} in {} && {} != '')", quote(k), map(m), entry(m, k));
    let named = |m: &str| {
        format!(
            "has({}) && {} && ({} || {})",
            map(m),
            set(m, TEMPLATE_NAME),
            set(m, TEMPLATE_NAMESPACE),
            set(m, TEMPLATE_NAMESPACE_OLD)
        )
    };
    let key_of = |m: &str| {
        format!(
            "({} ? {} : {}) + '/' + {} == {}",
            set(m, TEMPLATE_NAMESPACE),
            entry(m, TEMPLATE_NAMESPACE),
            entry(m, TEMPLATE_NAMESPACE_OLD),
            entry(m, TEMPLATE_NAME),
            quote(key)
        )
    };
    format!(
        "({}) ? {} : ({}) && {}",
        named("labels"),
        key_of("labels"),
        named("annotations"),
        key_of("annotations")
    )
}
