//! A document to validate against schemas, as it was read: a JSON value read in one pass
//! into a [`Tape`] (serde_json's reading, positions from byte offsets), or any other
//! document read as YAML (JSON included when the tape refuses it, so that what is not one
//! JSON value reads as it always did).

use std::borrow::Cow;

use serde_json::Value;
use validgen_core::interpret::{DocumentReport, Explain, evaluate_document};
use validgen_core::ir::{RuleSet, Span};
use validgen_core::model::{Instance, Tape, Yaml};

/// One document of a stream, read.
pub(super) enum Parsed<'a> {
    /// Read as YAML, with the position of every value.
    Yaml(&'a Yaml),
    /// A JSON value read into a tape.
    Json(&'a Tape<'a>),
}

impl Parsed<'_> {
    /// The position of the value at a JSON Pointer (`""`: the document), in the piece.
    pub(super) fn span(&self, pointer: &str) -> Option<Span> {
        match self {
            Parsed::Yaml(y) => y.span(pointer),
            Parsed::Json(t) => t.span(pointer),
        }
    }

    /// The string reached from the document by the object keys `keys`, if it is one.
    pub(super) fn string(&self, keys: &[&str]) -> Option<&str> {
        match self {
            Parsed::Yaml(y) => keys.iter().try_fold(y.value(), |v, k| v.get(k))?.as_str(),
            Parsed::Json(t) => keys.iter().try_fold(t.root(), |v, k| v.get(k))?.as_str(),
        }
    }

    /// The report of `rules` on the document (every violation), each violation located.
    pub(super) fn evaluate(&self, rules: &RuleSet) -> DocumentReport {
        match self {
            Parsed::Yaml(y) => {
                let mut report = evaluate_document(rules, &y.document(), Explain::Failures);
                y.locate(&mut report);
                report
            }
            Parsed::Json(t) => {
                let mut report = evaluate_document(rules, *t, Explain::Failures);
                t.locate(&mut report);
                report
            }
        }
    }

    /// The document as a `Value` (violation texts quote its values): built from a tape.
    pub(super) fn value(&self) -> Cow<'_, Value> {
        match self {
            Parsed::Yaml(y) => Cow::Borrowed(y.value()),
            Parsed::Json(t) => t.root().to_value(),
        }
    }
}
