//! Legacy Template-level rules (`metadata.annotations["validations"]` of the Template itself):
//! the reference reads them for a VM without rules of its own, from the Template its labels
//! (else annotations) name, and allows the VM when that Template does not exist (SEMANTICS §2
//! step 4). A binding's `paramRef` is static, so each Template gets its own policy: matched on
//! the VM's template key, bound with `paramRef` to that Template and
//! `parameterNotFoundAction: Allow` (VAP.md §2.1).

use serde_json::Value;
use validgen_kubevirt::admission::Template;

use crate::matching::Selects;
use crate::report::{Reason, RuleSetReport};
use crate::set::{self, Target};
use crate::{Options, sha256};

/// The policies and report of one Template's own `text`.
pub fn compile(
    t: &Template,
    text: &str,
    labels: &Value,
    opts: &Options,
) -> (RuleSetReport, Vec<Value>) {
    let sha = sha256(text);
    let namespace = t
        .namespace
        .as_deref()
        .filter(|n| !n.is_empty())
        .or(opts.template_namespace.as_deref());
    let Some(namespace) = namespace else {
        let reason = Reason::new(
            "legacy-template-namespace",
            format!(
                "the Template `{}` names no namespace, and its rules apply through the VM's `namespace/name` template key: give the namespace it is deployed to (`--template-namespace`)",
                t.name
            ),
        );
        return (
            set::untranslatable(text, &sha, vec![t.name.clone()], &reason),
            Vec::new(),
        );
    };
    let key = format!("{namespace}/{}", t.name);
    if !is_dns_label(namespace) || !is_dns_subdomain(&t.name) {
        let reason = Reason::new(
            "legacy-template-name",
            format!(
                "`{key}` is not a Kubernetes namespace and object name: no such Template can exist in a cluster for a binding's paramRef to name"
            ),
        );
        return (
            set::untranslatable(text, &sha, vec![key], &reason),
            Vec::new(),
        );
    }
    let target = Target {
        name: format!(
            "validgen-{}-{}-tpl-{}",
            opts.catalog,
            &sha[..10],
            &sha256(&key)[..10]
        ),
        templates: vec![key.clone()],
        selects: Selects::Template(key.clone()),
        template: Some((namespace.to_owned(), t.name.clone())),
    };
    let (mut report, docs) = set::compile(text, &sha, target, labels, opts);
    report.reasons.push(Reason::new(
        "legacy-template-lookup",
        format!(
            "rules of the Template `{key}` itself, for VMs without rules of their own that name it (labels, else annotations): a policy bound with paramRef to that Template (parameterNotFoundAction: Allow); it carries the catalog's text, not the cluster Template's"
        ),
    ));
    (report, docs)
}

/// A DNS-1123 label (a namespace): at most 63 of `a-z`, `0-9`, `-`, starting and ending
/// alphanumeric (K8s `IsDNS1123Label`).
fn is_dns_label(s: &str) -> bool {
    let alnum = |c: u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 63
        && b.iter().all(|&c| alnum(c) || c == b'-')
        && alnum(b[0])
        && alnum(b[b.len() - 1])
}

/// A DNS-1123 subdomain (an object name): at most 253 characters, DNS labels joined by `.`
/// (K8s `IsDNS1123Subdomain`).
fn is_dns_subdomain(s: &str) -> bool {
    s.len() <= 253 && s.split('.').all(is_dns_label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubernetes_names_are_dns_labels_and_subdomains() {
        assert!(is_dns_label("kubevirt-os"));
        assert!(is_dns_subdomain("rhel7-server-large-v0.7.0"));
        for bad in ["", "-a", "a-", "A", "openshift/a", &"a".repeat(64)] {
            assert!(!is_dns_label(bad), "{bad}");
        }
        for bad in ["a..b", "a/b", "TPL-F", ".a"] {
            assert!(!is_dns_subdomain(bad), "{bad}");
        }
    }
}
