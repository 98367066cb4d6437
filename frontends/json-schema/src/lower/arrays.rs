//! Keywords on arrays: `items`, `prefixItems`, draft-04 to 2019-09 array `items` with
//! `additionalItems`, `contains` with `minContains`/`maxContains`, `minItems`/`maxItems`,
//! `uniqueItems`.

use serde_json::Value;

use super::{Here, Lowerer, kind};
use crate::error::child;
use validgen_core::ir::{Check, Measure};

impl Lowerer<'_> {
    pub(super) fn array_keyword(&mut self, k: &str, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let at = child(here.pointer, k);
        match k {
            "items" => match v {
                Value::Array(list) if self.draft.array_items() => {
                    let items = self.schema_list(list, &at);
                    vec![Check::PrefixItems { items }]
                }
                Value::Array(_) => {
                    self.error(
                        here,
                        k,
                        "`items` is one schema in 2020-12 (positions are `prefixItems`)",
                    );
                    Vec::new()
                }
                schema => {
                    let from = if self.draft.array_items() {
                        0
                    } else {
                        here.map
                            .get("prefixItems")
                            .and_then(Value::as_array)
                            .map_or(0, Vec::len)
                    };
                    let checks = self.schema(schema, &at);
                    self.items_from(from, checks)
                }
            },
            "prefixItems" => match v {
                Value::Array(list) => {
                    let items = self.schema_list(list, &at);
                    vec![Check::PrefixItems { items }]
                }
                other => {
                    self.error(
                        here,
                        k,
                        format!(
                            "`prefixItems` must be an array of schemas, not {}",
                            kind(other)
                        ),
                    );
                    Vec::new()
                }
            },
            "additionalItems" => {
                let checks = self.schema_or_boolean(v, &at);
                // Only after array-form `items`; otherwise it has no effect (draft-07 §9.3.1.2).
                match here.map.get("items") {
                    Some(Value::Array(list)) => self.items_from(list.len(), checks),
                    _ => Vec::new(),
                }
            }
            "contains" => {
                let checks = self.schema(v, &at);
                // `minContains`/`maxContains` are validation keywords (2019-09 on): left out
                // with that vocabulary.
                let since_2019 = self.draft >= crate::Draft::Draft2019
                    && self
                        .vocabularies
                        .missing("minContains", self.draft)
                        .is_none();
                let mut min = 1;
                let mut max = None;
                if since_2019 {
                    if let Some(m) = here.map.get("minContains") {
                        min = self.count("minContains", m, here).unwrap_or(1);
                    }
                    if let Some(m) = here.map.get("maxContains") {
                        max = self.count("maxContains", m, here);
                    }
                }
                vec![Check::Contains { checks, min, max }]
            }
            // Read by `contains` (without it they have no effect); checked there.
            "minContains" | "maxContains" => {
                if !here.map.contains_key("contains") {
                    let _ = self.count(k, v, here);
                }
                Vec::new()
            }
            "maxItems" | "minItems" => match self.count(k, v, here) {
                Some(n) => {
                    let (min, max) = if k == "minItems" {
                        (Some(n), None)
                    } else {
                        (None, Some(n))
                    };
                    vec![Check::Size {
                        measure: Measure::Items,
                        min,
                        max,
                    }]
                }
                None => Vec::new(),
            },
            "uniqueItems" => match v {
                Value::Bool(true) => vec![Check::Unique],
                Value::Bool(false) => Vec::new(),
                _ => {
                    self.error(here, k, "`uniqueItems` must be a boolean");
                    Vec::new()
                }
            },
            _ => Vec::new(),
        }
    }

    /// The checks of each schema of a list at `at`.
    pub(super) fn schema_list(&mut self, list: &[Value], at: &str) -> Vec<Vec<Check>> {
        list.iter()
            .enumerate()
            .map(|(i, s)| self.schema(s, &child(at, &i.to_string())))
            .collect()
    }
}

impl Lowerer<'_> {
    /// `Items` from position `from`, or nothing when the schema checks nothing (and no
    /// `unevaluatedItems` needs its annotation).
    fn items_from(&self, from: usize, checks: Vec<Check>) -> Vec<Check> {
        if self.prunes(checks.is_empty()) {
            return Vec::new();
        }
        vec![Check::Items { from, checks }]
    }
}
