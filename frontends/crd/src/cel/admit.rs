//! A CRD version's rules checked as the API server checks them when the CRD is created
//! (apiextensions-apiserver `pkg/apis/apiextensions/validation/validation.go`
//! `ValidateCustomResourceDefinitionOpenAPISchema` with `cel_validation.go`'s
//! `CELSchemaContext`, and `pkg/apiserver/schema/cel/compilation.go`, v1.36): every `rule` and
//! `messageExpression` type-checked with `self` (and `oldSelf`) declared from the structural
//! schema, and its estimated cost, times how many times the node can occur, held to the
//! per-rule limit and, summed, to the per-CRD limit. Each refusal is the API server's field
//! error, with a field path from `openAPIV3Schema`.
//!
//! Nodes are visited as the API server visits them: children first (`additionalProperties`,
//! `properties`, `items`), then the node's own rules; properties by name (the API server walks
//! them in Go's map order, which varies).

use std::sync::Arc;

use serde_json::{Value, json};
use validgen_cel::check::decl::embedded;
use validgen_cel::check::{self, Decl, MAX_REQUEST_SIZE_BYTES, Type};

use crate::field_error::{ErrorType, FieldError};

/// The API server's estimated cost limit of one rule or `messageExpression`
/// (`StaticEstimatedCostLimit`).
pub const PER_RULE_LIMIT: u64 = 10_000_000;

/// The API server's estimated cost limit of all the rules of a schema
/// (`StaticEstimatedCRDCostLimit`).
pub const PER_CRD_LIMIT: u64 = 100_000_000;

/// A refusal: the API server's error (its field from `openAPIV3Schema`) and the JSON Pointer
/// in the schema of the rule it is about (`""` for the whole schema's total).
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The field error.
    pub error: FieldError,
    /// JSON Pointer of the rule in the schema (`/properties/spec/x-kubernetes-validations/0`).
    pub pointer: String,
}

/// The refusals of the rules of `schema` (a CRD version's `openAPIV3Schema`): none when the
/// API server takes them.
pub fn admit(schema: &Value) -> Vec<Refusal> {
    let mut walk = Admit {
        refusals: Vec::new(),
        total: 0,
        expensive: Vec::new(),
    };
    let node = Node {
        schema,
        decl: Decl::of(schema, true),
        cardinality: Some(1),
        field: "openAPIV3Schema".to_owned(),
        pointer: String::new(),
    };
    walk.node(&node);
    if walk.total > PER_CRD_LIMIT {
        for (field, pointer, _) in std::mem::take(&mut walk.expensive) {
            walk.refusals.push(Refusal {
                error: forbidden(
                    field,
                    "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema"
                        .to_owned(),
                ),
                pointer,
            });
        }
        let detail = cost_message(
            "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema",
            walk.total,
            PER_CRD_LIMIT,
        );
        walk.refusals.push(Refusal {
            error: forbidden("openAPIV3Schema".to_owned(), detail),
            pointer: String::new(),
        });
    }
    walk.refusals
}

/// A schema node: its declared type, how many times it can occur in an object (`None`:
/// unbounded), its field path and JSON Pointer.
struct Node<'s> {
    schema: &'s Value,
    decl: Option<Arc<Decl>>,
    cardinality: Option<u64>,
    field: String,
    pointer: String,
}

struct Admit {
    refusals: Vec<Refusal>,
    /// The sum of every rule's cost (`TotalCost.Total`).
    total: u64,
    /// The four dearest rules of 1% of the CRD limit or more: field, pointer, cost
    /// (`TotalCost.MostExpensive`).
    expensive: Vec<(String, String, u64)>,
}

impl Admit {
    fn node(&mut self, n: &Node<'_>) {
        let get = |key: &str| n.schema.get(key).filter(|v| v.is_object());
        let child = |schema, decl: Option<&Arc<Decl>>, field: String, pointer: String| {
            let decl = decl.cloned().or_else(|| Decl::of(schema, embedded(schema)));
            Node {
                schema,
                decl,
                cardinality: n
                    .cardinality
                    .zip(max_elements(n.schema))
                    .map(|(a, b)| a.saturating_mul(b)),
                field,
                pointer,
            }
        };
        if let Some(values) = get("additionalProperties") {
            let decl = n.decl.as_ref().and_then(|d| d.elem());
            self.node(&child(
                values,
                decl,
                format!("{}.additionalProperties", n.field),
                format!("{}/additionalProperties", n.pointer),
            ));
        }
        if let Some(properties) = n.schema.get("properties").and_then(Value::as_object) {
            let mut names: Vec<&String> = properties.keys().collect();
            names.sort();
            for name in names {
                let decl = n
                    .decl
                    .as_ref()
                    .and_then(|d| d.field(&validgen_cel::names::escape(name)));
                self.node(&child(
                    &properties[name],
                    decl,
                    format!("{}.properties[{name}]", n.field),
                    format!(
                        "{}/properties/{}",
                        n.pointer,
                        name.replace('~', "~0").replace('/', "~1")
                    ),
                ));
            }
        }
        if let Some(items) = get("items") {
            let decl = n.decl.as_ref().and_then(|d| d.elem());
            self.node(&child(
                items,
                decl,
                format!("{}.items", n.field),
                format!("{}/items", n.pointer),
            ));
        }
        if let Some(rules) = n
            .schema
            .get("x-kubernetes-validations")
            .and_then(Value::as_array)
        {
            for (i, rule) in rules.iter().enumerate() {
                self.rule(n, i, rule);
            }
        }
    }

