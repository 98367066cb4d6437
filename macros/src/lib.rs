//! `include_validators!`: every template of a catalog folder compiled, at build time, into a
//! specialised validator. Use it through the `validgen` crate (`validgen::include_validators!`).
//!
//! Each macro is built by its format's cargo feature (`kubevirt`: `include_validators!`,
//! `json-schema`: `include_schemas!`, `ytt`: `include_ytt_schemas!`), which brings only that
//! frontend into the build; the `validgen` facade's features of the same names turn them on.
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
//! Every problem of the catalog is a compile error naming `<folder>/<file>.yaml:LINE:COL` (in
//! the YAML file, inside the annotation: the value that is wrong, such as the rule's `path` or
//! `rule`) and the rule, with a `help:` line when what was meant can be told (the closest
//! field of a misspelt path, the kinds that apply to a field); all are reported together.
//! These are `validgen_codegen::analyze`'s diagnostics, the ones `validgen check` and `validgen
//! generate` show. rustc underlines the macro's argument: stable Rust cannot point into the
//! YAML file.
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
//!
//! # `include_schemas!`
//! Every JSON Schema of a folder compiled the same way, by the JSON Schema frontend:
//!
//! ```ignore
//! validgen::include_schemas!("schemas");
//! validgen::include_schemas!("schemas", assert_formats = true, strict = true);
//! validgen::include_schemas!("legacy", default_draft = "draft-04");
//! validgen::include_schemas!("api", schema_map = "https://example.com/schemas/=vendor/schemas");
//! ```
//!
//! - Every `*.json`, `*.yaml`, `*.yml` file under the folder (recursively) is a schema, read
//!   as the draft its `$schema` names (`draft-04`, `draft-06`, `draft-07`, `2019-09`,
//!   `2020-12`), else as `default_draft` (2020-12 when not given), named after its path:
//!   `charts/app/values.schema.json` → `charts_app_values_schema`. A file holding a
//!   `CustomResourceDefinition` gives one validator per version, `<kind>_<version>`
//!   (`gateway_v1`), compiled as the OpenAPI structural schema Kubernetes checks; a file may
//!   hold several CRDs as YAML documents (`---`), but a document that is not a CRD there is an
//!   error at its line.
//! - `assert_formats = true` asserts `format` (`date-time`, `date`, `email`, `hostname`,
//!   `ipv4`, `ipv6`, `uri`, `uuid`); otherwise it is an annotation. `strict = true` makes
//!   unknown keywords and annotations of the wrong shape errors (otherwise warnings).
//!   `reject_unknown_fields = true` makes a CRD version's unknown fields violations, as
//!   Kubernetes strict field validation does (`json_schema::reject_unknown_fields`;
//!   `validate --crd --strict` does the same). `default_draft = "<draft>"` reads the files
//!   without `$schema` as that draft (CRD versions are OpenAPI schemas whatever it is); an
//!   unknown name is a compile error at it.
//! - A `$ref` to another schema of the folder, by relative path or `$id`, is compiled in;
//!   `schema_map = "URL_PREFIX=PATH"` (repeatable, PATH a folder or a file relative to the
//!   crate) reads the documents of URLs starting with URL_PREFIX from PATH, as the CLI's
//!   `--schema-map` does. Nothing is fetched: a `$ref` no schema answers is a compile error
//!   naming the URL and the mappings tried.
//! - For each schema: `pub fn <name>(doc: &serde_json::Value, explain: Explain) ->
//!   DocumentReport` (every violation with its instance location, keyword location and
//!   message) and `pub fn <name>_text(text: &str, explain: Explain) -> Result<DocumentReport,
//!   YamlError>` (JSON or YAML text; violations get `line:column`); `pub static SCHEMAS` lists
//!   them all by name.
//! - For each CRD version, with the feature `crd` (the facade's, on by default): `pub fn
//!   <kind>_<version>_judge(object: &serde_json::Value, old: Option<&serde_json::Value>) ->
//!   validgen::crd::Answer`, the API server's whole answer as `validgen::crd::judge` gives it
//!   (pruning, defaults, list types, structural errors in the API server's texts, the CEL rules
//!   with their budgets; with `old`, an update: transition rules and ratcheting), its CEL rules
//!   parsed when the macro runs and prepared once, those of a simple shape compiled into Rust
//!   (docs/json-schema.md lists the shapes), the others interpreted; `pub static CRD_JUDGES`
//!   lists them all.
//! - Errors (a keyword refused, a `$ref` to nowhere, a pattern that is not ECMA-262, text that
//!   is not JSON/YAML, with `crd` a CEL rule that does not parse: at its `rule:`) are compile
//!   errors at `<folder>/<file>:LINE:COL`, all reported together.
//!
//! # `include_ytt_schemas!`
//! ytt data-values schemas compiled by the ytt frontend, in two forms:
//!
//! ```ignore
//! validgen::include_ytt_schemas!("ytt-schemas");
//! validgen::include_ytt_schemas!(
//!     gcp = ["gcp/config/schema.yaml", "gcp/config/services/"],
//!     tekton = "tekton/config/",
//!     seed_extensions = true,
//! );
//! ```
//!
//! - A folder: each `*.yml`/`*.yaml` file under it is a schema of its own, named after its
//!   path (`tekton_pipelines.yml` → `tekton_pipelines`).
//! - `name = "path"` or `name = ["path", ...]`: one schema made of those files and folders,
//!   read as `ytt -f path...` reads them (a folder stands for every file under it; every
//!   `#@data/values-schema` document overlays the ones before; its `#@data/values` files are
//!   kept; files are named as ytt names them: a file's base name, a path relative to its
//!   folder).
//! - `seed_extensions = true`: the validations may use the seed proposals' rules
//!   (`format=`, `regexp=`, `prefix=`, `unique=`), as `validgen ytt --seed-extensions`.
//! - Per schema: `pub static <NAME>: YttSchema` and `pub fn <name>(values: &[(&str, &str)])
//!   -> Outcome`, ytt's run over plain data-values files (`--data-values-file`);
//!   `YTT_SCHEMAS` lists them. Errors (ytt's, for the schema or its overlay) are compile
//!   errors naming the file or the entry.

