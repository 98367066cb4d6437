//! The single pass's arena values as document [`Instance`]s, so that document checks read them
//! in place, as they read a `serde_json::Value`.

use std::borrow::Cow;

use serde_json::{Number, Value};

use super::{JsonView, Kept};
use validgen_core::model::{Instance, JsonType, is_integral};

impl<'a> Instance<'a> for Kept<'a> {
    fn json_type(self) -> JsonType {
        match self {
            Kept::Null => JsonType::Null,
            Kept::Bool(_) => JsonType::Boolean,
            Kept::Number(n) if is_integral(n) => JsonType::Integer,
            Kept::Number(_) => JsonType::Number,
            Kept::String(_) => JsonType::String,
            Kept::Array(_) => JsonType::Array,
            Kept::Object(_) => JsonType::Object,
        }
    }

    fn as_bool(self) -> Option<bool> {
        match self {
            Kept::Bool(b) => Some(b),
            _ => None,
        }
    }

    fn as_number(self) -> Option<&'a Number> {
        match self {
            Kept::Number(n) => Some(n),
            _ => None,
        }
    }

    fn as_str(self) -> Option<&'a str> {
        match self {
            Kept::String(s) => Some(s),
            _ => None,
        }
    }

    fn array_len(self) -> Option<usize> {
        match self {
            Kept::Array(items) => Some(items.len()),
            _ => None,
        }
    }

    fn item(self, i: usize) -> Option<Self> {
        match self {
            Kept::Array(items) => items.get(i).copied(),
            _ => None,
        }
    }

    fn object_len(self) -> Option<usize> {
        self.as_object().map(<[_]>::len)
    }

    fn entries(self) -> impl Iterator<Item = (&'a str, Self)> {
        self.as_object().into_iter().flatten().map(|&(k, v)| (k, v))
    }

    fn get(self, key: &str) -> Option<Self> {
        self.as_object()?
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    }

    fn to_value(self) -> Cow<'a, Value> {
        Cow::Owned(JsonView::to_value(&self).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use bumpalo::Bump;
    use serde_json::json;

    use super::*;
    use validgen_core::checks::document;
    use validgen_core::ir::Measure;

    /// Every document check answers the same on a kept value as on the `Value` it came from.
    #[test]
    fn kept_values_read_as_their_json() {
        let arena = Bump::new();
        let doc = json!({"a": [1, 1.0, "x", null], "b": {"c": 2.5, "d": true}, "e": ""});
        let kept = Kept::from_value(&doc, &arena);
        let kinds = [JsonType::Object];
        assert_eq!(document::type_(kept, &kinds), document::type_(&doc, &kinds));
        let a = kept.get("a");
        assert_eq!(a.and_then(document::unique), document::unique(&doc["a"]));
        assert_eq!(
            a.and_then(|v| document::size(v, Measure::Items, None, Some(2))),
            document::size(&doc["a"], Measure::Items, None, Some(2))
        );
        assert!(kept.keys().eq((&doc).keys()));
        assert_eq!(
            kept.get("b").map(|b| b.keys().collect::<Vec<_>>()),
            Some(vec!["c", "d"])
        );
        assert_eq!(
            kept.get("b")
                .and_then(|b| b.get("c"))
                .map(|c| c.json_type()),
            Some(JsonType::Number)
        );
        assert_eq!(kept.to_value().into_owned(), doc);
    }
}
