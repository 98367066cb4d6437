//! The pure functions of the document checks: one per [`crate::ir::Check`] variant, each
//! judging one value (or, for compositions, the counts of branches that held) and returning the
//! [`Violation`](crate::ir::Violation) without a location. The interpreter and generated code both call them, so
//! their verdicts and texts cannot differ.

mod any_of;
mod any_value;
mod budget;
mod compare;
mod const_;
mod contains;
mod error_message;
mod format;
mod keyword;
mod matches;
mod multiple_of;
mod never;
mod no_extra_keys;
mod not;
mod not_null;
mod number_range;
mod one_not_null;
mod one_of;
mod reference;
mod required;
mod size;
mod stream;
mod truthy;
mod type_;
mod unique;

pub use any_of::any_of;
pub use any_value::{any_value, is_any_of};
pub use budget::{Budget, MAX_REFS};
pub use const_::{const_, is_const};
pub use contains::contains;
pub use error_message::error_message;
pub use format::{format, has_format};
pub use keyword::keyword_found;
pub use matches::{bad_pattern, is_match, key_matches, matches};
pub use multiple_of::{is_multiple_of, multiple_of};
pub use never::never;
pub use no_extra_keys::{has_no_extra_keys, no_extra_keys};
pub use not::not;
pub use not_null::{is_not_null, not_null};
pub use number_range::{in_range, number_range};
pub use one_not_null::{has_one_not_null, one_not_null};
pub use one_of::one_of;
pub use reference::{
    MAX_DEPTH, deeper, reference_holds, reference_mark, reference_report, reference_walk, too_deep,
    undefined,
};
pub use required::{has_keys, required};
pub use size::{has_size, in_bounds, size};
pub use stream::{Stream, stream};
pub use truthy::truthy;
pub use type_::{has_type, type_, type_in};
pub use unique::{first_repeat, has_unique_items, unique};

use crate::model::Instance;

/// At most this many characters of a value are quoted in a violation.
const QUOTE_MAX: usize = 64;

/// A value as JSON, cut to [`QUOTE_MAX`] characters. Only the start of the value is written
/// (a value nested 100 000 deep, or 100 MB long, is not serialized whole, which would
/// overflow the stack or take its size in time and memory).
fn quote<'a>(v: impl Instance<'a>) -> String {
    // A string (the most quoted value) is escaped from the instance, without the copy that
    // `to_value` makes of a tape's or a stream's string.
    if let Some(s) = v.as_str() {
        let mut text = String::with_capacity(s.len().min(QUOTE_MAX) + 8);
        string_start(s, &mut text, QUOTE_MAX);
        return cut(text, QUOTE_MAX);
    }
    quote_value(&v.to_value(), QUOTE_MAX)
}

/// A value as JSON, cut to `max` characters (with `…` when cut), written only as far as the
/// cut: `quote` for any length.
pub fn quote_value(v: &serde_json::Value, max: usize) -> String {
    let mut text = String::new();
    quote_start(v, &mut text, max);
    cut(text, max)
}

/// `text` cut to `max` characters, with `…` when cut.
fn cut(text: String, max: usize) -> String {
    if text.len() <= max || text.chars().count() <= max {
        return text;
    }
    let mut cut: String = text.chars().take(max).collect();
    cut.push('…');
    cut
}

/// Writes the JSON string of `s`'s first `max + 1` characters into `out`, escaped as
/// `serde_json` escapes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other control
/// characters as `\u00xx` in lower case; nothing else): the start of `s`'s JSON text that
/// [`quote_value`] keeps.
fn string_start(s: &str, out: &mut String, max: usize) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in s.chars().take(max + 1) {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c < ' ' => {
                let b = c as usize;
                out.push_str("\\u00");
                out.push(char::from(HEX[b >> 4]));
                out.push(char::from(HEX[b & 15]));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Whether `out` holds more than `max` characters.
fn quote_full(out: &str, max: usize) -> bool {
    out.len() > max && out.chars().count() > max
}

/// Writes `v` as compact JSON into `out` until `out` is longer than `max` characters: what
/// is written is then a prefix of `v.to_string()` longer than the quote, otherwise all of
/// it. Each level writes a character before the next, so the recursion is at most `max + 1`
/// deep.
fn quote_start(v: &serde_json::Value, out: &mut String, max: usize) {
    use serde_json::Value;
    if quote_full(out, max) {
        return;
    }
    // A string's first characters, escaped, start its escaped text.
    let string = |s: &str, out: &mut String| string_start(s, out, max);
    match v {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if quote_full(out, max) {
                    return;
                }
                if i > 0 {
                    out.push(',');
                }
                quote_start(item, out, max);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, item)) in map.iter().enumerate() {
                if quote_full(out, max) {
                    return;
                }
                if i > 0 {
                    out.push(',');
                }
                string(k, out);
                out.push(':');
                quote_start(item, out, max);
            }
            out.push('}');
        }
        Value::String(s) => string(s, out),
        leaf => out.push_str(&leaf.to_string()),
    }
}

/// Keys as a list in a text: `a, b`.
fn list(keys: &[&str]) -> String {
    keys.join(", ")
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{QUOTE_MAX, quote};

    /// The quote as it was: the whole value serialized, then cut.
    fn cut_whole(v: &Value) -> String {
        let text = v.to_string();
        if text.chars().count() <= QUOTE_MAX {
            return text;
        }
        let mut cut: String = text.chars().take(QUOTE_MAX).collect();
        cut.push('…');
        cut
    }

    #[test]
    fn a_quote_is_the_start_of_the_value() {
        let long = "é\"\n".repeat(40);
        let values = [
            json!(null),
            json!(1.5),
            json!(-0.0),
            json!(u64::MAX),
            json!("a\"b\\c\n"),
            json!(long),
            json!([]),
            json!({}),
            json!([1, [2, [3, {"a": [true, null]}]]]),
            json!({"k\"ey": {"b": "x".repeat(70)}, "c": 1}),
            json!({ long.clone(): 1 }),
            json!((0..40).collect::<Vec<_>>()),
            json!((0..20).map(|i| json!({"n": i})).collect::<Vec<_>>()),
            json!("x".repeat(QUOTE_MAX)),
            json!("x".repeat(QUOTE_MAX - 2)),
            json!("x".repeat(QUOTE_MAX - 1)),
        ];
        for v in &values {
            assert_eq!(quote(v), cut_whole(v), "{v}");
        }
    }

    proptest::proptest! {
        /// Strings, with control characters, quotes and non-ASCII text, and objects keyed by
        /// them, are quoted as `serde_json` writes them, then cut.
        #[test]
        fn strings_are_escaped_as_serde_json_escapes(
            s in "[\\x00-\\x20\"\\\\a-z\\x7fé😀]{0,80}",
        ) {
            for v in [json!(s), json!({ s.clone(): s.clone() }), json!([s])] {
                proptest::prop_assert_eq!(quote(&v), cut_whole(&v), "{}", v);
            }
        }
    }

    #[test]
    fn a_value_nested_100_000_deep_is_quoted_on_a_small_stack() {
        std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(|| {
                let mut v = json!(1);
                for _ in 0..100_000 {
                    v = Value::Array(vec![v]);
                }
                assert_eq!(quote(&v), format!("{}…", "[".repeat(QUOTE_MAX)));
                // serde_json's `Drop` recurses: take the value apart by hand.
                let mut stack = vec![v];
                while let Some(v) = stack.pop() {
                    if let Value::Array(list) = v {
                        stack.extend(list);
                    }
                }
            })
            .expect("thread")
            .join()
            .expect("no overflow");
    }
}
