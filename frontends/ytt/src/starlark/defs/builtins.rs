//! The builtins and string methods functions may call, as starlark-go's `library.go` runs
//! them: `len`, `fail`, `range`, `str`, `type`, `bool`, `int`; `format`, `startswith`,
//! `endswith`, `lower`, `upper`, `strip`; and what a `for` iterates.

use std::borrow::Cow;

use serde_json::Value as Json;

use super::super::ops;
use super::super::val::Val;
use super::exec::Exec;

type Result<T> = std::result::Result<T, String>;

/// The items of an iterable value: a list's or tuple's items, a dict's keys, a data array's
/// items, a data map's keys (ytt's `yamlfragment` iterates so); `None` for anything else.
pub(super) fn items<'a>(x: &Val<'a>) -> Option<Vec<Val<'a>>> {
    Some(match x {
        Val::List(items) | Val::Tuple(items) => items.clone(),
        Val::Dict(entries) => entries.iter().map(|(k, _)| k.clone()).collect(),
        Val::Fragment(Json::Array(items)) => items.iter().map(Val::from_data).collect(),
        Val::Fragment(Json::Object(map)) => map
            .keys()
            .map(|k| Val::Str(Cow::Borrowed(k.as_str())))
            .collect(),
        _ => return None,
    })
}

fn no_keywords(name: &str, keywords: &[(&str, Val<'_>)]) -> Result<()> {
    match keywords.first() {
        Some((k, _)) => Err(format!("{name}: unexpected keyword argument {k}")),
        None => Ok(()),
    }
}

fn one<'v, 'a>(name: &str, args: &'v [Val<'a>]) -> Result<&'v Val<'a>> {
    match args {
        [x] => Ok(x),
        _ => Err(format!(
            "{name}: got {} arguments, want exactly 1",
            args.len()
        )),
    }
}

/// Calls the builtin `name`.
pub(super) fn call<'a>(
    exec: &mut Exec<'_, '_>,
    name: &str,
    args: Vec<Val<'a>>,
    keywords: &[(&str, Val<'a>)],
) -> Result<Val<'a>> {
    if name != "fail" {
        no_keywords(name, keywords)?;
    }
    match name {
        "len" => ops::len(one("len", &args)?).map(Val::Int),
        "str" => Ok(Val::Str(Cow::Owned(one("str", &args)?.str()))),
        "type" => Ok(Val::Str(Cow::Borrowed(one("type", &args)?.type_name()))),
        "bool" => Ok(Val::Bool(args.first().is_some_and(Val::truth))),
        "int" => int(one("int", &args)?),
        "fail" => Err(fail(&args, keywords)?),
        "range" => range(exec, &args),
        other => Err(format!("undefined: {other}")),
    }
}

/// `fail(*args, sep=" ")`: its message, `fail: ` and the arguments (strings as themselves).
fn fail(args: &[Val<'_>], keywords: &[(&str, Val<'_>)]) -> Result<String> {
    let mut sep = " ".to_owned();
    for (k, v) in keywords {
        match (*k, v) {
            ("sep", Val::Str(s)) => sep = s.to_string(),
            ("sep", v) => {
                return Err(format!(
                    "fail: for parameter sep: got {}, want string",
                    v.type_name()
                ));
            }
            (k, _) => return Err(format!("fail: unexpected keyword argument {k}")),
        }
    }
    let parts: Vec<String> = args.iter().map(Val::str).collect();
    Ok(format!("fail: {}", parts.join(&sep)))
}

fn int<'a>(x: &Val<'_>) -> Result<Val<'a>> {
    match x {
        Val::Int(i) => Ok(Val::Int(*i)),
        Val::Bool(b) => Ok(Val::Int(i64::from(*b))),
        #[allow(clippy::cast_possible_truncation)]
        Val::Float(f) if f.is_finite() && f.abs() < 9.2e18 => Ok(Val::Int(f.trunc() as i64)),
        Val::Str(s) => s
            .trim()
            .parse()
            .map(Val::Int)
            .map_err(|_| format!("int: invalid literal with base 10: {}", x.repr())),
        _ => Err(format!("int: can't convert {} to int", x.type_name())),
    }
}

