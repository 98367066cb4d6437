//! Expressions of rules written as functions: the Starlark lambdas of ytt's `when=` and custom
//! rules. (Placeholder until the Starlark subset lands.)

/// A function: its parameters and its body.
#[derive(Debug, Clone, PartialEq)]
pub struct Lambda {
    /// The parameters' names.
    pub params: Vec<String>,
    /// The body.
    pub body: Expr,
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A parameter, by position.
    Param(usize),
}
