//! validgen: declarative validation rules compiled into specialised Rust validators, with the
//! verdicts of the systems that define them: KubeVirt template rules
//! (`vm.kubevirt.io/validations`, as the reference template validator of
//! kubevirt/ssp-operator), JSON Schema and Kubernetes CRD schemas, Carvel ytt data-values
//! schemas and validations (as ytt 0.48), and Kyverno CLI test manifests.
//!
//! This facade re-exports the core ([`validgen_core`]: the rule IR ([`ir`]), document models
//! ([`model`]), the interpreter ([`interpret`]), reports), one crate per frontend behind a
//! cargo feature of the same name (`kubevirt`, `json-schema`, `crd`, `ytt`, `kyverno`, all on
//! by default), and the macros (feature `macros`). From the KubeVirt frontend it names the
//! rule-set parser ([`rules`]), VMs decoded as the reference does ([`typed`]), and the whole
//! admission decision ([`admission`]).
//!
//! ```
//! use serde_json::json;
//! use validgen::admission::{decide, Catalog, Mode};
//!
//! let vm = json!({
//!     "apiVersion": "kubevirt.io/v1",
//!     "kind": "VirtualMachine",
//!     "metadata": {
//!         "name": "small",
//!         "annotations": {
//!             "vm.kubevirt.io/validations": r#"[{
//!                 "name": "minimal-required-memory",
//!                 "path": "jsonpath::.spec.domain.memory.guest",
//!                 "rule": "integer",
//!                 "message": "This VM requires more memory.",
//!                 "min": 1610612736
//!             }]"#
//!         }
//!     },
//!     "spec": {"template": {"spec": {"domain": {"memory": {"guest": "1Gi"}}}}}
//! });
//! let d = decide(&vm, &Catalog::new(), Mode::Admitted);
//! assert!(!d.allowed);
//! assert_eq!(d.code, Some(422));
//! assert_eq!(
//!     d.message.as_deref(),
//!     Some("This VM requires more memory.: value 1073741824 is lower than minimum [1610612736]")
//! );
//! ```
//!
//! # Compiled validators: `include_validators!`
//!
//! `include_validators!("<folder>")` compiles every Template of a catalog folder (relative to
//! the crate's `Cargo.toml`) at build time. For each template it expands to a
//! `pub fn <template_name_in_snake_case>(vm: &serde_json::Value, explain: Explain) -> Report`
//! (the template's rules on a decoded VM, as the reference's `Evaluate`; `Explain::All` explains
//! every rule, `Explain::Failures` only the failed ones), and to `pub static CATALOG`, which
//! takes the full admission decision and runs the compiled rules where a VM carries one of the
//! catalog's rule texts (any other text goes to the interpreter). Problems in the catalog are
//! compile errors located in the YAML files; `reference_failures = true` compiles rules the
//! reference fails at run time into that failure instead. A build script with
//! [`build::rerun_if_changed`] rebuilds when template files are added or removed.
//!
//! ```
//! validgen::include_validators!(
//!     "examples/other-templates/kubevirt-template-validator",
//!     // One template there has a rule of the unknown kind `value-set`.
//!     reference_failures = true
//! );
//!
//! use validgen::admission::Mode;
//!
//! let vm = validgen::serde_json::json!({
//!     "apiVersion": "kubevirt.io/v1",
//!     "kind": "VirtualMachine",
//!     "metadata": {"name": "vm", "annotations": {
//!         "vm.kubevirt.io/template": "fedora-desktop-small-with-rules",
//!         "vm.kubevirt.io/template-namespace": "default"
//!     }},
//!     "spec": {"template": {"spec": {"domain": {
//!         "cpu": {"cores": 2},
//!         "machine": {"type": "pc-q35"},
//!         "resources": {"requests": {"memory": "128M"}}
//!     }}}}
//! });
//! let report = fedora_desktop_small_with_rules(&vm, validgen::interpret::Explain::All);
//! assert_eq!(report.rules.len(), 3);
//! let d = CATALOG.decide(&vm, Mode::Admitted);
//! assert!(!d.allowed);
//! assert_eq!(
//!     d.message.as_deref(),
//!     Some("Machine type is a supported value: Some of [pc-q35] are not in [q35]")
//! );
//! ```
//!
//! # Compiled JSON Schemas: `include_schemas!`
//!
//! `include_schemas!("<folder>")` compiles every JSON Schema of a folder (and every version of
//! a CRD there) with the JSON Schema frontend ([`json_schema`]): per schema a
//! `pub fn <name>(doc: &serde_json::Value, explain: Explain) -> DocumentReport`, its `_text`
//! twin for JSON or YAML text (violations located at `line:column`), and `SCHEMAS`, which
//! describes violations in the schema's words (`errorMessage`) or in the style of the
//! `jsonschema` crate. With the feature `crd`, each CRD version also gets `<name>_judge`, the
//! API server's whole answer with its CEL rules ([`crd`]), listed in `CRD_JUDGES`.
//!
//! ```
//! validgen::include_schemas!("examples/bundle-scopes/grammar");
//!
//! use validgen::interpret::Explain;
//!
//! let text = "name: metrics\nversion: 1.0.0\ncontainers:\n  - name: exporter\n    image: e:1\n    runAsRoot: true\n";
//! let report = addon_bundle_schema_text(text, Explain::Failures)?;
//! assert!(report.report.failed());
//! let v = &report.violations[0];
//! assert_eq!(v.location, "/containers/0/runAsRoot");
//! assert_eq!((v.span.unwrap().line, v.span.unwrap().column), (6, 16));
//! let doc = validgen::model::Yaml::parse(text)?;
//! assert_eq!(
//!     SCHEMAS[0].describe(v, doc.value()),
//!     "only the realtime scope may run containers as root"
//! );
//! # Ok::<(), validgen::model::YamlError>(())
//! ```
// The curated surface: the core, one crate per frontend behind its feature, the KubeVirt
// frontend's modules under the names users know, and the dialects' main types.
pub use validgen_core::{interpret, ir, model, report, serde_json};
pub use validgen_goregex::GoRegex;
pub use validgen_jsonpath::JsonPath;
pub use validgen_quantity::Quantity;

