//! Checking a value against a schema type, as ytt 0.48 checks `@schema/default` and
//! `@schema/examples` values and data values (`pkg/schema/assign.go`, `check.go`): first the
//! shapes (`AssignTypeTo`: a map where a map is declared, an array where an array is; missing
//! keys filled in with their defaults), and only if the shapes fit, the scalars and the keys
//! (`CheckNode`, pre-order).

use super::model::{Kind, Type};
use super::report::Failure;
use crate::spell::nearest;
use validgen_gotext::yaml::{MapItem, Node, Pos, Scalar};

/// The shape check, then (if it passes) the scalar and key check, of `value`, the value of a
/// node at `pos` (a map item, an array item or a document), against `ty`. Missing map keys
/// are added to `value` with their defaults, in schema order after the keys given.
///
/// Returns the failures (`found: integer`, `expected: string (by schema.yml:4)`), empty when
/// `value` fits.
pub fn check_value(ty: &Type, value: &mut Node, pos: &Pos) -> Vec<Failure> {
    let mut failures = Vec::new();
    assign(ty, value, pos, &mut failures);
    if failures.is_empty() {
        check(ty, value, pos, &mut failures);
    }
    failures
}

/// The shape check (ytt's `AssignTypeTo`) of `value` at `pos`: a map or an array must be
/// declared as such; missing map keys are filled in. Scalars are not looked at.
pub fn assign(ty: &Type, value: &mut Node, pos: &Pos, failures: &mut Vec<Failure>) {
    match (&ty.kind, value) {
        (Kind::Any, _) | (_, Node::Scalar(_)) => {}
        (Kind::Map(props), Node::Map(items)) => {
            let mut found = Vec::new();
            for item in items.iter_mut() {
                if let Some(prop) = props.iter().find(|p| p.key == item.key) {
                    found.push(prop.key.clone());
                    assign(&prop.ty, &mut item.value, &item.pos, failures);
                }
            }
            for prop in props {
                if !found.contains(&prop.key) {
                    items.push(MapItem {
                        pos: prop.ty.pos.clone(),
                        key: prop.key.clone(),
                        value: prop.ty.default.clone(),
                        comments: Vec::new(),
                    });
                }
            }
        }
        (Kind::Array(item_ty), Node::Array(items)) => {
            for item in items.iter_mut() {
                assign(item_ty, &mut item.value, &item.pos, failures);
            }
        }
        (_, value) => failures.push(mismatch(ty, node_type_name(value), pos)),
    }
}

/// The scalar and key check (ytt's `CheckNode`) of `value` at `pos`, whose shapes fit: each
/// scalar against its type (an integer fits a float; null only a nullable or `any` type),
/// undeclared keys reported, in pre-order.
pub fn check(ty: &Type, value: &Node, pos: &Pos, failures: &mut Vec<Failure>) {
    match (&ty.kind, value) {
        (Kind::Any, _) => {}
        (_, Node::Scalar(scalar)) => {
            if let Some(failure) = check_scalar(ty, scalar, pos) {
                failures.push(failure);
            }
        }
        (Kind::Map(props), Node::Map(items)) => {
            for item in items {
                if !props.iter().any(|p| p.key == item.key) {
                    failures.push(undeclared_key(item, pos, props));
                }
            }
            for item in items {
                if let Some(prop) = props.iter().find(|p| p.key == item.key) {
                    check(&prop.ty, &item.value, &item.pos, failures);
                }
            }
        }
        (Kind::Array(item_ty), Node::Array(items)) => {
            for item in items {
                check(item_ty, &item.value, &item.pos, failures);
            }
        }
        // Shapes that do not fit were reported by `assign`.
        _ => {}
    }
}

fn check_scalar(ty: &Type, scalar: &Scalar, pos: &Pos) -> Option<Failure> {
    let fits = match (&ty.kind, scalar) {
        (Kind::Any, _) => true,
        (_, Scalar::Null) => ty.nullable,
        (Kind::String, Scalar::String(_))
        | (Kind::Int, Scalar::Int(_))
        | (Kind::Float, Scalar::Float(_) | Scalar::Int(_))
        | (Kind::Bool, Scalar::Bool(_)) => true,
        _ => false,
    };
    (!fits).then(|| mismatch(ty, scalar_type_name(scalar), pos))
}

