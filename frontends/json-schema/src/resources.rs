//! Schema resources and anchors: where each `$id` and anchor of a schema document is, so that
//! a `$ref` resolves to a JSON Pointer into the same document, or names another document
//! (which the [`crate::Registry`] may hold).
//!
//! Identifiers are resolved as RFC 3986 references against the enclosing resource's base
//! (`fluent-uri`); a document without a root `$id` gets the base it is read with: its file's
//! URL, else [`DEFAULT_BASE`]. Only positions that
//! hold schemas are visited (not `enum`, `const`, `default` or `examples` values, where an
//! `$id` is data), as JSON Schema 2020-12 §9.2 requires.

use std::collections::BTreeMap;

use fluent_uri::{Uri, UriRef};
use serde_json::Value;

use super::draft::Draft;
use super::error::child;

/// The base URI of a schema that declares none.
pub(crate) const DEFAULT_BASE: &str = "validgen:///schema.json";

/// Keywords whose value is one schema.
pub(crate) const SCHEMA_KEYWORDS: &[&str] = &[
    "additionalProperties",
    "propertyNames",
    "contains",
    "not",
    "if",
    "then",
    "else",
    "additionalItems",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];
/// Keywords whose value maps names to schemas.
pub(crate) const MAP_KEYWORDS: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
    "dependencies",
];
/// Keywords whose value is a list of schemas.
pub(crate) const LIST_KEYWORDS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];

/// The resources and anchors of one schema document.
#[derive(Debug, Default)]
pub(crate) struct Resources {
    /// Absolute URI (no fragment) → JSON Pointer of the resource's root.
    ids: BTreeMap<String, String>,
    /// Absolute URI with a plain-name fragment → JSON Pointer of the anchored schema.
    anchors: BTreeMap<String, String>,
    /// JSON Pointer of each resource root → its base URI.
    bases: BTreeMap<String, String>,
    /// Base URI of each resource → its `$dynamicAnchor`s (name → JSON Pointer), 2020-12.
    dynamic: BTreeMap<String, BTreeMap<String, String>>,
    /// The resources whose root says `$recursiveAnchor: true` (2019-09), by base URI.
    recursive: BTreeMap<String, String>,
}

/// Why a reference did not resolve.
#[derive(Debug)]
pub(crate) enum Unresolved {
    /// The reference or an identifier is not a URI reference.
    Syntax(String),
    /// The reference names a resource outside this document: its absolute URI without and
    /// with the fragment.
    Remote(String, String),
    /// A document outside this one that the registry does not answer: why, in words.
    Unregistered(String),
    /// The reference names an anchor or pointer this document does not have.
    Nowhere(String),
}

impl Resources {
    /// Every `$id` and anchor of `root`, read with the base URI `base`, visited at schema
    /// positions only.
    pub(crate) fn collect(
        root: &Value,
        draft: Draft,
        base: &str,
    ) -> Result<Resources, Vec<(String, String)>> {
        let mut r = Resources::default();
        let mut errors = Vec::new();
        r.ids.insert(base.to_owned(), String::new());
        r.bases.insert(String::new(), base.to_owned());
        r.visit(root, "", base, draft, &mut errors, 0);
        if errors.is_empty() {
            Ok(r)
        } else {
            Err(errors)
        }
    }

    fn visit(
        &mut self,
        schema: &Value,
        pointer: &str,
        base: &str,
        draft: Draft,
        errors: &mut Vec<(String, String)>,
        depth: usize,
    ) {
        let Value::Object(map) = schema else {
            return;
        };
        if depth > super::MAX_SCHEMA_DEPTH {
            return;
        }
        let mut base = base.to_owned();
        let id_ignored = draft.ref_overrides() && map.contains_key("$ref");
        let id_keyword = draft.id_keyword();
        if let (Some(Value::String(id)), false) = (map.get(id_keyword), id_ignored) {
            match resolve(id, &base) {
                Ok(full) => {
                    let (uri, fragment) = split(&full);
                    if !uri.is_empty() && (fragment.is_empty() || draft.fragment_ids()) {
                        if fragment.is_empty() || !id.starts_with('#') {
                            base = uri.to_owned();
                            self.ids.insert(uri.to_owned(), pointer.to_owned());
                            self.bases.insert(pointer.to_owned(), uri.to_owned());
                        }
                        if !fragment.is_empty() {
                            self.anchors.insert(full.clone(), pointer.to_owned());
                        }
                    }
                }
                Err(e) => errors.push((child(pointer, id_keyword), e)),
            }
        }
        if let (Some(Value::String(name)), Draft::Draft2020) = (map.get("$dynamicAnchor"), draft) {
            self.dynamic
                .entry(base.clone())
                .or_default()
                .insert(name.clone(), pointer.to_owned());
        }
        let root_of_resource = self.bases.get(pointer).is_some_and(|b| *b == base);
        if map.get("$recursiveAnchor") == Some(&Value::Bool(true))
            && draft == Draft::Draft2019
            && root_of_resource
        {
            self.recursive.insert(base.clone(), pointer.to_owned());
        }
        for key in ["$anchor", "$dynamicAnchor"] {
            if draft < Draft::Draft2019 {
                break;
            }
            if let Some(Value::String(name)) = map.get(key) {
                self.anchors
                    .insert(format!("{base}#{name}"), pointer.to_owned());
            }
        }
        for (key, value) in map {
            let k = key.as_str();
            let at = child(pointer, k);
            let subschemas: Vec<(String, &Value)> = match value {
                _ if SCHEMA_KEYWORDS.contains(&k) => vec![(at, value)],
                Value::Object(_) if k == "items" => vec![(at, value)],
                Value::Object(m) if MAP_KEYWORDS.contains(&k) => m
                    .iter()
                    .map(|(name, sub)| (child(&at, name), sub))
                    .collect(),
                Value::Array(list) if LIST_KEYWORDS.contains(&k) || k == "items" => list
                    .iter()
                    .enumerate()
                    .map(|(i, sub)| (child(&at, &i.to_string()), sub))
                    .collect(),
                _ => Vec::new(),
            };
            for (p, sub) in subschemas {
                self.visit(sub, &p, &base, draft, errors, depth + 1);
            }
        }
    }

