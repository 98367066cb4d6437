//! What the JSONPath evaluator needs from the values it walks.
//!
//! client-go's `util/jsonpath` walks Go values through `reflect`; the evaluator here is generic
//! over [`Node`], so the same code walks plain JSON (`serde_json::Value`, as kubectl's
//! unstructured objects) and the typed KubeVirt view of a VM (`crate::typed`).

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

    /// The Go type as `reflect.Type.String()` prints it (e.g. `v1.CPU`,
    /// `map[string]interface {}`), for error messages.
    fn type_name(&self) -> Cow<'_, str>;
}
