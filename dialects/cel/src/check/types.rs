//! CEL types as cel-go's checker knows them (`common/types`), and how its error texts print
//! them (`checker/format.go` `FormatCELType`).

use std::fmt;
use std::sync::Arc;

use super::decl::Decl;

/// A type the checker gives an expression.
#[derive(Debug, Clone)]
pub enum Type {
    /// `dyn`: anything; what the checker cannot type for certain.
    Dyn,
    /// The type of an expression that already failed to check (cel-go's `!error!`): it matches
    /// everything, so one mistake gives one error.
    Error,
    /// `null`.
    Null,
    /// `bool`.
    Bool,
    /// `int`.
    Int,
    /// `uint`.
    Uint,
    /// `double`.
    Double,
    /// `string`.
    String,
    /// `bytes`.
    Bytes,
    /// `duration` (`google.protobuf.Duration`).
    Duration,
    /// `timestamp` (`google.protobuf.Timestamp`).
    Timestamp,
    /// `list(T)`.
    List(Box<Type>),
    /// `map(K, V)`.
    Map(Box<Type>, Box<Type>),
    /// An object of the schema (a node with `properties`), with its declared fields.
    Object(Arc<Decl>),
    /// A library's own type (`kubernetes.URL`, `net.IP`…).
    Opaque(&'static str),
    /// `type(T)`: a type as a value (`int`, `type(x)`).
    Type(Box<Type>),
}

impl Type {
    /// Whether the type matches anything (`dyn` or an error).
    pub fn is_dyn(&self) -> bool {
        matches!(self, Type::Dyn | Type::Error)
    }

    /// Whether a value of type `other` may stand where `self` is expected, as cel-go's
    /// `isAssignable` decides it without type parameters: `dyn` and errors match anything,
    /// `null` matches objects, durations, timestamps and library types (not strings, numbers,
    /// lists or maps: `self.tags == null` is refused); lists and maps element-wise.
    pub fn accepts(&self, other: &Type) -> bool {
        let nullable = |t: &Type| {
            matches!(
                t,
                Type::Null | Type::Object(_) | Type::Duration | Type::Timestamp | Type::Opaque(_)
            )
        };
        match (self, other) {
            (a, b) if a.is_dyn() || b.is_dyn() => true,
            (a, Type::Null) | (Type::Null, a) => nullable(a),
            (Type::List(a), Type::List(b)) => a.accepts(b),
            (Type::Map(ak, av), Type::Map(bk, bv)) => ak.accepts(bk) && av.accepts(bv),
            (Type::Object(a), Type::Object(b)) => Arc::ptr_eq(a, b) || a.name() == b.name(),
            (Type::Opaque(a), Type::Opaque(b)) => a == b,
            (Type::Type(_), Type::Type(_)) => true,
            (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
        }
    }

    /// The more general of two types (for `a ? x : y`, list and map literals): one of them
    /// when they agree, `dyn` otherwise.
    pub fn join(&self, other: &Type) -> Type {
        match (self, other) {
            (a, b) if a.is_dyn() || b.is_dyn() => Type::Dyn,
            (Type::Null, b) => b.clone(),
            (a, Type::Null) => a.clone(),
            (Type::List(a), Type::List(b)) => Type::List(Box::new(a.join(b))),
            (Type::Map(ak, av), Type::Map(bk, bv)) => {
                Type::Map(Box::new(ak.join(bk)), Box::new(av.join(bv)))
            }
            (a, b) if a.accepts(b) => a.clone(),
            _ => Type::Dyn,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Dyn => f.write_str("dyn"),
            Type::Error => f.write_str("!error!"),
            Type::Null => f.write_str("null"),
            Type::Bool => f.write_str("bool"),
            Type::Int => f.write_str("int"),
            Type::Uint => f.write_str("uint"),
            Type::Double => f.write_str("double"),
            Type::String => f.write_str("string"),
            Type::Bytes => f.write_str("bytes"),
            Type::Duration => f.write_str("duration"),
            Type::Timestamp => f.write_str("timestamp"),
            Type::List(t) => write!(f, "list({t})"),
            Type::Map(k, v) => write!(f, "map({k}, {v})"),
            Type::Object(d) => f.write_str(d.name()),
            Type::Opaque(name) => f.write_str(name),
            Type::Type(t) => write!(f, "type({t})"),
        }
    }
}
