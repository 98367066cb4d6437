//! The admission request a policy is evaluated on: a bare object (a CREATE of it), or an
//! `admission.k8s.io/v1` AdmissionReview's request.

use serde_json::{Value, json};

/// An admission request, as the parts of K8s `admission.Attributes` policies read.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// `CREATE`, `UPDATE`, `DELETE` or `CONNECT`.
    pub operation: String,
    /// The resource's API group (`""` for the core group).
    pub group: String,
    /// The API version.
    pub version: String,
    /// The resource, plural and lower case (`virtualmachines`).
    pub resource: String,
    /// The subresource (`""` for none).
    pub sub_resource: String,
    /// The object's name (or `generateName` when it has none).
    pub name: String,
    /// The namespace (`""` for none: a cluster-scoped request).
    pub namespace: String,
    /// The new object (null for DELETE).
    pub object: Value,
    /// The old object (null for CREATE).
    pub old_object: Value,
    /// The CEL `request` variable's value.
    pub cel_request: Value,
}

impl Request {
    /// A CREATE of `object`: group and version from its `apiVersion`, the resource guessed
    /// from its `kind` as client-go's `meta.UnsafeGuessKindToResource` does (lower case,
    /// plural: `VirtualMachine` → `virtualmachines`, `Policy` → `policies`), name and namespace
    /// from its metadata.
    pub fn create(object: &Value) -> Request {
        let api_version = object["apiVersion"].as_str().unwrap_or_default();
        let (group, version) = match api_version.split_once('/') {
            Some((g, v)) => (g, v),
            None => ("", api_version),
        };
        let kind = object["kind"].as_str().unwrap_or_default();
        let meta = &object["metadata"];
        let name = meta["name"]
            .as_str()
            .or_else(|| meta["generateName"].as_str())
            .unwrap_or_default();
        let namespace = meta["namespace"].as_str().unwrap_or_default();
        let resource = guess_resource(kind);
        let cel_request = json!({
            "operation": "CREATE",
            "kind": {"group": group, "version": version, "kind": kind},
            "resource": {"group": group, "version": version, "resource": resource},
            "name": name,
            "namespace": namespace,
        });
        Request {
            operation: "CREATE".to_owned(),
            group: group.to_owned(),
            version: version.to_owned(),
            resource,
            sub_resource: String::new(),
            name: name.to_owned(),
            namespace: namespace.to_owned(),
            object: object.clone(),
            old_object: Value::Null,
            cel_request,
        }
    }

    /// A CREATE of `object` on the `virtualmachines` resource of `kubevirt.io` (the version of
    /// its `apiVersion` when that is `kubevirt.io/<version>`, else `v1`), whatever its `kind`
    /// says: the API server routes a request by its URL, not by the body's kind.
    pub fn create_virtual_machine(object: &Value) -> Request {
        let mut r = Request::create(object);
        let version = object["apiVersion"]
            .as_str()
            .and_then(|v| v.strip_prefix("kubevirt.io/"))
            .unwrap_or("v1");
        r.group = "kubevirt.io".to_owned();
        r.version = version.to_owned();
        r.resource = "virtualmachines".to_owned();
        r.cel_request["resource"] =
            json!({"group": "kubevirt.io", "version": version, "resource": "virtualmachines"});
        r
    }

    /// The request of an `admission.k8s.io/v1` AdmissionReview: `request.operation`,
    /// `resource`, `subResource`, `name`, `namespace`, `object` and `oldObject`. The CEL
    /// `request` is the review's request without the objects.
    ///
    /// # Errors
    /// What is missing or mistyped, naming the field (`request.operation: …`).
    pub fn from_review(review: &Value) -> Result<Request, String> {
        let request = review
            .get("request")
            .filter(|r| r.is_object())
            .ok_or("request: missing (not an AdmissionReview)")?;
        let text = |key: &str| request.get(key).and_then(Value::as_str).unwrap_or_default();
        let operation = text("operation");
        if !["CREATE", "UPDATE", "DELETE", "CONNECT"].contains(&operation) {
            return Err(format!(
                "request.operation: {operation:?} is not CREATE, UPDATE, DELETE or CONNECT"
            ));
        }
        let resource = &request["resource"];
        let field = |key: &str| resource.get(key).and_then(Value::as_str);
        let (Some(group), Some(version), Some(plural)) =
            (field("group"), field("version"), field("resource"))
        else {
            return Err("request.resource: group, version and resource are required".to_owned());
        };
        let mut cel_request = request.clone();
        if let Some(m) = cel_request.as_object_mut() {
            m.remove("object");
            m.remove("oldObject");
        }
        Ok(Request {
            operation: operation.to_owned(),
            group: group.to_owned(),
            version: version.to_owned(),
            resource: plural.to_owned(),
            sub_resource: text("subResource").to_owned(),
            name: text("name").to_owned(),
            namespace: text("namespace").to_owned(),
            object: request.get("object").cloned().unwrap_or(Value::Null),
            old_object: request.get("oldObject").cloned().unwrap_or(Value::Null),
            cel_request,
        })
    }

    /// `<resource>.<group>` as the API server names it in errors (`virtualmachines.kubevirt.io`;
    /// the bare resource for the core group).
    pub fn group_resource(&self) -> String {
        if self.group.is_empty() {
            self.resource.clone()
        } else {
            format!("{}.{}", self.resource, self.group)
        }
    }
}

/// A kind's resource name, as client-go's `meta.UnsafeGuessKindToResource`.
fn guess_resource(kind: &str) -> String {
    let lower = kind.to_lowercase();
    if lower.is_empty() {
        return lower;
    }
    if lower.ends_with('s') {
        return format!("{lower}es");
    }
    if let Some(stem) = lower.strip_suffix('y') {
        return format!("{stem}ies");
    }
    format!("{lower}s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resources_are_guessed_as_client_go_does() {
        assert_eq!(guess_resource("VirtualMachine"), "virtualmachines");
        assert_eq!(guess_resource("NetworkPolicy"), "networkpolicies");
        assert_eq!(guess_resource("Ingress"), "ingresses");
    }

    #[test]
    fn a_review_without_a_resource_is_refused_with_the_field() {
        let review = json!({"request": {"operation": "CREATE", "object": {}}});
        assert_eq!(
            Request::from_review(&review),
            Err("request.resource: group, version and resource are required".to_owned())
        );
    }
}
