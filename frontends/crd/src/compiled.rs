//! What the validators `include_schemas!` generates for a CRD version call (`<name>_judge`):
//! the API server's pipeline ([`crate::judge_with`]) with the compiled structural validator,
//! and CEL rules compiled into Rust where their shape allows ([`crate::cel::lower`]), the
//! interpreter for the others and wherever compiled code cannot tell.
//!
//! A compiled rule returns its verdict and the cost [`validgen_cel::Budget`] charges for it
//! (so budgets and the API server's cost errors are unchanged), or `None`: an evaluation
//! error, a value of a shape its code does not read, or anything else it is not certain of.
//! The interpreter then runs the rule as if it had no compiled code, and words the error.

use serde_json::Value;
use validgen_core::ir::Violation;

use crate::cel::{CelRules, CompileError};
use crate::field_error::{ErrorType, FieldError};
use crate::judge::{Answer, Found, judge_with};
use crate::subresources::Subresources;

/// A rule's compiled code: `self` (the rule's node in the prepared object) to its verdict and
/// cost, or `None` when the interpreter must run it.
pub type RuleFn = fn(&Value) -> Option<(bool, u64)>;

/// A compiled rule: the JSON Pointer of its node in the schema (`/properties/spec`), its index
/// in the node's `x-kubernetes-validations`, its code. Tables are sorted by pointer and index.
pub type FastRule = (&'static str, usize, RuleFn);

/// A CRD version's generated `<name>_judge`, listed in `CRD_JUDGES`.
#[derive(Debug, Clone, Copy)]
pub struct Judge {
    /// The validator's name (`gateway_v1`).
    pub name: &'static str,
    /// Its file, relative to the catalog, and version (`gateways.yaml (version v1)`).
    pub file: &'static str,
    /// The API server's answer for an object, with the old object on an update.
    pub judge: fn(&Value, Option<&Value>) -> Answer,
    /// Its rules compiled into Rust.
    pub compiled: &'static [FastRule],
    /// How many CEL rules the version holds in all.
    pub rules: usize,
}

/// A CRD version prepared once: its schema and CEL rules, with their compiled code.
#[derive(Debug)]
pub struct Crd {
    schema: Value,
    subresources: Subresources,
    cel: Result<CelRules, Vec<CompileError>>,
}

impl Crd {
    /// The version whose `openAPIV3Schema` is the JSON text `schema` and `subresources` the
    /// JSON text `subresources` (`null` for none), with the compiled rules `fast` (sorted by
    /// pointer and index). The rules were checked when the validator was generated; should
    /// they not compile here, every answer says so (never a pass).
    pub fn new(schema: &str, subresources: &str, fast: &'static [FastRule]) -> Crd {
        let schema: Value = serde_json::from_str(schema).unwrap_or(Value::Null);
        let subresources =
            Subresources::of(&serde_json::from_str(subresources).unwrap_or(Value::Null));
        let cel = CelRules::compile(&schema).map(|rules| rules.with_compiled(fast));
        Crd {
            schema,
            subresources,
            cel,
        }
    }

    /// The API server's answer for `object` (with `old`, as an update of it), the structural
    /// violations given by `structural` (the compiled validator of the schema, on the
    /// prepared object).
    pub fn judge(
        &self,
        structural: &dyn Fn(&Value) -> Vec<Violation>,
        object: &Value,
        old: Option<&Value>,
    ) -> Answer {
        match &self.cel {
            Ok(cel) => judge_with(
                &self.schema,
                structural,
                Some(cel),
                &self.subresources,
                object,
                old,
            ),
            Err(errors) => {
                let detail = errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ");
                let error = FieldError {
                    error_type: ErrorType::Internal,
                    field: "<nil>".to_owned(),
                    bad_value: None,
                    detail: format!("the CRD's CEL rules do not compile: {detail}"),
                };
                let mut answer = judge_with(
                    &self.schema,
                    structural,
                    None,
                    &self.subresources,
                    object,
                    old,
                );
                answer.errors.push(Found::new(error, "", ""));
                answer
            }
        }
    }
}

/// The size cost of a string (cel-go's `StringTraversalCostFactor`, 0.1 a byte rounded up, as
/// [`validgen_cel::Budget`] charges it).
pub fn str_cost(s: &str) -> u64 {
    (s.len() as u64).div_ceil(10)
}

/// The size cost of a list or map of `n` entries.
pub fn len_cost(n: usize) -> u64 {
    n as u64
}

/// A string's `size()`: its code points (cel-go's).
pub fn str_size(s: &str) -> i64 {
    i64::try_from(s.chars().count()).unwrap_or(i64::MAX)
}

/// A list's or map's `size()`.
pub fn len_size(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
