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
        Ok(Self {
            source: template.to_owned(),
        })
    }
}

/// A value found by a path (interim).
#[derive(Debug, Clone, PartialEq)]
pub enum Found<N> {
    /// A value of the walked document.
    Node(N),
    /// A literal of the path itself.
    Literal(Literal),
}

/// A literal value produced by the path (interim).
#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    /// Text.
    Str(String),
    /// Integer.
    Int(i64),
    /// Float.
    Float(f64),
    /// Bool.
    Bool(bool),
    /// A byte of a string.
    Byte(u8),
}

/// Evaluation error (interim).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct EvalError(pub String);

impl JsonPath {
    /// Interim.
    pub fn find<N: Node>(
        &self,
        _root: N,
        _allow_missing_keys: bool,
    ) -> Result<Vec<Found<N>>, EvalError> {
        Err(EvalError(self.source.clone()))
    }
}
