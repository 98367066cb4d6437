//! validgen: KubeVirt template validation rules (`vm.kubevirt.io/validations`) evaluated with
//! the verdicts of the reference template validator (kubevirt/ssp-operator), and compiled into
//! specialised Rust validators.
//!
//! This facade re-exports the runtime ([`validgen_runtime`]): parse rule sets ([`rules`]),
//! decode VMs as the reference does ([`typed`]), evaluate ([`interpret`]), and take the whole
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
pub use validgen_runtime::*;

pub mod build;

#[cfg(feature = "macros")]
pub use validgen_macros::include_validators;
