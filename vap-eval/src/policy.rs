//! `admissionregistration.k8s.io/v1` ValidatingAdmissionPolicy and
//! ValidatingAdmissionPolicyBinding documents, read and compiled: every expression parsed
//! up front, every problem located (document, object, field) and reported together.

use serde_json::{Map, Value};

use crate::expression::Expression;
use crate::matching::MatchResources;

/// A policy with its bindings, compiled.
#[derive(Debug)]
pub struct Policy {
    /// `metadata.name`.
    pub name: String,
    /// The `validgen.io/rule-set-sha256` annotation (empty when absent): which rule text a
    /// `validgen vap` policy carries.
    pub sha256: String,
    /// `spec.failurePolicy`: whether an error denies (`Fail`, the default) or is ignored.
    pub fail_closed: bool,
    /// `spec.paramKind` as (`apiVersion`, `kind`): the policy reads `params`, the object each
    /// binding's `paramRef` names among the evaluator's param objects
    /// ([`crate::Evaluator::with_params`]).
    pub param_kind: Option<(String, String)>,
    pub(crate) constraints: MatchResources,
    pub(crate) match_conditions: Vec<(String, Expression)>,
    pub(crate) variables: Vec<(String, Expression)>,
    pub(crate) validations: Vec<Validation>,
    /// The bindings naming this policy, in document order.
    pub bindings: Vec<Binding>,
}

/// One `spec.validations` entry.
#[derive(Debug)]
pub(crate) struct Validation {
    pub(crate) expression: Expression,
    pub(crate) message_expression: Option<Expression>,
    pub(crate) message: Option<String>,
    pub(crate) reason: String,
}

/// A binding of a policy.
#[derive(Debug, Clone)]
pub struct Binding {
    /// `metadata.name`.
    pub name: String,
    /// `spec.validationActions` (`Deny`, `Warn`, `Audit`).
    pub actions: Vec<String>,
    /// `spec.paramRef.parameterNotFoundAction` is `Deny` (else `Allow`, or no `paramRef`).
    pub deny_without_params: bool,
    /// `spec.paramRef` `name` and `namespace` (empty when absent: the namespace of the request,
    /// as the API server resolves a namespaced param).
    pub param_ref: Option<(String, String)>,
    pub(crate) resources: Option<MatchResources>,
}

/// Problems found while reading policies: each names the document, the object and the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.join("\n"))]
pub struct LoadErrors(pub Vec<String>);

/// Reads policies and bindings from `documents` (named `document <n>` in errors); see
/// [`load_named`].
///
/// # Errors
/// Every problem found, located.
pub fn load(documents: &[Value]) -> Result<Vec<Policy>, LoadErrors> {
    load_named(
        documents
            .iter()
            .enumerate()
            .map(|(i, d)| (format!("document {}", i + 1), d)),
    )
}

/// Reads policies and bindings from `(origin, document)` pairs (`origin` names the document in
/// errors, e.g. `policies.yaml#2`), in any order; policies are evaluated in the order they
/// come. A binding whose policy is not among the documents is an error (the API server would
/// ignore it: nothing given is dropped silently here); a policy may have no binding (the API
/// server then never evaluates it).
///
/// # Errors
/// Every problem found: a document of another kind or API version, a missing or mistyped
/// field, a key the offline evaluator does not support (`auditAnnotations`, a
/// `namespaceSelector`), a CEL expression that does not parse, a binding without a policy.
pub fn load_named<'a>(
    documents: impl IntoIterator<Item = (String, &'a Value)>,
) -> Result<Vec<Policy>, LoadErrors> {
    let mut errors = Vec::new();
    let mut policies: Vec<Policy> = Vec::new();
    let mut bindings: Vec<(String, String, Binding)> = Vec::new();
    for (origin, doc) in documents {
        let kind = doc["kind"].as_str().unwrap_or_default();
        let name = doc["metadata"]["name"].as_str().unwrap_or_default();
        let at = format!("{origin}: {kind} '{name}'");
        if doc["apiVersion"] != "admissionregistration.k8s.io/v1" {
            errors.push(format!(
                "{at}: apiVersion {} is not admissionregistration.k8s.io/v1",
                doc["apiVersion"]
            ));
            continue;
        }
        if name.is_empty() {
            errors.push(format!("{at}: metadata.name: required"));
            continue;
        }
        let Some(spec) = doc["spec"].as_object() else {
            errors.push(format!("{at}: spec: required"));
            continue;
        };
        let result = match kind {
            "ValidatingAdmissionPolicy" => policy(name, doc, spec).map(|p| policies.push(p)),
            "ValidatingAdmissionPolicyBinding" => binding(name, spec).map(|(policy, b)| {
                bindings.push((at.clone(), policy, b));
            }),
            _ => Err(vec![
                "kind: not a ValidatingAdmissionPolicy or ValidatingAdmissionPolicyBinding"
                    .to_owned(),
            ]),
        };
        if let Err(found) = result {
            errors.extend(found.into_iter().map(|e| format!("{at}: {e}")));
        }
    }
    for (at, policy_name, b) in bindings {
        match policies.iter_mut().find(|p| p.name == policy_name) {
            Some(p) => p.bindings.push(b),
            None => errors.push(format!(
                "{at}: spec.policyName: no ValidatingAdmissionPolicy '{policy_name}' among the documents"
            )),
        }
    }
    if errors.is_empty() {
        Ok(policies)
    } else {
        Err(LoadErrors(errors))
    }
}

