//! The shape of a catalog document: problems a catalog folder can have that no rule parser
//! sees, shared by the runtime loader (`validate`, `review`, `serve`) and the compiler
//! (`include_validators!`, `validgen check`).
//!
//! How serious each one is follows what the reference would do with the folder applied to a
//! cluster (`kubectl apply -R -f`): it looks templates up only by `namespace/name` and reads
//! only the Template's own `validations` annotation (ssp-operator
//! `internal/template-validator/webhooks/uplink.go`, `getParentTemplateForVM`).

/// The kind of a Template document.
pub const TEMPLATE_KIND: &str = "Template";

/// How serious a shape problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The folder cannot be the catalog it was meant to be: the run stops (fail closed).
    Error,
    /// The reference works with it, but part of the file has no effect.
    Warning,
}

/// Which part of the document a problem is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The document's `kind`.
    Kind,
    /// The document's `objects[i]`.
    Object(usize),
}

/// One problem with the shape of a catalog document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeProblem {
    /// Error or warning.
    pub severity: Severity,
    /// Where in the document.
    pub part: Part,
    /// What is wrong, and what it means under the reference.
    pub message: String,
}

/// One element of a Template's `objects`, as far as its shape is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObjectShape<'a> {
    /// Its `kind`.
    pub kind: Option<&'a str>,
    /// Whether its `metadata.annotations` has `vm.kubevirt.io/validations`.
    pub has_rules: bool,
}

/// A `kind` that is not `Template` but is probably meant to be: `Template` in another case, or
/// at most two edits (a transposition counting as one) away from it, e.g. `Templat`,
/// `template`, `Tempalte`. An error: the API server knows no such kind, so `kubectl apply`
/// refuses the file and the cluster's validator never has the template; VMs naming it would be
/// allowed unchecked.
pub fn kind_problem(kind: Option<&str>) -> Option<ShapeProblem> {
    let kind = kind?;
    if kind == TEMPLATE_KIND {
        return None;
    }
    let lower = kind.to_lowercase();
    let close = lower == "template" || strsim::osa_distance(&lower, "template") <= 2;
    close.then(|| ShapeProblem {
        severity: Severity::Error,
        part: Part::Kind,
        message: format!(
            "`kind: {kind}` is not `Template` (kinds are exact and case-sensitive): the API server refuses the document, so the validator never has this template and VMs naming it are allowed unchecked"
        ),
    })
}

/// Problems with a Template's `objects`: rules (`vm.kubevirt.io/validations`) on an object
/// other than `objects[0]`, or an `objects[0]` that is not a VirtualMachine while the
/// template has VM rules. Warnings: the reference reads neither (only the Template's own
/// `validations`), but these rules are then not the ones VMs created from the template carry
/// as compiled and explained here (`objects[0]`'s).
pub fn object_problems(objects: &[ObjectShape<'_>]) -> Vec<ShapeProblem> {
    let mut out = Vec::new();
    if let Some(first) = objects.first()
        && first.kind != Some("VirtualMachine")
        && objects.iter().any(|o| o.has_rules)
    {
        let kind = first
            .kind
            .map_or("an object without kind".to_owned(), |k| format!("a `{k}`"));
        out.push(ShapeProblem {
            severity: Severity::Warning,
            part: Part::Object(0),
            message: format!(
                "`objects[0]` is {kind}, not a VirtualMachine: its rules are not compiled as the template's (only `objects[0]` of kind VirtualMachine is read)"
            ),
        });
    }
    for (i, o) in objects.iter().enumerate().skip(1) {
        if o.has_rules {
            out.push(ShapeProblem {
                severity: Severity::Warning,
                part: Part::Object(i),
                message: format!(
                    "rules (`vm.kubevirt.io/validations`) on `objects[{i}]` are ignored: only `objects[0]`'s are compiled as the template's, and the reference reads only the Template's own `validations`"
                ),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_close_to_template_are_errors() {
        for k in [
            "Templat",
            "template",
            "TEMPLATE",
            "Tempalte",
            "Templates",
            "Tmplate",
        ] {
            let p = kind_problem(Some(k)).unwrap_or_else(|| panic!("{k} is flagged"));
            assert_eq!((p.severity, p.part), (Severity::Error, Part::Kind), "{k}");
        }
        for k in [
            "Template",
            "VirtualMachine",
            "ConfigMap",
            "List",
            "TemplateInstance",
        ] {
            assert_eq!(kind_problem(Some(k)), None, "{k}");
        }
        assert_eq!(kind_problem(None), None);
    }

    #[test]
    fn rules_off_objects_0_are_warnings() {
        let vm = |has_rules| ObjectShape {
            kind: Some("VirtualMachine"),
            has_rules,
        };
        let cm = |has_rules| ObjectShape {
            kind: Some("ConfigMap"),
            has_rules,
        };
        assert!(object_problems(&[vm(true), cm(false)]).is_empty());
        assert!(object_problems(&[cm(false)]).is_empty(), "no rules at all");
        let parts = |objects: &[ObjectShape<'_>]| {
            object_problems(objects)
                .iter()
                .map(|p| (p.severity, p.part))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            parts(&[cm(false), vm(true)]),
            vec![
                (Severity::Warning, Part::Object(0)),
                (Severity::Warning, Part::Object(1))
            ]
        );
        assert_eq!(
            parts(&[cm(true)]),
            vec![(Severity::Warning, Part::Object(0))]
        );
    }
}
