//! The types of a data-values schema.

use crate::annotations::Annotation;
use validgen_gotext::yaml::{Node, Pos, Scalar};

/// A data-values schema: the type of its document's value.
#[derive(Debug, Clone, PartialEq)]
pub struct Schema {
    /// Where the schema document starts.
    pub pos: Pos,
    /// The type of the document's value (its validation is the document's
    /// `@schema/validation`).
    pub root: Type,
    /// Whether its validations may use the seed proposals' rules ytt never shipped
    /// (`format=`, `regexp=`, `prefix=`, `unique=`; see [`crate::validation::validation_with`]).
    pub seed_extensions: bool,
}

/// The type of one node, with what ytt attaches to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Type {
    /// What values it accepts.
    pub kind: Kind,
    /// Whether `null` is accepted too (`@schema/nullable`; `any=True` accepts it anyway).
    pub nullable: bool,
    /// The node that declared it (a map item, an array item or the document): type errors
    /// say `expected: integer (by schema.yml:19)`.
    pub pos: Pos,
    /// The value ytt fills in where the data values give none: `null` when nullable, else
    /// `@schema/default` or the value written in the schema (an array's is `[]`).
    pub default: Node,
    /// Title, description, examples, deprecation.
    pub docs: Docs,
    /// The `@schema/validation` nearest the node, if any (lowered by [`crate::validation`]'s
    /// validations).
    pub validation: Option<Annotation>,
    /// `@schema/removed` (a seed extension, on a map item): a value the data values give for
    /// it is an error ([`crate::removed`]).
    pub removed: bool,
}

/// What values a [`Type`] accepts.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A map with these keys, in schema order (no other keys).
    Map(Vec<Property>),
    /// An array whose items all have this type.
    Array(Box<Type>),
    /// A string.
    String,
    /// An integer.
    Int,
    /// A float (an integer is accepted too).
    Float,
    /// A boolean.
    Bool,
    /// Any value (`@schema/type any=True`).
    Any,
}

/// One key of a [`Kind::Map`].
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    /// The key.
    pub key: Scalar,
    /// Its value's type.
    pub ty: Type,
}

/// A node's documentation, as ytt exports it to OpenAPI.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Docs {
    /// `@schema/title`.
    pub title: Option<String>,
    /// `@schema/desc`.
    pub description: Option<String>,
    /// `@schema/examples`: each example's description (if any) and value.
    pub examples: Vec<(Option<String>, Node)>,
    /// `@schema/deprecated`: the notice.
    pub deprecated: Option<String>,
}
