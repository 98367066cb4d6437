//! Binary arithmetic `+ - * / // %` as starlark-go's `Binary` (`starlark/eval.go`): ints (64
//! bits here; beyond is refused), floats, string and list/tuple concatenation and repetition,
//! with its error texts (`unknown binary op: string + int`, `floored division by zero`).

use std::borrow::Cow;

use super::super::val::Val;

/// Longest string or list a `+` or `*` may build (a bound on memory; starlark-go has none).
pub const MAX_LEN: usize = 1 << 20;

/// `x op y` for `op` one of `+`, `-`, `*`, `/`, `//`, `%`.
///
/// # Errors
/// starlark-go's text for operands it does not combine or a division by zero; validgen's
/// refusal of an int beyond 64 bits or a result longer than [`MAX_LEN`].
pub fn arith<'a>(op: &str, x: &Val<'a>, y: &Val<'a>) -> Result<Val<'a>, String> {
    let unknown = || {
        format!(
            "unknown binary op: {} {op} {}",
            x.type_name(),
            y.type_name()
        )
    };
    match (x, y) {
        (Val::Int(a), Val::Int(b)) => int(op, *a, *b).ok_or_else(unknown)?,
        (Val::Int(_) | Val::Float(_), Val::Int(_) | Val::Float(_)) => {
            float(op, number(x), number(y)).ok_or_else(unknown)?
        }
        (Val::Str(a), Val::Str(b)) if op == "+" => {
            bounded(a.len() + b.len())?;
            Ok(Val::Str(Cow::Owned(format!("{a}{b}"))))
        }
        (Val::List(a), Val::List(b)) if op == "+" => {
            bounded(a.len() + b.len())?;
            Ok(Val::List(a.iter().chain(b).cloned().collect()))
        }
        (Val::Tuple(a), Val::Tuple(b)) if op == "+" => {
            bounded(a.len() + b.len())?;
            Ok(Val::Tuple(a.iter().chain(b).cloned().collect()))
        }
        (Val::Str(_) | Val::List(_) | Val::Tuple(_), Val::Int(n)) if op == "*" => repeat(x, *n),
        (Val::Int(n), Val::Str(_) | Val::List(_) | Val::Tuple(_)) if op == "*" => repeat(y, *n),
        _ => Err(unknown()),
    }
}

fn number(v: &Val<'_>) -> f64 {
    match v {
        #[allow(clippy::cast_precision_loss)]
        Val::Int(i) => *i as f64,
        Val::Float(f) => *f,
        _ => f64::NAN,
    }
}

fn beyond_64_bits() -> String {
    "unsupported Starlark: an int beyond 64 bits (validgen runs ints of 64 bits)".to_owned()
}

/// Int arithmetic; `None` for an operator ints do not have.
fn int<'a>(op: &str, a: i64, b: i64) -> Option<Result<Val<'a>, String>> {
    let checked = |r: Option<i64>| r.map(Val::Int).ok_or_else(beyond_64_bits);
    Some(match op {
        "+" => checked(a.checked_add(b)),
        "-" => checked(a.checked_sub(b)),
        "*" => checked(a.checked_mul(b)),
        #[allow(clippy::cast_precision_loss)]
        "/" if b == 0 => Err("floating-point division by zero".to_owned()),
        #[allow(clippy::cast_precision_loss)]
        "/" => Ok(Val::Float(a as f64 / b as f64)),
        "//" if b == 0 => Err("floored division by zero".to_owned()),
        "//" => checked(a.checked_div_euclid(b).map(|q| {
            // Floor, not Euclid, for a negative divisor.
            if b < 0 && a.rem_euclid(b) != 0 {
                q - 1
            } else {
                q
            }
        })),
        "%" if b == 0 => Err("integer modulo by zero".to_owned()),
        // Starlark's remainder takes the divisor's sign.
        "%" => checked(a.checked_rem(b).map(|r| {
            if r != 0 && (r < 0) != (b < 0) {
                r + b
            } else {
                r
            }
        })),
        _ => return None,
    })
}