// Built with no frontend's feature, the crate exports no macro and its helpers go unused.
#![cfg_attr(
    not(any(feature = "kubevirt", feature = "json-schema", feature = "ytt")),
    allow(dead_code)
)]

use std::path::PathBuf;

use proc_macro::TokenStream;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitBool, LitStr, Token};

#[cfg(feature = "ytt")]
mod ytt;

struct Args {
    dir: LitStr,
    /// `name = true|false` and `name = "text"` options, in order written.
    options: Vec<(Ident, OptionValue)>,
}

/// The value of a macro option.
enum OptionValue {
    Flag(bool),
    Text(LitStr),
}

impl Parse for Args {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let dir: LitStr = input.parse()?;
        let mut options = Vec::new();
        while input.parse::<Option<Token![,]>>()?.is_some() {
            if input.is_empty() {
                break;
            }
            let key: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            let value = if input.peek(LitStr) {
                OptionValue::Text(input.parse()?)
            } else {
                OptionValue::Flag(input.parse::<LitBool>()?.value)
            };
            options.push((key, value));
        }
        Ok(Args { dir, options })
    }
}

impl Args {
    /// The value of each flag of `flags` (false when absent) and of each text option of
    /// `texts` (`None` when absent).
    ///
    /// # Errors
    /// An option in neither list, or a flag given a text or a text option a flag.
    fn options<const N: usize, const M: usize>(
        &self,
        flags: [&str; N],
        texts: [&str; M],
    ) -> syn::Result<([bool; N], [Option<LitStr>; M])> {
        let mut on = [false; N];
        let mut given: [Option<LitStr>; M] = std::array::from_fn(|_| None);
        for (key, value) in &self.options {
            let name = key.to_string();
            match (
                flags.iter().position(|k| *k == name),
                texts.iter().position(|k| *k == name),
                value,
            ) {
                (Some(i), _, OptionValue::Flag(b)) => on[i] = *b,
                (_, Some(i), OptionValue::Text(t)) => given[i] = Some(t.clone()),
                (Some(_), _, OptionValue::Text(_)) => {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("`{name}` takes `true` or `false`"),
                    ));
                }
                (_, Some(_), OptionValue::Flag(_)) => {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("`{name}` takes a string"),
                    ));
                }
                (None, None, _) => {
                    let expected: Vec<String> = flags
                        .iter()
                        .chain(&texts)
                        .map(|k| format!("`{k}`"))
                        .collect();
                    return Err(syn::Error::new(
                        key.span(),
                        format!(
                            "unknown argument `{name}` (expected {})",
                            expected.join(" or ")
                        ),
                    ));
                }
            }
        }
        Ok((on, given))
    }

    /// The folder: relative to `VALIDGEN_MANIFEST_DIR` when set (UI tests, whose crate
    /// trybuild builds elsewhere), else to the crate's `Cargo.toml`.
    fn folder(&self) -> PathBuf {
        manifest_dir().join(self.dir.value())
    }

    /// Every `schema_map = "URL_PREFIX=PATH"` in order, PATH relative to the crate as the
    /// folder is.
    ///
    /// # Errors
    /// A value that is not `URL_PREFIX=PATH`, at it.
    #[cfg(feature = "json-schema")]
    fn schema_maps(&self) -> syn::Result<Vec<validgen_codegen::SchemaMap>> {
        let texts = self.options.iter().filter_map(|(key, value)| match value {
            OptionValue::Text(t) if key == "schema_map" => Some(t),
            _ => None,
        });
        texts
            .map(|lit| {
                let mut map = validgen_codegen::SchemaMap::parse(&lit.value())
                    .map_err(|e| syn::Error::new(lit.span(), e))?;
                map.path = manifest_dir().join(map.path);
                Ok(map)
            })
            .collect()
    }
}

