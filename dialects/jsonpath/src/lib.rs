//! Kubernetes JSONPath: the dialect of client-go `k8s.io/client-go/util/jsonpath`.
//!
//! This is not RFC 9535 JSONPath. A template is text with actions in braces
//! (`{.spec.template.spec.domain.cpu.cores}`); an action is a list of steps evaluated list to
//! list over the document:
//!
//! | syntax | meaning |
//! | --- | --- |
//! | `.name` | struct field or map key; names may hold `-`, `/`, `:`…; `\.` escapes a dot |
//! | `.*`, `[*]` | every child / every element (`[*]` is `[:]`) |
//! | `[n]`, `[a:b]`, `[a:b:c]` | Go slicing, negatives from the end, out of range is an error |
//! | `[0,2]`, `['a','b']` | unions; `['key']` is re-read as the path `.key` |
//! | `..` | recursive descent |
//! | `[?(@.a == "x")]`, `[?(@.a)]` | filter on one comparison, or on existence |
//! | `"text"`, `7`, `1.5`, `true` | literals |
//! | `range` … `end` | repeat the following segments for each value |
//!
//! `$`, `@` and spaces are skipped anywhere inside an action; a `}` ends the action and what
//! follows is literal text again. The parser mirrors client-go `parser.go`
//! ([`JsonPath::parse`], [`ast`]), the evaluator `jsonpath.go` ([`JsonPath::find_results`]),
//! filter comparisons the forked `text/template` functions, and error texts are client-go's.
//!
//! The evaluator is generic over [`Node`]: [`serde_json::Value`] (by reference) implements it
//! here; the typed KubeVirt view implements it elsewhere.

pub mod ast;
mod compare;
mod eval;
mod gofmt;
mod json;
mod node;
mod parser;

use std::fmt;

pub use eval::{Selection, select};
pub use node::{Kind, Node, Scalar};

use eval::{Evaluator, Val};

/// A parsed JSONPath template (client-go `JSONPath` after `Parse`).
#[derive(Debug, Clone, PartialEq)]
pub struct JsonPath {
    source: String,
    ast: ast::Template,
}

impl JsonPath {
    /// Parses a whole template as client-go `Parse`, e.g.
    /// `{.spec.template.spec.domain.cpu.cores}`. Text outside braces is literal.
    pub fn parse(template: &str) -> Result<JsonPath, ParseError> {
        let ast = parser::parse_template(template)?;
        Ok(JsonPath {
            source: template.to_owned(),
            ast,
        })
    }

    /// The template text as given to [`JsonPath::parse`].
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The parse tree.
    pub fn ast(&self) -> &ast::Template {
        &self.ast
    }

    /// client-go `FindResults`: one inner list per top-level segment (a text segment gives its
    /// text as one [`Literal::Str`]; a `range` block gives one list per segment per value).
    /// With `allow_missing_keys` a field found nowhere gives no values instead of an error.
    ///
    /// Each call starts from a fresh evaluation state, as a new client-go `JSONPath` would.
    pub fn find_results<N: Node>(
        &self,
        root: N,
        allow_missing_keys: bool,
    ) -> Result<Vec<Vec<Found<N>>>, EvalError> {
        self.find_results_with_state(&mut RangeState::default(), root, allow_missing_keys)
    }

    /// [`JsonPath::find_results`] with the `range`/`end` bookkeeping kept in `state`, so that
    /// several calls behave as several `FindResults` calls on one client-go `JSONPath` object:
    /// client-go never resets that bookkeeping, and a `range` even narrows the template for
    /// later calls. Only templates using `range`/`end` are affected.
    pub fn find_results_with_state<N: Node>(
        &self,
        state: &mut RangeState,
        root: N,
        allow_missing_keys: bool,
    ) -> Result<Vec<Vec<Found<N>>>, EvalError> {
        let mut evaluator = Evaluator::new(&self.ast, allow_missing_keys, state);
        let results = evaluator.find_results(Val::Node(root))?;
        Ok(results
            .into_iter()
            .map(|values| values.into_iter().filter_map(Val::into_found).collect())
            .collect())
    }

    /// [`JsonPath::find_results`] flattened, in order.
    pub fn find<N: Node>(
        &self,
        root: N,
        allow_missing_keys: bool,
    ) -> Result<Vec<Found<N>>, EvalError> {
        Ok(self
            .find_results(root, allow_missing_keys)?
            .into_iter()
            .flatten()
            .collect())
    }
}

