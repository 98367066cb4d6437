//! Subscripts and attributes: `x[k]` as starlark-go `getIndex` (`eval.go`) with ytt's
//! fragments (`starlark_fragment.go` `Get`) and `struct` (`template/core/starlark_struct.go`),
//! `x.name` as `getAttr`.

use std::borrow::Cow;

use serde_json::Value as Json;

use super::super::val::{Callable, Val};
use super::compare::lookup;

/// `x[key]`.
///
/// # Errors
/// `key "x" not in yamlfragment`, `key 3 not in yamlfragment`,
/// `yamlfragment.Get: Expected array index to be an int64, but was string`,
/// `unhandled index operation NoneType[string]`, `string index: got string, want int`...
pub fn index<'a>(x: &Val<'a>, key: &Val<'_>) -> Result<Val<'a>, String> {
    match x {
        Val::Dict(entries) => {
            hashable(key)?;
            lookup(entries, key)
                .cloned()
                .ok_or_else(|| format!("key {} not in dict", key.repr()))
        }
        Val::Fragment(data) => fragment_get(data, key)?
            .map(Val::from_data)
            .ok_or_else(|| format!("key {} not in yamlfragment", key.repr())),
        Val::Ctx { .. } => {
            let Val::Str(name) = key else {
                return Err(format!("expected a string, but was {}", key.type_name()));
            };
            ctx_field(x, name).ok_or_else(|| format!("key {} not in struct", key.repr()))
        }
        Val::List(items) | Val::Tuple(items) => {
            let i = position(x, key, items.len())?;
            items.get(i).cloned().ok_or_else(String::new)
        }
        Val::Str(s) => {
            let i = position(x, key, s.len())?;
            let byte = s.as_bytes().get(i).copied().unwrap_or(b'?');
            Ok(Val::Str(Cow::Owned(char::from(byte).to_string())))
        }
        _ => Err(format!(
            "unhandled index operation {}[{}]",
            x.type_name(),
            key.type_name()
        )),
    }
}

/// Looks `key` up in a data map or array (ytt `StarlarkFragment.Get`): map keys are matched
/// as strings (data keys are strings here), array indices as ints from 0.
///
/// # Errors
/// A non-int index of an array.
pub(crate) fn fragment_get<'a>(data: &'a Json, key: &Val<'_>) -> Result<Option<&'a Json>, String> {
    match data {
        Json::Object(map) => Ok(match key {
            Val::Str(k) => map.get(k.as_ref()),
            _ => None,
        }),
        Json::Array(items) => {
            let Val::Int(i) = key else {
                return Err(format!(
                    "yamlfragment.Get: Expected array index to be an int64, but was {}",
                    go_type(key)
                ));
            };
            Ok(usize::try_from(*i).ok().and_then(|i| items.get(i)))
        }
        _ => Ok(None),
    }
}

/// The Go type ytt's `%T` prints for a Starlark value converted to Go.
fn go_type(v: &Val<'_>) -> &'static str {
    match v {
        Val::None => "<nil>",
        Val::Bool(_) => "bool",
        Val::Int(_) => "int64",
        Val::Float(_) => "float64",
        Val::Str(_) => "string",
        Val::List(_) | Val::Tuple(_) => "[]interface {}",
        Val::Dict(_) => "*orderedmap.Map",
        Val::Fragment(Json::Array(_)) => "*yamlmeta.Array",
        Val::Fragment(_) => "*yamlmeta.Map",
        Val::Ctx { .. } => "*core.StarlarkStruct",
        Val::Function(_) => "*starlark.Function",
        Val::Callable(c) => match **c {
            Callable::Builtin(_) => "*starlark.Builtin",
            _ => "*starlark.Function",
        },
    }
}

/// The index into a sequence of `len` items (negative from the end), as starlark-go.
fn position(x: &Val<'_>, key: &Val<'_>, len: usize) -> Result<usize, String> {
    let Val::Int(i) = key else {
        return Err(format!(
            "{} index: got {}, want int",
            x.type_name(),
            key.type_name()
        ));
    };
    let Ok(i32_index) = i32::try_from(*i) else {
        return Err(format!("{} index: {i} out of range", x.type_name()));
    };
    let n = i64::try_from(len).unwrap_or(i64::MAX);
    let orig = i64::from(i32_index);
    let at = if orig < 0 { orig + n } else { orig };
    if at < 0 || at >= n {
        return Err(if n == 0 {
            format!("index {orig} out of range: empty {}", x.type_name())
        } else {
            format!(
                "{} index {orig} out of range [{}:{}]",
                x.type_name(),
                -n,
                n - 1
            )
        });
    }
    usize::try_from(at).map_err(|_| String::new())
}

/// Refuses keys a Starlark dict cannot hold.
fn hashable(key: &Val<'_>) -> Result<(), String> {
    match key {
        Val::List(_) | Val::Dict(_) | Val::Fragment(_) | Val::Ctx { .. } => {
            Err(format!("unhashable type: {}", key.type_name()))
        }
        Val::Tuple(items) => items.iter().try_for_each(hashable),
        _ => Ok(()),
    }
}

fn ctx_field<'a>(ctx: &Val<'a>, name: &str) -> Option<Val<'a>> {
    let Val::Ctx { parent, root } = ctx else {
        return None;
    };
    match name {
        "parent" => Some(parent.map_or(Val::None, Val::from_data)),
        "root" => Some(Val::from_data(root)),
        _ => None,
    }
}

