//! The resources a result may name: the documents of the resource and target resource files,
//! and the JSON payloads, as kyverno's `commands/test/output.go` matches a result's
//! `resources` entries (`name`, or `namespace/name`) against the keys
//! `apiVersion,kind,namespace,name` of what it evaluated.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

/// A resource's namespace as kyverno's CLI sees it (`resource.YamlToUnstructured`): its
/// `metadata.namespace`, else `default` unless its kind is cluster-scoped, else none (`""`).
pub(super) fn effective_namespace(doc: &Value) -> String {
    let declared = doc
        .pointer("/metadata/namespace")
        .and_then(Value::as_str)
        .unwrap_or("");
    let kind = doc.get("kind").and_then(Value::as_str).unwrap_or("");
    if !declared.is_empty() || CLUSTER_SCOPED.contains(&kind) {
        declared.to_owned()
    } else {
        "default".to_owned()
    }
}

/// The built-in cluster-scoped kinds (kyverno asks its copy of the API discovery,
/// `data.APIGroupResources`; a custom kind counts as namespaced there too).
const CLUSTER_SCOPED: &[&str] = &[
    "APIService",
    "CertificateSigningRequest",
    "ClusterRole",
    "ClusterRoleBinding",
    "ClusterTrustBundle",
    "ComponentStatus",
    "CSIDriver",
    "CSINode",
    "CustomResourceDefinition",
    "DeviceClass",
    "FlowSchema",
    "IngressClass",
    "IPAddress",
    "MutatingAdmissionPolicy",
    "MutatingAdmissionPolicyBinding",
    "MutatingWebhookConfiguration",
    "Namespace",
    "Node",
    "PersistentVolume",
    "PriorityClass",
    "PriorityLevelConfiguration",
    "ResourceSlice",
    "RuntimeClass",
    "ServiceCIDR",
    "StorageClass",
    "ValidatingAdmissionPolicy",
    "ValidatingAdmissionPolicyBinding",
    "ValidatingWebhookConfiguration",
    "VolumeAttachment",
    "VolumeAttributesClass",
];

/// What kyverno keys an evaluated resource by (`apiVersion,kind,namespace,name`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Key {
    pub api_version: String,
    pub kind: String,
    /// The effective namespace ([`effective_namespace`]).
    pub namespace: String,
    pub name: String,
}

/// The names a result may give, with the namespaces they are in.
#[derive(Debug, Default)]
pub(super) struct Resources {
    /// name → the effective namespaces of the resources of that name.
    by_name: HashMap<String, Vec<String>>,
    /// name → the keys of the resources of that name.
    keys: HashMap<String, Vec<Key>>,
    /// JSON payloads, named as the test names them.
    payloads: HashSet<String>,
}

impl Resources {
    /// Adds the documents of a resource or target resource file.
    pub(super) fn add(&mut self, docs: &[Value]) {
        for doc in docs {
            if let Some(name) = doc.pointer("/metadata/name").and_then(Value::as_str) {
                let namespace = effective_namespace(doc);
                let text = |k: &str| doc.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
                self.keys.entry(name.to_owned()).or_default().push(Key {
                    api_version: text("apiVersion"),
                    kind: text("kind"),
                    namespace: namespace.clone(),
                    name: name.to_owned(),
                });
                self.by_name
                    .entry(name.to_owned())
                    .or_default()
                    .push(namespace);
            }
        }
    }

    /// Adds a JSON payload, as the test names it.
    pub(super) fn add_payload(&mut self, name: &str) {
        self.payloads.insert(name.to_owned());
    }

    /// The namespaces of the resources a result's `resources` entry matches (empty: none).
    /// A payload matches by its whole name, in no namespace.
    pub(super) fn matches(&self, entry: &str) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        match entry.split('/').collect::<Vec<_>>().as_slice() {
            [name] => {
                if let Some(nss) = self.by_name.get(*name) {
                    out.extend(nss.iter().map(String::as_str));
                }
                if self.payloads.contains(*name) {
                    out.push("");
                }
            }
            [ns, name] => {
                if let Some(nss) = self.by_name.get(*name) {
                    out.extend(nss.iter().map(String::as_str).filter(|n| n == ns));
                }
            }
            // kyverno matches no key with more than one `/`.
            _ => {}
        }
        out
    }

    /// The keys of the resources named `name`, in file order.
    pub(super) fn keys(&self, name: &str) -> &[Key] {
        self.keys.get(name).map_or(&[], Vec::as_slice)
    }

    /// Whether a resource or payload of this name exists, in any namespace.
    pub(super) fn has_name(&self, name: &str) -> bool {
        self.by_name.contains_key(name) || self.payloads.contains(name)
    }
}
