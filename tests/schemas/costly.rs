//! Schemas whose work doubles with each level of the document: each applies two `$ref`s to the
//! same value at every level, within the 128 nested references allowed; and one whose pattern
//! backtracks exponentially (`costly_pattern_*`). Shared by `build.rs` (which compiles them
//! with `validgen-codegen`) and `tests/json_schema_random.rs` (which checks that both back
//! ends stop at the `$ref` budget, and at the backtracking limit, alike).

use serde_json::{Value, json};

/// Each schema, by a name usable as a Rust function name.
pub fn schemas() -> Vec<(String, Value)> {
    vec![
        // The root twice on every item: under `not` and under `allOf`.
        (
            "costly_contains_not_all_of".to_owned(),
            json!({"contains": {"not": {"$ref": "#"}, "allOf": [{"$ref": "#"}]}}),
        ),
        // The root twice on every item under `anyOf`: the verdict stops at the first branch
        // that holds (arrays of arrays), the work doubles only where neither does.
        (
            "costly_any_of_twice".to_owned(),
            json!({
                "type": "array",
                "items": {"anyOf": [{"$ref": "#"}, {"$ref": "#/$defs/again"}]},
                "$defs": {"again": {"$ref": "#"}}
            }),
        ),
        // `(a|a)*` reads n `a`s in 2^n ways; the backreference keeps the pattern on the
        // backtracking engine. On a value and on a property name.
        (
            "costly_pattern_backtracking".to_owned(),
            json!({
                "properties": {"name": {"pattern": "^(a|a)*\\1$"}},
                "patternProperties": {"^(a|a)*\\1$": {"type": "string"}},
                "additionalProperties": {"type": "integer"}
            }),
        ),
    ]
}
