//! Data values typed against a schema, as ytt 0.48 `pkg/schema/assign.go` and `check.go`:
//! `assign` matches maps and arrays to their types (a map or array where the type wants
//! something else is a violation) and fills each map's missing keys with their defaults;
//! `check` then walks the values in pre-order: a scalar of the wrong type, a null where the
//! type is not nullable, a key the schema does not declare.

use super::MAX_DEPTH;
use super::gofmt::{go_s, go_v};
use super::keys::Declared;
use crate::schema::{Kind, Property, Type, kind_name, node_type_name, scalar_type_name};
use crate::spell::nearest;
use validgen_gotext::yaml::{Document, MapItem, Node, Pos, Scalar};

/// One type error, as ytt's `schemaAssertionError`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Violation {
    /// The offending node.
    pub pos: Pos,
    /// A line above the excerpt (`Given data value is not declared in schema`).
    pub description: Option<&'static str>,
    /// `= found: ...`.
    pub found: String,
    /// `= expected: ...`.
    pub expected: String,
    /// `= hint: ...` lines.
    pub hints: Vec<String>,
    /// Whether `pos` is a document's (whose line ytt may not know the text of).
    pub at_document: bool,
}

/// Types the document's value against `root`, filling defaults; the shape mismatches.
///
/// # Errors
/// Values nested deeper than [`MAX_DEPTH`].
pub(super) fn assign(document: &mut Document, root: &Type) -> Result<Vec<Violation>, String> {
    let mut violations = Vec::new();
    if matches!(document.value, Node::Map(_) | Node::Array(_)) {
        let pos = document.pos.clone();
        assign_node(&mut document.value, &pos, root, &mut violations, 0)?;
    }
    Ok(violations)
}

/// `node` (a map or an array, at `pos`) typed as `ty`.
fn assign_node(
    node: &mut Node,
    pos: &Pos,
    ty: &Type,
    violations: &mut Vec<Violation>,
    depth: usize,
) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!("Data values nested deeper than {MAX_DEPTH} levels"));
    }
    match (&ty.kind, node) {
        (Kind::Any, _) => {}
        (Kind::Map(properties), Node::Map(items)) => {
            let declared = Declared::new(properties);
            let mut found = vec![false; properties.len()];
            for item in items.iter_mut() {
                let Some(index) = declared.find(&item.key) else {
                    continue;
                };
                if let Some(flag) = found.get_mut(index) {
                    *flag = true;
                }
                if let (Some(property), Node::Map(_) | Node::Array(_)) =
                    (properties.get(index), &item.value)
                {
                    assign_node(
                        &mut item.value,
                        &item.pos,
                        &property.ty,
                        violations,
                        depth + 1,
                    )?;
                }
            }
            for (property, _) in properties.iter().zip(&found).filter(|(_, f)| !**f) {
                items.push(default_item(property));
            }
        }
        (Kind::Array(item_ty), Node::Array(items)) => {
            for item in items.iter_mut() {
                if matches!(item.value, Node::Map(_) | Node::Array(_)) {
                    assign_node(&mut item.value, &item.pos, item_ty, violations, depth + 1)?;
                }
            }
        }
        // Only the document's value is at depth 0, at the document's position.
        (_, node) => violations.push(mismatch(pos, node_type_name(node), ty, depth == 0)),
    }
    Ok(())
}

/// A missing key's item: the schema's default at the schema's position (ytt types it too,
/// but drops what that finds: a default always fits).
fn default_item(property: &Property) -> MapItem {
    MapItem {
        pos: property.ty.pos.clone(),
        key: property.key.clone(),
        value: property.ty.default.clone(),
        comments: Vec::new(),
    }
}

/// Checks the typed document in pre-order.
///
/// # Errors
/// Values nested deeper than [`MAX_DEPTH`].
pub(super) fn check(document: &Document, root: &Type) -> Result<Vec<Violation>, String> {
    let mut violations = Vec::new();
    match &document.value {
        Node::Scalar(scalar) => {
            if let Some(violation) = check_scalar(scalar, &document.pos, root) {
                violations.push(Violation {
                    at_document: true,
                    ..violation
                });
            }
        }
        node => check_node(node, root, &mut violations, 0)?,
    }
    Ok(violations)
}

