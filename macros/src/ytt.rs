//! `include_ytt_schemas!`'s two forms: a folder whose every schema file is a schema
//! (`include_ytt_schemas!("ytt-schemas")`), or named schemas each made of files and folders
//! read as `ytt -f` reads them (`include_ytt_schemas!(gcp = "packages/gcp/config", app =
//! ["a/schema.yml", "a/schema.extra.yml"])`); either with `seed_extensions = true`.

use proc_macro::TokenStream;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitBool, LitStr, Token, bracketed};

use super::{Args, errors, manifest_dir, tracked_with_warnings};

/// Named schemas: `name = "path"` or `name = ["path", ...]`, and `seed_extensions = bool`.
struct Named {
    entries: Vec<(Ident, Vec<LitStr>)>,
    seed_extensions: bool,
}

impl Parse for Named {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let mut named = Named {
            entries: Vec::new(),
            seed_extensions: false,
        };
        while !input.is_empty() {
            let key: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            if key == "seed_extensions" {
                named.seed_extensions = input.parse::<LitBool>()?.value;
            } else if input.peek(LitStr) {
                named.entries.push((key, vec![input.parse()?]));
            } else if input.peek(syn::token::Bracket) {
                let inside;
                bracketed!(inside in input);
                let paths = inside.parse_terminated(<LitStr as Parse>::parse, Token![,])?;
                if paths.is_empty() {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("`{key}` names no file"),
                    ));
                }
                named.entries.push((key, paths.into_iter().collect()));
            } else {
                return Err(syn::Error::new(
                    key.span(),
                    format!("`{key}` takes a path or a list of paths (`[\"a.yml\", \"b.yml\"]`)"),
                ));
            }
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>()?;
        }
        if named.entries.is_empty() {
            return Err(input.error("expected a folder, or `name = \"path\"` entries"));
        }
        Ok(named)
    }
}

/// The macro: a folder's schemas, or named schemas.
pub(crate) fn include_ytt_schemas(input: TokenStream) -> TokenStream {
    if starts_with_text(&input) {
        return folder(input);
    }
    let named = match syn::parse::<Named>(input) {
        Ok(n) => n,
        Err(e) => return e.to_compile_error().into(),
    };
    let span = named.entries[0].0.span();
    let base = manifest_dir();
    let entries: Vec<validgen_codegen::YttEntry> = named
        .entries
        .iter()
        .map(|(name, paths)| validgen_codegen::YttEntry {
            name: name.to_string(),
            paths: paths.iter().map(|p| base.join(p.value())).collect(),
            display: paths
                .iter()
                .map(LitStr::value)
                .collect::<Vec<_>>()
                .join(", "),
        })
        .collect();
    match validgen_codegen::compile_ytt_schemas(&entries, named.seed_extensions) {
        Ok(generated) => {
            let head = tracked_with_warnings(span, &generated.files, &[]);
            let tokens = generated.tokens;
            quote!(#head #tokens).into()
        }
        Err(diags) => errors(span, &diags),
    }
}

/// Whether the first token is a string literal (the folder form).
fn starts_with_text(input: &TokenStream) -> bool {
    matches!(input.clone().into_iter().next(), Some(proc_macro::TokenTree::Literal(l)) if l.to_string().starts_with('"'))
}

/// Every schema file of a folder, each a schema.
fn folder(input: TokenStream) -> TokenStream {
    let args = match syn::parse::<Args>(input) {
        Ok(a) => a,
        Err(e) => return e.to_compile_error().into(),
    };
    let ([seed_extensions], []) = match args.options(["seed_extensions"], []) {
        Ok(v) => v,
        Err(e) => return e.to_compile_error().into(),
    };
    let span = args.dir.span();
    match validgen_codegen::compile_ytt_dir(&args.folder(), &args.dir.value(), seed_extensions) {
        Ok(generated) => {
            let head = tracked_with_warnings(span, &generated.files, &[]);
            let tokens = generated.tokens;
            quote!(#head #tokens).into()
        }
        Err(diags) => errors(span, &diags),
    }
}
