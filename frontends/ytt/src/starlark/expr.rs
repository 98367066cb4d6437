//! Expressions of rules written as functions: the Starlark lambdas of ytt's `when=` and custom
//! rules (`lambda v, ctx: ctx.parent["mode"] == "x"`), as [`super::evaluate_arguments`] reads them.
//!
//! One variant per operation, each evaluated by one pure function of
//! [`super::ops`] (the interpreter dispatches to them; emitted Rust calls them),
//! with starlark-go's semantics and error texts. The subset is what ytt rules use: parameters,
//! literals, list/tuple/dict displays, subscripts, attributes, comparisons, membership,
//! `and`/`or`/`not`, unary `-` and `len()`.

use std::sync::Arc;

use super::Module;

/// A function: its parameters and its body (starlark-go names every lambda `lambda`).
#[derive(Debug, Clone, PartialEq)]
pub struct Lambda {
    /// The parameters' names, in order (a `def`'s with those that have defaults).
    pub params: Vec<String>,
    /// The body (unused when `def` is set).
    pub body: Expr,
    /// A `def` function with statements, which the interpreter runs whole: calls go to it.
    pub def: Option<Callee>,
}

/// A `def` function of a [`Module`], run by its interpreter.
#[derive(Debug, Clone, PartialEq)]
pub struct Callee {
    /// The functions of its file (and those it loads).
    pub module: Arc<Module>,
    /// The function's name.
    pub name: String,
}

/// An expression of a lambda's body.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A parameter, by position in [`Lambda::params`].
    Param(usize),
    /// `None`.
    None,
    /// `True` or `False`.
    Bool(bool),
    /// An int literal (starlark-go ints are unbounded; literals beyond 64 bits are refused).
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A string literal.
    Str(String),
    /// A list display `[a, b]`.
    List(Vec<Expr>),
    /// A tuple display `(a, b)`.
    Tuple(Vec<Expr>),
    /// A dict display `{k: v}`, entries in order.
    Dict(Vec<(Expr, Expr)>),
    /// `x.name` (`ctx.parent`, `ctx.root`).
    Attr(Box<Expr>, String),
    /// `x[k]`.
    Index(Box<Expr>, Box<Expr>),
    /// `len(x)`.
    Len(Box<Expr>),
    /// Unary `-x`.
    Neg(Box<Expr>),
    /// `not x`.
    Not(Box<Expr>),
    /// `x and y`: `x` if falsy, else `y` (short-circuit).
    And(Box<Expr>, Box<Expr>),
    /// `x or y`: `x` if truthy, else `y` (short-circuit).
    Or(Box<Expr>, Box<Expr>),
    /// `x == y`.
    Eq(Box<Expr>, Box<Expr>),
    /// `x != y`.
    Ne(Box<Expr>, Box<Expr>),
    /// `x < y`.
    Lt(Box<Expr>, Box<Expr>),
    /// `x <= y`.
    Le(Box<Expr>, Box<Expr>),
    /// `x > y`.
    Gt(Box<Expr>, Box<Expr>),
    /// `x >= y`.
    Ge(Box<Expr>, Box<Expr>),
    /// `x in y`.
    In(Box<Expr>, Box<Expr>),
    /// `x not in y`.
    NotIn(Box<Expr>, Box<Expr>),
    /// A call of a `def` function with statements, with positional arguments.
    Call(Callee, Vec<Expr>),
}
