//! Kubernetes CEL as the API server runs it, offline: one environment for the CRD rules
//! (`x-kubernetes-validations`, in `validgen-crd`) and the ValidatingAdmissionPolicy evaluator
//! (`validgen-vap-eval`).
//!
//! - [`mod@env`]: the functions: kube-cel 0.8's Kubernetes libraries on cel 0.13, with Go's
//!   quantity (`AsInt64`), regexp and `time.ParseDuration` semantics and cel-go's `size`
//!   where those differ, and cel-go's error texts ([`env::error_text`]);
//! - [`names`]: CEL's reserved words and the API server's escaping of property names;
//! - [`macros`]: the API server's macros cel 0.13's parser leaves calls, run;
//! - [`mod@parse`]: the parser as the API server's environment sets it (optional syntax on);
//! - [`run`]: a program run with cel-go's choice of error (the left one of `a || b`);
//! - [`check`]: the API server's compile-time type check and cost estimate of an expression
//!   (cel-go's checker and `checker.Cost`, which cel 0.13 lacks);
//! - [`cost`]: an upper bound of cel-go's runtime cost, charged before each expression runs
//!   against the API server's budgets.

pub mod check;
pub mod cost;
pub mod env;
pub mod macros;
pub mod names;
pub mod parse;
pub mod run;

pub use cost::{Budget, OUT_OF_BUDGET, PER_BINDING_BUDGET};
pub use env::{Quantities, context, error_text};
pub use parse::{PARSER_PANICKED, parse, parse_to_run};
pub use run::{execute, execute_expression};
