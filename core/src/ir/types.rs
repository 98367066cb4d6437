//! JSON types, as JSON Schema names them.

/// The type of a JSON value, with JSON Schema's names (`integer`: a number with a zero
/// fractional part, `1.0` included; JSON Schema core §4.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum JsonType {
    /// `null`.
    Null,
    /// `true` or `false`.
    Boolean,
    /// A number with a zero fractional part.
    Integer,
    /// Any number (an integer is a number too).
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl JsonType {
    /// The JSON Schema name (`"integer"`, …).
    pub fn name(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "boolean",
            JsonType::Integer => "integer",
            JsonType::Number => "number",
            JsonType::String => "string",
            JsonType::Array => "array",
            JsonType::Object => "object",
        }
    }
}
