//! Resolving rule paths and path-valued arguments on the VM, with the reference's fallback to
//! the reference VM (SEMANTICS §4).

use crate::compiled::{non_empty, one};
use crate::ir::{Arg, Path};
use crate::jsonpath::Found;
use crate::typed::{TypedNode, as_int, as_string};

/// Error text of a path that fails on the VM and on the reference VM.
const INVALID_JSONPATH: &str = "invalid JSONPath";
/// Our text for a rule without `path` (the reference crashes on it).
const MISSING_KEY: &str = "missing required key";

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
    /// `invalid JSONPath` when both fail, or when the reference crashes on the VM
    /// ([`crate::jsonpath::EvalError::is_crash`]; SEMANTICS §11).
    pub fn find(&self, path: &Path) -> Result<Values<'a>, String> {
        match path.as_jsonpath().find(self.vm, false) {
            Ok(values) => Ok(values),
            Err(e) if e.is_crash() => Err(INVALID_JSONPATH.to_owned()),
            Err(_) => path
                .as_jsonpath()
                .find(self.reference, false)
                .map_err(|_| INVALID_JSONPATH.to_owned()),
        }
    }

    /// `valid`: evaluated on the VM only; an error or no values means the rule does not apply.
    ///
    /// # Errors
    /// `invalid JSONPath` where the reference crashes (the rule fails, SEMANTICS §11).
    pub fn applies(&self, valid: &Path) -> Result<bool, String> {
        match valid.as_jsonpath().find(self.vm, false) {
            Ok(values) => Ok(!values.is_empty()),
            Err(e) if e.is_crash() => Err(INVALID_JSONPATH.to_owned()),
            Err(_) => Ok(false),
        }
    }

    /// The integers at a rule's path; an error also when there are none.
    pub fn path_ints(&self, path: Option<&Path>) -> Result<Vec<i64>, String> {
        non_empty(ints(&self.find(path.ok_or(MISSING_KEY)?)?)?)
    }

    /// The strings at a rule's path; an error also when there are none.
    pub fn path_strings(&self, path: Option<&Path>) -> Result<Vec<String>, String> {
        let found = self.find(path.ok_or(MISSING_KEY)?)?;
        non_empty(strings(&found)?)
    }

    /// An integer argument (`min`, `max`, `minLength`, `maxLength`).
    pub fn int_arg(&self, arg: Option<&Arg<i64>>) -> Result<Option<i64>, String> {
        match arg {
            None => Ok(None),
            Some(Arg::Literal(i)) => Ok(Some(*i)),
            Some(Arg::Path(p)) => self.one_int(p).map(Some),
        }
    }

    /// A string argument (an entry of `values`).
    pub fn str_arg(&self, arg: &Arg<String>) -> Result<String, String> {
        match arg {
            Arg::Literal(s) => Ok(s.clone()),
            Arg::Path(p) => self.one_str(p),
        }
    }

    /// The single integer of a path-valued argument.
    ///
    /// # Errors
    /// The path fails, a value is not an integer, or there is not exactly one value.
    pub fn one_int(&self, path: &Path) -> Result<i64, String> {
        one(ints(&self.find(path)?)?)
    }

    /// The single string of a path-valued argument.
    ///
    /// # Errors
    /// The path fails, or there is not exactly one value.
    pub fn one_str(&self, path: &Path) -> Result<String, String> {
        one(strings(&self.find(path)?)?)
    }
}

fn ints(found: &[Found<TypedNode<'_>>]) -> Result<Vec<i64>, String> {
    found
        .iter()
        .map(|f| as_int(f).map_err(|e| e.rule_text()))
        .collect()
}

fn strings(found: &[Found<TypedNode<'_>>]) -> Result<Vec<String>, String> {
    found
        .iter()
        .map(|f| as_string(f).map_err(|e| e.rule_text()))
        .collect()
}