#[cfg(feature = "crd")]
pub use validgen_crd as crd;
#[cfg(feature = "json-schema")]
pub use validgen_json_schema as json_schema;
#[cfg(feature = "kubevirt")]
pub use validgen_kubevirt as kubevirt;
#[cfg(feature = "kubevirt")]
pub use validgen_kubevirt::compiled::{CompiledCatalog, CompiledTemplate};
#[cfg(feature = "kubevirt")]
pub use validgen_kubevirt::{admission, extract, manifest, rules, typed, view};
#[cfg(feature = "kyverno")]
pub use validgen_kyverno as kyverno;
#[cfg(feature = "ytt")]
pub use validgen_ytt as ytt;

pub mod build;

/// What generated code calls: not part of the public interface. Its name carries the version
/// of this crate, and the code generator (`validgen-codegen`, through the macros and `validgen
/// generate`) writes the name of its own version, so that generated code and a facade of
/// another version fail to compile instead of drifting.
#[doc(hidden)]
pub mod __private_0_1_0 {
    pub use validgen_core::{checks, interpret, ir, model, serde_json};
    #[cfg(feature = "crd")]
    pub use validgen_crd as crd;
    pub use validgen_ecmaregex as ecmaregex;
    pub use validgen_format as format;
    pub use validgen_goregex as goregex;
    #[cfg(feature = "json-schema")]
    pub use validgen_json_schema as json_schema;
    pub use validgen_jsonpath as jsonpath;
    // KubeVirt's `compiled` re-exports the core's, which generated documents call alone.
    #[cfg(not(feature = "kubevirt"))]
    pub use validgen_core::compiled;
    #[cfg(feature = "kubevirt")]
    pub use validgen_kubevirt::{capture, compiled};
    #[cfg(feature = "ytt")]
    pub use validgen_ytt as ytt;
}

// Each macro with the frontend its generated code calls.
#[cfg(all(feature = "macros", feature = "json-schema"))]
pub use validgen_macros::include_schemas;
#[cfg(all(feature = "macros", feature = "kubevirt"))]
pub use validgen_macros::include_validators;
#[cfg(all(feature = "macros", feature = "ytt"))]
pub use validgen_macros::include_ytt_schemas;

#[cfg(test)]
mod tests {
    /// The private module's name is this crate's version, as the code generator writes it.
    #[test]
    fn private_module_carries_the_version() {
        assert_eq!(
            env!("CARGO_PKG_VERSION"),
            "0.1.0",
            "rename `__private_0_1_0`"
        );
    }
}
