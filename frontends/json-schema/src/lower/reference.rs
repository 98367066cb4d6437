//! `$ref`: a reference within the document, compiled as a [`Check::Ref`] to the target's
//! checks (lowered once, by JSON Pointer, so recursion is a loop in the IR).

use serde_json::Value;

use super::{Here, Lowerer};
use crate::resources::Unresolved;
use validgen_core::ir::Check;

impl Lowerer<'_> {
    pub(super) fn reference(&mut self, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let Some(reference) = v.as_str() else {
            self.error(here, "$ref", "`$ref` must be a string");
            return Vec::new();
        };
        let target = match self.resources.resolve_ref(reference, here.pointer) {
            Ok(t) => t,
            Err(Unresolved::Syntax(e)) => {
                self.error(here, "$ref", e);
                return Vec::new();
            }
            Err(Unresolved::Remote(uri)) => {
                self.error(
                    here,
                    "$ref",
                    format!("`$ref` `{reference}` names `{uri}`, outside this schema: remote references are not supported"),
                );
                return Vec::new();
            }
            Err(Unresolved::Nowhere(fragment)) => {
                self.error(
                    here,
                    "$ref",
                    format!("`$ref` `{reference}`: this schema has no `{fragment}`"),
                );
                return Vec::new();
            }
        };
        match self.root.pointer(&target) {
            Some(Value::Object(_) | Value::Bool(_)) => {}
            Some(_) => {
                self.error(
                    here,
                    "$ref",
                    format!("`$ref` `{reference}` points at a value that is not a schema"),
                );
                return Vec::new();
            }
            None => {
                self.error(
                    here,
                    "$ref",
                    format!("`$ref` `{reference}` points nowhere in this schema"),
                );
                return Vec::new();
            }
        }
        if self.seen.insert(target.clone()) {
            self.pending.push(target.clone());
        }
        vec![Check::Ref { name: target }]
    }
}
