//! The Starlark of ytt annotations, as starlark-go runs it under ytt 0.48.0: argument lists
//! (`min=1, one_of=["a", "b"], when=lambda v, ctx: ...`), literal values, simple lambdas, and
//! the values' types, texts (`repr`/`str`) and error messages. (Placeholder until it lands.)

use std::sync::Arc;

use crate::ir::Lambda;

/// A Starlark value of an annotation argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `None`.
    None,
    /// `True`/`False`.
    Bool(bool),
    /// An int.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    String(String),
    /// A list.
    List(Vec<Value>),
    /// A tuple.
    Tuple(Vec<Value>),
    /// A dict, entries in insertion order.
    Dict(Vec<(Value, Value)>),
    /// A function (a lambda).
    Function(Arc<Lambda>),
}

impl Value {
    /// The type's name as Starlark prints it (`int`, `string`, `NoneType`, `function`).
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::None => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::String(_) => "string",
            Value::List(_) => "list",
            Value::Tuple(_) => "tuple",
            Value::Dict(_) => "dict",
            Value::Function(_) => "function",
        }
    }
}

/// The evaluated arguments of an annotation.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Arguments {
    /// Positional arguments, in order.
    pub positional: Vec<Value>,
    /// Keyword arguments, in order.
    pub keywords: Vec<(String, Value)>,
}

/// Why an argument list does not evaluate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ArgumentsError {
    /// 1-based column in the argument text, when known.
    pub column: Option<usize>,
    /// Starlark's text (`got identifier, want ','`).
    pub message: String,
}

/// Parses and evaluates the argument list of an annotation (the text after its name).
///
/// # Errors
/// A syntax error, an undefined name, or Starlark beyond what ytt rules use.
pub fn evaluate_arguments(text: &str) -> Result<Arguments, ArgumentsError> {
    if text.trim().is_empty() {
        return Ok(Arguments::default());
    }
    Err(ArgumentsError {
        column: None,
        message: "not yet evaluated".to_owned(),
    })
}
