//! `parse_rule_set` never panics, and agrees with a strict JSON parser on what is valid JSON.
#![allow(clippy::unwrap_used)]

/// Named `rules` so that `cargo test -p validgen-kubevirt rules` selects these tests.
mod rules {
    use proptest::prelude::*;
    use validgen_kubevirt::rules::{RuleSetError, parse_rule_set};

    /// Checks the invariants of any answer.
    fn check(text: &str) -> Result<(), TestCaseError> {
        match parse_rule_set(text) {
            Ok(set) => {
                for (i, rule) in set.rules.iter().enumerate() {
                    prop_assert_eq!(rule.index, i);
                    let at = text.as_bytes().get(rule.location.offset).copied();
                    prop_assert!(
                        matches!(at, Some(b'{' | b'n')),
                        "rule {} starts at {:?}",
                        i,
                        at
                    );
                }
            }
            Err(e) => check_error(text, &e)?,
        }
        Ok(())
    }

    fn check_error(text: &str, e: &RuleSetError) -> Result<(), TestCaseError> {
        prop_assert!(e.location.offset <= text.len());
        prop_assert!(text.is_char_boundary(e.location.offset));
        prop_assert!(e.location.line >= 1 && e.location.column >= 1);
        let before = &text[..e.location.offset];
        prop_assert_eq!(e.location.line, 1 + before.matches('\n').count());
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        prop_assert_eq!(e.location.column, 1 + before[line_start..].chars().count());
        prop_assert!(!e.to_string().is_empty());
        Ok(())
    }

    /// Differential check against serde_json (strict RFC 8259, like Go) on syntax. serde_json
    /// rejects unpaired surrogate escapes, which Go (and we) decode to U+FFFD, so texts with `\u`
    /// are only checked one way.
    fn check_syntax(text: &str) -> Result<(), TestCaseError> {
        let ours = parse_rule_set(text);
        let syntax_error =
            matches!(&ours, Err(e) if e.message.starts_with("rule set is not valid JSON"));
        let strict = serde_json::from_str::<serde_json::Value>(text);
        // serde_json also stops at numbers beyond f64, which are valid JSON: no verdict then.
        let out_of_range =
            matches!(&strict, Err(e) if e.to_string().contains("number out of range"));
        if strict.is_ok() {
            prop_assert!(!syntax_error, "valid JSON {:?} rejected: {:?}", text, ours);
        } else if !out_of_range && !text.is_empty() && !text.contains("\\u") {
            prop_assert!(syntax_error, "invalid JSON {:?} answered {:?}", text, ours);
        }
        Ok(())
    }

    fn token() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "[",
            "]",
            "{",
            "}",
            ",",
            ":",
            "\"",
            "\\",
            "\\u",
            "d800",
            "\\udc00",
            "null",
            "true",
            "false",
            "1e400",
            "-",
            "0",
            "01",
            "1.5",
            "-2.5",
            "1e19",
            ".",
            "e",
            "\"path\"",
            "\"PATH\"",
            "\"min\"",
            "\"values\"",
            "\"name\"",
            "\"meſſage\"",
            "\"justWarning\"",
            "\"valid\"",
            "\"jsonpath::.a\"",
            "\"jsonpath::$.a\"",
            "\".a\"",
            "\"5\"",
            "\"\"",
            " ",
            "\n",
            "\t",
            "\r",
            "ſ",
            "“",
            "x",
            "\u{feff}",
            "\"rule\"",
            "\"integer\"",
            "/",
        ])
    }

    fn json_ish() -> impl Strategy<Value = String> {
        prop::collection::vec(token(), 0..40).prop_map(|t| t.concat())
    }

    const VALID: &str = r#"[
  {"name": "minimal-required-memory", "path": "jsonpath::.spec.domain.memory.guest",
   "rule": "integer", "message": "too small", "min": 1073741824, "justWarning": false},
  {"name": "bus", "path": "jsonpath::$.spec.domain.devices.disks[*].disk.bus", "rule": "enum",
   "message": "bad bus", "values": ["virtio", null, "jsonpath::.spec.x"], "valid": "jsonpath::.a"}
]"#;

    /// `VALID` with a few bytes deleted, replaced or inserted (at character boundaries).
    fn mutated() -> impl Strategy<Value = String> {
        let edit = (0..VALID.len(), 0usize..3, token());
        prop::collection::vec(edit, 1..4).prop_map(|edits| {
            let mut text = VALID.to_owned();
            for (at, kind, insert) in edits {
                let mut at = at.min(text.len());
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                let next = text[at..].chars().next().map_or(0, char::len_utf8);
                match kind {
                    0 => drop(text.drain(at..at + next)),
                    1 => text.replace_range(at..at + next, insert),
                    _ => text.insert_str(at, insert),
                }
            }
            text
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_string(text in any::<String>()) {
            check(&text)?;
        }

        #[test]
        fn never_panics_on_json_ish_text(text in json_ish()) {
            check(&text)?;
            check_syntax(&text)?;
        }

        #[test]
        fn never_panics_on_mutated_rule_sets(text in mutated()) {
            check(&text)?;
            check_syntax(&text)?;
        }
    }

    #[test]
    fn the_unmutated_set_parses() {
        let set = parse_rule_set(VALID).unwrap();
        assert_eq!(set.rules.len(), 2);
    }
}
