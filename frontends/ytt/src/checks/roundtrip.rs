//! `yaml.decode(yaml.encode(x))`, which ytt's `min`, `max`, `one_of` and `one_not_null` apply
//! to both sides before comparing (`pkg/yttlibrary/assert.go`, `yaml.go`): data maps and
//! arrays become plain dicts and lists; an empty one at the top becomes `None` (ytt skips an
//! empty document when encoding, `yamlmeta/document.go` `IsEmpty`); a whole float written
//! without exponent by go-yaml (`10.0` as `10`) becomes an int.

use std::borrow::Cow;

use serde_json::Value as Json;

use crate::starlark::Val;
use validgen_gotext::strconv::format_float_shortest;

/// Deepest data value converted (deeper ones are refused rather than risk the stack).
const MAX_DEPTH: usize = 1000;

/// `x` after a YAML round trip.
///
/// # Errors
/// ytt's conversion error for a value YAML cannot hold (a function); a data value nested
/// deeper than 1000 levels.
pub(super) fn roundtrip<'a>(x: &Val<'a>) -> Result<Val<'a>, String> {
    match x {
        Val::Fragment(Json::Object(m)) if m.is_empty() => Ok(Val::None),
        Val::Fragment(Json::Array(a)) if a.is_empty() => Ok(Val::None),
        other => plain(other),
    }
}

fn plain<'a>(x: &Val<'a>) -> Result<Val<'a>, String> {
    Ok(match x {
        Val::None => Val::None,
        Val::Bool(b) => Val::Bool(*b),
        Val::Int(i) => Val::Int(*i),
        Val::Float(f) => float(*f),
        Val::Str(s) => Val::Str(s.clone()),
        Val::List(items) | Val::Tuple(items) => {
            Val::List(items.iter().map(plain).collect::<Result<_, _>>()?)
        }
        Val::Dict(entries) => Val::Dict(
            entries
                .iter()
                .map(|(k, v)| Ok((plain(k)?, plain(v)?)))
                .collect::<Result<_, String>>()?,
        ),
        Val::Fragment(data) => data_plain(data, 0)?,
        Val::Ctx { .. } => return Err("unable to convert a struct to YAML".to_owned()),
        Val::Function(_) | Val::Callable(_) => {
            return Err("unknown type *starlark.Function for conversion to go value".to_owned());
        }
    })
}

fn data_plain(data: &Json, depth: usize) -> Result<Val<'_>, String> {
    if depth > MAX_DEPTH {
        return Err(format!("data value nested deeper than {MAX_DEPTH} levels"));
    }
    Ok(match data {
        Json::Object(map) => Val::Dict(
            map.iter()
                .map(|(k, v)| {
                    Ok((
                        Val::Str(Cow::Borrowed(k.as_str())),
                        data_plain(v, depth + 1)?,
                    ))
                })
                .collect::<Result<_, String>>()?,
        ),
        Json::Array(items) => Val::List(
            items
                .iter()
                .map(|v| data_plain(v, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        Json::Number(_) => match Val::from_data(data) {
            Val::Float(f) => float(f),
            v => v,
        },
        scalar => Val::from_data(scalar),
    })
}

/// A float as go-yaml writes it and reads it back.
fn float<'a>(f: f64) -> Val<'a> {
    let text = format_float_shortest(f);
    if text.bytes().all(|b| b.is_ascii_digit() || b == b'-')
        && let Ok(i) = text.parse::<i64>()
    {
        return Val::Int(i);
    }
    Val::Float(f)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn round_trips_as_ytt() {
        let empty = json!({});
        assert_eq!(
            roundtrip(&Val::Fragment(&empty)).map(|v| v.repr()),
            Ok("None".to_owned())
        );
        let nested = json!({"a": [], "b": 2.0});
        assert_eq!(
            roundtrip(&Val::Fragment(&nested)).map(|v| v.repr()),
            Ok(r#"{"a": [], "b": 2}"#.to_owned())
        );
        assert_eq!(
            roundtrip(&Val::Float(1e6)).map(|v| v.repr()),
            Ok("1e+06".to_owned())
        );
        assert_eq!(
            roundtrip(&Val::List(vec![])).map(|v| v.repr()),
            Ok("[]".to_owned())
        );
    }

    #[test]
    fn deep_data_is_refused() {
        let mut deep = json!(1);
        for _ in 0..2_000 {
            deep = json!([deep]);
        }
        assert_eq!(
            roundtrip(&Val::Fragment(&deep)).map(|v| v.type_name()),
            Err("data value nested deeper than 1000 levels".to_owned())
        );
    }
}
