//! Composition: `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`.

use serde_json::Value;

use super::{Here, Lowerer, kind};
use crate::error::child;
use validgen_core::ir::Check;

impl Lowerer<'_> {
    pub(super) fn applicator(&mut self, k: &str, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let at = child(here.pointer, k);
        match k {
            "allOf" | "anyOf" | "oneOf" => {
                let list = match v {
                    Value::Array(list) if !list.is_empty() => list,
                    other => {
                        self.error(
                            here,
                            k,
                            format!(
                                "`{k}` must be a non-empty array of schemas, not {}",
                                kind(other)
                            ),
                        );
                        return Vec::new();
                    }
                };
                let branches = self.schema_list(list, &at);
                match k {
                    "allOf" => branches.into_iter().flatten().collect(),
                    "anyOf" => vec![Check::AnyOf { branches }],
                    _ => vec![Check::OneOf { branches }],
                }
            }
            "not" => vec![Check::Not {
                checks: self.schema(v, &at),
            }],
            "if" => {
                let condition = self.schema(v, &at);
                let mut branch = |name: &str| match here.map.get(name) {
                    Some(s) => self.schema(s, &child(here.pointer, name)),
                    None => Vec::new(),
                };
                let then = branch("then");
                let otherwise = branch("else");
                // Alone, `if` checks nothing, but its annotations count where it holds.
                if self.prunes(then.is_empty() && otherwise.is_empty()) {
                    return Vec::new();
                }
                vec![Check::IfThenElse {
                    condition,
                    then,
                    otherwise,
                }]
            }
            _ => Vec::new(),
        }
    }
}