/// Where paths given to a macro start: `VALIDGEN_MANIFEST_DIR` when set, else the crate's
/// `Cargo.toml`'s folder.
fn manifest_dir() -> PathBuf {
    std::env::var_os("VALIDGEN_MANIFEST_DIR")
        .or_else(|| std::env::var_os("CARGO_MANIFEST_DIR"))
        .map_or_else(PathBuf::new, PathBuf::from)
}

/// Tokens that make rustc show each of `warnings` (deprecation warnings of hidden constants,
/// as stable Rust has no warning API for procedural macros) and track each of `files`.
fn tracked_with_warnings(
    span: proc_macro2::Span,
    files: &[PathBuf],
    warnings: &[validgen_codegen::Diagnostic],
) -> proc_macro2::TokenStream {
    let warnings = warnings.iter().map(|d| {
        let msg = d.to_string();
        quote::quote_spanned!(span=>
            const _: () = {
                #[deprecated(note = #msg)]
                const VALIDGEN_CATALOG_WARNING: () = ();
                VALIDGEN_CATALOG_WARNING
            };
        )
    });
    let tracked = files.iter().map(|f| {
        let path = f.display().to_string();
        quote!(
            const _: &[u8] = include_bytes!(#path);
        )
    });
    quote!(#(#tracked)* #(#warnings)*)
}

/// Each diagnostic as a `compile_error!`.
fn errors(span: proc_macro2::Span, diags: &validgen_codegen::Diagnostics) -> TokenStream {
    let errors = diags.0.iter().map(|d| {
        let msg = d.to_string();
        quote::quote_spanned!(span=> ::core::compile_error!(#msg);)
    });
    quote!(#(#errors)*).into()
}

/// Compiles every template of a catalog folder into a validator; see the crate documentation.
#[cfg(feature = "kubevirt")]
#[proc_macro]
pub fn include_validators(input: TokenStream) -> TokenStream {
    let args = match syn::parse::<Args>(input) {
        Ok(a) => a,
        Err(e) => return e.to_compile_error().into(),
    };
    let ([reference_failures], []) = match args.options(["reference_failures"], []) {
        Ok(v) => v,
        Err(e) => return e.to_compile_error().into(),
    };
    let opts = validgen_codegen::Options { reference_failures };
    let span = args.dir.span();
    match validgen_codegen::compile_dir(&args.folder(), &args.dir.value(), opts) {
        Ok(generated) => {
            let head = tracked_with_warnings(span, &generated.files, &generated.warnings);
            let tokens = generated.tokens;
            quote!(#head #tokens).into()
        }
        Err(diags) => errors(span, &diags),
    }
}

/// Compiles every JSON Schema (and CRD) of a folder into a validator; see the crate
/// documentation.
#[cfg(feature = "json-schema")]
#[proc_macro]
pub fn include_schemas(input: TokenStream) -> TokenStream {
    let args = match syn::parse::<Args>(input) {
        Ok(a) => a,
        Err(e) => return e.to_compile_error().into(),
    };
    let ([assert_formats, strict, reject_unknown_fields], [default_draft, _]) = match args.options(
        ["assert_formats", "strict", "reject_unknown_fields"],
        ["default_draft", "schema_map"],
    ) {
        Ok(v) => v,
        Err(e) => return e.to_compile_error().into(),
    };
    let schema_map = match args.schema_maps() {
        Ok(m) => m,
        Err(e) => return e.to_compile_error().into(),
    };
    let default_draft = match default_draft.map(|lit| draft(&lit)).transpose() {
        Ok(d) => d,
        Err(e) => return e.to_compile_error().into(),
    };
    let opts = validgen_codegen::SchemaOptions {
        assert_formats,
        strict,
        reject_unknown_fields,
        default_draft,
        schema_map,
        cel_rules: cfg!(feature = "crd"),
    };
    let span = args.dir.span();
    match validgen_codegen::compile_schema_dir(&args.folder(), &args.dir.value(), opts) {
        Ok(generated) => {
            let head = tracked_with_warnings(span, &generated.files, &generated.warnings);
            let tokens = generated.tokens;
            quote!(#head #tokens).into()
        }
        Err(diags) => errors(span, &diags),
    }
}

/// The draft `lit` names (`default_draft = "draft-07"`).
#[cfg(feature = "json-schema")]
fn draft(lit: &LitStr) -> syn::Result<validgen_codegen::Draft> {
    validgen_codegen::Draft::from_name(&lit.value()).ok_or_else(|| {
        let names: Vec<String> = validgen_codegen::Draft::ALL
            .iter()
            .map(|d| format!("`{}`", d.name()))
            .collect();
        syn::Error::new(
            lit.span(),
            format!(
                "unknown draft `{}` (expected {})",
                lit.value(),
                names.join(", ")
            ),
        )
    })
}

/// Compiles ytt data-values schemas into validators (each file of a folder, or named schemas of
/// several files or a package's folder); see the crate documentation.
#[cfg(feature = "ytt")]
#[proc_macro]
pub fn include_ytt_schemas(input: TokenStream) -> TokenStream {
    ytt::include_ytt_schemas(input)
}
