//! Generated functions that are one function under two names, merged. A catalog's plan numbers
//! what its schemas reach by where it is reached from, so many of its functions print alike
//! (SchemaStore's catalog: 6 172 streamed-verdict nodes, 1 404 distinct). Two functions are
//! one when their tokens print alike once the names of their kind are set aside, and the
//! functions those names call are one too: the classes are refined along the calls until
//! they are stable, as a finite automaton is minimised (so recursion merges too).

use std::collections::HashMap;

use proc_macro2::{Delimiter, Ident, TokenStream, TokenTree};

/// What [`classes`] found of each body.
pub(crate) struct Classes {
    /// The index of the first body each is one with.
    pub first: Vec<usize>,
    /// The bodies each names, in order, its own declaration included.
    pub calls: Vec<Vec<usize>>,
}

/// The classes of `bodies` (a function of one kind each, their own name included).
/// `named(ident)` is the body an identifier names, if it is one of theirs.
pub(crate) fn classes(bodies: &[TokenStream], named: impl Fn(&Ident) -> Option<usize>) -> Classes {
    let mut calls: Vec<Vec<usize>> = Vec::with_capacity(bodies.len());
    let mut texts: HashMap<String, usize> = HashMap::new();
    let mut class: Vec<usize> = Vec::with_capacity(bodies.len());
    for body in bodies {
        let (mut text, mut called) = (String::new(), Vec::new());
        flatten(body.clone(), &named, &mut text, &mut called);
        let next = texts.len();
        class.push(*texts.entry(text).or_insert(next));
        calls.push(called);
    }
    let mut count = texts.len();
    loop {
        let mut signatures: HashMap<(usize, Vec<usize>), usize> = HashMap::new();
        let refined: Vec<usize> = (0..bodies.len())
            .map(|i| {
                let key = (class[i], calls[i].iter().map(|&c| class[c]).collect());
                let next = signatures.len();
                *signatures.entry(key).or_insert(next)
            })
            .collect();
        class = refined;
        if signatures.len() == count {
            break;
        }
        count = signatures.len();
    }
    let mut first: HashMap<usize, usize> = HashMap::new();
    let first = (0..bodies.len())
        .map(|i| *first.entry(class[i]).or_insert(i))
        .collect();
    Classes { first, calls }
}

/// `tokens` with each identifier `rename` maps replaced (spans kept).
pub(crate) fn rename(
    tokens: TokenStream,
    rename: &impl Fn(&Ident) -> Option<Ident>,
) -> TokenStream {
    tokens
        .into_iter()
        .map(|t| match t {
            TokenTree::Ident(i) => TokenTree::Ident(rename(&i).unwrap_or(i)),
            TokenTree::Group(g) => {
                let mut renamed =
                    proc_macro2::Group::new(g.delimiter(), self::rename(g.stream(), rename));
                renamed.set_span(g.span());
                TokenTree::Group(renamed)
            }
            other => other,
        })
        .collect()
}

/// `tokens` printed into `text`, each name of a body as `#` and its number pushed to `called`.
fn flatten(
    tokens: TokenStream,
    named: &impl Fn(&Ident) -> Option<usize>,
    text: &mut String,
    called: &mut Vec<usize>,
) {
    for t in tokens {
        match t {
            TokenTree::Ident(i) => match named(&i) {
                Some(n) => {
                    called.push(n);
                    text.push('#');
                }
                None => text.push_str(&i.to_string()),
            },
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ('(', ')'),
                    Delimiter::Brace => ('{', '}'),
                    Delimiter::Bracket => ('[', ']'),
                    Delimiter::None => ('\u{1}', '\u{2}'),
                };
                text.push(open);
                flatten(g.stream(), named, text, called);
                text.push(close);
            }
            TokenTree::Punct(p) => {
                text.push(p.as_char());
                if p.spacing() == proc_macro2::Spacing::Joint {
                    text.push('\u{3}');
                }
            }
            TokenTree::Literal(l) => text.push_str(&l.to_string()),
        }
        text.push(' ');
    }
}

#[cfg(test)]
mod tests {
    use quote::{format_ident, quote};

    use super::*;

    fn numbered(i: &Ident) -> Option<usize> {
        i.to_string().strip_prefix("__f")?.parse().ok()
    }

    #[test]
    fn alike_functions_are_one_and_a_call_to_another_kind_keeps_them_apart() {
        let bodies = [
            quote!(
                fn __f0() -> bool {
                    __f1() && __f0()
                }
            ),
            quote!(
                fn __f1() -> bool {
                    true
                }
            ),
            quote!(
                fn __f2() -> bool {
                    __f3() && __f2()
                }
            ),
            quote!(
                fn __f3() -> bool {
                    true
                }
            ),
            // Prints as __f0 does, but calls a function that is not one with __f1.
            quote!(
                fn __f4() -> bool {
                    __f5() && __f4()
                }
            ),
            quote!(
                fn __f5() -> bool {
                    false
                }
            ),
        ];
        assert_eq!(classes(&bodies, numbered).first, [0, 1, 0, 1, 4, 5]);
    }

    #[test]
    fn mutual_recursion_alike_merges() {
        let bodies = [
            quote!(
                fn __f0(x: u8) -> bool {
                    x == 0 || __f1(x - 1)
                }
            ),
            quote!(
                fn __f1(x: u8) -> bool {
                    x == 0 || __f0(x - 1)
                }
            ),
        ];
        assert_eq!(classes(&bodies, numbered).first, [0, 0]);
    }

    #[test]
    fn renamed_calls_keep_everything_else() {
        let body = quote!(
            fn __f2() -> bool {
                __f3() && g(__f3)
            }
        );
        let to = |i: &Ident| (i == "__f3").then(|| format_ident!("__f1"));
        assert_eq!(
            rename(body, &to).to_string(),
            quote!(
                fn __f2() -> bool {
                    __f1() && g(__f1)
                }
            )
            .to_string()
        );
    }
}
