//! Converting found values as the reference's `path.Results` does: `AsString` (with the
//! `<T Value>` rendering of non-strings) and `AsInt64`.

use super::inner::Inner;
use super::node::TypedNode;
use super::schema::AsInt;
use validgen_jsonpath::{Found, Literal};
use validgen_quantity::Quantity;

/// Why a found value is not an integer for an `integer` rule or an integer argument.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IntError {
    /// `mismatching type: <GoType>, not int or resource.Quantity` (GoType as `reflect.Type`
    /// prints it, e.g. `*resource.Quantity`).
    #[error("mismatching type: {0}, not int or resource.Quantity")]
    Mismatch(String),
    /// A nil `*resource.Quantity`: the reference dereferences it and crashes.
    #[error("nil {0} (the reference validator crashes here)")]
    NilQuantity(String),
    /// A value reached through an unexported Go field (e.g. `Quantity.i`):
    /// `reflect.Value.Interface()` panics on it, so the reference crashes.
    #[error("{0} reached through an unexported field (the reference validator crashes here)")]
    Unexported(String),
}

/// The string the reference compares for a found value: a string kind gives itself, anything
/// else its Go `reflect.Value.String()` text such as `<uint32 Value>` or `<*v1.CPU Value>`.
///
/// # Errors
/// [`IntError::Unexported`] for a value reached through an unexported field.
pub fn as_string(found: &Found<TypedNode<'_>>) -> Result<String, IntError> {
    Ok(match found {
        Found::Node(n) => match n.inner() {
            Some(i) if i.interface_panics() => {
                return Err(IntError::Unexported(i.go_type().to_owned()));
            }
            Some(i) => match i.as_str() {
                Some(s) => s.to_owned(),
                None => format!("<{} Value>", i.go_type()),
            },
            None => match n.ty().rendered() {
                Some(text) => text,
                None => n.json().and_then(|v| v.as_str()).unwrap_or("").to_owned(),
            },
        },
        Found::Literal(l) => match l {
            Literal::Str(s) => s.clone(),
            Literal::Int(_) => "<int Value>".to_owned(),
            Literal::Float(_) => "<float64 Value>".to_owned(),
            Literal::Bool(_) => "<bool Value>".to_owned(),
            Literal::Byte(_) => "<uint8 Value>".to_owned(),
        },
    })
}

/// The integer the reference reads from a found value (`path.Results.AsInt64`): unnamed Go
/// integers (uint64 wraps), floats rounded half away from zero, and quantities through
/// `Quantity.AsInt64`.
///
/// # Errors
/// [`IntError`] for every other type and for quantities not held as small integers.
pub fn as_int(found: &Found<TypedNode<'_>>) -> Result<i64, IntError> {
    match found {
        Found::Node(n) => match n.inner() {
            Some(i) => inner_int(i),
            None => int_of_json(n.json(), n.ty().as_int(), &n.ty().go_type),
        },
        Found::Literal(l) => match l {
            Literal::Int(i) => Ok(*i),
            Literal::Float(f) => Ok(round(*f)),
            Literal::Str(_) => Err(IntError::Mismatch("string".to_owned())),
            Literal::Bool(_) => Err(IntError::Mismatch("bool".to_owned())),
            Literal::Byte(_) => Err(IntError::Mismatch("uint8".to_owned())),
        },
    }
}

/// The integer of a value of a type converted as `how` (`go_type` names the type): `None` is
/// the zero value (nil for pointers).
///
/// # Errors
/// [`IntError`] as [`as_int`].
pub fn int_of_json(
    v: Option<&serde_json::Value>,
    how: AsInt,
    go_type: &str,
) -> Result<i64, IntError> {
    let mismatch = || IntError::Mismatch(go_type.to_owned());
    match how {
        AsInt::Cast => Ok(match v {
            None => 0,
            Some(v) => v
                .as_i64()
                .or_else(|| v.as_u64().map(|u| u as i64))
                .ok_or_else(mismatch)?,
        }),
        AsInt::Round => Ok(v.and_then(|v| v.as_f64()).map_or(0, round)),
        AsInt::Quantity => match v {
            None => Ok(0),
            Some(v) => quantity_int(v).ok_or_else(mismatch),
        },
        AsInt::QuantityPtr => match v {
            None => Err(IntError::NilQuantity(go_type.to_owned())),
            Some(v) => quantity_int(v).ok_or_else(mismatch),
        },
        AsInt::Mismatch => Err(mismatch()),
    }
}

/// `AsInt64` of a Go field inside a custom-JSON leaf: only unnamed integers convert.
fn inner_int(i: Inner<'_>) -> Result<i64, IntError> {
    match i {
        _ if i.interface_panics() => Err(IntError::Unexported(i.go_type().to_owned())),
        Inner::Int {
            go_type: "int32",
            value,
        } => Ok(value),
        _ => Err(IntError::Mismatch(i.go_type().to_owned())),
    }
}

impl IntError {
    /// The rule error validgen reports: the reference's text, and `invalid JSONPath` where
    /// the reference crashes (a nil `*resource.Quantity`, an unexported value).
    pub fn rule_text(&self) -> String {
        match self {
            IntError::Mismatch(_) => self.to_string(),
            IntError::NilQuantity(_) | IntError::Unexported(_) => "invalid JSONPath".to_owned(),
        }
    }
}

fn quantity_int(v: &serde_json::Value) -> Option<i64> {
    if let serde_json::Value::String(s) = v
        && let Some(i) = Quantity::simple_as_i64(s)
    {
        return i;
    }
    Quantity::from_json(v)
        .ok()
        .flatten()
        .map_or(Some(0), |q| q.as_i64())
}

/// Go's `int64(math.Round(f))` on amd64: half away from zero; NaN and values outside int64
/// give `i64::MIN`.
pub fn round(f: f64) -> i64 {
    let r = f.round();
    if r.is_nan() || !(-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&r) {
        i64::MIN
    } else {
        r as i64
    }
}
