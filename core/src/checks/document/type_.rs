//! `Type` (JSON Schema `type`).

use crate::ir::Violation;
use crate::model::{Instance, JsonType};

/// A value whose type is not among `types` (`number` accepts integers).
pub fn type_<'a>(v: impl Instance<'a>, types: &[JsonType]) -> Option<Violation> {
    let t = v.json_type();
    if type_in(t, types) {
        return None;
    }
    let names: Vec<&str> = types.iter().map(|t| t.name()).collect();
    Some(Violation::new("type", names.join(" or "), t.name()))
}

/// Whether [`type_`] passes `v`, for a verdict (no violation built).
// Always where optimised: in a large generated verdict (one loop per object, `codegen`
// emit/document/verdict.rs) LLVM otherwise calls it, the commonest check, out of line
// (callgrind, `traefik`); a hint in debug builds, where forcing it grows every unoptimised
// caller (the 28 largest SchemaStore schemas' crate: 8 s more of codegen, BENCHMARKS.md).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn has_type<'a>(v: impl Instance<'a>, types: &[JsonType]) -> bool {
    type_in(v.json_type(), types)
}

/// Whether a value of type `t` is of one of `types` (an integer is a number too).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn type_in(t: JsonType, types: &[JsonType]) -> bool {
    types.contains(&t) || (t == JsonType::Integer && types.contains(&JsonType::Number))
}
