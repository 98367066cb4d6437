//! `$ref`: a reference within the document, or to a document of the registry, compiled as a
//! [`Check::Ref`] to the target's checks (lowered once, by located pointer, so recursion,
//! across documents too, is a loop in the IR).

use serde_json::Value;

use super::{Doc, Here, Lowerer};
use crate::resources::Unresolved;
use validgen_core::ir::Check;

impl<'s> Lowerer<'s> {
    pub(super) fn reference(&mut self, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let Some(reference) = v.as_str() else {
            self.error(here, "$ref", "`$ref` must be a string");
            return Vec::new();
        };
        let local = self.local(here.pointer);
        let found = match self.docs[self.at].resources.resolve_ref(reference, local) {
            Ok(t) => Ok((self.at, t)),
            Err(Unresolved::Remote(uri, full)) => self.remote(reference, &uri, &full),
            Err(e) => Err(e),
        };
        let (doc, target) = match found {
            Ok(found) => found,
            Err(Unresolved::Syntax(e) | Unresolved::Remote(_, e)) => {
                self.error(here, "$ref", e);
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
        match self.docs[doc].value.pointer(&target) {
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
        let name = format!("{}{target}", self.docs[doc].prefix);
        if self.seen.insert(name.clone()) {
            self.pending.push((doc, target));
        }
        vec![Check::Ref { name }]
    }

    /// The document (index in `docs`, read from the registry if need be) and JSON Pointer
    /// that `full` (absolute, `uri` without its fragment) names; an error text when none does.
    fn remote(
        &mut self,
        reference: &str,
        uri: &str,
        full: &str,
    ) -> Result<(usize, String), Unresolved> {
        let outside = |why: String| {
            Unresolved::Remote(
                uri.to_owned(),
                format!("`$ref` `{reference}` names `{uri}`, outside this schema: {why}"),
            )
        };
        let options: &'s crate::Options = self.options;
        let Some(registry) = options.registry.as_deref() else {
            return Err(outside(
                "no schema registry was given (nothing is fetched; add `--schema-map URL_PREFIX=PATH`)".to_owned(),
            ));
        };
        let Some(found) = registry.find(uri) else {
            return Err(outside(registry.why_not(uri)));
        };
        let draft = found
            .draft
            .clone()
            .map_err(|e| outside(format!("{} is registered under it, but {e}", found.file)))?;
        let doc = match self.doc_index.get(found.url.as_str()) {
            Some(&i) => i,
            None => {
                self.docs.push(Doc {
                    value: found.text.value(),
                    draft,
                    resources: &found.resources,
                    prefix: format!("{}#", found.url),
                });
                self.doc_index
                    .insert(found.url.as_str(), self.docs.len() - 1);
                self.docs.len() - 1
            }
        };
        let pointer = self.docs[doc].resources.resolve_ref(full, "")?;
        Ok((doc, pointer))
    }
}
