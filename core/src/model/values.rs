//! Reading a rule's values and arguments from any [`Document`]: what every KubeVirt-style check
//! shares (a rule without a path, a path with no values, an argument with not exactly one
//! value).

use super::Document;
use crate::ir::{Arg, Path};

/// Our text for a rule without `path` (the reference crashes on it).
pub(crate) const MISSING_KEY: &str = "missing required key";

/// The integers at a rule's path; an error also when there are none.
pub(crate) fn path_ints<D: Document>(doc: &D, path: Option<&Path>) -> Result<Vec<i64>, String> {
    non_empty(doc.ints(path.ok_or(MISSING_KEY)?)?)
}

/// The strings at a rule's path; an error also when there are none.
pub(crate) fn path_strings<D: Document>(
    doc: &D,
    path: Option<&Path>,
) -> Result<Vec<String>, String> {
    non_empty(doc.strings(path.ok_or(MISSING_KEY)?)?)
}

/// An integer argument (`min`, `max`, `minLength`, `maxLength`).
pub(crate) fn int_arg<D: Document>(doc: &D, arg: Option<&Arg<i64>>) -> Result<Option<i64>, String> {
    match arg {
        None => Ok(None),
        Some(Arg::Literal(i)) => Ok(Some(*i)),
        Some(Arg::Path(p)) => one_int(doc, p).map(Some),
    }
}

/// A string argument (an entry of `values`).
pub(crate) fn str_arg<D: Document>(doc: &D, arg: &Arg<String>) -> Result<String, String> {
    match arg {
        Arg::Literal(s) => Ok(s.clone()),
        Arg::Path(p) => one_str(doc, p),
    }
}

/// The single integer of a path-valued argument.
pub(crate) fn one_int<D: Document>(doc: &D, path: &Path) -> Result<i64, String> {
    one(doc.ints(path)?)
}

/// The single string of a path-valued argument.
pub(crate) fn one_str<D: Document>(doc: &D, path: &Path) -> Result<String, String> {
    one(doc.strings(path)?)
}

/// The single value of a path-valued argument (ssp-operator `decodeInt`/`decodeString`).
///
/// # Errors
/// `expected one value, found N`.
pub fn one<T, C: AsRef<[T]> + IntoIterator<Item = T>>(values: C) -> Result<T, String> {
    let n = values.as_ref().len();
    if n == 1
        && let Some(v) = values.into_iter().next()
    {
        return Ok(v);
    }
    Err(format!("expected one value, found {n}"))
}

/// `no values were found` when a path gave none (the reference's `ErrNoValuesFound`).
///
/// # Errors
/// When `values` is empty.
pub fn non_empty<T, C: AsRef<[T]>>(values: C) -> Result<C, String> {
    if values.as_ref().is_empty() {
        Err("no values were found".to_owned())
    } else {
        Ok(values)
    }
}
