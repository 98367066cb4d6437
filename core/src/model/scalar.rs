//! Values a streamed pass reads without a document around them: a [`Scalar`] (a value that
//! holds no other, read whole by the [`super::reader`]), and a [`Shell`] (an array or object
//! the pass has read entry by entry, known by its type and size alone).

use std::borrow::Cow;

use serde_json::{Number, Value};

use super::reader::{Reader, Res};
use super::{Instance, JsonType, is_integral};

/// A JSON value that holds no other: `null`, a boolean, a number or a string (decoded; borrowed
/// from the text unless it held an escape). Checks read it through `&Scalar`, an
/// [`Instance`] with no items and no entries.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as serde_json reads it.
    Number(Number),
    /// A string's text.
    Str(Cow<'a, str>),
}

impl<'a> Scalar<'a> {
    /// The scalar the reader is at (after whitespace); [`super::reader::Abort`] at an array,
    /// an object or anything that is not JSON.
    ///
    /// # Errors
    /// As the reader's: the pass steps aside.
    #[inline]
    pub fn read(r: &mut Reader<'a>) -> Res<Scalar<'a>> {
        Ok(match r.peek()? {
            b'"' => Scalar::Str(r.string()?),
            b't' => {
                r.word(b"true")?;
                Scalar::Bool(true)
            }
            b'f' => {
                r.word(b"false")?;
                Scalar::Bool(false)
            }
            b'n' => {
                r.word(b"null")?;
                Scalar::Null
            }
            b'-' | b'0'..=b'9' => Scalar::Number(r.number()?),
            _ => return Err(super::reader::Abort),
        })
    }

    /// A key of an object as the string value it is (for `propertyNames`), borrowed.
    pub fn key(text: &'a str) -> Scalar<'a> {
        Scalar::Str(Cow::Borrowed(text))
    }
}

impl<'s> Instance<'s> for &'s Scalar<'_> {
    #[inline]
    fn json_type(self) -> JsonType {
        match self {
            Scalar::Null => JsonType::Null,
            Scalar::Bool(_) => JsonType::Boolean,
            Scalar::Number(n) if is_integral(n) => JsonType::Integer,
            Scalar::Number(_) => JsonType::Number,
            Scalar::Str(_) => JsonType::String,
        }
    }

    #[inline]
    fn as_bool(self) -> Option<bool> {
        match self {
            Scalar::Bool(b) => Some(*b),
            _ => None,
        }
    }

    #[inline]
    fn as_number(self) -> Option<&'s Number> {
        match self {
            Scalar::Number(n) => Some(n),
            _ => None,
        }
    }

    #[inline]
    fn as_str(self) -> Option<&'s str> {
        match self {
            Scalar::Str(s) => Some(s),
            _ => None,
        }
    }

    fn array_len(self) -> Option<usize> {
        None
    }

    fn item(self, _: usize) -> Option<Self> {
        None
    }

    fn object_len(self) -> Option<usize> {
        None
    }

    fn entries(self) -> impl Iterator<Item = (&'s str, Self)> {
        std::iter::empty()
    }

    fn get(self, _: &str) -> Option<Self> {
        None
    }

    fn to_value(self) -> Cow<'s, Value> {
        Cow::Owned(match self {
            Scalar::Null => Value::Null,
            Scalar::Bool(b) => Value::Bool(*b),
            Scalar::Number(n) => Value::Number(n.clone()),
            Scalar::Str(s) => Value::String(s.to_string()),
        })
    }
}

/// An array or an object a streamed pass has read, by its type and size: the checks that read
/// no more than that of a container (`type`, `minItems`/`maxItems`,
/// `minProperties`/`maxProperties`, and those that pass every array and object: `minimum`,
/// `multipleOf`, `pattern`, `format`, `minLength`…) judge it as they judge the container
/// itself. It has no items or entries to give: no other check is asked of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shell {
    /// [`JsonType::Array`] or [`JsonType::Object`].
    kind: JsonType,
    /// Its items or entries.
    len: usize,
}

impl Shell {
    /// An array of `len` items.
    pub fn array(len: usize) -> Shell {
        Shell {
            kind: JsonType::Array,
            len,
        }
    }

    /// An object of `len` entries.
    pub fn object(len: usize) -> Shell {
        Shell {
            kind: JsonType::Object,
            len,
        }
    }
}

impl Instance<'static> for Shell {
    fn json_type(self) -> JsonType {
        self.kind
    }

    fn as_bool(self) -> Option<bool> {
        None
    }

    fn as_number(self) -> Option<&'static Number> {
        None
    }

    fn as_str(self) -> Option<&'static str> {
        None
    }

    fn array_len(self) -> Option<usize> {
        (self.kind == JsonType::Array).then_some(self.len)
    }

    fn item(self, _: usize) -> Option<Self> {
        None
    }

    fn object_len(self) -> Option<usize> {
        (self.kind == JsonType::Object).then_some(self.len)
    }

    fn entries(self) -> impl Iterator<Item = (&'static str, Self)> {
        std::iter::empty()
    }

    fn get(self, _: &str) -> Option<Self> {
        None
    }

    /// An empty array or object: a shell has no contents to quote (the checks asked of it
    /// quote none in a verdict).
    fn to_value(self) -> Cow<'static, Value> {
        Cow::Owned(if self.kind == JsonType::Array {
            Value::Array(Vec::new())
        } else {
            Value::Object(serde_json::Map::new())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<Scalar<'_>> {
        Scalar::read(&mut Reader::new(text)).ok()
    }

    #[test]
    fn scalars_read_as_serde_json_reads_them() {
        for text in [
            "null",
            "true",
            "false",
            "0",
            "-1",
            "1.5",
            "1e3",
            r#""a\u00e9""#,
            r#""x""#,
        ] {
            let want: Value = serde_json::from_str(text).expect("JSON");
            let got = read(text).expect("a scalar");
            assert_eq!(*(&got).to_value(), want, "{text}");
            assert_eq!((&got).json_type(), (&want).json_type(), "{text}");
        }
        assert_eq!(read("[1]"), None);
        assert_eq!(read("{}"), None);
        assert_eq!(read("nul"), None);
    }

    #[test]
    fn shells_have_their_type_and_size_only() {
        let a = Shell::array(3);
        assert_eq!(
            (a.json_type(), a.array_len(), a.object_len()),
            (JsonType::Array, Some(3), None)
        );
        let o = Shell::object(2);
        assert_eq!(
            (o.json_type(), o.array_len(), o.object_len()),
            (JsonType::Object, None, Some(2))
        );
        assert_eq!(o.entries().count(), 0);
    }
}
