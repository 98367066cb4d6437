//! Document models: how rules read the document they judge.
//!
//! - [`Instance`]: one value of a document, read as JSON (a JSON Schema *instance*): plain JSON
//!   ([`serde_json::Value`]) implements it here.
//!   A [`Tape`] is a JSON document read from bytes in one pass, without a `Value`; a [`Scalar`]
//!   is one value that holds no other, read by the [`reader`] of streamed passes, and a
//!   [`Shell`] an array or object such a pass has read, by its type and size alone.
//! - [`Document`]: a whole document as the interpreter reads it: rule paths resolved to values
//!   (with the model's own rules, e.g. the KubeVirt VM's Go types and reference-VM fallback in
//!   `validgen-kubevirt`'s `typed::Lookup`), values converted to integers and strings, and the instances a
//!   document check applies to. [`Plain`] is a plain JSON document; [`Yaml`] a YAML one read
//!   with the position of every value, which it gives to a report's violations.
//!
//! The interpreter ([`crate::interpret`]) is generic over [`Document`].

mod compare;
mod plain;
pub mod reader;
mod scalar;
mod tape;
pub mod values;
mod yaml;

use std::borrow::Cow;

use serde_json::{Number, Value};

pub use crate::ir::JsonType;
use crate::ir::Path;

pub(crate) use compare::json_eq_by;
pub use compare::{json_eq, number_cmp};
pub use plain::{Plain, is_integral};
pub use scalar::{Scalar, Shell};
pub use tape::short_escape;
pub use tape::{JsonError, Tape, TapeValue};
pub use yaml::{Yaml, YamlError, YamlVersion, parse_stream, yaml_message};

/// One value of a document, read in place. Cheap to copy (a reference).
pub trait Instance<'a>: Copy {
    /// The value's type; numbers with a zero fractional part are [`JsonType::Integer`].
    fn json_type(self) -> JsonType;

    /// A boolean's value.
    fn as_bool(self) -> Option<bool>;

    /// A number's value.
    fn as_number(self) -> Option<&'a Number>;

    /// A string's text.
    fn as_str(self) -> Option<&'a str>;

    /// An array's length (`None` for other values).
    fn array_len(self) -> Option<usize>;

    /// Element `i` of an array.
    fn item(self, i: usize) -> Option<Self>;

    /// An object's number of entries (`None` for other values).
    fn object_len(self) -> Option<usize>;

    /// An object's entries (key, value), in document order (none for other values): read in
    /// place, without looking each key up again.
    fn entries(self) -> impl Iterator<Item = (&'a str, Self)>;

    /// An object's keys, in document order (none for other values).
    fn keys(self) -> impl Iterator<Item = &'a str> {
        self.entries().map(|(k, _)| k)
    }

    /// An object's entry `key`.
    fn get(self, key: &str) -> Option<Self>;

    /// The value as a [`Value`] (borrowed where it is one), for equality and for texts.
    fn to_value(self) -> Cow<'a, Value>;
}

/// A document as the interpreter reads it. Errors are the rule's error texts.
pub trait Document {
    /// The document's values.
    type Instance<'a>: Instance<'a>
    where
        Self: 'a;

    /// The integers at `path` (a rule's values or an integer argument), in order.
    ///
    /// # Errors
    /// The path fails on the document, or a value is not an integer.
    fn ints(&self, path: &Path) -> Result<Vec<i64>, String>;

    /// The strings at `path`, in order.
    ///
    /// # Errors
    /// The path fails on the document, or a value has no string form.
    fn strings(&self, path: &Path) -> Result<Vec<String>, String>;

    /// Whether a [`crate::ir::Guard::Present`] path yields values.
    ///
    /// # Errors
    /// Where the model fails the rule instead (KubeVirt: where the reference crashes).
    fn present(&self, path: &Path) -> Result<bool, String>;

