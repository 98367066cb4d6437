//! validgen: KubeVirt template validation rules, evaluated with the reference's verdicts and
//! compiled into specialised Rust validators.
//!
//! This facade re-exports the runtime ([`validgen_runtime`]).
pub use validgen_runtime::*;
