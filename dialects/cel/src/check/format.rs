//! The strings extension's check of a literal format string against a list literal of
//! arguments (`'%d items'.format([x])`), as the API server's environment runs it once an
//! expression type-checks: cel-go v0.26 `ext/formatting.go` `stringFormatValidator` (strings
//! extension version 2), with its messages.

use std::collections::HashMap;

use kube_cel::cel::common::ast::{CallExpr, EntryExpr, Expr, IdedExpr, LiteralValue};

use super::types::Type;

/// The error of the `format` call `call` (node `id`), if it is one cel-go checks (a string
/// literal receiver, one list literal argument): the node it is reported at and its message.
pub(crate) fn check(id: u64, call: &CallExpr, types: &HashMap<u64, Type>) -> Option<(u64, String)> {
    let Some(Expr::Literal(LiteralValue::String(text))) = call.target.as_deref().map(|t| &t.expr)
    else {
        return None;
    };
    let [args] = call.args.as_slice() else {
        return None;
    };
    let Expr::List(list) = &args.expr else {
        return None;
    };
    let elements = &list.elements;
    let s = text.as_bytes();
    let (mut i, mut index, mut requested) = (0, 0, 0);
    while i < s.len() {
        if s[i] != b'%' {
            i += 1;
            continue;
        }
        if s.get(i + 1) == Some(&b'%') {
            i += 2;
            continue;
        }
        requested += 1;
        if i + 1 >= s.len() {
            return Some((id, "unexpected end of string".to_owned()));
        }
        let Some(arg) = elements.get(index) else {
            return Some((id, format!("index {index} out of range")));
        };
        let (read, clause) = match clause(&s[i + 1..]) {
            Ok(found) => found,
            Err(e) => return Some((id, format!("could not parse formatting clause: {e}"))),
        };
        if let Err((bad, e)) = verify(clause, arg, types) {
            return Some((bad, format!("error during formatting: {e}")));
        }
        i += 1 + read;
        index += 1;
    }
    (elements.len() > requested).then(|| {
        let got = elements.len();
        let message = format!(
            "too many arguments supplied to string.format (expected {requested}, got {got})"
        );
        (id, message)
    })
}

/// The clause at the start of `s` (after its `%`): how many bytes it takes and its letter
/// (cel-go `parseFormattingClause`, with a precision `.N` before the letter).
fn clause(s: &[u8]) -> Result<(usize, u8), String> {
    let mut i = 0;
    if s.first() == Some(&b'.') {
        i = 1;
        while s.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i >= s.len() {
            return Err(
                "error while parsing precision: could not find end of precision specifier"
                    .to_owned(),
            );
        }
        if i == 1 {
            return Err("error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing \"\": invalid syntax".to_owned());
        }
    }
    match s[i] {
        c @ (b's' | b'd' | b'f' | b'e' | b'b' | b'x' | b'X' | b'o') => Ok((i + 1, c)),
        c => Err(format!(
            "unrecognized formatting clause \"{}\"",
            char::from(c)
        )),
    }
}

/// Whether the argument `arg` suits the clause `c`; otherwise the node at fault and the
/// message.
fn verify(c: u8, arg: &IdedExpr, types: &HashMap<u64, Type>) -> Result<(), (u64, String)> {
    let ty = |id: u64| types.get(&id).cloned().unwrap_or(Type::Dyn);
    if c == b's' {
        return string_argument(arg, types).map_err(|bad| {
            let message = format!(
                "string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given {}",
                runtime_name(&ty(bad))
            );
            (bad, message)
        });
    }
    let t = ty(arg.id);
    let (ok, message) = match c {
        b'd' => (
            matches!(t, Type::Int | Type::Uint),
            "decimal clause can only be used on integers",
        ),
        b'f' => (
            matches!(t, Type::Double | Type::String),
            "fixed-point clause can only be used on doubles",
        ),
        b'e' => (
            matches!(t, Type::Double | Type::String),
            "scientific clause can only be used on doubles",
        ),
        b'b' => (
            matches!(t, Type::Int | Type::Uint | Type::Bool),
            "only integers and bools can be formatted as binary",
        ),
        b'o' => (
            matches!(t, Type::Int | Type::Uint),
            "octal clause can only be used on integers",
        ),
        _ => (
            matches!(t, Type::Int | Type::Uint | Type::String | Type::Bytes),
            "only integers, byte buffers, and strings can be formatted as hex",
        ),
    };
    if ok || matches!(t, Type::Dyn) {
        Ok(())
    } else {
        Err((arg.id, format!("{message}, was given {}", runtime_name(&t))))
    }
}

/// A `%s` argument: any value but an object or a library's type, list and map literals
/// element by element (cel-go `verifyString`); the first node at fault.
fn string_argument(e: &IdedExpr, types: &HashMap<u64, Type>) -> Result<(), u64> {
    let t = types.get(&e.id).cloned().unwrap_or(Type::Dyn);
    if matches!(t, Type::Object(_) | Type::Opaque(_) | Type::Optional(_)) {
        return Err(e.id);
    }
    match &e.expr {
        Expr::List(l) => l
            .elements
            .iter()
            .try_for_each(|x| string_argument(x, types)),
        Expr::Map(m) => m.entries.iter().try_for_each(|entry| match &entry.expr {
            EntryExpr::MapEntry(m) => {
                string_argument(&m.key, types)?;
                string_argument(&m.value, types)
            }
            EntryExpr::StructField(_) => Ok(()),
        }),
        _ => Ok(()),
    }
}

/// cel-go's runtime name of a type (`Type.TypeName`), as its format errors print it.
fn runtime_name(t: &Type) -> String {
    match t {
        Type::Duration => "google.protobuf.Duration".to_owned(),
        Type::Timestamp => "google.protobuf.Timestamp".to_owned(),
        Type::Null => "null_type".to_owned(),
        Type::List(_) => "list".to_owned(),
        Type::Map(..) => "map".to_owned(),
        Type::Type(_) => "type".to_owned(),
        Type::Optional(_) => "optional_type".to_owned(),
        other => other.to_string(),
    }
}
