//! The Go fields inside the types that have their own JSON form (`resource.Quantity`,
//! `intstr.IntOrString`, `metav1.Time`): encoding/json never shows them, but client-go
//! JSONPath walks the Go struct by reflection and reaches them (`.memory.guest.Format`).
//!
//! Facts (apimachinery; field lists as in `kubevirt-types.json`, none of them with a `json`
//! tag, so client-go `findFieldInValue` finds them by `reflect.Value.FieldByName`):
//! - `resource.Quantity{i int64Amount; d infDecAmount; s string; Format}`: `Format` (a
//!   `resource.Format` string) is what `ParseQuantity` read from the suffix
//!   (`DecimalExponent`, `BinarySI`, `DecimalSI`; `""` in a zero Quantity).
//!   `int64Amount{value int64; scale Scale}`.
//! - `intstr.IntOrString{Type Type; IntVal int32; StrVal string}`: `Type` (an int) is 0 for a
//!   JSON number, 1 for a JSON string.
//! - `metav1.Time{time.Time}` (embedded, exported) and `time.Time{wall uint64; ext int64;
//!   loc *Location}`; client-go looks inside the embedded `Time` first (the inline field), so
//!   `.wall` works on a `metav1.Time` too.
//!
//! A value reached through an unexported field (`i`, `d`, `s`, `wall`, …) can be found and
//! counted, but ssp-operator's `Results.AsString`/`AsInt64` call `reflect.Value.Interface()`
//! on it, which panics: validgen answers that crash as a failed rule (`invalid JSONPath`,
//! SEMANTICS §11). What lies below `*inf.Dec` and `*time.Location` is not modelled (a step
//! there, or `..` into them, finds nothing).

use serde_json::Value;

use super::schema::Leaf;
use validgen_jsonpath::Kind;
use validgen_quantity::Quantity;

/// A Go value inside a custom-JSON type, as reflection sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Inner<'a> {
    /// An exported string-kind field: `Quantity.Format`, `IntOrString.StrVal`.
    Str {
        /// `reflect.Type.String()` of the field.
        go_type: &'static str,
        /// Its value.
        value: &'a str,
    },
    /// An exported integer field: `IntOrString.Type`, `IntOrString.IntVal`.
    Int {
        /// `reflect.Type.String()` of the field (`intstr.Type`, `int32`).
        go_type: &'static str,
        /// Its value.
        value: i64,
    },
    /// `metav1.Time`'s embedded `time.Time`; `zero` for the zero time (a nil `loc`).
    Time {
        /// The zero time.
        zero: bool,
    },
    /// A value reached through an unexported field.
    Unexported(Hidden),
}

/// The unexported values that are modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hidden {
    /// `Quantity.i` (`resource.int64Amount`).
    Int64Amount,
    /// `Quantity.d` (`resource.infDecAmount{*inf.Dec}`); `dec`: its `Dec` is not nil (the
    /// quantity is not held as a small integer).
    InfDecAmount {
        /// A non-nil `Dec`.
        dec: bool,
    },
    /// `infDecAmount.Dec` (`*inf.Dec`).
    Dec {
        /// A nil pointer.
        nil: bool,
    },
    /// A string (`Quantity.s`, the cache of the printed form, empty after parsing).
    Str,
    /// An integer of the given Go type (`int64Amount.value`, `.scale`, `time.Time.wall`, `.ext`).
    Int(&'static str),
    /// `time.Time.loc` (`*time.Location`): nil for the zero time, the local zone once
    /// `metav1.Time.UnmarshalJSON` has called `Local()`.
    Loc {
        /// A nil pointer.
        nil: bool,
    },
}

impl Hidden {
    fn go_type(self) -> &'static str {
        match self {
            Hidden::Int64Amount => "resource.int64Amount",
            Hidden::InfDecAmount { .. } => "resource.infDecAmount",
            Hidden::Dec { .. } => "*inf.Dec",
            Hidden::Str => "string",
            Hidden::Int(t) => t,
            Hidden::Loc { .. } => "*time.Location",
        }
    }
}

/// The Go field names of `leaf` in declaration order (`.*` and `..` visit them in that order).
fn leaf_fields(leaf: Leaf) -> &'static [&'static str] {
    match leaf {
        Leaf::Quantity => &["i", "d", "s", "Format"],
        Leaf::IntOrString => &["Type", "IntVal", "StrVal"],
        Leaf::Time => &["Time"],
        Leaf::FieldsV1 => &[],
    }
}

