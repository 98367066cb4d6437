//! Template processing as `oc process` does it (openshift/library-go
//! `pkg/template/templateprocessing`, `Processor.Process`), for `objects[0]` of a template, and
//! the verdicts on the VM it gives ([`defaults`]).
//!
//! Processing, in order:
//!
//! 1. each parameter takes its override (`--param NAME=VALUE`), else its `value`;
//! 2. a parameter still without a value and with `generate: expression` gets one from its
//!    `from` pattern ([`expression`]: the subset of the syntax supported, and the seeded
//!    generator: seeded by the template's name, so every run gives the same values), in the
//!    order of `parameters`; an empty `from` gives an empty value, as in library-go;
//! 3. a `required` parameter still without a value, and a `generate` other than
//!    `expression` (the only generator `oc process` has), are errors;
//! 4. `objects[0]` loses a `metadata.namespace` that holds no `${…}` reference (library-go's
//!    `stripNamespace`), has its references substituted ([`substitute`]), and gets the
//!    template's `labels` (themselves substituted) added to its `metadata.labels`.
//!
//! References to no parameter are left as written, as `oc process` leaves them, and returned in
//! [`Processed::unsubstituted`].

pub mod defaults;
pub mod expression;
pub mod substitute;

pub use defaults::{DefaultVm, default_vm};

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::admission::Template;
use expression::Seeded;
use substitute::{Substitution, TooLarge, Unsubstituted};

/// Most bytes of strings substitution may produce for one object (the object is a manifest of
/// at most a few MiB; a hostile template repeating a long value would otherwise multiply it).
pub const MAX_PROCESSED_BYTES: usize = 16 << 20;

/// One entry of a template's `parameters`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parameter {
    /// `name`.
    pub name: String,
    /// `value` (empty when absent, as Go's zero value).
    pub value: String,
    /// `generate` (empty when absent).
    pub generate: String,
    /// `from` (empty when absent).
    pub from: String,
    /// `required`.
    pub required: bool,
}

/// `objects[0]` of a template, processed.
#[derive(Debug, Clone, PartialEq)]
pub struct Processed {
    /// The object with its parameters substituted.
    pub object: Value,
    /// Every parameter's final value, by name.
    pub values: BTreeMap<String, String>,
    /// The parameters whose value was generated.
    pub generated: BTreeSet<String>,
    /// References left as written (to no parameter, or `${{NAME}}` inside a longer string), in
    /// document order, pointers into `objects[0]`.
    pub unsubstituted: Vec<Unsubstituted>,
}

/// Why a template cannot be processed; each names the template.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProcessError {
    /// `parameters` is not a list, or an entry is not a parameter.
    #[error("template `{template}`: parameters[{index}]: {message}")]
    Malformed {
        /// The template's name.
        template: String,
        /// The entry's 0-based index in `parameters`.
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// A required parameter without a value (library-go: "parameter NAME is required and must
    /// be specified").
    #[error(
        "template `{template}`: parameters[{index}]: parameter `{parameter}` is required and has no value (give one with --param {parameter}=VALUE)"
    )]
    Required {
        /// The template's name.
        template: String,
        /// The parameter's 0-based index.
        index: usize,
        /// The parameter's name.
        parameter: String,
    },
    /// A `generate` other than `expression`.
    #[error(
        "template `{template}`: parameters[{index}]: parameter `{parameter}`: unknown generator `{generator}` (oc process has only `expression`)"
    )]
    UnknownGenerator {
        /// The template's name.
        template: String,
        /// The parameter's 0-based index.
        index: usize,
        /// The parameter's name.
        parameter: String,
        /// The `generate` value.
        generator: String,
    },
    /// A `from` pattern outside the supported subset ([`expression`]).
    #[error(
        "template `{template}`: parameters[{index}]: parameter `{parameter}`: from pattern `{pattern}` {error}"
    )]
    Pattern {
        /// The template's name.
        template: String,
        /// The parameter's 0-based index.
        index: usize,
        /// The parameter's name.
        parameter: String,
        /// The pattern.
        pattern: String,
        /// Where and what.
        error: expression::PatternError,
    },
    /// An override naming no parameter of the template (`oc process` refuses it unless told to
    /// ignore unknown parameters).
    #[error("template `{template}`: no parameter `{parameter}` to set")]
    UnknownOverride {
        /// The template's name.
        template: String,
        /// The override's name.
        parameter: String,
    },
    /// The template has no `objects[0]`.
    #[error("template `{template}`: no objects to process")]
    NoObject {
        /// The template's name.
        template: String,
    },
    /// Substitution would produce more than [`MAX_PROCESSED_BYTES`].
    #[error(
        "template `{template}`: processing objects[0] gives more than {MAX_PROCESSED_BYTES} bytes of strings"
    )]
    TooLarge {
        /// The template's name.
        template: String,
    },
}

