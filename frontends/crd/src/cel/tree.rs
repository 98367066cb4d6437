//! The rules of a schema, parsed, in a tree shaped as the schema: what the walk
//! ([`super::walk`]), the lowering ([`super::lower`]) and the compile step read. Rules are
//! parsed as the API server's CEL environment parses them ([`validgen_cel::parse`]: cel-go's
//! optional syntax on, which kube-cel 0.8's `compile_schema` leaves off).

use std::collections::HashMap;

use kube_cel::Rule;
use kube_cel::cel::common::ast::IdedExpr;
use serde_json::Value;

/// Bounds the tree's depth, as kube-cel's compiler does (`MAX_SCHEMA_DEPTH`): a rule deeper
/// is an error, never dropped.
const MAX_DEPTH: usize = 64;

/// One schema node: its rules, then the nodes below it.
#[derive(Debug, Default)]
pub(crate) struct Node {
    /// Its `x-kubernetes-validations`, each parsed or the reason it is not.
    pub validations: Vec<Result<Parsed, String>>,
    pub properties: HashMap<String, Node>,
    pub items: Option<Box<Node>>,
    pub additional_properties: Option<Box<Node>>,
    pub all_of: Vec<Node>,
    pub one_of: Vec<Node>,
    pub any_of: Vec<Node>,
}

/// A parsed rule.
#[derive(Debug)]
pub(crate) struct Parsed {
    /// The rule as written.
    pub rule: Rule,
    /// Its `rule`, parsed.
    pub expression: IdedExpr,
    /// Its `messageExpression`, parsed.
    pub message: Option<IdedExpr>,
    /// Whether it reads `oldSelf` (a transition rule).
    pub is_transition_rule: bool,
}

/// The tree of `schema`'s rules.
pub(crate) fn tree(schema: &Value) -> Node {
    node(schema, 0)
}

fn node(schema: &Value, depth: usize) -> Node {
    if depth > MAX_DEPTH {
        return Node {
            validations: vec![Err(format!(
                "schema nesting depth {depth} exceeds the maximum of {MAX_DEPTH}"
            ))],
            ..Node::default()
        };
    }
    let validations = schema
        .get("x-kubernetes-validations")
        .and_then(Value::as_array)
        .map(|rules| rules.iter().map(parse).collect())
        .unwrap_or_default();
    let below = |key: &str| {
        schema
            .get(key)
            .filter(|s| s.is_object())
            .map(|s| Box::new(node(s, depth + 1)))
    };
    let branches = |key: &str| {
        schema
            .get(key)
            .and_then(Value::as_array)
            .map(|b| b.iter().map(|s| node(s, depth + 1)).collect())
            .unwrap_or_default()
    };
    Node {
        validations,
        properties: schema
            .get("properties")
            .and_then(Value::as_object)
            .map(|p| {
                p.iter()
                    .map(|(name, s)| (name.clone(), node(s, depth + 1)))
                    .collect()
            })
            .unwrap_or_default(),
        items: below("items"),
        additional_properties: below("additionalProperties"),
        all_of: branches("allOf"),
        one_of: branches("oneOf"),
        any_of: branches("anyOf"),
    }
}

/// One `x-kubernetes-validations` entry parsed; an error worded as kube-cel words it.
fn parse(raw: &Value) -> Result<Parsed, String> {
    let rule: Rule =
        serde_json::from_value(raw.clone()).map_err(|e| format!("invalid rule definition: {e}"))?;
    let expression = validgen_cel::parse_to_run(&rule.rule)
        .map_err(|e| format!("failed to compile CEL rule \"{}\": {e}", rule.rule))?;
    let message = match rule.message_expression.as_deref() {
        Some(text) => Some(validgen_cel::parse_to_run(text).map_err(|e| {
            format!(
                "failed to compile messageExpression \"{text}\" for rule \"{}\": {e}",
                rule.rule
            )
        })?),
        None => None,
    };
    let is_transition_rule = expression.references().has_variable("oldSelf");
    Ok(Parsed {
        rule,
        expression,
        message,
        is_transition_rule,
    })
}
