//! One pure function per operation of a lambda's body, with starlark-go's semantics and error
//! texts (`starlark/eval.go`, `starlark/value.go`, `starlark/library.go`), over [`super::Val`]s. The
//! interpreter dispatches [`crate::starlark::Expr`] to them; emitted Rust calls them directly.
//! Errors are Starlark's message (`key "tls" not in yamlfragment`).

mod arith;
mod compare;
mod index;
mod membership;
mod unary;

pub use arith::{MAX_LEN, arith};
pub use compare::{Cmp, compare, equal, lookup};
pub use index::{attr, index};
pub use membership::{contains, not_contains};
pub use unary::{len, neg, not};