/// The `range`/`end` bookkeeping of a client-go `JSONPath` object between `FindResults` calls
/// (see [`JsonPath::find_results_with_state`]). Starts empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RangeState {
    begin_range: usize,
    in_range: usize,
    end_range: usize,
    /// Index of the first top-level segment still evaluated (client-go reassigns
    /// `parser.Root.Nodes` to what follows a `range`).
    root_start: usize,
    /// Index of the top-level segment holding the last `end` met.
    last_end_node: Option<usize>,
}

/// One value found by a template.
#[derive(Debug, Clone, PartialEq)]
pub enum Found<N> {
    /// A node of the walked document.
    Node(N),
    /// A value made by the template itself (text, number and boolean literals) or a byte of a
    /// string (`.*` and `..` over a string).
    Literal(Literal),
}

impl<N> Found<N> {
    /// The node, if this is one.
    pub fn as_node(&self) -> Option<&N> {
        match self {
            Found::Node(n) => Some(n),
            Found::Literal(_) => None,
        }
    }

    /// The literal, if this is one.
    pub fn as_literal(&self) -> Option<&Literal> {
        match self {
            Found::Node(_) => None,
            Found::Literal(l) => Some(l),
        }
    }
}

/// A value made by the template. The Go types are those client-go produces.
#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    /// A quoted string in an action, or top-level text (Go `string`).
    Str(String),
    /// An integer literal (Go `int`).
    Int(i64),
    /// A float literal (Go `float64`).
    Float(f64),
    /// `true` or `false` (Go `bool`).
    Bool(bool),
    /// A byte of a string, from `.*` or `..` over a string (Go `uint8`: reflect's `Index` on a
    /// string).
    Byte(u8),
}

impl Literal {
    /// The Go type name (`string`, `int`, `float64`, `bool`, `uint8`).
    pub fn type_name(&self) -> &'static str {
        match self {
            Literal::Str(_) => "string",
            Literal::Int(_) => "int",
            Literal::Float(_) => "float64",
            Literal::Bool(_) => "bool",
            Literal::Byte(_) => "uint8",
        }
    }

    /// The reflect kind of the Go value.
    pub fn kind(&self) -> Kind {
        match self {
            Literal::Str(_) => Kind::String,
            Literal::Int(_) => Kind::Int,
            Literal::Float(_) => Kind::Float,
            Literal::Bool(_) => Kind::Bool,
            Literal::Byte(_) => Kind::Uint,
        }
    }

    /// The value as a filter-comparison scalar.
    pub fn scalar(&self) -> Scalar<'_> {
        match self {
            Literal::Str(s) => Scalar::Str(s.as_str().into()),
            Literal::Int(i) => Scalar::Int(*i),
            Literal::Float(f) => Scalar::Float(*f),
            Literal::Bool(b) => Scalar::Bool(*b),
            Literal::Byte(b) => Scalar::Uint(u64::from(*b)),
        }
    }

    /// The value as Go's `%v` prints it (`7`, `7.5`, `1e+06`, `true`, the string itself).
    pub fn go_value(&self) -> String {
        self.scalar().go_value()
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.go_value())
    }
}

/// A template syntax error. Displays as client-go's error text, e.g. `unclosed action`,
/// `invalid array index abc`, `unrecognized character in action: U+0009`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    message: String,
    offset: Option<usize>,
}

impl ParseError {
    pub(crate) fn new(message: impl Into<String>, offset: Option<usize>) -> Self {
        ParseError {
            message: message.into(),
            offset,
        }
    }

    /// client-go's error text.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Byte offset in the template where the error was detected: the offending character,
    /// the start of the bracket, quote or number concerned, or the end of the input for an
    /// unterminated construct. Errors inside a re-parsed part (`['key']`, a union branch, a
    /// filter operand) point at the start of that bracket.
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }
}

/// An evaluation error. Displays as client-go's error text, e.g. `cores is not found`,
/// `array index out of bounds: index 5, length 2`, `incompatible types for comparison`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct EvalError {
    message: String,
    crash: bool,
}

impl EvalError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        EvalError {
            message: message.into(),
            crash: false,
        }
    }

    /// Where client-go's caller would panic instead of getting an error: a filter comparing a
    /// value whose `reflect.Value.Interface()` panics ([`Node::interface_panics`]).
    pub(crate) fn crash(message: impl Into<String>) -> Self {
        EvalError {
            message: message.into(),
            crash: true,
        }
    }

    /// `true` when the reference crashes here rather than failing the path (so there is no
    /// retry on the reference VM).
    pub fn is_crash(&self) -> bool {
        self.crash
    }

    /// client-go's error text.
    pub fn message(&self) -> &str {
        &self.message
    }
}