/// Field `name` of a value of the custom-JSON type `leaf` whose JSON is `json` (`None`: the
/// zero value), as client-go `findFieldInValue` finds it.
pub(crate) fn leaf_field<'a>(leaf: Leaf, json: Option<&'a Value>, name: &str) -> Option<Inner<'a>> {
    Some(match (leaf, name) {
        (Leaf::Quantity, "i") => Inner::Unexported(Hidden::Int64Amount),
        (Leaf::Quantity, "d") => Inner::Unexported(Hidden::InfDecAmount {
            dec: quantity(json).is_some_and(|q| !q.is_int_form()),
        }),
        (Leaf::Quantity, "s") => Inner::Unexported(Hidden::Str),
        (Leaf::Quantity, "Format") => Inner::Str {
            go_type: "resource.Format",
            value: quantity_format(json),
        },
        (Leaf::IntOrString, "Type") => Inner::Int {
            go_type: "intstr.Type",
            value: i64::from(json.is_some_and(Value::is_string)),
        },
        (Leaf::IntOrString, "IntVal") => Inner::Int {
            go_type: "int32",
            value: json.and_then(Value::as_i64).unwrap_or(0),
        },
        (Leaf::IntOrString, "StrVal") => Inner::Str {
            go_type: "string",
            value: json.and_then(Value::as_str).unwrap_or(""),
        },
        // The inline `time.Time` is searched first, then `FieldByName` finds `Time` itself.
        (Leaf::Time, "Time") => Inner::Time {
            zero: json.is_none(),
        },
        (Leaf::Time, _) => return time_field(json.is_none(), name),
        _ => return None,
    })
}

/// The fields of `leaf`'s value `json`, in declaration order.
pub(crate) fn leaf_children(leaf: Leaf, json: Option<&Value>) -> Vec<Inner<'_>> {
    leaf_fields(leaf)
        .iter()
        .filter_map(|f| leaf_field(leaf, json, f))
        .collect()
}

/// The quantity `json` holds (`None`: the zero Quantity; the decoded VM holds only quantities
/// that parse).
fn quantity(json: Option<&Value>) -> Option<Quantity> {
    Quantity::from_json(json?).ok().flatten()
}

/// `Format` as `ParseQuantity` sets it (`""` in the zero Quantity).
fn quantity_format(json: Option<&Value>) -> &'static str {
    quantity(json).map_or("", |q| q.format().as_str())
}

fn time_field(zero: bool, name: &str) -> Option<Inner<'static>> {
    let hidden = match name {
        "wall" => Hidden::Int("uint64"),
        "ext" => Hidden::Int("int64"),
        "loc" => Hidden::Loc { nil: zero },
        _ => return None,
    };
    Some(Inner::Unexported(hidden))
}

impl<'a> Inner<'a> {
    /// `reflect.Type.String()` of the value.
    pub(crate) fn go_type(self) -> &'static str {
        match self {
            Inner::Str { go_type, .. } | Inner::Int { go_type, .. } => go_type,
            Inner::Time { .. } => "time.Time",
            Inner::Unexported(h) => h.go_type(),
        }
    }

    /// A nil pointer.
    pub(crate) fn is_nil(self) -> bool {
        matches!(
            self,
            Inner::Unexported(Hidden::Loc { nil: true } | Hidden::Dec { nil: true })
        )
    }

    /// The reflect kind, as far as JSONPath cares.
    pub(crate) fn kind(self) -> Kind {
        match self {
            Inner::Str { .. } | Inner::Unexported(Hidden::Str) => Kind::String,
            Inner::Unexported(Hidden::Int("uint64")) => Kind::Uint,
            Inner::Int { .. } | Inner::Unexported(Hidden::Int(_)) => Kind::Int,
            Inner::Time { .. }
            | Inner::Unexported(Hidden::Int64Amount | Hidden::InfDecAmount { .. }) => Kind::Struct,
            Inner::Unexported(Hidden::Loc { .. } | Hidden::Dec { .. }) => Kind::Other,
        }
    }

    /// A field of a struct value.
    pub(crate) fn field(self, name: &str) -> Option<Inner<'a>> {
        match (self, name) {
            (Inner::Time { zero }, _) => time_field(zero, name),
            (Inner::Unexported(Hidden::Int64Amount), "value") => {
                Some(Inner::Unexported(Hidden::Int("int64")))
            }
            (Inner::Unexported(Hidden::Int64Amount), "scale") => {
                Some(Inner::Unexported(Hidden::Int("resource.Scale")))
            }
            (Inner::Unexported(Hidden::InfDecAmount { dec }), "Dec") => {
                Some(Inner::Unexported(Hidden::Dec { nil: !dec }))
            }
            _ => None,
        }
    }

    /// The fields of a struct value, in declaration order.
    pub(crate) fn children(self) -> Vec<Inner<'a>> {
        let names: &[&str] = match self {
            Inner::Time { .. } => &["wall", "ext", "loc"],
            Inner::Unexported(Hidden::Int64Amount) => &["value", "scale"],
            Inner::Unexported(Hidden::InfDecAmount { .. }) => &["Dec"],
            _ => &[],
        };
        names.iter().filter_map(|n| self.field(n)).collect()
    }

    /// The string of a string-kind value.
    pub(crate) fn as_str(self) -> Option<&'a str> {
        match self {
            Inner::Str { value, .. } => Some(value),
            Inner::Unexported(Hidden::Str) => Some(""),
            _ => None,
        }
    }

    /// `reflect.Value.Interface()` panics on values reached through unexported fields.
    pub(crate) fn interface_panics(self) -> bool {
        matches!(self, Inner::Unexported(_))
    }
}
