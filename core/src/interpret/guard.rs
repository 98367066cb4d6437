//! Whether a rule's [`Guard`] holds on a document.

use crate::checks::document::truthy;
use serde_json::Value;

use crate::ir::{Guard, Path};
use crate::model::{Document, Instance, json_eq};

/// Whether `guard` holds. `All` and `Any` stop at the first guard that decides.
///
/// # Errors
/// A path that fails where the model fails the rule (for `Present`, KubeVirt's crash cases;
/// for the others, any path that does not evaluate).
pub(crate) fn holds<D: Document>(guard: &Guard, doc: &D) -> Result<bool, String> {
    match guard {
        Guard::Present(p) => doc.present(p),
        Guard::Equals { path, value } => equals(doc, path, value),
        Guard::Truthy(p) => truthy_at(doc, p),
        Guard::All(guards) => {
            for g in guards {
                if !holds(g, doc)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        Guard::Any(guards) => {
            for g in guards {
                if holds(g, doc)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Guard::Not(g) => Ok(!holds(g, doc)?),
    }
}

/// [`Guard::Equals`]: the path yields values, all equal to `value`.
///
/// # Errors
/// The path does not evaluate.
pub fn equals<D: Document>(doc: &D, path: &Path, value: &Value) -> Result<bool, String> {
    let found = doc.instances(path)?;
    Ok(!found.is_empty() && found.iter().all(|(_, v)| json_eq(&v.to_value(), value)))
}

/// [`Guard::Truthy`]: the path yields values, all truthy.
///
/// # Errors
/// The path does not evaluate.
pub fn truthy_at<D: Document>(doc: &D, path: &Path) -> Result<bool, String> {
    let found = doc.instances(path)?;
    Ok(!found.is_empty() && found.iter().all(|(_, v)| truthy(*v)))
}
