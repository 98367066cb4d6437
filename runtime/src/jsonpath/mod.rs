//! Kubernetes JSONPath (client-go `util/jsonpath`). Placeholder until the parser lands.
mod node;
pub use node::{Kind, Node, Scalar};

/// A parsed JSONPath template.
#[derive(Debug, Clone, PartialEq)]
pub struct JsonPath {
    source: String,
}

/// A JSONPath syntax error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(pub String);

impl JsonPath {
    /// Parses a client-go template such as `{.spec.template.spec}`.
    pub fn parse(template: &str) -> Result<Self, ParseError> {
        Ok(Self { source: template.to_owned() })
    }
}