/// Float arithmetic (an int operand converted); `None` for an operator floats do not have.
fn float<'a>(op: &str, a: f64, b: f64) -> Option<Result<Val<'a>, String>> {
    Some(match op {
        "+" => Ok(Val::Float(a + b)),
        "-" => Ok(Val::Float(a - b)),
        "*" => Ok(Val::Float(a * b)),
        "/" if b == 0.0 => Err("floating-point division by zero".to_owned()),
        "/" => Ok(Val::Float(a / b)),
        "//" if b == 0.0 => Err("floored division by zero".to_owned()),
        "//" => Ok(Val::Float((a / b).floor())),
        "%" if b == 0.0 => Err("floating-point modulo by zero".to_owned()),
        "%" => {
            let r = a % b;
            Ok(Val::Float(if r != 0.0 && (r < 0.0) != (b < 0.0) {
                r + b
            } else {
                r
            }))
        }
        _ => return None,
    })
}

fn bounded(len: usize) -> Result<(), String> {
    if len > MAX_LEN {
        return Err(format!(
            "unsupported Starlark: a string or list longer than {MAX_LEN} (validgen's bound on memory)"
        ));
    }
    Ok(())
}

/// `seq * n`: `n` copies (none for `n <= 0`).
fn repeat<'a>(seq: &Val<'a>, n: i64) -> Result<Val<'a>, String> {
    let n = usize::try_from(n).unwrap_or(0);
    Ok(match seq {
        Val::Str(s) => {
            bounded(s.len().saturating_mul(n))?;
            Val::Str(Cow::Owned(s.repeat(n)))
        }
        Val::List(items) | Val::Tuple(items) => {
            bounded(items.len().saturating_mul(n))?;
            let all: Vec<Val<'a>> = (0..n).flat_map(|_| items.iter().cloned()).collect();
            if matches!(seq, Val::List(_)) {
                Val::List(all)
            } else {
                Val::Tuple(all)
            }
        }
        _ => Val::None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(op: &str, x: Val<'static>, y: Val<'static>) -> String {
        arith(op, &x, &y).map_or_else(|e| e, |v| v.repr())
    }

    #[test]
    fn as_starlark_go() {
        assert_eq!(show("+", Val::Int(2), Val::Int(3)), "5");
        assert_eq!(show("//", Val::Int(-7), Val::Int(2)), "-4");
        assert_eq!(show("%", Val::Int(-7), Val::Int(2)), "1");
        assert_eq!(show("/", Val::Int(7), Val::Int(2)), "3.5");
        assert_eq!(
            show("//", Val::Int(1), Val::Int(0)),
            "floored division by zero"
        );
        assert_eq!(
            show("+", Val::Str(Cow::Borrowed("a")), Val::Int(1)),
            "unknown binary op: string + int"
        );
        assert_eq!(
            show("*", Val::Str(Cow::Borrowed("ab")), Val::Int(2)),
            "\"abab\""
        );
        assert!(show("*", Val::Str(Cow::Borrowed("ab")), Val::Int(1 << 40)).contains("longer"));
        assert!(show("+", Val::Int(i64::MAX), Val::Int(1)).contains("64 bits"));
    }

    #[test]
    fn strings_and_lists_are_at_most_max_len_long() {
        let text = |n: usize| Val::Str(Cow::Owned("x".repeat(n)));
        let half = MAX_LEN / 2;
        let at = arith("+", &text(half), &text(half))
            .map(|v| matches!(v, Val::Str(s) if s.len() == MAX_LEN));
        assert_eq!(at, Ok(true));
        let past = arith("+", &text(half), &text(half + 1)).map(|_| ());
        assert!(past.is_err_and(|e| e.contains("longer than 1048576")));
        let list = |n: usize| Val::List(vec![Val::None; n]);
        assert!(arith("+", &list(half), &list(half)).is_ok());
        assert!(arith("+", &list(half), &list(half + 1)).is_err());
        let max = i64::try_from(MAX_LEN).expect("a small bound");
        assert!(arith("*", &list(1), &Val::Int(max)).is_ok());
        assert!(arith("*", &list(1), &Val::Int(max + 1)).is_err());
    }
}
