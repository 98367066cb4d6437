//! Truthiness of a value, for [`crate::ir::Guard::Truthy`] (Starlark's, as ytt's `when=`).

use crate::model::{Instance, JsonType};

/// Whether `v` is truthy: anything but `null`, `false`, zero, `""`, `[]` and `{}`.
pub fn truthy<'a>(v: impl Instance<'a>) -> bool {
    match v.json_type() {
        JsonType::Null => false,
        JsonType::Boolean => v.as_bool().unwrap_or(false),
        JsonType::Integer | JsonType::Number => v
            .as_number()
            .and_then(serde_json::Number::as_f64)
            .is_some_and(|f| f != 0.0),
        JsonType::String => v.as_str().is_some_and(|s| !s.is_empty()),
        JsonType::Array => v.array_len().is_some_and(|n| n > 0),
        JsonType::Object => v.object_len().is_some_and(|n| n > 0),
    }
}
