//! `integer` ([`Check::IntRange`](validgen_core::ir::Check::IntRange)): bounds inlined, the
//! values converted as their Go type dictates.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Arg, Path};

use super::Paths;
use super::arg::int_arg;
use super::path::Use;
use super::walk::Walks;
use crate::PRIVATE;

/// The body of the rule's check: `Result<(bool, String), String>`.
pub fn check(
    min: Option<&Arg<i64>>,
    max: Option<&Arg<i64>>,
    path: &Path,
    paths: &Paths,
    walks: &Walks,
) -> TokenStream {
    let min = int_arg(min, paths, walks);
    let max = int_arg(max, paths, walks);
    let values = paths.get(path).values(Use::Ints, path, walks);
    quote! {
        let min = #min?;
        let max = #max?;
        let values = #values?;
        ::core::result::Result::Ok(#PRIVATE::compiled::int_range(&values[..], min, max, explain))
    }
}
