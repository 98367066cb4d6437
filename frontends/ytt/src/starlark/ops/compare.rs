//! Comparisons (`==` `!=` `<` `<=` `>` `>=`), as starlark-go `CompareDepth` (`value.go`): same
//! types compare by their own rules, ints and floats numerically, other mixed types are only
//! unequal; fragments refuse every comparison; recursion stops at depth 10.

use std::cmp::Ordering;

use super::super::val::{Callable, Val};

/// starlark-go's `maxdepth` of recursive comparisons.
const MAX_DEPTH: usize = 10;

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl Cmp {
    /// The operator as Starlark writes it.
    pub fn text(self) -> &'static str {
        match self {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }

    fn holds(self, ord: Ordering) -> bool {
        match self {
            Cmp::Eq => ord == Ordering::Equal,
            Cmp::Ne => ord != Ordering::Equal,
            Cmp::Lt => ord == Ordering::Less,
            Cmp::Le => ord != Ordering::Greater,
            Cmp::Gt => ord == Ordering::Greater,
            Cmp::Ge => ord != Ordering::Less,
        }
    }
}

/// `x op y`.
///
/// # Errors
/// `dict >= int not implemented`, `yamlfragment.CompareSameType: Not implemented`,
/// `comparison exceeded maximum recursion depth`.
pub fn compare(op: Cmp, x: &Val<'_>, y: &Val<'_>) -> Result<bool, String> {
    compare_depth(op, x, y, MAX_DEPTH)
}

/// `x == y` (starlark-go `Equal`: a string on the left equals only an equal string).
///
/// # Errors
/// As [`compare`] (comparing fragments, too deep values).
pub fn equal(x: &Val<'_>, y: &Val<'_>) -> Result<bool, String> {
    if let Val::Str(a) = x {
        return Ok(matches!(y, Val::Str(b) if a == b));
    }
    compare(Cmp::Eq, x, y)
}

fn not_implemented(op: Cmp, x: &Val<'_>, y: &Val<'_>) -> String {
    format!(
        "{} {} {} not implemented",
        x.type_name(),
        op.text(),
        y.type_name()
    )
}

fn compare_depth(op: Cmp, x: &Val<'_>, y: &Val<'_>, depth: usize) -> Result<bool, String> {
    if depth < 1 {
        return Err("comparison exceeded maximum recursion depth".to_owned());
    }
    match (x, y) {
        (Val::None, Val::None) => Ok(op.holds(Ordering::Equal)),
        (Val::Bool(a), Val::Bool(b)) => Ok(op.holds(a.cmp(b))),
        (Val::Int(a), Val::Int(b)) => Ok(op.holds(a.cmp(b))),
        (Val::Float(a), Val::Float(b)) => Ok(match op {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }),
        (Val::Int(a), Val::Float(b)) => Ok(!b.is_nan() && op.holds(int_float(*a, *b))),
        (Val::Float(a), Val::Int(b)) => Ok(!a.is_nan() && op.holds(int_float(*b, *a).reverse())),
        (Val::Str(a), Val::Str(b)) => Ok(op.holds(a.as_bytes().cmp(b.as_bytes()))),
        (Val::List(a), Val::List(b)) | (Val::Tuple(a), Val::Tuple(b)) => sequences(op, a, b, depth),
        (Val::Dict(a), Val::Dict(b)) => match op {
            Cmp::Eq => dicts_equal(a, b, depth),
            Cmp::Ne => dicts_equal(a, b, depth).map(|e| !e),
            _ => Err(not_implemented(op, x, y)),
        },
        (Val::Fragment(_), Val::Fragment(_)) => {
            Err("yamlfragment.CompareSameType: Not implemented".to_owned())
        }
        // Not comparable: identity for (in)equality.
        (
            Val::Ctx {
                parent: p1,
                root: r1,
            },
            Val::Ctx {
                parent: p2,
                root: r2,
            },
        ) => {
            let same = std::ptr::eq(*r1, *r2)
                && match (p1, p2) {
                    (Some(a), Some(b)) => std::ptr::eq(*a, *b),
                    (None, None) => true,
                    _ => false,
                };
            identity(op, same, x, y)
        }
        (Val::Function(a), Val::Function(b)) => identity(op, std::ptr::eq(*a, *b), x, y),
        (Val::Callable(a), Val::Callable(b)) => identity(op, same_callable(a, b), x, y),
        _ => match op {
            Cmp::Eq => Ok(false),
            Cmp::Ne => Ok(true),
            _ => Err(not_implemented(op, x, y)),
        },
    }
}

fn identity(op: Cmp, same: bool, x: &Val<'_>, y: &Val<'_>) -> Result<bool, String> {
    match op {
        Cmp::Eq => Ok(same),
        Cmp::Ne => Ok(!same),
        _ => Err(not_implemented(op, x, y)),
    }
}

