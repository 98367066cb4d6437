//! The `@assert/validate` annotations left on the final data values (ytt 0.48
//! `pkg/validations/annotations.go` reads them from the final document), with their paths.

use super::{Assertion, MAX_DEPTH, Step};
use crate::annotations::annotations;
use validgen_gotext::yaml::{Comment, Document, Node};

/// The assertions of `document`, in pre-order.
///
/// # Errors
/// Values nested deeper than [`MAX_DEPTH`].
pub(super) fn surviving(document: &Document) -> Result<Vec<Assertion>, String> {
    let mut found = Vec::new();
    let mut path = Vec::new();
    take(&document.comments, &path, &mut found);
    walk(&document.value, &mut path, &mut found)?;
    Ok(found)
}

fn walk(node: &Node, path: &mut Vec<Step>, found: &mut Vec<Assertion>) -> Result<(), String> {
    if path.len() > MAX_DEPTH {
        return Err(format!("Data values nested deeper than {MAX_DEPTH} levels"));
    }
    match node {
        Node::Map(items) => {
            for item in items {
                path.push(Step::Key(item.key.clone()));
                take(&item.comments, path, found);
                walk(&item.value, path, found)?;
                path.pop();
            }
        }
        Node::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                path.push(Step::Index(index));
                take(&item.comments, path, found);
                walk(&item.value, path, found)?;
                path.pop();
            }
        }
        Node::Scalar(_) => {}
    }
    Ok(())
}

/// The node's last `@assert/validate`, if any (a later one of a name replaces an earlier one).
fn take(comments: &[Comment], path: &[Step], found: &mut Vec<Assertion>) {
    if let Some(annotation) = annotations(comments)
        .into_iter()
        .rev()
        .find(|a| a.name == "assert/validate")
    {
        found.push(Assertion {
            path: path.to_vec(),
            annotation,
        });
    }
}
