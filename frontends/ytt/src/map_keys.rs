//! A key repeated in a map of a template (a `-f` schema or data-values file), as ytt 0.48
//! `pkg/yamltemplate/map_key_overrides.go` treats it: an error, unless the later item carries
//! `@yaml/map-key-override`, which removes the earlier item (the later one stays, after the
//! items between them). Plain YAML (`--data-values-file`) is not a template: not checked.

use super::annotations::annotations;
use super::data::key_text;
use validgen_gotext::yaml::{DocumentSet, MapItem, Node, Pos};

/// A key given again without `@yaml/map-key-override`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Repeated {
    /// The later item.
    pub(crate) pos: Pos,
    /// ytt's message (`expected key 'a' to not be specified again (unless
    /// 'yaml/map-key-override' annotation is added)`).
    pub(crate) message: String,
}

/// Applies ytt's rule to every map of `set`.
///
/// # Errors
/// The first repeated key without `@yaml/map-key-override` (maps visited depth first).
pub(crate) fn apply(set: &mut DocumentSet) -> Result<(), Repeated> {
    // An explicit stack: the documents may be deep.
    let mut stack: Vec<&mut Node> = set.documents.iter_mut().map(|d| &mut d.value).collect();
    while let Some(node) = stack.pop() {
        match node {
            Node::Map(items) => {
                overrides(items)?;
                stack.extend(items.iter_mut().map(|i| &mut i.value));
            }
            Node::Array(items) => stack.extend(items.iter_mut().map(|i| &mut i.value)),
            Node::Scalar(_) => {}
        }
    }
    Ok(())
}

/// The items of one map with ytt's overrides applied, in its order.
fn overrides(items: &mut Vec<MapItem>) -> Result<(), Repeated> {
    let mut kept: Vec<MapItem> = Vec::with_capacity(items.len());
    for item in items.drain(..) {
        // Go's `==` on the keys (`interface{}` values): same type, same value.
        if let Some(at) = kept.iter().position(|k| k.key == item.key) {
            let allowed = annotations(&item.comments)
                .iter()
                .any(|a| a.name == "yaml/map-key-override");
            if !allowed {
                return Err(Repeated {
                    message: format!(
                        "expected key '{}' to not be specified again (unless 'yaml/map-key-override' annotation is added)",
                        key_text(&item.key)
                    ),
                    pos: item.pos,
                });
            }
            kept.remove(at);
        }
        kept.push(item);
    }
    *items = kept;
    Ok(())
}
