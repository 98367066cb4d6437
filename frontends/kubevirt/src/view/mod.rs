//! Read-only JSON as generated validators and the admission decision read it: either a parsed
//! `serde_json::Value`, or the [`Kept`] values of the single pass over `AdmissionReview` bytes
//! ([`crate::extract`]), which live in an arena and borrow their strings from the body.
//!
//! Generated rule-set functions are generic over [`JsonView`], so that the same code runs on
//! both without converting one into the other.

mod instance;
mod kept;

use std::borrow::Cow;

use serde_json::Value;

pub use kept::Kept;

/// Maps (labels, annotations, …) up to this many entries are searched entry by entry (faster
/// than hashing the key with SipHash, which `serde_json`'s `preserve_order` map does).
const LINEAR_LOOKUP: usize = 16;

/// A JSON value read in place. Every method answers as the same method of `serde_json::Value`
/// would on the equivalent `Value` ([`JsonView::to_value`]).
pub trait JsonView: Sized {
    /// JSON `null`.
    fn is_null(&self) -> bool;

    /// The text of a string (`None` for other values), as `Value::as_str`.
    fn as_str(&self) -> Option<&str>;

    /// A number that fits an `i64` (`None` for other values), as `Value::as_i64`.
    fn as_i64(&self) -> Option<i64>;

    /// A number that fits a `u64` (`None` for other values), as `Value::as_u64`.
    fn as_u64(&self) -> Option<u64>;

    /// The elements of an array (`None` for other values).
    fn as_array(&self) -> Option<&[Self]>;

    /// The entry `key` of an object, found by comparing keys in order: for the objects of Go
    /// structs, which hold a handful of keys (`None` for other values).
    fn field(&self, key: &str) -> Option<&Self>;

    /// The entry `key` of an object of any size, as `Value::get` (`None` for other values).
    fn get(&self, key: &str) -> Option<&Self>;

    /// This value as a `Value`: borrowed when it is one, built otherwise (for the runtime's
    /// JSONPath evaluation and the rarer conversions, which read `Value`).
    fn to_value(&self) -> Cow<'_, Value>;
}

impl JsonView for Value {
    #[inline]
    fn is_null(&self) -> bool {
        Value::is_null(self)
    }

    #[inline]
    fn as_str(&self) -> Option<&str> {
        Value::as_str(self)
    }

    #[inline]
    fn as_i64(&self) -> Option<i64> {
        Value::as_i64(self)
    }

    #[inline]
    fn as_u64(&self) -> Option<u64> {
        Value::as_u64(self)
    }

    #[inline]
    fn as_array(&self) -> Option<&[Value]> {
        Value::as_array(self).map(Vec::as_slice)
    }

    #[inline]
    fn field(&self, key: &str) -> Option<&Value> {
        // A scan whatever the size (lengths compared first): a decoded VM's objects hold at
        // most their Go struct's fields (unknown keys are dropped).
        let Value::Object(m) = self else {
            return None;
        };
        m.iter().find(|(k, _)| k.as_str() == key).map(|(_, v)| v)
    }

    #[inline]
    fn get(&self, key: &str) -> Option<&Value> {
        let Value::Object(m) = self else {
            return None;
        };
        if m.len() <= LINEAR_LOOKUP {
            m.iter().find(|(k, _)| k.as_str() == key).map(|(_, v)| v)
        } else {
            m.get(key)
        }
    }

    #[inline]
    fn to_value(&self) -> Cow<'_, Value> {
        Cow::Borrowed(self)
    }
}
