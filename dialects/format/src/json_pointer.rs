//! `json-pointer` (RFC 6901 section 3) and `relative-json-pointer`
//! (draft-handrews-relative-json-pointer-01 section 3, as JSON Schema 2019-09 and 2020-12 cite
//! it).
//!
//! ```text
//! json-pointer    = *( "/" reference-token )
//! reference-token = *( unescaped / escaped )
//! escaped         = "~" ( "0" / "1" )
//! relative-json-pointer = non-negative-integer ( "#" / json-pointer )
//! non-negative-integer  = "0" / %x31-39 *%x30-39
//! ```

/// Whether `s` is an RFC 6901 JSON Pointer (`json-pointer` format): empty, or `/`-led tokens in
/// which every `~` is followed by `0` or `1`.
pub fn is_json_pointer(s: &str) -> bool {
    if s.is_empty() {
        return true;
    }
    if !s.starts_with('/') {
        return false;
    }
    let b = s.as_bytes();
    b.iter()
        .enumerate()
        .all(|(i, &c)| c != b'~' || matches!(b.get(i + 1), Some(b'0' | b'1')))
}

/// Whether `s` is a Relative JSON Pointer (`relative-json-pointer` format).
pub fn is_relative_json_pointer(s: &str) -> bool {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || (digits > 1 && s.starts_with('0')) {
        return false;
    }
    let rest = &s[digits..];
    rest == "#" || is_json_pointer(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers() {
        assert!(is_json_pointer(""));
        assert!(is_json_pointer("/a~0b/~1/"));
        assert!(!is_json_pointer("a"));
        assert!(!is_json_pointer("/~2"));
        assert!(!is_json_pointer("/~"));
        assert!(is_relative_json_pointer("0#"));
        assert!(is_relative_json_pointer("120/foo"));
        assert!(is_relative_json_pointer("0//"));
        for bad in ["", "/foo", "-1/a", "+1/a", "01/a", "0##", "1#/foo", "0/~2"] {
            assert!(!is_relative_json_pointer(bad), "{bad}");
        }
    }
}