    /// The values at `path` with their locations (a JSON Pointer, RFC 6901, when the path is
    /// one; else the path's text and the value's index), for document checks.
    ///
    /// # Errors
    /// The path fails on the document.
    fn instances(&self, path: &Path) -> Result<Vec<(String, Self::Instance<'_>)>, String>;

    /// Whether `holds` is true of every value at `path` (of none: true), for a verdict: no
    /// location is built, and a model that finds a JSON Pointer's one value (or none) in place
    /// overrides it to build no list either. Stops at the first value it is false of.
    ///
    /// # Errors
    /// The path fails on the document (as [`Document::instances`]).
    fn all_instances<'s>(
        &'s self,
        path: &Path,
        holds: &mut dyn FnMut(Self::Instance<'s>) -> bool,
    ) -> Result<bool, String> {
        Ok(self.instances(path)?.into_iter().all(|(_, v)| holds(v)))
    }

    /// The integers at a rule's path; an error also when there are none or the rule has no
    /// path.
    ///
    /// # Errors
    /// As [`Document::ints`], and `no values were found`, `missing required key`.
    fn path_ints(&self, path: Option<&Path>) -> Result<Vec<i64>, String>
    where
        Self: Sized,
    {
        values::path_ints(self, path)
    }

    /// The strings at a rule's path; an error also when there are none or the rule has no
    /// path.
    ///
    /// # Errors
    /// As [`Document::strings`], and `no values were found`, `missing required key`.
    fn path_strings(&self, path: Option<&Path>) -> Result<Vec<String>, String>
    where
        Self: Sized,
    {
        values::path_strings(self, path)
    }

    /// The single integer of a path-valued argument.
    ///
    /// # Errors
    /// The path fails, a value is not an integer, or there is not exactly one value.
    fn one_int(&self, path: &Path) -> Result<i64, String>
    where
        Self: Sized,
    {
        values::one_int(self, path)
    }

    /// The single string of a path-valued argument.
    ///
    /// # Errors
    /// The path fails, or there is not exactly one value.
    fn one_str(&self, path: &Path) -> Result<String, String>
    where
        Self: Sized,
    {
        values::one_str(self, path)
    }
}

/// A borrowed document reads as the document (generated validators take their document by
/// value: a `Plain` copied, a `&Tape` lent).
impl<D: Document + ?Sized> Document for &D {
    type Instance<'a>
        = D::Instance<'a>
    where
        Self: 'a;

    fn ints(&self, path: &Path) -> Result<Vec<i64>, String> {
        (**self).ints(path)
    }

    fn strings(&self, path: &Path) -> Result<Vec<String>, String> {
        (**self).strings(path)
    }

    fn present(&self, path: &Path) -> Result<bool, String> {
        (**self).present(path)
    }

    fn instances(&self, path: &Path) -> Result<Vec<(String, Self::Instance<'_>)>, String> {
        (**self).instances(path)
    }

    fn all_instances<'s>(
        &'s self,
        path: &Path,
        holds: &mut dyn FnMut(Self::Instance<'s>) -> bool,
    ) -> Result<bool, String> {
        (**self).all_instances(path, holds)
    }
}

/// The integers among `values`, for [`Document::ints`] of a model whose values are
/// [`Instance`]s; an error names the type of the first value that is not one.
pub(crate) fn instance_ints<'a, I: Instance<'a>>(values: Vec<I>) -> Result<Vec<i64>, String> {
    values
        .into_iter()
        .map(|v| {
            v.as_number()
                .and_then(Number::as_i64)
                .ok_or_else(|| format!("{} is not an integer", v.json_type().name()))
        })
        .collect()
}

/// The strings among `values`, for [`Document::strings`] (see [`instance_ints`]).
pub(crate) fn instance_strings<'a, I: Instance<'a>>(values: Vec<I>) -> Result<Vec<String>, String> {
    values
        .into_iter()
        .map(|v| {
            v.as_str()
                .map(str::to_owned)
                .ok_or_else(|| format!("{} is not a string", v.json_type().name()))
        })
        .collect()
}

/// `values` found at `path` with their locations, for [`Document::instances`].
pub(crate) fn located<I>(path: &Path, values: Vec<I>) -> Vec<(String, I)> {
    let n = values.len();
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| (instance_location(path, i, n), v))
        .collect()
}

/// The location of value `i` of the `n` values found at `path`, as [`Document::instances`]
/// gives it: the path's text, with the value's index when a JSONPath found several.
pub fn instance_location(path: &Path, i: usize, n: usize) -> String {
    if n == 1 || matches!(path.syntax, crate::ir::Syntax::Pointer(_)) {
        path.expr.clone()
    } else {
        format!("{}[{i}]", path.expr)
    }
}