    /// One rule (cel `compileRule` and the checks of `validation.go` after it).
    fn rule(&mut self, n: &Node<'_>, i: usize, rule: &Value) {
        let Some(decl) = &n.decl else { return };
        let text = |key: &str| rule.get(key).and_then(Value::as_str).unwrap_or_default();
        let field = format!("{}.x-kubernetes-validations[{i}]", n.field);
        let pointer = format!("{}/x-kubernetes-validations/{i}", n.pointer);
        let optional = rule.get("optionalOldSelf").and_then(Value::as_bool) == Some(true);
        let self_type = decl.ty();
        // `oldSelf` is `optional(self)` with `optionalOldSelf`: not modelled, so `dyn`.
        let old_type = if optional {
            Type::Dyn
        } else {
            self_type.clone()
        };
        let vars = [("self", self_type), ("oldSelf", old_type)];
        // Past the schema's cardinality, what a 3 MiB request can repeat the node
        // (`maxCardinality`).
        let cardinality = n
            .cardinality
            .unwrap_or(MAX_REQUEST_SIZE_BYTES / (decl.min_size + 1));
        let source = text("rule");
        let invalid = |detail: String, at: &str| Refusal {
            error: FieldError {
                error_type: ErrorType::Invalid,
                field: format!("{field}.{at}"),
                bad_value: Some(rule_value(rule)),
                detail,
            },
            pointer: pointer.clone(),
        };
        if source.trim().is_empty() {
            return;
        }
        let mut rule_error = None;
        let mut cost = 0;
        match check::check(source, &vars, decl) {
            Err(issues) => {
                rule_error = Some(invalid(format!("compilation failed: {issues}"), "rule"));
            }
            Ok(c) if !c.ty.is_dyn() && !matches!(c.ty, Type::Bool) => {
                let detail = "cel expression must evaluate to a bool".to_owned();
                rule_error = Some(invalid(detail, "rule"));
            }
            Ok(c) => cost = c.max_cost.saturating_mul(cardinality),
        }
        self.observe(
            &format!("{field}.rule"),
            &pointer,
            cost,
            "estimated rule cost",
        );
        let compiled = rule_error.is_none();
        self.refusals.extend(rule_error);
        let message = text("messageExpression");
        // The API server compiles a `messageExpression` only once its rule compiled.
        if compiled && !message.is_empty() {
            match check::check(message, &vars, decl) {
                Err(issues) => self.refusals.push(invalid(
                    format!("messageExpression compilation failed: {issues}"),
                    "messageExpression",
                )),
                Ok(c) if !c.ty.is_dyn() && !matches!(c.ty, Type::String) => {
                    self.refusals.push(invalid(
                        "messageExpression must evaluate to a string".to_owned(),
                        "messageExpression",
                    ));
                }
                // The API server holds a message expression's cost without cardinality.
                Ok(c) => self.observe(
                    &format!("{field}.messageExpression"),
                    &pointer,
                    c.max_cost,
                    "estimated messageExpression cost",
                ),
            }
        }
    }

    /// One expression's cost: refused over the per-rule limit, and counted in the total.
    fn observe(&mut self, field: &str, pointer: &str, cost: u64, name: &str) {
        if cost > PER_RULE_LIMIT {
            self.refusals.push(Refusal {
                error: forbidden(field.to_owned(), cost_message(name, cost, PER_RULE_LIMIT)),
                pointer: pointer.to_owned(),
            });
        }
        self.total = self.total.saturating_add(cost);
        if cost >= PER_CRD_LIMIT / 100 {
            self.expensive
                .push((field.to_owned(), pointer.to_owned(), cost));
            self.expensive.sort_by_key(|e| std::cmp::Reverse(e.2));
            self.expensive.truncate(4);
        }
    }
}

fn forbidden(field: String, detail: String) -> FieldError {
    FieldError {
        error_type: ErrorType::Forbidden,
        field,
        bad_value: None,
        detail,
    }
}

/// How many values a node's child can have per value of the node (`extractMaxElements`):
/// `maxItems` of an array, `maxProperties` of a map, 1 for an object's properties; `None`
/// for an unbounded array or map.
fn max_elements(schema: &Value) -> Option<u64> {
    let bound = |key: &str| {
        schema
            .get(key)
            .and_then(Value::as_i64)
            .map(|n| n.max(0) as u64)
    };
    match schema.get("type").and_then(Value::as_str) {
        Some("object")
            if schema
                .get("additionalProperties")
                .is_some_and(Value::is_object) =>
        {
            bound("maxProperties")
        }
        Some("array") => bound("maxItems"),
        _ => Some(1),
    }
}

/// The rule as the API server prints it as a bad value (`apiextensions.ValidationRule`, its
/// Go field names, `null` for absent pointers).
fn rule_value(rule: &Value) -> Value {
    let text = |key: &str| rule.get(key).and_then(Value::as_str).unwrap_or_default();
    json!({
        "Rule": text("rule"),
        "Message": text("message"),
        "MessageExpression": text("messageExpression"),
        "Reason": rule.get("reason").cloned().unwrap_or(Value::Null),
        "FieldPath": text("fieldPath"),
        "OptionalOldSelf": rule.get("optionalOldSelf").cloned().unwrap_or(Value::Null),
    })
}

/// The API server's text of a cost over `limit` (`getCostErrorMessage`): the factor as
/// `more than 100x`, with one decimal from 1.5, with six below.
pub fn cost_message(name: &str, cost: u64, limit: u64) -> String {
    let factor = cost as f64 / limit as f64;
    let factor = if factor > 100.0 {
        "more than 100x".to_owned()
    } else if factor < 1.5 {
        format!("{factor:.6}x")
    } else {
        format!("{factor:.1}x")
    };
    format!(
        "{name} exceeds budget by factor of {factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)"
    )
}