    /// Every absolute URI (no fragment) a resource of the document has.
    pub(crate) fn uris(&self) -> impl Iterator<Item = &str> {
        self.ids.keys().map(String::as_str)
    }

    /// Whether the schema at `pointer` is the root of a resource (of the document, or of an
    /// embedded `$id`).
    pub(crate) fn is_resource_root(&self, pointer: &str) -> bool {
        self.bases.contains_key(pointer)
    }

    /// The dynamic anchors (`$dynamicAnchor` name → JSON Pointer; `""` for 2019-09's
    /// `$recursiveAnchor: true` at the resource's root) of the resource whose base is `base`.
    pub(crate) fn dynamic_anchors(&self, base: &str) -> impl Iterator<Item = (&str, &str)> {
        let named = self
            .dynamic
            .get(base)
            .into_iter()
            .flatten()
            .map(|(n, p)| (n.as_str(), p.as_str()));
        let recursive = self.recursive.get(base).map(|p| ("", p.as_str()));
        named.chain(recursive)
    }

    /// The base URI in force at the schema at `pointer`: that of the nearest enclosing
    /// resource root.
    pub(crate) fn base_at(&self, pointer: &str) -> &str {
        let mut best: (&str, &str) = ("", self.bases.get("").map_or(DEFAULT_BASE, String::as_str));
        for (root, base) in &self.bases {
            let inside = pointer == root
                || (pointer.starts_with(root.as_str())
                    && pointer.as_bytes().get(root.len()) == Some(&b'/'));
            if inside && root.len() >= best.0.len() {
                best = (root, base);
            }
        }
        best.1
    }

    /// The JSON Pointer a `$ref` written in the schema at `pointer` refers to.
    pub(crate) fn resolve_ref(&self, reference: &str, pointer: &str) -> Result<String, Unresolved> {
        let full = resolve(reference, self.base_at(pointer)).map_err(Unresolved::Syntax)?;
        let (uri, fragment) = split(&full);
        let Some(root) = self.ids.get(uri) else {
            return Err(Unresolved::Remote(uri.to_owned(), full.clone()));
        };
        let fragment = percent_decode(fragment);
        if fragment.is_empty() {
            return Ok(root.clone());
        }
        if fragment.starts_with('/') {
            return Ok(format!("{root}{fragment}"));
        }
        self.anchors
            .get(&full)
            .or_else(|| self.anchors.get(&format!("{uri}#{fragment}")))
            .cloned()
            .ok_or(Unresolved::Nowhere(format!("#{fragment}")))
    }
}

/// `reference` resolved against `base` (RFC 3986 §5). A reference that holds characters a
/// URI may not hold unencoded (`<`, `>`, a space, non-ASCII letters, as in a definition named
/// after a Rust type) is read with them percent-encoded, as an IRI maps to a URI (RFC 3987
/// §3.1); the fragment is decoded again before it is used as a JSON Pointer or an anchor.
pub(crate) fn resolve(reference: &str, base: &str) -> Result<String, String> {
    let base = Uri::parse(base).map_err(|e| format!("`{base}` is not a URI: {e}"))?;
    let encoded;
    let r = match UriRef::parse(reference) {
        Ok(r) => r,
        Err(e) => {
            encoded = percent_encode(reference);
            UriRef::parse(encoded.as_str())
                .map_err(|_| format!("`{reference}` is not a URI reference: {e}"))?
        }
    };
    r.resolve_against(&base)
        .map(|u| u.as_str().to_owned())
        .map_err(|e| format!("`{reference}` does not resolve: {e}"))
}

/// `text` with every character RFC 3986 does not allow in a path, query or fragment
/// percent-encoded (as UTF-8): all but unreserved characters, sub-delimiters, `:`, `@`,
/// `/`, `?`, the first `#`, and `%` starting an escape.
pub(crate) fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fragment = false;
    for (i, c) in text.char_indices() {
        let escape = c == '%'
            && text
                .as_bytes()
                .get(i + 1..i + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        let allowed = c.is_ascii_alphanumeric()
            || "-._~!$&'()*+,;=:@/?".contains(c)
            || escape
            || (c == '#' && !fragment);
        fragment |= c == '#';
        if allowed {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// A URI and its fragment (empty when it has none).
fn split(full: &str) -> (&str, &str) {
    full.split_once('#').unwrap_or((full, ""))
}

/// `%XX` sequences decoded (a fragment is a JSON Pointer or an anchor name in UTF-8).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push(u8::try_from(h * 16 + l).unwrap_or(b'?'));
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
