//! ytt validations lowered into the rule IR: one rule for the schema's `@schema/validation`s
//! (a tree of checks mirroring the schema: a node's validation, then its children's, so that
//! the rule core visits nodes in ytt's pre-order) and one for the `@assert/validate`s of data
//! values, each at the document (`""`).

use std::sync::Arc;

use super::annotations::Annotation;
use super::data::key_text;
use super::schema::{Kind, Schema, Type};
use super::validation::{ValidationError, validation_with};
use validgen_core::ir::{Check, Location, Origin, Path, Rule, RuleSet, Severity};
use validgen_gotext::yaml::Node;

/// A validation annotation that does not read, with where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct LowerError {
    /// The annotation.
    pub annotation: Annotation,
    /// Why.
    pub error: ValidationError,
}

/// The checks of the schema's validations, in pre-order.
///
/// # Errors
/// The first validation annotation (in document order) that does not read.
pub fn schema_checks(schema: &Schema) -> Result<Vec<Check>, Box<LowerError>> {
    type_checks(&schema.root, schema.seed_extensions)
}

fn type_checks(ty: &Type, seed: bool) -> Result<Vec<Check>, Box<LowerError>> {
    let mut checks = Vec::new();
    if let Some(annotation) = &ty.validation {
        let lowered = validation_with(annotation, seed).map_err(|error| {
            Box::new(LowerError {
                annotation: annotation.clone(),
                error,
            })
        })?;
        checks.push(Check::Extension(Arc::new(lowered)));
    }
    match &ty.kind {
        Kind::Map(properties) => {
            let mut nested = Vec::new();
            for property in properties {
                let inner = type_checks(&property.ty, seed)?;
                if !inner.is_empty() {
                    nested.push((key_text(&property.key), inner));
                }
            }
            if !nested.is_empty() {
                checks.push(Check::Properties { properties: nested });
            }
        }
        Kind::Array(item) => {
            let inner = type_checks(item, seed)?;
            if !inner.is_empty() {
                checks.push(Check::Items {
                    from: 0,
                    checks: inner,
                });
            }
        }
        Kind::String | Kind::Int | Kind::Float | Kind::Bool | Kind::Any => {}
    }
    Ok(checks)
}

/// The checks of `@assert/validate` annotations, each on the node at its JSON Pointer in the
/// final data values `root` (with the seed extensions when `seed`).
///
/// # Errors
/// The first annotation that does not read.
pub fn assert_checks(
    asserts: &[(String, Annotation)],
    root: &Node,
    seed: bool,
) -> Result<Vec<Check>, Box<LowerError>> {
    let mut checks = Vec::new();
    for (pointer, annotation) in asserts {
        let lowered = validation_with(annotation, seed).map_err(|error| {
            Box::new(LowerError {
                annotation: annotation.clone(),
                error,
            })
        })?;
        checks.extend(at_pointer(
            root,
            pointer,
            Check::Extension(Arc::new(lowered)),
        ));
    }
    Ok(checks)
}

/// `check` applied to the value at `pointer` only (`None` when no node is there).
fn at_pointer(root: &Node, pointer: &str, check: Check) -> Option<Check> {
    let mut steps = Vec::new();
    let mut node = root;
    for raw in pointer.split('/').skip(1) {
        let token = raw.replace("~1", "/").replace("~0", "~");
        match node {
            Node::Map(items) => {
                let item = items.iter().find(|i| key_text(&i.key) == token)?;
                node = &item.value;
                steps.push(Err(token));
            }
            Node::Array(items) => {
                let i: usize = token.parse().ok()?;
                node = &items.get(i)?.value;
                steps.push(Ok(i));
            }
            Node::Scalar(_) => return None,
        }
    }
    Some(steps.into_iter().rev().fold(check, |inner, step| {
        match step {
            Ok(i) => Check::PrefixItems {
                items: (0..=i)
                    .map(|j| {
                        if j == i {
                            vec![inner.clone()]
                        } else {
                            Vec::new()
                        }
                    })
                    .collect(),
            },
            Err(key) => Check::Properties {
                properties: vec![(key, vec![inner])],
            },
        }
    }))
}

/// The rule set of the schema's checks and the data values' assertions: rule 0 the schema's,
/// rule 1 the assertions' (ytt runs the schema's first on each node).
pub fn rule_set(schema: Vec<Check>, asserts: Vec<Check>) -> RuleSet {
    let rule = |index: usize, name: &str, checks: Vec<Check>| Rule {
        name: name.to_owned(),
        message: String::new(),
        field: String::new(),
        severity: Severity::Error,
        guard: None,
        path: Path::pointer("").ok(),
        check: Check::Keyword {
            location: String::new(),
            message: None,
            checks,
        },
        origin: Origin {
            index,
            location: Location {
                line: 1,
                column: 1,
                offset: 0,
            },
        },
    };
    RuleSet {
        rules: vec![rule(0, "schema", schema), rule(1, "assertions", asserts)],
        definitions: Default::default(),
        annotations: Default::default(),
    }
}
