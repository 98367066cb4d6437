//! Generated tokens formatted as a Rust file.

use proc_macro2::TokenStream;
use syn::visit_mut::{self, VisitMut};

/// Formats generated tokens as a Rust file (prettyplease), without the parentheses the
/// emitters put around every spliced expression: the syntax tree already holds the grouping,
/// and prettyplease writes back exactly the parentheses precedence and statement position
/// need (its `fixup`, as syn's printer). Kept, they cost rustc more than the code itself on a
/// large file: its `unused_parens` lint, allowed or not, copies the source before every
/// redundant pair (`SourceMap::span_to_prev_source`, rustc 1.95), quadratic in the file's
/// size: the 26 MB crate of SchemaStore's `partial-eslint-plugins.json` took 419 s to build,
/// 312 s of it in the kernel's page faults under those copies (43 s without them).
///
/// # Errors
/// The tokens do not parse as a file (a bug of the generator), with syn's message.
pub fn pretty(tokens: &TokenStream) -> Result<String, String> {
    let mut file: syn::File = syn::parse2(tokens.clone()).map_err(|e| e.to_string())?;
    Unparenthesize.visit_file_mut(&mut file);
    Ok(prettyplease::unparse(&file))
}

/// Replaces every parenthesized expression by the expression inside.
struct Unparenthesize;

impl VisitMut for Unparenthesize {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        while let syn::Expr::Paren(paren) = expr {
            let inner = std::mem::replace(&mut *paren.expr, syn::Expr::PLACEHOLDER);
            *expr = inner;
        }
        visit_mut::visit_expr_mut(self, expr);
    }
}

#[cfg(test)]
mod tests {
    use super::pretty;
    use quote::quote;

    /// The body of the one function `pretty` printed, on one line.
    fn body(tokens: proc_macro2::TokenStream) -> String {
        let text = pretty(&quote!(fn f() { #tokens })).expect("parses");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        text.trim_start_matches("fn f() {")
            .trim_end_matches('}')
            .trim()
            .to_owned()
    }

    #[test]
    fn redundant_parentheses_are_dropped() {
        assert_eq!(body(quote!(g((a), (b && c)))), "g(a, b && c)");
        assert_eq!(
            body(quote!(if !(h(x)) {
                return;
            })),
            "if !h(x) { return; }"
        );
        assert_eq!(
            body(quote!(let n = ((0usize + usize::from((a)))) == 1;)),
            "let n = 0usize + usize::from(a) == 1;"
        );
    }

    #[test]
    fn needed_parentheses_are_written_back() {
        // Precedence, a method on a range, a field called, a negated conjunction.
        assert_eq!(body(quote!(let x = (a + b) * c;)), "let x = (a + b) * c;");
        assert_eq!(
            body(quote!(let y = (0usize..n).all(p);)),
            "let y = (0usize..n).all(p);"
        );
        assert_eq!(body(quote!(let z = (s.f)(1);)), "let z = (s.f)(1);");
        assert_eq!(body(quote!(let w = !(a && b);)), "let w = !(a && b);");
        assert_eq!(body(quote!(let v = a - (b - c);)), "let v = a - (b - c);");
        // A block-like expression at the start of a statement stays an expression.
        assert_eq!(
            body(quote!(
                (match x {
                    _ => true,
                }) && y
            )),
            "(match x { _ => true, }) && y"
        );
    }
}