/// Refuses keys of `spec` other than `known`: a field the evaluator would not honour must not
/// be dropped silently.
fn known_keys(spec: &Map<String, Value>, known: &[&str], errors: &mut Vec<String>) {
    for key in spec.keys() {
        if !known.contains(&key.as_str()) {
            errors.push(format!(
                "spec.{key}: not supported by the offline evaluator"
            ));
        }
    }
}

fn parse(text: Option<&str>, at: &str, errors: &mut Vec<String>) -> Option<Expression> {
    let Some(text) = text else {
        errors.push(format!("{at}: required"));
        return None;
    };
    Expression::parse(text)
        .map_err(|e| errors.push(format!("{at}: {e}")))
        .ok()
}

/// The `(name, expression)` entries of `spec[key]` (matchConditions, variables).
fn named(
    spec: &Map<String, Value>,
    key: &str,
    errors: &mut Vec<String>,
) -> Vec<(String, Expression)> {
    let items = spec
        .get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| {
            let at = format!("spec.{key}[{i}]");
            let Some(name) = item["name"].as_str() else {
                errors.push(format!("{at}.name: required"));
                return None;
            };
            let e = parse(
                item["expression"].as_str(),
                &format!("{at}.expression"),
                errors,
            )?;
            Some((name.to_owned(), e))
        })
        .collect()
}

fn policy(name: &str, doc: &Value, spec: &Map<String, Value>) -> Result<Policy, Vec<String>> {
    let mut errors = Vec::new();
    known_keys(
        spec,
        &[
            "failurePolicy",
            "matchConstraints",
            "matchConditions",
            "variables",
            "validations",
            "paramKind",
        ],
        &mut errors,
    );
    let fail_closed = match spec.get("failurePolicy").and_then(Value::as_str) {
        None | Some("Fail") => true,
        Some("Ignore") => false,
        Some(other) => {
            errors.push(format!(
                "spec.failurePolicy: {other:?} is not Fail or Ignore"
            ));
            true
        }
    };
    let constraints = match spec.get("matchConstraints") {
        Some(m) => MatchResources::parse(m, "spec.matchConstraints")
            .map_err(|e| errors.push(e))
            .unwrap_or_default(),
        None => {
            errors.push("spec.matchConstraints: required".to_owned());
            MatchResources::default()
        }
    };
    let match_conditions = named(spec, "matchConditions", &mut errors);
    let variables = named(spec, "variables", &mut errors);
    let items = spec
        .get("validations")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if items.is_empty() {
        errors.push(
            "spec.validations: required (the offline evaluator has no auditAnnotations)".to_owned(),
        );
    }
    let validations = items
        .iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let at = format!("spec.validations[{i}]");
            let expression = parse(
                v["expression"].as_str(),
                &format!("{at}.expression"),
                &mut errors,
            )?;
            let message_expression = match v["messageExpression"].as_str() {
                Some(m) => Some(parse(
                    Some(m),
                    &format!("{at}.messageExpression"),
                    &mut errors,
                )?),
                None => None,
            };
            Some(Validation {
                expression,
                message_expression,
                message: v["message"].as_str().map(str::to_owned),
                reason: v["reason"].as_str().unwrap_or("Invalid").to_owned(),
            })
        })
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Policy {
        name: name.to_owned(),
        sha256: doc["metadata"]["annotations"]["validgen.io/rule-set-sha256"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        fail_closed,
        param_kind: spec.get("paramKind").map(|k| {
            let field = |f: &str| k[f].as_str().unwrap_or_default().to_owned();
            (field("apiVersion"), field("kind"))
        }),
        constraints,
        match_conditions,
        variables,
        validations,
        bindings: Vec::new(),
    })
}

fn binding(name: &str, spec: &Map<String, Value>) -> Result<(String, Binding), Vec<String>> {
    let mut errors = Vec::new();
    known_keys(
        spec,
        &[
            "policyName",
            "validationActions",
            "matchResources",
            "paramRef",
        ],
        &mut errors,
    );
    let policy = spec
        .get("policyName")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if policy.is_empty() {
        errors.push("spec.policyName: required".to_owned());
    }
    let actions: Vec<String> = spec
        .get("validationActions")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    if actions.is_empty()
        || actions
            .iter()
            .any(|a| !["Deny", "Warn", "Audit"].contains(&a.as_str()))
    {
        errors
            .push("spec.validationActions: a list of Deny, Warn and Audit is required".to_owned());
    }
    if actions.iter().any(|a| a == "Deny") && actions.iter().any(|a| a == "Warn") {
        errors.push("spec.validationActions: Deny and Warn cannot be used together".to_owned());
    }
    let resources = spec
        .get("matchResources")
        .map(|m| MatchResources::parse(m, "spec.matchResources"))
        .transpose()
        .map_err(|e| errors.push(e))
        .ok()
        .flatten();
    let deny_without_params = spec
        .get("paramRef")
        .and_then(|r| r.get("parameterNotFoundAction"))
        .is_some_and(|a| a == "Deny");
    let param_ref = spec.get("paramRef").map(|r| {
        // A selector picks every matching object; only a reference by name is evaluated.
        if r.get("selector").is_some() || r.get("name").and_then(Value::as_str).is_none() {
            errors.push(
                "spec.paramRef: only a reference by name is supported by the offline evaluator"
                    .to_owned(),
            );
        }
        let field = |f: &str| r[f].as_str().unwrap_or_default().to_owned();
        (field("name"), field("namespace"))
    });
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((
        policy.to_owned(),
        Binding {
            name: name.to_owned(),
            actions,
            deny_without_params,
            param_ref,
            resources,
        },
    ))
}
