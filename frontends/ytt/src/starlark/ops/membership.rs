//! `in` and `not in`, as starlark-go `Binary` (`eval.go`): items of lists and tuples by
//! equality, keys of dicts, fragments and structs by lookup (lookup errors count as absent, so
//! `"a" in` a data array is False: arrays are looked up by index), substrings of strings.

use super::super::val::Val;
use super::compare::{equal, lookup};
use super::index::fragment_get;

/// `item in container`.
///
/// # Errors
/// `'in <string>' requires string as left operand, not int`, `unknown binary op: int in int`,
/// or a comparison error while scanning a list.
pub fn contains(item: &Val<'_>, container: &Val<'_>) -> Result<bool, String> {
    match container {
        Val::List(items) | Val::Tuple(items) => {
            for x in items {
                if equal(x, item)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Val::Dict(entries) => Ok(lookup(entries, item).is_some()),
        Val::Fragment(data) => Ok(matches!(fragment_get(data, item), Ok(Some(_)))),
        Val::Ctx { .. } => Ok(matches!(item, Val::Str(s) if s == "parent" || s == "root")),
        Val::Str(haystack) => match item {
            Val::Str(needle) => Ok(haystack.contains(needle.as_ref())),
            _ => Err(format!(
                "'in <string>' requires string as left operand, not {}",
                item.type_name()
            )),
        },
        _ => Err(format!(
            "unknown binary op: {} in {}",
            item.type_name(),
            container.type_name()
        )),
    }
}

/// `item not in container` (starlark-go negates `in`, errors included).
///
/// # Errors
/// As [`contains`].
pub fn not_contains(item: &Val<'_>, container: &Val<'_>) -> Result<bool, String> {
    contains(item, container).map(|found| !found)
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use serde_json::json;

    use super::*;

    #[test]
    fn membership_as_ytt() {
        let list = json!(["a"]);
        let a = Val::Str(Cow::Borrowed("a"));
        assert_eq!(contains(&a, &Val::Fragment(&list)), Ok(false));
        assert_eq!(contains(&Val::Int(0), &Val::Fragment(&list)), Ok(true));
        let map = json!({"team": 1});
        let team = Val::Str(Cow::Borrowed("team"));
        assert_eq!(contains(&team, &Val::Fragment(&map)), Ok(true));
        assert_eq!(contains(&a, &Val::List(vec![a.clone()])), Ok(true));
        assert_eq!(
            contains(&Val::Int(1), &Val::Int(2)),
            Err("unknown binary op: int in int".to_owned())
        );
    }
}
