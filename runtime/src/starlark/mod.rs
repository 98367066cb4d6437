//! Starlark as the rule IR's expressions ([`crate::ir::Expr`], ytt's lambdas) mean it, with
//! starlark-go's semantics and error texts (the k14s fork under ytt 0.48.0): the values a
//! function sees ([`Val`]: literals, data values as ytt's `yamlfragment`, `ctx`), one pure
//! function per operation ([`ops`]), the evaluator that dispatches to them ([`interp`]), and
//! starlark-go's number and string texts ([`text`]). Both back ends use them: the interpreter
//! through [`interp`], generated code by calling [`ops`] directly.

pub mod interp;
pub mod ops;
pub(crate) mod spell;
pub mod text;
mod val;

pub use val::Val;
