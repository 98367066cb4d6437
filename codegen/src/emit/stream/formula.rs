//! A node's answer on an array or object: each goal's [`Formula`] over the judged atoms,
//! computed as `let` statements (one per composition, no nested parentheses), and the goals'
//! verdicts as the bits of a `u64`.
//!
//! No parenthesis is emitted that the expression does not need: rustc's `unused_parens` lint
//! (which runs even where it is allowed) copies the whole source before each one it finds, so
//! that redundant parentheses in a large generated file cost time quadratic in its size.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::plan::{Formula, Judged};

/// Statements computing the verdict of each of `formulas` (atom `i` judged as `atoms[i]`: a
/// known verdict, or the variable `__a<i>`), and the `u64` expression of their bits.
pub(super) fn verdicts(formulas: &[Formula], atoms: &[Judged]) -> (TokenStream, TokenStream) {
    let mut lets = Vec::new();
    let goals: Vec<TokenStream> = formulas
        .iter()
        .map(|f| value(f, atoms, &mut lets))
        .collect();
    (quote!(#(#lets)*), bits(goals))
}

/// An operand (a literal or a variable) holding whether `f` holds, with the `let`s computing
/// it pushed to `lets`.
fn value(f: &Formula, atoms: &[Judged], lets: &mut Vec<TokenStream>) -> TokenStream {
    let computed = match f {
        Formula::Known(b) => return quote!(#b),
        Formula::Atom(i) => {
            return match atoms[*i] {
                Judged::Known(b) => quote!(#b),
                _ => {
                    let a = format_ident!("__a{}", i);
                    quote!(#a)
                }
            };
        }
        Formula::All(fs) if fs.is_empty() => return quote!(true),
        Formula::All(fs) if fs.len() == 1 => return value(&fs[0], atoms, lets),
        Formula::All(fs) => {
            let each: Vec<TokenStream> = fs.iter().map(|f| value(f, atoms, lets)).collect();
            joined(&each, quote!(&&))
        }
        Formula::Any(fs) if fs.is_empty() => return quote!(false),
        Formula::Any(fs) => {
            let each: Vec<TokenStream> = fs.iter().map(|f| value(f, atoms, lets)).collect();
            joined(&each, quote!(||))
        }
        Formula::One(fs) => {
            let each: Vec<TokenStream> = fs.iter().map(|f| value(f, atoms, lets)).collect();
            quote!(0usize #(+ usize::from(#each))* == 1)
        }
        Formula::Not(f) => {
            let inner = value(f, atoms, lets);
            quote!(!#inner)
        }
        Formula::If(parts) => {
            let [c, t, o] = parts.as_ref();
            let (c, t, o) = (
                value(c, atoms, lets),
                value(t, atoms, lets),
                value(o, atoms, lets),
            );
            quote!(if #c { #t } else { #o })
        }
    };
    let g = format_ident!("__g{}", lets.len());
    lets.push(quote!(let #g = #computed;));
    quote!(#g)
}

/// An expression: the `u64` whose bit `i` is the verdict `verdicts[i]` (each a call, a
/// literal or a variable).
pub(super) fn bits(verdicts: impl IntoIterator<Item = TokenStream>) -> TokenStream {
    let each: Vec<TokenStream> = verdicts
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            if i == 0 {
                quote!(u64::from(#v))
            } else {
                quote!(u64::from(#v) << #i)
            }
        })
        .collect();
    if each.is_empty() {
        return quote!(0u64);
    }
    joined(&each, quote!(|))
}

/// `operands` joined by the binary operator `op` (no parentheses: each operand binds tighter
/// than `op`).
pub(super) fn joined(operands: &[TokenStream], op: TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    for (i, x) in operands.iter().enumerate() {
        if i > 0 {
            out.extend(op.clone());
        }
        out.extend(x.clone());
    }
    out
}
