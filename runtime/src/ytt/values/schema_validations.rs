//! The `@schema/validation` annotations that apply to the final data values, node by node, as
//! ytt 0.48 attaches them from each node's type (`pkg/schema/assign.go`,
//! `AssignSchemaValidations`): the document's, each declared key's, each array item's; none
//! under an undeclared key or inside an `any=True` value.

use super::keys::Declared;
use super::{Assertion, MAX_DEPTH, Step};
use crate::ytt::schema::{Kind, Type};
use crate::ytt::yaml::{Document, Node};

/// The schema validations of `document` (final data values typed by `root`), in pre-order.
/// ytt runs a node's schema validation before its `@assert/validate`.
///
/// # Errors
/// Values nested deeper than [`MAX_DEPTH`].
pub fn schema_validations(document: &Document, root: &Type) -> Result<Vec<Assertion>, String> {
    let mut found = Vec::new();
    let mut path = Vec::new();
    take(root, &path, &mut found);
    walk(&document.value, root, &mut path, &mut found)?;
    Ok(found)
}

fn walk(
    node: &Node,
    ty: &Type,
    path: &mut Vec<Step>,
    found: &mut Vec<Assertion>,
) -> Result<(), String> {
    if path.len() > MAX_DEPTH {
        return Err(format!("Data values nested deeper than {MAX_DEPTH} levels"));
    }
    match (&ty.kind, node) {
        (Kind::Map(properties), Node::Map(items)) => {
            let declared = Declared::new(properties);
            for item in items {
                let Some(property) = declared.find(&item.key).and_then(|i| properties.get(i))
                else {
                    continue;
                };
                path.push(Step::Key(item.key.clone()));
                take(&property.ty, path, found);
                walk(&item.value, &property.ty, path, found)?;
                path.pop();
            }
        }
        (Kind::Array(item_ty), Node::Array(items)) => {
            for (index, item) in items.iter().enumerate() {
                path.push(Step::Index(index));
                take(item_ty, path, found);
                walk(&item.value, item_ty, path, found)?;
                path.pop();
            }
        }
        _ => {}
    }
    Ok(())
}

fn take(ty: &Type, path: &[Step], found: &mut Vec<Assertion>) {
    if let Some(annotation) = &ty.validation {
        found.push(Assertion {
            path: path.to_vec(),
            annotation: annotation.clone(),
        });
    }
}
