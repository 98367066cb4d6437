//! Path warnings: `valid` guards that every VM satisfies, and `.metadata` paths that look
//! rooted at the VM rather than at its `spec.template`.

use validgen_core::ir::Path;
use validgen_kubevirt::typed::schema::{GoKind, Schema};

use crate::plan::{PathPlan, Step, plan};

/// Steps of every rule path before the rule's own: `.spec.template`, then the first step
/// inside the template, which goes through the `*VirtualMachineInstanceTemplateSpec` pointer
/// (a VM without `spec.template` is not judged at all).
const ROOT_STEPS: usize = 3;

/// Why the `valid` path `p` never skips its rule: a static walk of struct fields in which no
/// value stepped through is a pointer, list or map, so every VM has a value there (an absent
/// pointer, list or map as the last step still yields its nil value, SEMANTICS §4).
pub(super) fn always_present(p: &Path) -> Option<String> {
    let PathPlan::Static(s) = plan(Schema::kubevirt(), p) else {
        return None;
    };
    if s.problem.is_some() {
        return None;
    }
    let fields_only = s.steps.iter().enumerate().all(|(i, step)| match step {
        Step::Field {
            through_pointer, ..
        } => i < ROOT_STEPS || !through_pointer,
        _ => false,
    });
    if !fields_only {
        return None;
    }
    let field = p.expr.rsplit('.').next().unwrap_or_default();
    let nil = s
        .terminal
        .map(|t| Schema::kubevirt().get(t).kind)
        .is_some_and(|k| matches!(k, GoKind::Ptr | GoKind::Slice | GoKind::Map));
    let why = if nil {
        format!("an absent `{field}` still yields its nil value")
    } else {
        format!("`{field}` sits in non-pointer structs, and reads as its zero value when absent")
    };
    Some(format!(
        "`valid` path `{}` always finds a value: the KubeVirt types give every VM one ({why}), so this guard never skips the rule; the format document reads `valid` as \"the field is set\", but the reference only asks whether the path finds values",
        p.expr
    ))
}

/// Why `p` looks rooted at the VM: it starts at `.metadata`, which the reference reads from the
/// VM's pod template, not from the VM. (A path that exists only from the VM, such as
/// `.spec.template.spec.domain…`, is a build error: see [`crate::analyze`].)
pub(super) fn vm_rooted(p: &Path) -> Option<String> {
    let expr = p.expr.as_str();
    let metadata =
        expr == ".metadata" || expr.starts_with(".metadata.") || expr.starts_with(".metadata[");
    metadata.then(|| format!(
        "path `{expr}` reads `spec.template{expr}`, the metadata of the VM's pod template, not the VM's own metadata: rule paths are relative to the VM's `spec.template` (the format document says the VM)"
    ))
}

#[cfg(test)]
mod tests {
    use super::{always_present, vm_rooted};
    use validgen_core::ir::Path;

    fn path(expr: &str) -> Path {
        validgen_kubevirt::rules::rule_path(&format!("jsonpath::{expr}")).expect("path parses")
    }

    #[test]
    fn guards_every_vm_satisfies() {
        for expr in [
            ".spec.domain.cpu",
            ".spec.domain.machine",
            ".spec.domain.devices.disks",
            ".spec.domain.resources",
        ] {
            assert!(always_present(&path(expr)).is_some(), "{expr}");
        }
        for expr in [
            ".spec.domain.cpu.cores",
            ".spec.domain.devices.disks[*].disk.bus",
            ".spec.domain.resources.requests.memory",
            ".spec.domain.devices.disks[?(@.name=='root')]",
            ".spec.nosuchfield",
        ] {
            assert_eq!(always_present(&path(expr)), None, "{expr}");
        }
    }

    #[test]
    fn metadata_read_from_the_pod_template() {
        assert!(vm_rooted(&path(".metadata.labels.flavor")).is_some());
        assert!(vm_rooted(&path(".metadata")).is_some());
        assert_eq!(vm_rooted(&path(".metadataz")), None);
        // Build errors, not warnings.
        assert_eq!(
            vm_rooted(&path(".spec.template.spec.domain.cpu.cores")),
            None
        );
        assert_eq!(vm_rooted(&path(".spec.domain.cpu.cores")), None);
        assert_eq!(vm_rooted(&path(".spec.nosuchfield")), None);
    }
}
