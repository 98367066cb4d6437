//! What the JSONPath evaluator needs from the values it walks.
//!
//! client-go's `util/jsonpath` walks Go values through `reflect`; the evaluator here is generic
//! over [`Node`], so the same code walks plain JSON (`serde_json::Value`, as kubectl's
//! unstructured objects) and the typed KubeVirt view of a VM (`validgen-kubevirt` `typed`).

use std::borrow::Cow;

/// The reflect kind of a value after pointer indirection, as far as JSONPath cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A Go struct: fields are looked up by JSON name, inline struct, then Go name.
    Struct,
    /// A map with string keys.
    Map,
    /// A slice or array.
    Slice,
    /// A string (named or not).
    String,
    /// Signed integer kinds.
    Int,
    /// Unsigned integer kinds.
    Uint,
    /// `float32`/`float64`.
    Float,
    /// `bool`.
    Bool,
    /// Anything else (e.g. a `resource.Quantity` leaf, `metav1.Time`).
    Other,
}

/// A scalar taken from a value for a filter comparison (client-go `template.Equal`/`Less`…).
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar<'a> {
    /// Signed integer.
    Int(i64),
    /// Unsigned integer.
    Uint(u64),
    /// Floating point.
    Float(f64),
    /// String.
    Str(Cow<'a, str>),
    /// Boolean.
    Bool(bool),
}

/// A value the evaluator can walk. Cheap to clone (a reference plus type information).
pub trait Node: Clone {
    /// `true` for a nil pointer or nil interface (JSON `null` in untyped JSON): field, array and
    /// recursive steps skip such values, as client-go's `template.Indirect` reports `isNil`.
    fn is_nil(&self) -> bool;

    /// The kind after pointer indirection. Only meaningful when `!is_nil()`.
    fn kind(&self) -> Kind;

    /// A struct field (JSON name, then the last inline struct field, then the Go field name, as
    /// client-go `findFieldInValue`) or a map entry. `None` when there is no such field or key
    /// (also for other kinds).
    fn field(&self, name: &str) -> Option<Self>;

    /// Number of elements of a slice (0 for other kinds).
    fn len(&self) -> usize;

    /// `true` when [`Node::len`] is 0.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Element `i` of a slice (`i < len()`).
    fn index(&self, i: usize) -> Option<Self>;

    /// The children used by `.*` and `..`: struct fields in declaration order (an inline struct
    /// field is one child), map values in ascending key order (Go iterates maps randomly; we
    /// pick a deterministic order), slice elements in order; empty for scalars.
    fn children(&self) -> Vec<Self>;

    /// The string of a string-kind value (used by `..` to iterate bytes, and by filters).
    fn as_str(&self) -> Option<Cow<'_, str>>;

    /// The value as a comparable scalar for filters; `None` for non-basic kinds (pointer,
    /// struct, map, slice), which client-go reports as "invalid type for comparison".
    fn scalar(&self) -> Option<Scalar<'_>>;

    /// `true` when `reflect.Value.Interface()` panics on this value (one reached through an
    /// unexported Go field): client-go's filters compare `Interface()`s. `false` by default.
    fn interface_panics(&self) -> bool {
        false
    }

    /// The Go type as `reflect.Type.String()` prints it (e.g. `v1.CPU`,
    /// `map[string]interface {}`), for error messages.
    fn type_name(&self) -> Cow<'_, str>;

    /// The Go type after pointer indirection (client-go `template.Indirect`), as error texts
    /// such as "v1.CPU is not array or slice" print it. The default strips the leading `*`s of
    /// [`Node::type_name`].
    fn elem_type_name(&self) -> Cow<'_, str> {
        match self.type_name() {
            Cow::Borrowed(s) => Cow::Borrowed(s.trim_start_matches('*')),
            Cow::Owned(s) => Cow::Owned(s.trim_start_matches('*').to_owned()),
        }
    }

    /// The value as Go's `fmt` verb `%v` prints it, for the error text of a filter applied to
    /// something that is not a list ("… is not array or slice and cannot be filtered").
    ///
    /// The default covers nil (`<nil>`), strings, numbers (`%v` of a float64), booleans, slices
    /// (`[a b]`) and structs (`{a b}`); maps print their values only (`map[a b]`, the trait does
    /// not expose keys) and Go prints nested non-nil pointers as addresses, which cannot be
    /// reproduced. Implementations may override it.
    fn go_value(&self) -> String {
        default_go_value(self, 0)
    }
}

/// How deep [`Node::go_value`]'s default descends before printing `...`.
const GO_VALUE_MAX_DEPTH: usize = 32;

fn default_go_value<N: Node>(node: &N, depth: usize) -> String {
    if node.is_nil() {
        return "<nil>".to_owned();
    }
    if depth > GO_VALUE_MAX_DEPTH {
        return "...".to_owned();
    }
    let join = |open: &str, close: &str| {
        let parts: Vec<String> = node
            .children()
            .iter()
            .map(|c| default_go_value(c, depth + 1))
            .collect();
        format!("{open}{}{close}", parts.join(" "))
    };
    match node.kind() {
        Kind::Slice => join("[", "]"),
        Kind::Map => join("map[", "]"),
        Kind::Struct => join("{", "}"),
        _ => match node.scalar() {
            Some(s) => s.go_value(),
            None => format!("<{} Value>", node.type_name()),
        },
    }
}

impl Scalar<'_> {
    /// The scalar as Go's `%v` prints it.
    pub fn go_value(&self) -> String {
        match self {
            Scalar::Int(i) => i.to_string(),
            Scalar::Uint(u) => u.to_string(),
            Scalar::Float(f) => super::gofmt::format_float(*f),
            Scalar::Str(s) => s.to_string(),
            Scalar::Bool(b) => b.to_string(),
        }
    }
}