/// The methods of starlark-go's built-in types (`library.go`), for attribute errors.
const STRING_METHODS: [&str; 33] = [
    "capitalize",
    "codepoint_ords",
    "codepoints",
    "count",
    "elem_ords",
    "elems",
    "endswith",
    "find",
    "format",
    "index",
    "isalnum",
    "isalpha",
    "isdigit",
    "islower",
    "isspace",
    "istitle",
    "isupper",
    "join",
    "lower",
    "lstrip",
    "partition",
    "replace",
    "rfind",
    "rindex",
    "rpartition",
    "rsplit",
    "rstrip",
    "split",
    "splitlines",
    "startswith",
    "strip",
    "title",
    "upper",
];
const LIST_METHODS: [&str; 7] = [
    "append", "clear", "extend", "index", "insert", "pop", "remove",
];
const DICT_METHODS: [&str; 9] = [
    "clear",
    "get",
    "items",
    "keys",
    "pop",
    "popitem",
    "setdefault",
    "update",
    "values",
];

/// `x.name`.
///
/// # Errors
/// `struct has no .values field or method`, `yamlfragment has no .mode field or method`,
/// with starlark-go's spelling hint where the type has attributes; a method of a built-in
/// type is refused (validgen compiles no method calls).
pub fn attr<'a>(x: &Val<'a>, name: &str) -> Result<Val<'a>, String> {
    let names: &[&str] = match x {
        Val::Ctx { .. } => {
            if let Some(v) = ctx_field(x, name) {
                return Ok(v);
            }
            &["parent", "root"]
        }
        Val::Str(_) => &STRING_METHODS,
        Val::List(_) => &LIST_METHODS,
        Val::Dict(_) => &DICT_METHODS,
        _ => return Err(format!("{} has no .{name} field or method", x.type_name())),
    };
    if names.contains(&name) && !matches!(x, Val::Ctx { .. }) {
        return Err(format!(
            "unsupported Starlark: method .{name} of a {} (validgen compiles simple lambdas only)",
            x.type_name()
        ));
    }
    let mut message = format!("{} has no .{name} field or method", x.type_name());
    if let Some(n) = crate::spell::nearest(name, names) {
        message.push_str(&format!(" (did you mean .{n}?)"));
    }
    Err(message)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn s(x: &str) -> Val<'_> {
        Val::Str(Cow::Borrowed(x))
    }

    #[test]
    fn fragments_and_structs() {
        let map = json!({"tls": 1, "zones": ["a"]});
        let m = Val::Fragment(&map);
        assert_eq!(index(&m, &s("tls")).map(|v| v.repr()), Ok("1".to_owned()));
        assert_eq!(
            index(&m, &s("x")).map(|v| v.repr()),
            Err(r#"key "x" not in yamlfragment"#.to_owned())
        );
        let zones = index(&m, &s("zones")).unwrap_or(Val::None);
        assert_eq!(
            index(&zones, &Val::Int(3)).map(|v| v.repr()),
            Err("key 3 not in yamlfragment".to_owned())
        );
        assert_eq!(
            index(&zones, &s("a")).map(|v| v.repr()),
            Err("yamlfragment.Get: Expected array index to be an int64, but was string".to_owned())
        );
        assert_eq!(
            index(&Val::None, &s("a")).map(|v| v.repr()),
            Err("unhandled index operation NoneType[string]".to_owned())
        );
        assert_eq!(
            index(&s("abc"), &s("a")).map(|v| v.repr()),
            Err("string index: got string, want int".to_owned())
        );
        let ctx = Val::Ctx {
            parent: None,
            root: &map,
        };
        assert_eq!(
            attr(&ctx, "parent").map(|v| v.repr()),
            Ok("None".to_owned())
        );
        assert_eq!(
            attr(&ctx, "values").map(|v| v.repr()),
            Err("struct has no .values field or method".to_owned())
        );
        assert_eq!(
            attr(&ctx, "parnt").map(|v| v.repr()),
            Err("struct has no .parnt field or method (did you mean .parent?)".to_owned())
        );
        assert_eq!(
            attr(&m, "mode").map(|v| v.repr()),
            Err("yamlfragment has no .mode field or method".to_owned())
        );
    }
}