/// A map or array typed (by `assign`) as `ty`, and its descendants.
fn check_node(
    node: &Node,
    ty: &Type,
    violations: &mut Vec<Violation>,
    depth: usize,
) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!("Data values nested deeper than {MAX_DEPTH} levels"));
    }
    match (&ty.kind, node) {
        (Kind::Map(properties), Node::Map(items)) => {
            let declared = Declared::new(properties);
            for item in items {
                if declared.find(&item.key).is_none() {
                    violations.push(unknown_key(item, ty, properties));
                }
            }
            for item in items {
                // Undeclared keys are not typed: nothing under them is checked.
                let Some(property) = declared.find(&item.key).and_then(|i| properties.get(i))
                else {
                    continue;
                };
                child(&item.value, &item.pos, &property.ty, violations, depth)?;
            }
        }
        (Kind::Array(item_ty), Node::Array(items)) => {
            for item in items {
                child(&item.value, &item.pos, item_ty, violations, depth)?;
            }
        }
        // `any` types nothing below it; other pairs were refused by `assign`.
        _ => {}
    }
    Ok(())
}

/// A map item's or array item's value (at `pos`) checked against `ty`.
fn child(
    value: &Node,
    pos: &Pos,
    ty: &Type,
    violations: &mut Vec<Violation>,
    depth: usize,
) -> Result<(), String> {
    match value {
        Node::Scalar(scalar) => {
            violations.extend(check_scalar(scalar, pos, ty));
            Ok(())
        }
        node => check_node(node, ty, violations, depth + 1),
    }
}

/// A scalar (or null) where `ty` is expected: the violation, if it does not fit.
fn check_scalar(scalar: &Scalar, pos: &Pos, ty: &Type) -> Option<Violation> {
    if ty.nullable && *scalar == Scalar::Null {
        return None;
    }
    let fits = match ty.kind {
        Kind::Any => true,
        Kind::Map(_) | Kind::Array(_) => false,
        Kind::String => matches!(scalar, Scalar::String(_)),
        Kind::Int => matches!(scalar, Scalar::Int(_)),
        // An integer fits a float.
        Kind::Float => matches!(scalar, Scalar::Float(_) | Scalar::Int(_)),
        Kind::Bool => matches!(scalar, Scalar::Bool(_)),
    };
    (!fits).then(|| mismatch(pos, scalar_type_name(scalar), ty, false))
}

/// `found: <found>` where `ty` (declared at its position) was expected; `at_document` when
/// `pos` is the document's.
fn mismatch(pos: &Pos, found: &str, ty: &Type, at_document: bool) -> Violation {
    Violation {
        pos: pos.clone(),
        description: None,
        found: found.to_owned(),
        expected: format!("{} (by {})", kind_name(&ty.kind), ty.pos),
        hints: Vec::new(),
        at_document,
    }
}

/// A key the map's type (`map_ty`) does not declare (ytt `NewUnexpectedKeyAssertionError`).
fn unknown_key(item: &MapItem, map_ty: &Type, properties: &[Property]) -> Violation {
    let key = go_v(&item.key);
    let mut allowed: Vec<String> = properties.iter().map(|p| go_s(&p.key)).collect();
    allowed.sort();
    let expected = match allowed.as_slice() {
        [only] => format!(
            "a map item with the key named \"{only}\" (from {})",
            map_ty.pos
        ),
        // Up to 9 keys are listed (Miller's law, says ytt).
        list if (2..=9).contains(&list.len()) => {
            format!("one of {{ {} }} (from {})", list.join(", "), map_ty.pos)
        }
        _ => format!("a key declared in map (from {})", map_ty.pos),
    };
    let hints = nearest(&key, &allowed)
        .map(|near| vec![format!("did you mean \"{near}\"?")])
        .unwrap_or_default();
    Violation {
        pos: item.pos.clone(),
        description: Some("Given data value is not declared in schema"),
        found: key,
        expected,
        hints,
        at_document: false,
    }
}
