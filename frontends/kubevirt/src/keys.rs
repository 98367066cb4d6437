//! The annotation and label keys of KubeVirt VMs and templates that the admission decision
//! reads (ssp-operator `internal/template-validator`).

/// Annotation key of the rule set on a VM (and on a template's `objects[0]`).
pub const VALIDATIONS: &str = "vm.kubevirt.io/validations";
/// Legacy annotation key of the rule set on the Template itself (read by the admission lookup).
pub const LEGACY_VALIDATIONS: &str = "validations";
/// Annotation key whose mere presence skips validation.
pub const SKIP: &str = "vm.kubevirt.io/skip-validations";
/// Label (or annotation) naming the parent template.
pub const TEMPLATE_NAME: &str = "vm.kubevirt.io/template";
/// Label (or annotation) naming the parent template's namespace.
pub const TEMPLATE_NAMESPACE: &str = "vm.kubevirt.io/template.namespace";
/// The older spelling of [`TEMPLATE_NAMESPACE`], read when that one is absent.
pub const TEMPLATE_NAMESPACE_OLD: &str = "vm.kubevirt.io/template-namespace";
