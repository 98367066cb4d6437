//! Schemas whose work doubles with each level of the document: each applies two `$ref`s to the
//! same value at every level, within the 128 nested references allowed. Shared by `build.rs`
//! (which compiles them with `validgen-codegen`) and `tests/json_schema_random.rs` (which
//! checks that both back ends stop at the `$ref` budget alike).

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
    ]
}