/// The `parameters` of a template.
///
/// # Errors
/// `parameters` is not a list, an entry has no string `name`, or a field has the wrong type;
/// every one is reported.
pub fn parameters(template: &Template) -> Result<Vec<Parameter>, Vec<ProcessError>> {
    let malformed = |index, message: String| ProcessError::Malformed {
        template: template.name.clone(),
        index,
        message,
    };
    let list = match template.json.get("parameters") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(list)) => list,
        Some(_) => return Err(vec![malformed(0, "`parameters` is not a list".to_owned())]),
    };
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (index, entry) in list.iter().enumerate() {
        let text = |key: &str| match entry.get(key) {
            None | Some(Value::Null) => Ok(String::new()),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(other) => Err(malformed(
                index,
                format!("`{key}` must be a string, found {other}"),
            )),
        };
        let required = match entry.get("required") {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(malformed(
                index,
                format!("`required` must be true or false, found {other}"),
            )),
        };
        match (
            text("name"),
            text("value"),
            text("generate"),
            text("from"),
            required,
        ) {
            (Ok(name), _, _, _, _) if name.is_empty() => {
                errors.push(malformed(index, "a parameter without a `name`".to_owned()));
            }
            (Ok(name), Ok(value), Ok(generate), Ok(from), Ok(required)) => out.push(Parameter {
                name,
                value,
                generate,
                from,
                required,
            }),
            (a, b, c, d, e) => {
                errors.extend(
                    [a.err(), b.err(), c.err(), d.err(), e.err()]
                        .into_iter()
                        .flatten(),
                );
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Processes `objects[0]` of `template` with `overrides` (parameter name → value).
///
/// # Errors
/// Every problem found (see [`ProcessError`]), reported together.
pub fn process(
    template: &Template,
    overrides: &BTreeMap<String, String>,
) -> Result<Processed, Vec<ProcessError>> {
    let name = &template.name;
    let mut params = parameters(template)?;
    let mut errors: Vec<ProcessError> = overrides
        .keys()
        .filter(|k| !params.iter().any(|p| &p.name == *k))
        .map(|k| ProcessError::UnknownOverride {
            template: name.clone(),
            parameter: k.clone(),
        })
        .collect();
    let mut rng = Seeded::from_name(name);
    let mut generated = BTreeSet::new();
    for (index, p) in params.iter_mut().enumerate() {
        if let Some(v) = overrides.get(&p.name) {
            p.value.clone_from(v);
        }
        if p.value.is_empty() && !p.generate.is_empty() {
            if p.generate != "expression" {
                errors.push(ProcessError::UnknownGenerator {
                    template: name.clone(),
                    index,
                    parameter: p.name.clone(),
                    generator: p.generate.clone(),
                });
                continue;
            }
            match expression::generate(&p.from, &mut rng) {
                Ok(v) => {
                    p.value = v;
                    generated.insert(p.name.clone());
                }
                Err(error) => {
                    errors.push(ProcessError::Pattern {
                        template: name.clone(),
                        index,
                        parameter: p.name.clone(),
                        pattern: p.from.clone(),
                        error,
                    });
                    continue;
                }
            }
        }
        if p.value.is_empty() && p.required {
            errors.push(ProcessError::Required {
                template: name.clone(),
                index,
                parameter: p.name.clone(),
            });
        }
    }
    let Some(object) = template.json.pointer("/objects/0") else {
        errors.push(ProcessError::NoObject {
            template: name.clone(),
        });
        return Err(errors);
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    // A later parameter of the same name wins, as library-go's map of parameters.
    let values: BTreeMap<String, String> = params.into_iter().map(|p| (p.name, p.value)).collect();
    let too_large = |TooLarge| {
        vec![ProcessError::TooLarge {
            template: name.clone(),
        }]
    };
    let mut object = object.clone();
    strip_namespace(&mut object);
    let mut substitution = Substitution::new(&values, MAX_PROCESSED_BYTES);
    let mut object = substitution
        .object(&object, &mut String::new())
        .map_err(too_large)?;
    if let Some(labels) = template.json.get("labels").filter(|l| l.is_object()) {
        let labels = substitution
            .object(labels, &mut "/labels".to_owned())
            .map_err(too_large)?;
        add_labels(&mut object, labels);
    }
    let unsubstituted = substitution.unsubstituted;
    Ok(Processed {
        object,
        values,
        generated,
        unsubstituted,
    })
}

/// library-go's `stripNamespace`: a `metadata.namespace` without a `${NAME}` reference becomes
/// empty (the object is created in the namespace the template is processed in).
fn strip_namespace(object: &mut Value) {
    if let Some(ns) = object.pointer_mut("/metadata/namespace") {
        let keep = ns.as_str().is_some_and(|s| s.contains("${"));
        if !keep {
            *ns = Value::String(String::new());
        }
    }
}

/// library-go's `addObjectLabels`: the template's `labels` are added to (and replace those of
/// the same key in) the object's `metadata.labels`.
fn add_labels(object: &mut Value, labels: Value) {
    let (Some(meta), Value::Object(labels)) = (
        object.as_object_mut().map(|o| {
            o.entry("metadata")
                .or_insert_with(|| Value::Object(Default::default()))
        }),
        labels,
    ) else {
        return;
    };
    let Some(meta) = meta.as_object_mut() else {
        return;
    };
    let target = meta
        .entry("labels")
        .or_insert_with(|| Value::Object(Default::default()));
    if let Some(target) = target.as_object_mut() {
        target.extend(labels);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn template(doc: Value) -> Template {
        Template::from_json(doc, "t.yaml#0".to_owned()).expect("a template")
    }

    fn base(parameters: Value) -> Template {
        template(json!({
            "kind": "Template",
            "metadata": {"name": "t"},
            "labels": {"app": "${NAME}"},
            "objects": [{"kind": "VirtualMachine",
                "metadata": {"name": "${NAME}", "namespace": "fixed", "labels": {"x": "y"}},
                "spec": {"running": "${{RUN}}", "n": "${NAME}-${NOPE}"}}],
            "parameters": parameters,
        }))
    }

    #[test]
    fn values_generated_values_and_overrides() {
        let t = base(json!([
            {"name": "NAME", "generate": "expression", "from": "vm-[a-z]{4}"},
            {"name": "RUN", "value": "false"},
        ]));
        let p = process(&t, &BTreeMap::new()).expect("processes");
        let name = p.values["NAME"].clone();
        assert!(name.starts_with("vm-") && name.len() == 7, "{name}");
        assert_eq!(
            p.object,
            json!({"kind": "VirtualMachine",
                "metadata": {"name": name, "namespace": "", "labels": {"x": "y", "app": name}},
                "spec": {"running": false, "n": format!("{name}-${{NOPE}}")}})
        );
        assert_eq!(p.generated, BTreeSet::from(["NAME".to_owned()]));
        assert_eq!(p.unsubstituted.len(), 1);
        assert_eq!(p.unsubstituted[0].pointer, "/spec/n");
        assert_eq!(process(&t, &BTreeMap::new()), Ok(p), "reproducible");

        let overrides = BTreeMap::from([("NAME".to_owned(), "mine".to_owned())]);
        let p = process(&t, &overrides).expect("processes");
        assert_eq!(p.object["metadata"]["name"], "mine");
        assert!(p.generated.is_empty(), "an override is not generated");
    }

    #[test]
    fn every_problem_is_reported() {
        let t = base(json!([
            {"name": "NAME", "generate": "expression", "from": "[a-z_]{4}"},
            {"name": "RUN", "required": true},
            {"name": "G", "generate": "random"},
            {"value": "nameless"},
        ]));
        assert!(matches!(
            process(&t, &BTreeMap::new())
                .as_ref()
                .map_err(Vec::as_slice),
            Err([ProcessError::Malformed { index: 3, .. }])
        ));
        let t = base(json!([
            {"name": "NAME", "generate": "expression", "from": "[a-z_]{4}"},
            {"name": "RUN", "required": true},
            {"name": "G", "generate": "random"},
        ]));
        let overrides = BTreeMap::from([("OTHER".to_owned(), "x".to_owned())]);
        let errors = process(&t, &overrides).expect_err("does not process");
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            vec![
                "template `t`: no parameter `OTHER` to set",
                "template `t`: parameters[0]: parameter `NAME`: from pattern `[a-z_]{4}` at character 5: `_` in a class: oc process generates only from classes of letters, digits, `-` and `\\` (it would copy this group as is)",
                "template `t`: parameters[1]: parameter `RUN` is required and has no value (give one with --param RUN=VALUE)",
                "template `t`: parameters[2]: parameter `G`: unknown generator `random` (oc process has only `expression`)",
            ]
        );
        // An override gives the required parameter its value.
        let t = base(json!([{"name": "NAME", "value": "n"}, {"name": "RUN", "required": true}]));
        let overrides = BTreeMap::from([("RUN".to_owned(), "true".to_owned())]);
        let p = process(&t, &overrides).expect("processes");
        assert_eq!(p.object["spec"]["running"], json!(true));
    }

    #[test]
    fn no_object() {
        let t = template(json!({"kind": "Template", "metadata": {"name": "t"}}));
        assert_eq!(
            process(&t, &BTreeMap::new()),
            Err(vec![ProcessError::NoObject {
                template: "t".to_owned()
            }])
        );
    }
}
