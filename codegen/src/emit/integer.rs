//! `integer` ([`Check::IntRange`](validgen_runtime::ir::Check::IntRange)): bounds inlined, the
//! values converted as their Go type dictates.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_runtime::rules::{IntArg, RulePath};

use super::Paths;
use super::arg::int_arg;
use super::path::Use;

/// The body of the rule's check: `Result<(bool, String), String>`.
pub fn check(
    min: Option<&IntArg>,
    max: Option<&IntArg>,
    path: &RulePath,
    paths: &Paths,
) -> TokenStream {
    let min = int_arg(min, paths);
    let max = int_arg(max, paths);
    let values = paths.get(path).values(Use::Ints, path);
    quote! {
        let min = #min?;
        let max = #max?;
        let values: ::std::vec::Vec<i64> = #values?;
        ::core::result::Result::Ok(::validgen::checks::int_range(&values, min, max))
    }
}
