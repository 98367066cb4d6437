//! `$ref`: a reference within the document, or to a document of the registry, compiled as a
//! [`Check::Ref`] to the target's checks (lowered once per dynamic scope, by located pointer,
//! so recursion, across documents too, is a loop in the IR).
//!
//! `$dynamicRef` (2020-12 §8.2.3.2) and `$recursiveRef` (2019-09 §8.2.4.2) are resolved at
//! compile time: the dynamic scope (the resources entered on the way to a schema) is known
//! where each schema is lowered, so a target is lowered once per distinct binding of the
//! dynamic anchors in scope ([`super::MAX_SPECIALISATIONS`] at most).

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
        match self.target(reference, "$ref", here) {
            Some((doc, target)) => self.ref_to(doc, target, "$ref", here),
            None => Vec::new(),
        }
    }

    /// `$dynamicRef` (2020-12) or `$recursiveRef` (2019-09, `"#"`): the target a `$ref`
    /// would name, unless it declares the same dynamic anchor (`$dynamicAnchor` of the
    /// fragment's name; `$recursiveAnchor: true`), in which case the outermost resource of
    /// the dynamic scope that declares it.
    pub(super) fn dynamic_reference(&mut self, k: &str, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let Some(reference) = v.as_str() else {
            self.error(here, k, format!("`{k}` must be a string"));
            return Vec::new();
        };
        let Some((doc, target)) = self.target(reference, k, here) else {
            return Vec::new();
        };
        let value = self.docs[doc].value.pointer(&target);
        let anchor = if k == "$recursiveRef" {
            let anchored =
                value.and_then(|t| t.get("$recursiveAnchor")) == Some(&Value::Bool(true));
            anchored.then(String::new)
        } else {
            let fragment = reference
                .rsplit_once('#')
                .map(|(_, f)| f)
                .unwrap_or_default();
            let declared = value
                .and_then(|t| t.get("$dynamicAnchor"))
                .and_then(Value::as_str);
            (!fragment.starts_with('/') && declared == Some(fragment)).then(|| fragment.to_owned())
        };
        let (doc, target) = match anchor.and_then(|a| self.scope.get(&a)) {
            Some(bound) => bound.clone(),
            None => (doc, target),
        };
        self.ref_to(doc, target, k, here)
    }

    /// The document and JSON Pointer `reference` names (an error at keyword `k` when none).
    fn target(&mut self, reference: &str, k: &str, here: &Here<'_>) -> Option<(usize, String)> {
        let local = self.local(here.pointer);
        let found = match self.docs[self.at].resources.resolve_ref(reference, local) {
            Ok(t) => Ok((self.at, t)),
            Err(Unresolved::Remote(uri, full)) => self.remote(reference, &uri, &full),
            Err(e) => Err(e),
        };
        let (doc, target) = match found {
            Ok(found) => found,
            Err(Unresolved::Syntax(e) | Unresolved::Unregistered(e)) => {
                self.error(here, k, e);
                return None;
            }
            Err(Unresolved::Remote(uri, _)) => {
                let e = format!("`{k}` `{reference}` names `{uri}`, outside this schema");
                self.error(here, k, e);
                return None;
            }
            Err(Unresolved::Nowhere(fragment)) => {
                self.error(
                    here,
                    k,
                    format!("`{k}` `{reference}`: this schema has no `{fragment}`"),
                );
                return None;
            }
        };
        match self.docs[doc].value.pointer(&target) {
            Some(Value::Object(_) | Value::Bool(_)) => Some((doc, target)),
            Some(_) => {
                self.error(
                    here,
                    k,
                    format!("`{k}` `{reference}` points at a value that is not a schema"),
                );
                None
            }
            None => {
                self.error(
                    here,
                    k,
                    format!("`{k}` `{reference}` points nowhere in this schema"),
                );
                None
            }
        }
    }

    /// A [`Check::Ref`] to the schema at `target` of `doc`, evaluated in the current dynamic
    /// scope with its resource entered (lowered once per such scope).
    fn ref_to(&mut self, doc: usize, target: String, k: &str, here: &Here<'_>) -> Vec<Check> {
        let scope = self.entered(doc, &target);
        let located = format!("{}{target}", self.docs[doc].prefix);
        let mut name = located.clone();
        if !scope.is_empty() {
            let bound: Vec<String> = scope
                .iter()
                .map(|(a, (d, p))| format!("{a}={}{p}", self.docs[*d].prefix))
                .collect();
            name = format!("{name} @ {}", bound.join(" "));
        }
        if self.seen.insert(name.clone()) {
            let variants = self.variants.entry(located).or_default();
            *variants += 1;
            if *variants > 1 {
                self.specialised += 1;
                if self.specialised > super::MAX_SPECIALISATIONS {
                    self.error(
                        here,
                        k,
                        format!(
                            "more than {} schemas specialised for distinct dynamic scopes",
                            super::MAX_SPECIALISATIONS
                        ),
                    );
                    return Vec::new();
                }
            }
            self.pending.push(super::Pending {
                doc,
                pointer: target,
                scope,
                name: name.clone(),
            });
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
            Unresolved::Unregistered(format!(
                "`$ref` `{reference}` names `{uri}`, outside this schema: {why}"
            ))
        };
        let options: &'s crate::Options = self.options;
        // Without a registry, the bundled meta-schemas alone.
        let registry: &'s crate::Registry = match options.registry.as_deref() {
            Some(r) => r,
            None => crate::metaschemas::bundled(),
        };
        let found = registry.find(uri).ok_or_else(|| match options.registry {
            Some(_) => outside(registry.why_not(uri)),
            None => outside("no schema registry was given (nothing is fetched)".to_owned()),
        })?;
        let dialect = found
            .draft
            .clone()
            .map_err(|e| outside(format!("{} is registered under it, but {e}", found.file)))?;
        let doc = match self.doc_index.get(found.url.as_str()) {
            Some(&i) => i,
            None => {
                self.docs.push(Doc {
                    value: found.text.value(),
                    draft: dialect.draft,
                    vocabularies: dialect.vocabularies,
                    resources: &found.resources,
                    prefix: format!("{}#", registry.name(found)),
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
