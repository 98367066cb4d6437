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
        if !self.is_unevaluated(k) {
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

/// Most `unevaluated*` schema objects nested in place (one in another's `allOf`, `anyOf`,
/// `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`), counting the outermost. Deciding
/// which properties an `anyOf` branch evaluates takes the branch's verdict again, so each
/// level can double the work on one value: 8 levels bound it to 256 times (the official suite
/// nests 2; the `$ref`s between levels are bounded by the evaluation budget instead).
pub(crate) const MAX_IN_PLACE: usize = 8;

/// An error for each `unevaluated*` nested in place deeper than [`MAX_IN_PLACE`] in `root` or
/// a definition.
pub(crate) fn too_deep(
    root: &[Check],
    definitions: &std::collections::BTreeMap<String, Vec<Check>>,
) -> Vec<crate::error::SchemaError> {
    let mut errors = Vec::new();
    let mut todo: Vec<(&[Check], usize)> = vec![(root, 0)];
    todo.extend(definitions.values().map(|d| (d.as_slice(), 0)));
    while let Some((list, depth)) = todo.pop() {
        for c in list {
            let inside = match c {
                Check::Unevaluated { .. } => depth + 1,
                _ => depth,
            };
            if inside > MAX_IN_PLACE && depth == MAX_IN_PLACE {
                errors.push(nested_error(c));
            }
            let in_place = c.in_place();
            for l in c.nested() {
                let here = in_place.iter().any(|p| std::ptr::eq(*p, l));
                todo.push((
                    l,
                    if here {
                        inside.min(MAX_IN_PLACE + 1)
                    } else {
                        0
                    },
                ));
            }
        }
    }
    errors
}

/// The error of an [`Check::Unevaluated`] nested too deep, at its keyword.
fn nested_error(c: &Check) -> crate::error::SchemaError {
    let located = c
        .nested()
        .into_iter()
        .skip(1)
        .flatten()
        .find_map(|k| match k {
            Check::Keyword { location, .. } => Some(location.as_str()),
            _ => None,
        });
    let (schema, keyword) = located
        .and_then(|l| l.rsplit_once('/'))
        .unwrap_or(("", KEYWORDS[0]));
    crate::error::SchemaError::at(
        schema,
        keyword,
        format!(
            "`{keyword}` nested in place in more than {MAX_IN_PLACE} others: each level can double the work of deciding what is evaluated"
        ),
    )
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::MAX_IN_PLACE;
    use crate::{Options, compile};

    /// `unevaluatedProperties: false` over an `anyOf` holding `inner`, `levels` times.
    fn nested(levels: usize) -> Value {
        let mut schema = json!({"properties": {"a": true}});
        for _ in 0..levels {
            schema =
                json!({"anyOf": [schema, {"required": ["b"]}], "unevaluatedProperties": false});
        }
        schema
    }

    #[test]
    fn in_place_nesting_is_bounded_and_located() {
        assert!(compile(&nested(MAX_IN_PLACE), &Options::default()).is_ok());
        let errors = compile(&nested(MAX_IN_PLACE + 3), &Options::default()).expect_err("too deep");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].keyword, "unevaluatedProperties");
        let at = "/anyOf/0".repeat(MAX_IN_PLACE);
        assert_eq!(errors[0].pointer, format!("{at}/unevaluatedProperties"));
    }

    #[test]
    fn keywords_that_only_evaluate_are_kept_where_unevaluated_reads_them() {
        // `items: true` and `additionalProperties: true` check nothing, but evaluate.
        let schema = json!({
            "allOf": [{"items": true}, {"additionalProperties": true}],
            "unevaluatedItems": false,
            "unevaluatedProperties": false
        });
        let compiled = compile(&schema, &Options::default()).expect("compiles");
        let doc = json!([1, 2]);
        let report = validgen_core::interpret::evaluate_document(
            &compiled.rules,
            &validgen_core::model::Plain::new(&doc),
            validgen_core::interpret::Explain::Failures,
        );
        assert!(!report.report.failed(), "{:?}", report.violations);
        let obj = json!({"x": 1});
        let report = validgen_core::interpret::evaluate_document(
            &compiled.rules,
            &validgen_core::model::Plain::new(&obj),
            validgen_core::interpret::Explain::Failures,
        );
        assert!(!report.report.failed(), "{:?}", report.violations);
    }
}