/// `range(stop)`, `range(start, stop[, step])` as a list, its length charged first.
fn range<'a>(exec: &mut Exec<'_, '_>, args: &[Val<'_>]) -> Result<Val<'a>> {
    let mut ints = Vec::new();
    for a in args {
        match a {
            Val::Int(i) => ints.push(*i),
            _ => {
                return Err(format!(
                    "range: for parameter {}: got {}, want int",
                    ints.len() + 1,
                    a.type_name()
                ));
            }
        }
    }
    let (start, stop, step) = match ints.as_slice() {
        [stop] => (0, *stop, 1),
        [start, stop] => (*start, *stop, 1),
        [start, stop, step] => (*start, *stop, *step),
        _ => {
            return Err(format!(
                "range: got {} arguments, want at most 3",
                args.len()
            ));
        }
    };
    if step == 0 {
        return Err("range: step argument must not be zero".to_owned());
    }
    let span = i128::from(stop) - i128::from(start);
    let step_wide = i128::from(step);
    let len = if (span > 0) == (step > 0) && span != 0 {
        (span.abs() + step_wide.abs() - 1) / step_wide.abs()
    } else {
        0
    };
    exec.charge(u64::try_from(len).unwrap_or(u64::MAX))?;
    let len = usize::try_from(len).unwrap_or(0);
    Ok(Val::List(
        (0..len)
            .map(|i| Val::Int(start + step * i64::try_from(i).unwrap_or(0)))
            .collect(),
    ))
}

/// Calls the method `name` of `recv`.
pub(super) fn method<'a>(
    recv: &Val<'a>,
    name: &str,
    args: &[Val<'a>],
    keywords: &[(&str, Val<'a>)],
) -> Result<Val<'a>> {
    let Val::Str(s) = recv else {
        return Err(format!(
            "{} has no .{name} field or method",
            recv.type_name()
        ));
    };
    if name != "format" {
        no_keywords(name, keywords)?;
    }
    let text = |v: &Val<'_>| match v {
        Val::Str(t) => Ok(t.to_string()),
        v => Err(format!("{name}: got {}, want string", v.type_name())),
    };
    Ok(match (name, args) {
        ("format", _) => Val::Str(Cow::Owned(format(s, args, keywords)?)),
        ("startswith", [p]) => Val::Bool(s.starts_with(&text(p)?)),
        ("endswith", [p]) => Val::Bool(s.ends_with(&text(p)?)),
        ("lower", []) => Val::Str(Cow::Owned(s.to_lowercase())),
        ("upper", []) => Val::Str(Cow::Owned(s.to_uppercase())),
        ("strip", []) => Val::Str(Cow::Owned(s.trim().to_owned())),
        ("startswith" | "endswith" | "lower" | "upper" | "strip", _) => {
            return Err(format!("{name}: got {} arguments", args.len()));
        }
        _ => {
            return Err(format!(
                "unsupported Starlark: the string method .{name}() (validgen runs format, startswith, endswith, lower, upper, strip)"
            ));
        }
    })
}

/// `"...".format(...)`: `{}` and `{N}` fields (values as `str()`), `{{`/`}}` escapes, as
/// starlark-go's `string_format`; named fields take `keywords`.
fn format(s: &str, args: &[Val<'_>], keywords: &[(&str, Val<'_>)]) -> Result<String> {
    let mut out = String::new();
    let mut auto = 0usize;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '}' => return Err("format: single '}' in format".to_owned()),
            '{' => {
                let mut field = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(c) => field.push(c),
                        None => return Err("format: unmatched '{' in format".to_owned()),
                    }
                }
                let value = if field.is_empty() {
                    auto += 1;
                    args.get(auto - 1)
                        .ok_or_else(|| "format: tuple index out of range".to_owned())?
                } else if let Ok(i) = field.parse::<usize>() {
                    args.get(i)
                        .ok_or_else(|| "format: tuple index out of range".to_owned())?
                } else {
                    keywords
                        .iter()
                        .find(|(k, _)| *k == field)
                        .map(|(_, v)| v)
                        .ok_or_else(|| format!("format: keyword {field} not found"))?
                };
                out.push_str(&value.str());
            }
            c => out.push(c),
        }
    }
    Ok(out)
}
