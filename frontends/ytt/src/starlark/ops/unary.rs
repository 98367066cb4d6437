//! `len()`, unary `-` and `not`, as starlark-go (`library.go` `len_`, `eval.go` `Unary`).

use super::super::val::{Val, fragment_len};

/// `len(x)`: bytes of a string, items of a list, tuple, dict or data array, entries of a data
/// map, fields of `ctx`.
///
/// # Errors
/// `len: value of type int has no len`.
pub fn len(x: &Val<'_>) -> Result<i64, String> {
    let n = match x {
        Val::Str(s) => s.len(),
        Val::List(items) | Val::Tuple(items) => items.len(),
        Val::Dict(entries) => entries.len(),
        Val::Fragment(data) => fragment_len(data),
        Val::Ctx { .. } => 2,
        _ => return Err(format!("len: value of type {} has no len", x.type_name())),
    };
    Ok(i64::try_from(n).unwrap_or(i64::MAX))
}

/// `-x`.
///
/// # Errors
/// `unknown unary op: - string`; an int beyond 64 bits is refused.
pub fn neg<'a>(x: &Val<'_>) -> Result<Val<'a>, String> {
    match x {
        Val::Int(i) => i.checked_neg().map(Val::Int).ok_or_else(|| {
            "unsupported Starlark: an int beyond 64 bits (validgen compiles simple lambdas only)"
                .to_owned()
        }),
        Val::Float(f) => Ok(Val::Float(-f)),
        _ => Err(format!("unknown unary op: - {}", x.type_name())),
    }
}

/// `not x`: the negation of `x`'s truth.
pub fn not(x: &Val<'_>) -> bool {
    !x.truth()
}
