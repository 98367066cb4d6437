//! `Type` (JSON Schema `type`).

use crate::ir::Violation;
use crate::model::{Instance, JsonType};

/// A value whose type is not among `types` (`number` accepts integers).
pub fn type_<'a>(v: impl Instance<'a>, types: &[JsonType]) -> Option<Violation> {
    let t = v.json_type();
    if types.contains(&t) || (t == JsonType::Integer && types.contains(&JsonType::Number)) {
        return None;
    }
    let names: Vec<&str> = types.iter().map(|t| t.name()).collect();
    Some(Violation::new("type", names.join(" or "), t.name()))
}
