//! Finding a key's value inside a rule object of the annotation text, so that a diagnostic
//! points at the line of `"regex": …` rather than at the rule's opening brace; and where each
//! path of a rule is written.

use validgen_core::ir::{Arg, Path};
use validgen_kubevirt::rules::{Location, ParsedRule};

/// Where the value of `key` (matched ASCII case-insensitively, as the reference's decoder
/// matches keys; the last occurrence wins, as it does) starts in the object that begins at
/// byte `start` of `text`. `None` when the object has no such key or is not an object.
pub(crate) fn value_of(text: &str, start: usize, key: &str) -> Option<Location> {
    let bytes = text.as_bytes();
    if bytes.get(start) != Some(&b'{') {
        return None;
    }
    let mut depth = 0usize;
    let mut found = None;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            b'"' => {
                let end = string_end(bytes, i)?;
                if depth == 1 {
                    let colon = skip_space(bytes, end + 1);
                    if bytes.get(colon) == Some(&b':')
                        && text
                            .get(i + 1..end)
                            .is_some_and(|k| k.eq_ignore_ascii_case(key))
                    {
                        found = Some(skip_space(bytes, colon + 1));
                    }
                }
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    found.map(|offset| location(text, offset))
}

/// Where element `index` (0-based) of the array that starts at byte `start` of `text` starts;
/// `None` when there is no such element or no array there.
pub(crate) fn element_of(text: &str, start: usize, index: usize) -> Option<Location> {
    let bytes = text.as_bytes();
    if bytes.get(start) != Some(&b'[') {
        return None;
    }
    let mut depth = 0usize;
    let mut seen = 0usize;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'[' => {
                depth += 1;
                if depth == 1 {
                    // The first element starts after the bracket.
                    let at = skip_space(bytes, i + 1);
                    if index == 0 && bytes.get(at).is_some_and(|b| *b != b']') {
                        return Some(location(text, at));
                    }
                }
            }
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            b',' if depth == 1 => {
                seen += 1;
                if seen == index {
                    return Some(location(text, skip_space(bytes, i + 1)));
                }
            }
            b'"' => i = string_end(bytes, i)?,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Where a value of a rule is written: its key, and for `values` the element.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Place {
    /// The key (`path`, `rule`, `regex`, `values`, …).
    pub name: &'static str,
    /// The element of `values`.
    pub element: Option<usize>,
}

impl Place {
    /// The value of a key as a whole.
    pub(crate) fn value(name: &'static str) -> Place {
        Place {
            name,
            element: None,
        }
    }

    /// Where the value starts in the rule object that begins at byte `rule_start` of `text`.
    pub(crate) fn locate(self, text: &str, rule_start: usize) -> Option<Location> {
        let value = value_of(text, rule_start, self.name)?;
        match self.element {
            Some(i) => element_of(text, value.offset, i).or(Some(value)),
            None => Some(value),
        }
    }
}

/// Every path of a rule with where it is written (`path` first).
pub(crate) fn rule_paths(rule: &ParsedRule) -> Vec<(Place, &Path)> {
    let key = Place::value;
    let mut out: Vec<(Place, &Path)> = Vec::new();
    out.extend(rule.path.iter().map(|p| (key("path"), p)));
    out.extend(rule.valid.iter().map(|p| (key("valid"), p)));
    let ints = [
        ("min", &rule.min),
        ("max", &rule.max),
        ("minLength", &rule.min_length),
        ("maxLength", &rule.max_length),
    ];
    for (name, arg) in ints {
        if let Some(Arg::Path(p)) = arg {
            out.push((key(name), p));
        }
    }
    for (i, v) in rule.values.iter().flatten().enumerate() {
        if let Arg::Path(p) = v {
            let at = Place {
                name: "values",
                element: Some(i),
            };
            out.push((at, p));
        }
    }
    out
}

/// The index of the quote closing the string that opens at `open`.
fn string_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

/// The line and column (in characters, 1-based) of a byte offset.
fn location(text: &str, offset: usize) -> Location {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    Location {
        line,
        column,
        offset,
    }
}

#[cfg(test)]
mod tests {
    use super::{element_of, value_of};

    #[test]
    fn finds_the_last_top_level_key_case_insensitively() {
        let text =
            "[\n  {\"name\": \"a\",\n   \"values\": [{\"regex\": 1}],\n   \"REGEX\": \"x\"}\n]";
        let at = value_of(text, 4, "regex").expect("found");
        assert_eq!((at.line, at.column), (4, 13));
        assert_eq!(&text[at.offset..at.offset + 3], "\"x\"");
        assert_eq!(value_of(text, 4, "path"), None);
        assert_eq!(value_of(text, 0, "regex"), None, "not an object");
    }

    #[test]
    fn elements_of_an_array() {
        let text = r#"{"values": ["a,]", {"x": [1, 2]},
  "jsonpath::.x"]}"#;
        let values = value_of(text, 0, "values").expect("found");
        let at = |i| element_of(text, values.offset, i).map(|l| (l.line, l.column));
        assert_eq!(at(0), Some((1, 13)));
        assert_eq!(at(1), Some((1, 20)));
        assert_eq!(at(2), Some((2, 3)));
        assert_eq!(at(3), None);
        assert_eq!(element_of("[]", 0, 0), None);
        assert_eq!(element_of("{}", 0, 0), None);
    }

    #[test]
    fn escaped_quotes_and_braces_inside_strings() {
        let text = r#"{"message": "a \"}\" b", "path": "jsonpath::.x"}"#;
        let at = value_of(text, 0, "path").expect("found");
        assert_eq!(&text[at.offset..], "\"jsonpath::.x\"}");
    }
}
