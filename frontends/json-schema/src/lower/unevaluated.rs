//! `unevaluatedProperties` and `unevaluatedItems` (2019-09 and 2020-12): the schema object's
//! other keywords become the [`Check::Unevaluated`] whose evaluated set they make.

use serde_json::Value;

use super::{Here, Lowerer, keyword};
use crate::draft::Draft;
use crate::error::child;
use validgen_core::ir::Check;

/// The keywords, of the drafts that have them.
const KEYWORDS: [&str; 2] = ["unevaluatedProperties", "unevaluatedItems"];

/// Whether `k` is `unevaluatedProperties` or `unevaluatedItems` in `draft`.
pub(super) fn is_unevaluated(k: &str, draft: Draft) -> bool {
    draft >= Draft::Draft2019 && KEYWORDS.contains(&k)
}

/// Whether any object of the document has a key `unevaluated*` (read without recursion, so
/// that a document nested without end cannot overflow the stack).
pub(super) fn used(root: &Value) -> bool {
    let mut todo = vec![root];
    while let Some(v) = todo.pop() {
        match v {
            Value::Object(map) => {
                if KEYWORDS.iter().any(|k| map.contains_key(*k)) {
                    return true;
                }
                todo.extend(map.values());
            }
            Value::Array(list) => todo.extend(list),
            _ => {}
        }
    }
    false
}

impl Lowerer<'_> {
    /// `out`, the checks of the schema object `here`, as they are, or inside the
    /// [`Check::Unevaluated`] of its `unevaluated*` keywords.
    pub(super) fn unevaluated(&mut self, out: Vec<Check>, here: &Here<'_>) -> Vec<Check> {
        let properties = self.unevaluated_keyword(KEYWORDS[0], here);
        let items = self.unevaluated_keyword(KEYWORDS[1], here);
        if properties.is_none() && items.is_none() {
            return out;
        }
        vec![Check::Unevaluated {
            checks: out,
            properties,
            items,
            // 2020-12 core §10.3.1.3: `contains` annotates the items it matches; 2019-09's
            // `unevaluatedItems` reads `items`, `additionalItems` and itself only (§9.3.1.3).
            contains_evaluates: self.draft >= Draft::Draft2020,
        }]
    }

    /// The checks of keyword `k` of `here`, if it has it, in their keyword.
    fn unevaluated_keyword(&mut self, k: &str, here: &Here<'_>) -> Option<Vec<Check>> {
        if !is_unevaluated(k, self.draft) {
            return None;
        }
        let v = here.map.get(k)?;
        let at = child(here.pointer, k);
        let checks = self.schema(v, &at);
        if checks.is_empty() {
            return Some(checks);
        }
        Some(vec![keyword(at, here.messages.for_keyword(k), checks)])
    }
}
