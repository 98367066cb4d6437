//! How Go's `encoding/json` matches an object's keys to a struct's fields (Go 1.21+
//! `decode.go` `object`): the key's field is the one whose JSON name equals it exactly, else the
//! one whose folded name equals the key's folded name (`fold.go` `foldName`).
//!
//! Folding upper-cases ASCII letters and turns every other character `c` into
//! `unicode.ToUpper(unicode.ToLower(c))` (simple, one-to-one case mappings). Field names of
//! the Go types validgen mirrors are ASCII, so a key names a field exactly when each of its
//! characters folds to the field's ASCII letter. Besides the ASCII letters, four characters
//! fold into ASCII (checked against the Unicode tables in the tests below):
//!
//! | character | `ToLower` | `ToUpper` of that |
//! | --- | --- | --- |
//! | U+0130 `İ` | `i` | `I` |
//! | U+0131 `ı` | `ı` | `I` |
//! | U+017F `ſ` | `ſ` | `S` |
//! | U+212A `K` (Kelvin) | `k` | `K` |

/// `v` as Go's `json.Marshal` writes it: compact, with `<`, `>`, `&`, U+2028 and U+2029
/// escaped as `\u003c`… (its HTML-safe escaping; they can only occur inside strings). Object
/// keys keep `v`'s order (Go sorts a map's keys: pass a sorted object for that).
pub fn marshal(v: &serde_json::Value) -> String {
    let json = v.to_string();
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Go's fold of one character, when it is ASCII.
fn fold_char(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - b'a' + b'A'),
        '\0'..='\x7f' => Some(c as u8),
        '\u{130}' | '\u{131}' => Some(b'I'),
        '\u{17f}' => Some(b'S'),
        '\u{212a}' => Some(b'K'),
        _ => None,
    }
}

/// Whether `key` folds to the fold of the ASCII field name `name` (so Go decodes `key` into
/// that field when no field is named `key` exactly).
pub fn folds_to(key: &str, name: &str) -> bool {
    // An ASCII key folds as ASCII does (the special folds are of non-ASCII characters): the
    // lengths decide most comparisons at once.
    if key.is_ascii() {
        return key.eq_ignore_ascii_case(name);
    }
    let mut want = name.bytes().map(|b| b.to_ascii_uppercase());
    for c in key.chars() {
        match (fold_char(c), want.next()) {
            (Some(got), Some(w)) if got == w => {}
            _ => return false,
        }
    }
    want.next().is_none()
}

/// The field of `names` (a struct's ASCII JSON names, in field order) that Go decodes `key`
/// into: the exact match, else the first that `key` folds to; `None` for an unknown field.
pub fn field_for<'a>(
    key: &str,
    names: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<&'a str> {
    names
        .clone()
        .into_iter()
        .find(|n| *n == key)
        .or_else(|| names.into_iter().find(|n| folds_to(key, n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go's simple case mappings, approximated with Rust's full ones: a mapping to several
    /// characters has no simple counterpart (the character maps to itself), except `İ`, whose
    /// simple lower case is `i`.
    fn go_lower(c: char) -> char {
        if c == '\u{130}' {
            return 'i';
        }
        let mut m = c.to_lowercase();
        match (m.next(), m.next()) {
            (Some(l), None) => l,
            _ => c,
        }
    }

    fn go_upper(c: char) -> char {
        let mut m = c.to_uppercase();
        match (m.next(), m.next()) {
            (Some(u), None) => u,
            _ => c,
        }
    }

    #[test]
    fn table_matches_unicode() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let folded = if c.is_ascii() {
                c.to_ascii_uppercase()
            } else {
                go_upper(go_lower(c))
            };
            let expected = folded.is_ascii().then_some(folded as u8);
            assert_eq!(fold_char(c), expected, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn marshal_escapes_as_go_does() {
        let v = serde_json::json!({"v": "a<b&c>\u{2028}", "n": 1});
        assert_eq!(
            marshal(&v),
            "{\"v\":\"a\\u003cb\\u0026c\\u003e\\u2028\",\"n\":1}"
        );
    }

    #[test]
    fn exact_first_then_folded() {
        let names = ["results", "isMutatingPolicy", "Results"];
        assert_eq!(field_for("Results", names), Some("Results"));
        assert_eq!(field_for("RESULTS", names), Some("results"));
        assert_eq!(
            field_for("isMUtatingPolicy", names),
            Some("isMutatingPolicy")
        );
        assert_eq!(
            field_for("iſMutatingPolicy", names),
            Some("isMutatingPolicy")
        );
        assert_eq!(
            field_for("İsmutatingpolicy", names),
            Some("isMutatingPolicy")
        );
        assert_eq!(field_for("is_mutating_policy", names), None);
        assert_eq!(field_for("result", names), None);
        assert_eq!(field_for("", names), None);
        assert_eq!(field_for("ﬀ", ["ff"]), None);
    }
}
