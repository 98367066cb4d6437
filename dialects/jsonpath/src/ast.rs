//! The parse tree of a client-go JSONPath template.
//!
//! The shapes follow client-go `util/jsonpath/node.go`: a template is a list of top-level
//! segments (literal text, or an action written between `{` and `}`); an action is a list of
//! steps evaluated left to right, each step mapping the current list of values to a new one.
//! Unions and filters hold nested lists.

use std::fmt;

/// A whole template, e.g. `{.spec.template.spec.domain.cpu.cores}` or `x{.a}y{.b}`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Template {
    /// The top-level segments in source order (client-go's root `ListNode`).
    pub segments: Vec<Segment>,
}

/// One top-level piece of a template.
#[derive(Debug, Clone, PartialEq)]
pub enum Segment {
    /// Literal text outside of any `{…}` (client-go `TextNode` at the root). Its result is the
    /// text itself, whatever the data.
    Text(String),
    /// The inside of one `{…}` (client-go `ListNode` at the root).
    Action(List),
}

/// A sequence of steps (client-go `ListNode`). An empty list maps its input to itself.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct List {
    /// The steps in source order.
    pub steps: Vec<Step>,
}

/// One start/end/step entry of an array subscript (client-go `ParamsEntry`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ParamsEntry {
    /// The number written (or derived, see [`ParamsEntry::derived`]); 0 when not known.
    pub value: i64,
    /// Whether a value was given (or derived) when parsing; unknown entries take their
    /// defaults when evaluating (start 0, end the length, step 1).
    pub known: bool,
    /// Only for the end entry of a plain index `[n]`: the end was derived as `n + 1`.
    pub derived: bool,
}

/// The comparison of a filter `[?(left op right)]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterOp {
    /// `[?(path)]`: keeps the elements for which `path` yields at least one value.
    Exists,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// Any other run of `!<>=` characters (e.g. `=`, `===`). It parses, and fails when an
    /// element is actually compared ("unrecognized filter operator …").
    Other(String),
}

impl FilterOp {
    /// The operator as written (`"exists"` for [`FilterOp::Exists`], as client-go stores it).
    pub fn as_str(&self) -> &str {
        match self {
            FilterOp::Exists => "exists",
            FilterOp::Lt => "<",
            FilterOp::Gt => ">",
            FilterOp::Eq => "==",
            FilterOp::Ne => "!=",
            FilterOp::Le => "<=",
            FilterOp::Ge => ">=",
            FilterOp::Other(s) => s,
        }
    }

    /// The operator for the text matched by the filter expression's operator group.
    pub fn from_text(op: &str) -> FilterOp {
        match op {
            "<" => FilterOp::Lt,
            ">" => FilterOp::Gt,
            "==" => FilterOp::Eq,
            "!=" => FilterOp::Ne,
            "<=" => FilterOp::Le,
            ">=" => FilterOp::Ge,
            other => FilterOp::Other(other.to_owned()),
        }
    }
}

impl fmt::Display for FilterOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One step inside an action.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A quoted string inside an action (`"x"`, `'x'`): the result is that one string,
    /// whatever the input (client-go `TextNode`).
    Text(String),
    /// `.name`: a struct field or map key (client-go `FieldNode`). Backslashes are already
    /// removed (`kubevirt\.io/arch` is the key `kubevirt.io/arch`). May be empty (a trailing
    /// dot).
    Field(String),
    /// A bare word: `range` and `end` are the keywords; any other word parses and fails when
    /// evaluated ("unrecognized identifier …").
    Identifier(String),
    /// `[n]`, `[a:b]`, `[a:b:c]`, `[*]` (client-go `ArrayNode`): start, end, step.
    Array {
        /// Start, end, step.
        params: [ParamsEntry; 3],
    },
    /// `[?(left op right)]` or `[?(left)]` (client-go `FilterNode`).
    Filter {
        /// The left operand, evaluated on each element.
        left: List,
        /// The comparison ([`FilterOp::Exists`] for `[?(left)]`).
        op: FilterOp,
        /// The right operand, evaluated on each element (empty for `Exists`).
        right: List,
    },
    /// An integer literal: one copy per input value.
    Int(i64),
    /// A floating-point literal: one copy per input value.
    Float(f64),
    /// `true` / `false`: one copy per input value.
    Bool(bool),
    /// `.*`: every field, map value, element, or byte of a string.
    Wildcard,
    /// `..`: recursive descent.
    Recursive,
    /// `[a,b,…]`: each branch evaluated on the same input, results concatenated.
    Union(Vec<List>),
}
