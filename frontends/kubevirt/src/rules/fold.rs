//! Which field of a rule a JSON key names, as Go's `encoding/json` decides.
//!
//! Go looks a key up among the struct's JSON names exactly first, then by its folded form:
//! ASCII letters are upper-cased, and every other character `c` becomes
//! `unicode.ToUpper(unicode.ToLower(c))` (simple, one-to-one case mappings). Our field names are
//! ASCII, so a key names a field exactly when each of its characters folds to the field's ASCII
//! letter. Besides the ASCII letters, four characters fold into ASCII (checked against the
//! Unicode tables in the tests below):
//!
//! | character | `ToLower` | `ToUpper` of that |
//! | --- | --- | --- |
//! | U+0130 `İ` | `i` | `I` |
//! | U+0131 `ı` | `ı` | `I` |
//! | U+017F `ſ` | `ſ` | `S` |
//! | U+212A `K` (Kelvin) | `k` | `K` |

/// A field of the reference's `validation.Rule`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    Rule,
    Name,
    Path,
    Message,
    Valid,
    JustWarning,
    Values,
    Min,
    Max,
    MinLength,
    MaxLength,
    Regex,
}

impl Field {
    const ALL: [Field; 12] = [
        Field::Rule,
        Field::Name,
        Field::Path,
        Field::Message,
        Field::Valid,
        Field::JustWarning,
        Field::Values,
        Field::Min,
        Field::Max,
        Field::MinLength,
        Field::MaxLength,
        Field::Regex,
    ];

    /// The JSON name (the struct tag).
    pub(crate) fn json_name(self) -> &'static str {
        match self {
            Field::Rule => "rule",
            Field::Name => "name",
            Field::Path => "path",
            Field::Message => "message",
            Field::Valid => "valid",
            Field::JustWarning => "justWarning",
            Field::Values => "values",
            Field::Min => "min",
            Field::Max => "max",
            Field::MinLength => "minLength",
            Field::MaxLength => "maxLength",
            Field::Regex => "regex",
        }
    }

    /// The field a key names, if any (unknown keys are ignored by the decoder).
    pub(crate) fn for_key(key: &str) -> Option<Field> {
        if let Some(f) = Field::ALL.into_iter().find(|f| f.json_name() == key) {
            return Some(f);
        }
        Field::ALL
            .into_iter()
            .find(|f| folds_to(key, f.json_name()))
    }
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

/// Whether `key` folds to the fold of the ASCII `name`.
pub(crate) fn folds_to(key: &str, name: &str) -> bool {
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
    fn keys() {
        assert_eq!(Field::for_key("message"), Some(Field::Message));
        assert_eq!(Field::for_key("MESSAGE"), Some(Field::Message));
        assert_eq!(Field::for_key("meſſage"), Some(Field::Message));
        assert_eq!(Field::for_key("juſtWarning"), Some(Field::JustWarning));
        assert_eq!(Field::for_key("justwarning"), Some(Field::JustWarning));
        assert_eq!(Field::for_key("valİd"), Some(Field::Valid));
        assert_eq!(Field::for_key("valıd"), Some(Field::Valid));
        assert_eq!(Field::for_key("MINLENGTH"), Some(Field::MinLength));
        assert_eq!(Field::for_key("just_warning"), None);
        assert_eq!(Field::for_key("minimum"), None);
        assert_eq!(Field::for_key("mi"), None);
        assert_eq!(Field::for_key("value"), None);
        assert_eq!(Field::for_key(""), None);
        assert_eq!(Field::for_key("ﬀ"), None);
    }
}