/// ytt's `NewMismatchedTypeAssertionError`: `found: <what was given>`, `expected: <declared
/// type> (by <where it was declared>)`.
fn mismatch(ty: &Type, found: &str, pos: &Pos) -> Failure {
    Failure {
        description: String::new(),
        annotations: Vec::new(),
        position: pos.clone(),
        found: found.to_owned(),
        expected: format!("{} (by {})", kind_name(&ty.kind), ty.pos),
        hints: Vec::new(),
    }
}

/// ytt's `NewUnexpectedKeyAssertionError` (`pkg/schema/error.go`): the allowed keys sorted
/// as text, listed when 2 to 9, and the nearest one as a hint (`pkg/spell`).
fn undeclared_key(item: &MapItem, map_pos: &Pos, props: &[super::Property]) -> Failure {
    let key = scalar_as_v(&item.key);
    let mut allowed: Vec<String> = props.iter().map(|p| scalar_as_s(&p.key)).collect();
    allowed.sort();
    let expected = match allowed.as_slice() {
        [one] => format!("a map item with the key named \"{one}\" (from {map_pos})"),
        many if (2..=9).contains(&many.len()) => {
            format!("one of {{ {} }} (from {map_pos})", many.join(", "))
        }
        _ => format!("a key declared in map (from {map_pos})"),
    };
    let hints = nearest(&key, &allowed)
        .map(|n| vec![format!("did you mean \"{n}\"?")])
        .unwrap_or_default();
    Failure {
        description: "Given data value is not declared in schema".to_owned(),
        annotations: Vec::new(),
        position: item.pos.clone(),
        found: key,
        expected,
        hints,
    }
}

/// The type's name in ytt's messages (`yamlmeta.TypeName` of its values).
pub fn kind_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Map(_) => "map",
        Kind::Array(_) => "array",
        Kind::String => "string",
        Kind::Int => "integer",
        Kind::Float => "float",
        Kind::Bool => "boolean",
        Kind::Any => "any",
    }
}

/// A value's type name in ytt's messages (`yamlmeta.TypeName`).
pub fn node_type_name(node: &Node) -> &'static str {
    match node {
        Node::Map(_) => "map",
        Node::Array(_) => "array",
        Node::Scalar(s) => scalar_type_name(s),
    }
}

/// A scalar's type name in ytt's messages (`yamlmeta.TypeName`).
pub fn scalar_type_name(scalar: &Scalar) -> &'static str {
    match scalar {
        Scalar::Null => "null",
        Scalar::Bool(_) => "boolean",
        Scalar::Int(_) => "integer",
        Scalar::Float(_) => "float",
        Scalar::String(_) => "string",
    }
}

/// A key as Go's `%v` prints it.
fn scalar_as_v(scalar: &Scalar) -> String {
    match scalar {
        Scalar::Null => "<nil>".to_owned(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(f) => go_float(*f),
        Scalar::String(s) => s.clone(),
    }
}

/// A key as Go's `%s` prints it (`%!s(int=80)` for a non-string).
pub(crate) fn scalar_as_s(scalar: &Scalar) -> String {
    match scalar {
        Scalar::Null => "%!s(<nil>)".to_owned(),
        Scalar::Bool(b) => format!("%!s(bool={b})"),
        Scalar::Int(i) => format!("%!s(int={i})"),
        Scalar::Float(f) => format!("%!s(float64={})", go_float(*f)),
        Scalar::String(s) => s.clone(),
    }
}

/// A float as Go's `%v` prints it (shortest digits; exponent from 1e21, and below 1e-4).
fn go_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_owned();
    }
    let abs = f.abs();
    if abs != 0.0 && !(1e-4..1e21).contains(&abs) {
        let text = format!("{f:e}");
        // Rust writes `1e21` / `1.5e-5`; Go writes `1e+21` / `1.5e-05`.
        match text.split_once('e') {
            Some((mantissa, exp)) => {
                let (sign, digits) = match exp.strip_prefix('-') {
                    Some(d) => ('-', d),
                    None => ('+', exp),
                };
                format!("{mantissa}e{sign}{digits:0>2}")
            }
            None => text,
        }
    } else {
        format!("{f}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_as_go() {
        assert_eq!(go_float(1.5), "1.5");
        assert_eq!(go_float(1e21), "1e+21");
        assert_eq!(go_float(0.00001), "1e-05");
    }
}
