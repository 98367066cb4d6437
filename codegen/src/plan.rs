//! Planning a rule path at build time: a path made only of field and array steps becomes a
//! static walk with every JSON key, pointer and container kind resolved against the KubeVirt Go
//! types; anything else (filters, `..`, `.*`, unions, literals, several actions) is left to the
//! runtime evaluator.
//!
//! Plain documents (JSON Schema, ytt) have no types to plan against: their paths are all
//! [`PathPlan::Dynamic`], and without the `kubevirt` feature that is the only plan.

/// How a path is evaluated.
#[derive(Debug, Clone, PartialEq)]
pub enum PathPlan {
    /// By generated code.
    #[cfg(feature = "kubevirt")]
    Static(StaticPath),
    /// By the runtime JSONPath evaluator on the typed view.
    Dynamic,
}

#[cfg(feature = "kubevirt")]
mod typed;
#[cfg(feature = "kubevirt")]
pub use typed::{StaticPath, Step, Terminal, UnknownField, plan, terminal};
