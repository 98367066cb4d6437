//! The KubeVirt VM as a [`Document`]: rule paths resolved on the Go-typed VM, with the
//! reference's fallback to the reference VM (SEMANTICS §4), and found values converted as the
//! reference converts them (`AsInt64` quantities, Go string forms).

use serde_json::Value;

use super::{TypedNode, TypedVm, as_int, as_string, reference_vm};
use crate::rules::ReferenceTexts;
use validgen_core::interpret::{Explain, Report, evaluate_rules};
use validgen_core::ir::Path;
use validgen_core::ir::RuleSet;
use validgen_core::model::{Document, instance_location};
use validgen_jsonpath::Found;

/// Error text of a path that fails on the VM and on the reference VM.
const INVALID_JSONPATH: &str = "invalid JSONPath";

/// Where paths are looked up: the VM, then the reference VM.
#[derive(Debug, Clone, Copy)]
pub struct Lookup<'a> {
    vm: TypedNode<'a>,
    reference: TypedNode<'a>,
}

type Values<'a> = Vec<Found<TypedNode<'a>>>;

impl<'a> Lookup<'a> {
    /// Lookups on `vm` that fall back to `reference`.
    pub fn new(vm: TypedNode<'a>, reference: TypedNode<'a>) -> Self {
        Lookup { vm, reference }
    }

    /// The values of `path` on the VM, else on the reference VM (any evaluation error
    /// triggers the retry; a conversion error of found values does not).
    ///
    /// # Errors
    /// `invalid JSONPath` when both fail, when the reference crashes on the VM
    /// ([`validgen_jsonpath::EvalError::is_crash`]; SEMANTICS §11), or for a path that is not a
    /// client-go JSONPath (KubeVirt rules have no other).
    pub fn find(&self, path: &Path) -> Result<Values<'a>, String> {
        let jsonpath = path.as_jsonpath().ok_or(INVALID_JSONPATH)?;
        match jsonpath.find(self.vm, false) {
            Ok(values) => Ok(values),
            Err(e) if e.is_crash() => Err(INVALID_JSONPATH.to_owned()),
            Err(_) => jsonpath
                .find(self.reference, false)
                .map_err(|_| INVALID_JSONPATH.to_owned()),
        }
    }
}

/// The JSON of a zero value (a nil pointer, an absent field).
static NULL: Value = Value::Null;

impl Document for Lookup<'_> {
    type Instance<'b>
        = &'b Value
    where
        Self: 'b;

    fn ints(&self, path: &Path) -> Result<Vec<i64>, String> {
        self.find(path)?
            .iter()
            .map(|f| as_int(f).map_err(|e| e.rule_text()))
            .collect()
    }

    fn strings(&self, path: &Path) -> Result<Vec<String>, String> {
        self.find(path)?
            .iter()
            .map(|f| as_string(f).map_err(|e| e.rule_text()))
            .collect()
    }

    /// `valid`: evaluated on the VM only; an error or no values means the rule does not apply,
    /// except where the reference crashes: `invalid JSONPath`, the rule fails (SEMANTICS §11).
    fn present(&self, valid: &Path) -> Result<bool, String> {
        let jsonpath = valid.as_jsonpath().ok_or(INVALID_JSONPATH)?;
        match jsonpath.find(self.vm, false) {
            Ok(values) => Ok(!values.is_empty()),
            Err(e) if e.is_crash() => Err(INVALID_JSONPATH.to_owned()),
            Err(_) => Ok(false),
        }
    }

    /// The decoded JSON of the found values (`null` for zero values); a literal of the
    /// template has no place in the VM and fails the path.
    fn instances(&self, path: &Path) -> Result<Vec<(String, &Value)>, String> {
        let found = self.find(path)?;
        let n = found.len();
        found
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let node = f.as_node().ok_or(INVALID_JSONPATH)?;
                Ok((instance_location(path, i, n), node.json().unwrap_or(&NULL)))
            })
            .collect()
    }
}

/// Evaluates every rule of `rules` against `vm`, in order, without short-circuit
/// (ssp-operator `Evaluate`), explaining every rule ([`Explain::All`]) with the reference's
/// texts ([`ReferenceTexts`]).
pub fn evaluate(rules: &RuleSet, vm: &TypedVm) -> Report {
    evaluate_with(rules, vm, Explain::All)
}

/// As [`evaluate`], with the explanations `explain` asks for.
pub fn evaluate_with(rules: &RuleSet, vm: &TypedVm, explain: Explain) -> Report {
    // KubeVirt rules have no document checks; were there any, their violations are in the
    // rules' detail texts.
    let lookup = Lookup::new(vm.root(), reference_vm());
    evaluate_rules(rules, &lookup, explain, &ReferenceTexts).0
}