/// The exact order of an int and a finite or infinite float.
fn int_float(i: i64, f: f64) -> Ordering {
    // 2^63 as a float; every i64 lies in [-2^63, 2^63).
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if f >= TWO_63 {
        return Ordering::Less;
    }
    if f < -TWO_63 {
        return Ordering::Greater;
    }
    let whole = f.floor();
    // `whole` is integral and within i64's range here, so the cast is exact.
    #[allow(clippy::cast_possible_truncation)]
    let w = whole as i64;
    match i.cmp(&w) {
        Ordering::Equal if f > whole => Ordering::Less,
        ord => ord,
    }
}

/// Lists or tuples: the first unequal items decide, else the lengths (starlark-go `sliceCompare`).
fn sequences(op: Cmp, a: &[Val<'_>], b: &[Val<'_>], depth: usize) -> Result<bool, String> {
    if a.len() != b.len() && matches!(op, Cmp::Eq | Cmp::Ne) {
        return Ok(op == Cmp::Ne);
    }
    for (x, y) in a.iter().zip(b) {
        if !compare_depth(Cmp::Eq, x, y, depth - 1)? {
            return match op {
                Cmp::Eq => Ok(false),
                Cmp::Ne => Ok(true),
                _ => compare_depth(op, x, y, depth - 1),
            };
        }
    }
    Ok(op.holds(a.len().cmp(&b.len())))
}

/// Same size, and every key of `a` in `b` with an equal value (starlark-go `dictsEqual`).
fn dicts_equal(
    a: &[(Val<'_>, Val<'_>)],
    b: &[(Val<'_>, Val<'_>)],
    depth: usize,
) -> Result<bool, String> {
    if a.len() != b.len() {
        return Ok(false);
    }
    for (k, va) in a {
        let Some(vb) = lookup(b, k) else {
            return Ok(false);
        };
        if !compare_depth(Cmp::Eq, va, vb, depth - 1)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The value of `key` in a dict's entries (keys compare as a Starlark dict's do; a key that
/// cannot be compared is absent).
pub fn lookup<'v, 'a>(entries: &'v [(Val<'a>, Val<'a>)], key: &Val<'_>) -> Option<&'v Val<'a>> {
    entries
        .iter()
        .find(|(k, _)| equal(k, key).unwrap_or(false))
        .map(|(_, v)| v)
}

/// Whether two function values are the same function (starlark-go compares them by
/// identity): the same module function or builtin, or the same closure.
fn same_callable(a: &Callable, b: &Callable) -> bool {
    match (a, b) {
        (Callable::Def(x), Callable::Def(y)) => x == y,
        (Callable::Builtin(x), Callable::Builtin(y)) => x == y,
        _ => std::ptr::eq(a, b),
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;

    fn s(x: &str) -> Val<'_> {
        Val::Str(Cow::Borrowed(x))
    }

    #[test]
    fn starlark_comparisons() {
        assert_eq!(compare(Cmp::Ge, &Val::Int(2), &Val::Float(1.5)), Ok(true));
        assert_eq!(compare(Cmp::Lt, &Val::Int(2), &Val::Float(2.5)), Ok(true));
        assert_eq!(compare(Cmp::Eq, &Val::Int(2), &Val::Float(2.0)), Ok(true));
        assert_eq!(compare(Cmp::Lt, &s("a"), &s("b")), Ok(true));
        assert_eq!(
            compare(Cmp::Ge, &Val::Int(1), &s("b")),
            Err("int >= string not implemented".to_owned())
        );
        assert_eq!(
            compare(Cmp::Ge, &Val::Bool(true), &Val::Int(1)),
            Err("bool >= int not implemented".to_owned())
        );
        assert_eq!(compare(Cmp::Eq, &Val::Bool(true), &Val::Int(1)), Ok(false));
        let l = |v: Vec<Val<'static>>| Val::List(v);
        assert_eq!(
            compare(
                Cmp::Ge,
                &l(vec![Val::Int(1), Val::Int(1)]),
                &l(vec![Val::Int(2), Val::Int(2)])
            ),
            Ok(false)
        );
        assert_eq!(
            compare(Cmp::Le, &Val::Dict(vec![]), &Val::Dict(vec![])),
            Err("dict <= dict not implemented".to_owned())
        );
        let json = serde_json::json!({"a": 1});
        assert_eq!(
            compare(Cmp::Eq, &Val::Fragment(&json), &Val::Fragment(&json)),
            Err("yamlfragment.CompareSameType: Not implemented".to_owned())
        );
        assert_eq!(
            compare(Cmp::Eq, &Val::Fragment(&json), &Val::None),
            Ok(false)
        );
        assert_eq!(compare(Cmp::Ge, &Val::None, &Val::None), Ok(true));
    }
}
