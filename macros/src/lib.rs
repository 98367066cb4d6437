//! `include_validators!`: every template of a catalog folder compiled, at build time, into a
//! specialised validator. Use it through the `validgen` crate (`validgen::include_validators!`).
//!
//! ```ignore
//! validgen::include_validators!("templates");
//! ```
//!
//! # Arguments
//! - A string literal: the catalog folder, relative to the crate's `Cargo.toml`
//!   (`CARGO_MANIFEST_DIR`). Every `*.yaml`, `*.yml` and `*.json` file under it (recursively)
//!   is read; each `Template` document is compiled.
//! - `reference_failures = true` (optional): a rule the reference validator fails whatever the
//!   VM (unknown rule kind, empty message, duplicate name, bad regex, a path the KubeVirt types
//!   do not have, a rule kind that cannot apply to its field, a missing `path`) compiles into
//!   that failure, as the reference behaves, instead of a build error. A rule set that does not
//!   parse is always a build error.
//!
//! ```ignore
//! validgen::include_validators!("templates", reference_failures = true);
//! ```
//!
//! Paths resolve from `VALIDGEN_MANIFEST_DIR` instead when it is set (for UI tests, whose
//! crate trybuild builds elsewhere).
//!
//! # What it expands to
//! - for each template, `pub fn <name_in_snake_case>(vm: &serde_json::Value, explain:
//!   validgen::interpret::Explain) -> Report` (`rhel9-server-small` → `rhel9_server_small`):
//!   the template's rules evaluated on a decoded VM, one report per rule, in order, as the
//!   reference's `Evaluate` (`Explain::Failures`: satisfied rules get no explanation text);
//! - `pub static CATALOG: validgen::CompiledCatalog`: the full admission decision
//!   (`CATALOG.decide(&vm, Mode::Admitted)`): decoding, skip key, the VM's own rules, template
//!   lookup, CPU defaulting; a rule text identical to a compiled one runs compiled, any other
//!   goes to the interpreter.
//!
//! # Errors
//! Every problem of the catalog is a compile error naming `<folder>/<file>.yaml:LINE:COL` (the
//! line in the YAML file, inside the annotation) and the rule; all are reported together.
//!
//! # Warnings
//! What the reference works with but is probably not meant (a template defined in two files,
//! of which the later one is compiled; rules on an object other than `objects[0]`) is a
//! warning: stable Rust has no warning API for procedural macros, so each one is the
//! deprecation warning of a hidden constant, whose note is the located message.
//!
//! # Rebuilds
//! Each file read is included with `include_bytes!`, so editing a template rebuilds the crate.
//! Adding or removing a file is seen through a build script:
//! `validgen::build::rerun_if_changed("templates")` in `build.rs`.

use std::path::PathBuf;

use proc_macro::TokenStream;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitBool, LitStr, Token};

struct Args {
    dir: LitStr,
    reference_failures: bool,
}

impl Parse for Args {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let dir: LitStr = input.parse()?;
        let mut reference_failures = false;
        while input.parse::<Option<Token![,]>>()?.is_some() {
            if input.is_empty() {
                break;
            }
            let key: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            let value: LitBool = input.parse()?;
            match key.to_string().as_str() {
                "reference_failures" => reference_failures = value.value,
                other => {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("unknown argument `{other}` (expected `reference_failures`)"),
                    ));
                }
            }
        }
        Ok(Args {
            dir,
            reference_failures,
        })
    }
}

/// Compiles every template of a catalog folder into a validator; see the crate documentation.
#[proc_macro]
pub fn include_validators(input: TokenStream) -> TokenStream {
    let args = match syn::parse::<Args>(input) {
        Ok(a) => a,
        Err(e) => return e.to_compile_error().into(),
    };
    let display = args.dir.value();
    // The override lets UI tests (trybuild builds them in a crate of its own) resolve paths
    // against the crate that holds the fixtures.
    let base = std::env::var_os("VALIDGEN_MANIFEST_DIR")
        .or_else(|| std::env::var_os("CARGO_MANIFEST_DIR"))
        .map_or_else(PathBuf::new, PathBuf::from);
    let dir = base.join(&display);
    let opts = validgen_codegen::Options {
        reference_failures: args.reference_failures,
    };
    match validgen_codegen::compile_dir(&dir, &display, opts) {
        Ok(generated) => {
            let span = args.dir.span();
            let warnings = generated.warnings.iter().map(|d| {
                let msg = d.to_string();
                quote::quote_spanned!(span=>
                    const _: () = {
                        #[deprecated(note = #msg)]
                        const VALIDGEN_CATALOG_WARNING: () = ();
                        VALIDGEN_CATALOG_WARNING
                    };
                )
            });
            let tokens = generated.tokens;
            let tracked = generated.files.iter().map(|f| {
                let path = f.display().to_string();
                quote!(
                    const _: &[u8] = include_bytes!(#path);
                )
            });
            quote!(#(#tracked)* #(#warnings)* #tokens).into()
        }
        Err(diags) => {
            let span = args.dir.span();
            let errors = diags.0.iter().map(|d| {
                let msg = d.to_string();
                quote::quote_spanned!(span=> ::core::compile_error!(#msg);)
            });
            quote!(#(#errors)*).into()
        }
    }
}
