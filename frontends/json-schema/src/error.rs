//! Why a schema was refused, and what compiled with a warning: located by JSON Pointer.

use std::fmt;

/// A problem with a schema, at a keyword.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    /// Where in the schema: the JSON Pointer (RFC 6901) of the keyword (`/properties/a/type`).
    pub pointer: String,
    /// The keyword (`type`), or empty for the schema itself.
    pub keyword: String,
    /// What is wrong.
    pub message: String,
}

impl SchemaError {
    /// An error at `keyword` of the schema at `schema` (a JSON Pointer).
    pub(crate) fn at(schema: &str, keyword: &str, message: impl Into<String>) -> Self {
        SchemaError {
            pointer: child(schema, keyword),
            keyword: keyword.to_owned(),
            message: message.into(),
        }
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.pointer.is_empty() {
            "(schema root)"
        } else {
            &self.pointer
        };
        write!(f, "{at}: {}", self.message)
    }
}

impl std::error::Error for SchemaError {}

/// A keyword's (or schema object's) location split into the registry document it is in
/// (`None`: the schema itself) and its JSON Pointer there. A location in the schema is a
/// pointer (`""` or `/…`, which may hold a `#`, as a `patternProperties` pattern can), one in
/// another document `<url>#<pointer>` (a URL never starts with `/`, nor holds a `#`).
pub(crate) fn split_location(location: &str) -> (Option<&str>, &str) {
    if location.is_empty() || location.starts_with('/') {
        return (None, location);
    }
    match location.split_once('#') {
        Some((url, pointer)) => (Some(url), pointer),
        None => (None, location),
    }
}

/// The JSON Pointer of `token` under `parent` (escaped as RFC 6901 requires).
pub(crate) fn child(parent: &str, token: &str) -> String {
    let mut out = String::with_capacity(parent.len() + token.len() + 1);
    out.push_str(parent);
    out.push('/');
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}
