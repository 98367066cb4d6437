//! The 172 templates of KubeVirt common-templates v0.35.0 (`templates/`), each compiled into a
//! validator: `rhel9_server_small(&vm, explain)`, `windows11_desktop_medium(&vm, explain)`, …,
//! and `CATALOG`, which takes the whole admission decision.
//!
//! ```
//! use validgen::admission::Mode;
//!
//! let vm = validgen::serde_json::json!({
//!     "apiVersion": "kubevirt.io/v1",
//!     "kind": "VirtualMachine",
//!     "metadata": {"name": "small", "labels": {
//!         "vm.kubevirt.io/template": "rhel9-server-small",
//!         "vm.kubevirt.io/template.namespace": "openshift"
//!     }},
//!     "spec": {"template": {"spec": {"domain": {"memory": {"guest": "1Gi"}}}}}
//! });
//! // The VM names its template: the catalog finds it and runs its compiled rules.
//! let d = common_templates::CATALOG.decide(&vm, Mode::Admitted);
//! assert_eq!(d.allowed, true, "v0.35.0 templates keep their rules on objects[0], not on the Template");
//! let report = common_templates::rhel9_server_small(&vm, validgen::interpret::Explain::All);
//! assert_eq!(report.rules[0].detail, "value 1073741824 is lower than minimum [1610612736]");
//! ```

validgen::include_validators!("templates");
