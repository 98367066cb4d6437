//! The decoding rules of `rules::parse_rule_set`, one by one (Go `encoding/json` semantics).
#![allow(clippy::unwrap_used)]

/// Named `rules` so that `cargo test -p validgen-kubevirt rules` selects these tests.
mod rules {
    use validgen_core::ir::{Arg, Path};
    use validgen_kubevirt::rules::{
        Location, ParsedRule, ParsedRuleSet, RuleKind, RuleSetError, parse_rule_set, rule_path,
    };

    const PATH: &str = r#""path": "jsonpath::.spec.domain.cpu.cores""#;

    fn ok(text: &str) -> ParsedRuleSet {
        match parse_rule_set(text) {
            Ok(set) => set,
            Err(e) => panic!("{text:?} was rejected: {e}"),
        }
    }

    fn err(text: &str) -> RuleSetError {
        match parse_rule_set(text) {
            Ok(set) => panic!("{text:?} was accepted: {set:?}"),
            Err(e) => e,
        }
    }

    /// The only rule of `[{<PATH>, <members>}]`.
    fn rule(members: &str) -> ParsedRule {
        let set = ok(&format!("[{{{PATH}, {members}}}]"));
        assert_eq!(set.rules.len(), 1);
        set.rules.into_iter().next().unwrap()
    }

    /// The error for `[{<PATH>, <members>}]`.
    fn rule_err(members: &str) -> RuleSetError {
        err(&format!("[{{{PATH}, {members}}}]"))
    }

    fn path(text: &str) -> Path {
        rule_path(text).unwrap()
    }

    fn int(members: &str) -> Option<Arg<i64>> {
        rule(members).max
    }

    #[test]
    fn empty_and_null_sets() {
        for text in ["", "[]", "null", " [\n ]\n", "\tnull\r\n"] {
            assert!(ok(text).rules.is_empty(), "{text:?}");
        }
        for text in [
            " ",
            "\n",
            "nul",
            "[]x",
            "[] []",
            "\u{feff}[]",
            "// rules\n[]",
        ] {
            let e = err(text);
            assert!(
                e.message.starts_with("rule set is not valid JSON: "),
                "{text:?}: {e}"
            );
            assert_eq!(e.rule_index, None);
        }
    }

    #[test]
    fn top_level_must_be_an_array() {
        for (text, found) in [
            ("{}", "an object"),
            ("\"[]\"", "\"[]\""),
            ("5", "5"),
            ("true", "true"),
        ] {
            let e = err(text);
            assert_eq!(
                e.message,
                format!("the rule set must be a JSON array of rules, found {found}")
            );
            assert_eq!((e.rule_index, e.location.offset), (None, 0));
        }
    }

    #[test]
    fn elements_must_be_objects_or_null() {
        let set = ok("[null, {}]");
        assert_eq!(set.rules.len(), 2);
        // `null` and `{}` are both Go's zero `ParsedRule`.
        let zero = |r: &ParsedRule| ParsedRule {
            index: 0,
            location: Location {
                line: 1,
                column: 1,
                offset: 0,
            },
            ..r.clone()
        };
        assert_eq!(zero(&set.rules[0]), zero(&set.rules[1]));
        let r = &set.rules[0];
        assert_eq!(
            (r.index, r.name.as_str(), r.path.as_ref(), r.just_warning),
            (0, "", None, false)
        );
        assert_eq!(set.rules[1].index, 1);
        for (text, found) in [
            ("[{}, 1]", "1"),
            ("[[]]", "an array"),
            ("[{}, {}, \"r\"]", "\"r\""),
        ] {
            let e = err(text);
            assert_eq!(
                e.message,
                format!("a rule must be a JSON object, found {found}"),
                "{text}"
            );
            assert_eq!(e.rule_index, Some(text.matches(',').count()));
        }
    }

    #[test]
    fn a_full_rule() {
        let r = rule(
            r#""name": "n", "rule": "integer", "message": "m", "valid": "jsonpath::$.spec.x",
            "justWarning": true, "min": 1, "max": "jsonpath::.spec.y", "minLength": 2,
            "maxLength": 3, "regex": "^a$", "values": ["a", "jsonpath::.spec.z", null]"#,
        );
        assert_eq!(r.index, 0);
        assert_eq!(
            r.location,
            Location {
                line: 1,
                column: 2,
                offset: 1
            }
        );
        assert_eq!(r.name, "n");
        assert_eq!(r.rule, "integer");
        assert_eq!(r.kind(), RuleKind::Integer);
        assert_eq!(r.path, Some(path("jsonpath::.spec.domain.cpu.cores")));
        assert_eq!(r.message, "m");
        assert_eq!(r.valid.as_ref().map(|p| p.expr.as_str()), Some(".spec.x"));
        assert_eq!(
            r.valid.as_ref().map(|p| p.source.as_str()),
            Some("jsonpath::$.spec.x")
        );
        assert!(r.just_warning);
        assert_eq!(r.min, Some(Arg::Literal(1)));
        assert_eq!(r.max, Some(Arg::Path(path("jsonpath::.spec.y"))));
        assert_eq!(r.min_length, Some(Arg::Literal(2)));
        assert_eq!(r.max_length, Some(Arg::Literal(3)));
        assert_eq!(r.regex, "^a$");
        assert_eq!(
            r.values,
            Some(vec![
                Arg::Literal("a".into()),
                Arg::Path(path("jsonpath::.spec.z")),
                Arg::Literal(String::new()),
            ])
        );
    }

    #[test]
    fn kinds_match_exactly() {
        for (text, kind) in [
            ("integer", RuleKind::Integer),
            ("string", RuleKind::String),
            ("regex", RuleKind::Regex),
            ("enum", RuleKind::Enum),
            ("Integer", RuleKind::Unrecognized),
            ("integer ", RuleKind::Unrecognized),
            ("", RuleKind::Unrecognized),
            ("value-set", RuleKind::Unrecognized),
        ] {
            let r = rule(&format!("\"rule\": {text:?}"));
            assert_eq!((r.rule.as_str(), r.kind()), (text, kind));
        }
        assert_eq!(ok("[{}]").rules[0].kind(), RuleKind::Unrecognized);
    }

    #[test]
    fn keys_fold_case_as_go() {
        let r = ok(
            r#"[{"NAME": "n", "PATH": "jsonpath::.a", "Rule": "enum", "MeSSage": "m",
        "JUSTWARNING": true, "VALUES": ["x"], "MIN": 1, "maxlength": 2, "ReGeX": "r"}]"#,
        )
        .rules
        .remove(0);
        assert_eq!(
            (r.name.as_str(), r.rule.as_str(), r.message.as_str()),
            ("n", "enum", "m")
        );
        assert_eq!(r.path.map(|p| p.expr), Some(".a".into()));
        assert!(r.just_warning);
        assert_eq!(r.values, Some(vec![Arg::Literal("x".into())]));
        assert_eq!(
            (r.min, r.max_length),
            (Some(Arg::Literal(1)), Some(Arg::Literal(2)))
        );
        assert_eq!(r.regex, "r");
        // Unicode folding: ſ is s, K (Kelvin) is k, İ and ı are i.
        assert_eq!(rule(r#""meſſage": "m""#).message, "m");
        assert_eq!(
            rule(r#""valueſ": ["x"]"#).values,
            Some(vec![Arg::Literal("x".into())])
        );
        assert!(rule(r#""juſtWarning": true"#).just_warning);
        assert!(rule(r#""valİd": "jsonpath::.v""#).valid.is_some());
        assert!(rule(r#""valıd": "jsonpath::.v""#).valid.is_some());
        // Escaped keys are compared decoded.
        assert_eq!(rule(r#""n\u0061me": "x""#).name, "x");
        // Not folds: unknown keys, ignored whatever their value.
        let r = rule(
            r#""just_warning": true, "minimum": 1, "value": ["q35"], "x": {"a": [1, {"b": null}]},
           "ﬀ": 1, "messages": 5"#,
        );
        assert!(!r.just_warning);
        assert_eq!((r.min, r.values), (None, None));
    }

    #[test]
    fn the_last_duplicate_wins() {
        assert_eq!(int(r#""max": 1, "max": 100"#), Some(Arg::Literal(100)));
        assert_eq!(
            int(r#""max": "jsonpath::.a", "max": 100"#),
            Some(Arg::Literal(100))
        );
        assert_eq!(
            int(r#""max": 1, "max": "jsonpath::.a""#),
            Some(Arg::Path(path("jsonpath::.a")))
        );
        assert_eq!(int(r#""max": 1, "MAX": 2"#), Some(Arg::Literal(2)));
        assert!(!rule(r#""justWarning": true, "justWarning": false"#).just_warning);
        assert_eq!(
            rule(r#""rule": "integer", "rule": "enum""#).kind(),
            RuleKind::Enum
        );
        assert_eq!(
            rule(r#""PATH": "jsonpath::.spec.other""#)
                .path
                .map(|p| p.expr),
            Some(".spec.other".into())
        );
        assert_eq!(
            rule(r#""values": ["a", "b", "c"], "values": ["x"]"#).values,
            Some(vec![Arg::Literal("x".into())])
        );
        assert_eq!(
            rule(r#""values": ["a"], "values": []"#).values,
            Some(vec![])
        );
        assert_eq!(
            rule(r#""valid": "jsonpath::.a", "valid": "jsonpath::.b""#).valid,
            Some(path("jsonpath::.b"))
        );
    }

    #[test]
    fn an_invalid_earlier_duplicate_rejects() {
        let e =
            err(r#"[{"path": ".bad", "name": "n", "path": "jsonpath::.spec.domain.cpu.cores"}]"#);
        assert_eq!(e.key.as_deref(), Some("path"));
        assert_eq!(e.location.offset, 10);
        let e = rule_err(r#""max": "5", "max": 1"#);
        assert_eq!(e.key.as_deref(), Some("max"));
        rule_err(r#""name": 5, "name": "n""#);
        rule_err(r#""justWarning": "yes", "justWarning": true"#);
        rule_err(r#""values": [1], "values": ["x"]"#);
        rule_err(r#""valid": "nope", "valid": null"#);
    }

    #[test]
    fn nulls() {
        // `path: null` is the reference's `invalid JSONPath`.
        let e = rule_err(r#""path": null"#);
        assert_eq!(
            e.message,
            "`path` must be a `jsonpath::` string, found null"
        );
        // Plain strings and bools: no-op, even after a value.
        let r = rule(
            r#""name": null, "rule": null, "message": null, "regex": null, "justWarning": null"#,
        );
        assert_eq!(
            (
                r.name.as_str(),
                r.rule.as_str(),
                r.message.as_str(),
                r.regex.as_str()
            ),
            ("", "", "", "")
        );
        assert!(!r.just_warning);
        let r = rule(r#""name": "n", "name": null, "justWarning": true, "justWarning": null"#);
        assert_eq!(r.name, "n");
        assert!(r.just_warning);
        // Pointers and slices: absent, even after a value.
        let r = rule(
            r#""valid": "jsonpath::.a", "valid": null, "values": ["x"], "values": null, "min": 1,
           "min": null, "max": null, "minLength": null, "maxLength": null"#,
        );
        assert_eq!(
            (r.valid, r.values, r.min, r.max, r.min_length, r.max_length),
            (None, None, None, None, None, None)
        );
        // `null` inside `values` is the empty string.
        assert_eq!(
            rule(r#""values": [null, "a"]"#).values,
            Some(vec![Arg::Literal("".into()), Arg::Literal("a".into())])
        );
        // absent `path`
        assert_eq!(ok(r#"[{"name": "n"}]"#).rules[0].path, None);
    }

    #[test]
    fn numbers_round_half_away_from_zero() {
        for (n, want) in [
            ("0", 0),
            ("-0", 0),
            ("1.5", 2),
            ("2.5", 3),
            ("0.5", 1),
            ("1.4", 1),
            ("-1.5", -2),
            ("-2.5", -3),
            ("-0.5", -1),
            ("-1.4", -1),
            ("1e3", 1000),
            ("1.5E1", 15),
            ("1e-400", 0),
            ("9007199254740993", 9_007_199_254_740_992),
        ] {
            assert_eq!(
                int(&format!("\"max\": {n}")),
                Some(Arg::Literal(want)),
                "{n}"
            );
        }
    }

    #[test]
    fn numbers_beyond_i64_become_i64_min() {
        for n in [
            "1e19",
            "-1e19",
            "9223372036854775807",
            "18446744073709551615",
            "-9223372036854775809",
            "1e300",
        ] {
            assert_eq!(
                int(&format!("\"max\": {n}")),
                Some(Arg::Literal(i64::MIN)),
                "{n}"
            );
        }
        assert_eq!(
            int("\"max\": -9223372036854775808"),
            Some(Arg::Literal(i64::MIN))
        );
        assert_eq!(
            int("\"max\": 9223372036854774784"),
            Some(Arg::Literal(9_223_372_036_854_774_784))
        );
    }

    #[test]
    fn numbers_beyond_float64_are_rejected() {
        for n in ["1e400", "-1e400", "1.8e308"] {
            let e = rule_err(&format!("\"minLength\": {n}"));
            assert_eq!(e.key.as_deref(), Some("minLength"));
            assert_eq!(
                e.message,
                format!("`minLength` is too large for a 64-bit float: {n}")
            );
        }
    }

    #[test]
    fn integer_arguments_are_numbers_or_paths() {
        for (value, found) in [
            ("\"5\"", "\"5\""),
            ("\"JSONPATH::.a\"", "\"JSONPATH::.a\""),
            ("true", "true"),
            ("{}", "an object"),
            ("[1]", "an array"),
        ] {
            let e = rule_err(&format!("\"min\": {value}"));
            assert_eq!(
                e.message,
                format!("`min` must be a number or a `jsonpath::` string, found {found}")
            );
        }
        assert_eq!(
            rule(r#""min": "jsonpath::""#).min,
            Some(Arg::Path(path("jsonpath::")))
        );
        assert_eq!(
            rule(r#""maxLength": "jsonpath::$.spec.n""#)
                .max_length
                .map(|a| match a {
                    Arg::Path(p) => p.expr,
                    Arg::Literal(i) => i.to_string(),
                }),
            Some(".spec.n".into())
        );
    }

    #[test]
    fn values_are_strings_or_paths() {
        for (value, found) in [
            ("5", "5"),
            ("true", "true"),
            ("{}", "an object"),
            ("[\"a\"]", "an array"),
        ] {
            let e = rule_err(&format!("\"values\": [\"q35\", {value}]"));
            assert_eq!(
                e.message,
                format!("`values[1]` must be a string, found {found}")
            );
            assert_eq!(e.key.as_deref(), Some("values"));
        }
        for (value, found) in [("\"q35\"", "\"q35\""), ("{}", "an object"), ("5", "5")] {
            let e = rule_err(&format!("\"values\": {value}"));
            assert_eq!(
                e.message,
                format!("`values` must be an array of strings, found {found}")
            );
        }
        assert_eq!(
            rule_err(r#""VALUES": [1]"#).message,
            "`VALUES[0]` (read as `values`) must be a string, found 1"
        );
        // Only the exact prefix makes a path.
        assert_eq!(
            rule(r#""values": ["jsonpath:.a", "JSONPATH::.b"]"#).values,
            Some(vec![
                Arg::Literal("jsonpath:.a".into()),
                Arg::Literal("JSONPATH::.b".into())
            ])
        );
    }

    #[test]
    fn paths() {
        let r = rule(r#""valid": "jsonpath::$.spec.a""#);
        assert_eq!(
            r.path.map(|p| p.expr),
            Some(".spec.domain.cpu.cores".into())
        );
        assert_eq!(
            r.valid.map(|p| (p.expr, p.source)),
            Some((".spec.a".into(), "jsonpath::$.spec.a".into()))
        );
        assert_eq!(
            ok(r#"[{"path": "jsonpath::$$.a"}]"#).rules[0]
                .path
                .as_ref()
                .map(|p| p.expr.as_str()),
            Some("$.a")
        );
        assert_eq!(
            ok(r#"[{"path": "jsonpath::"}]"#).rules[0]
                .path
                .as_ref()
                .map(|p| p.expr.as_str()),
            Some("")
        );
        for (text, hint) in [
            (".spec.a", " (write \"jsonpath::.spec.a\")"),
            ("$.spec.a", " (write \"jsonpath::$.spec.a\")"),
            (
                "JSONPATH::.spec.a",
                " (the prefix is `jsonpath::`, in lower case)",
            ),
            (
                " jsonpath::.spec.a",
                " (remove the spaces before the prefix)",
            ),
            ("", ""),
            ("string-literal", ""),
        ] {
            let e = err(&format!("[{{\"path\": {text:?}}}]"));
            assert_eq!(
                e.message,
                format!("`path` must start with `jsonpath::`, found {text:?}{hint}")
            );
            assert_eq!(e.key.as_deref(), Some("path"));
        }
        for value in ["5", "true", "[\"jsonpath::.a\"]", "{}"] {
            err(&format!("[{{\"path\": {value}}}]"));
            rule_err(&format!("\"valid\": {value}"));
        }
    }

    #[test]
    fn wrong_types() {
        for (member, message) in [
            (
                r#""justWarning": "yes""#,
                "`justWarning` must be true or false, found \"yes\"",
            ),
            (
                r#""justWarning": 1"#,
                "`justWarning` must be true or false, found 1",
            ),
            (r#""name": 5"#, "`name` must be a string, found 5"),
            (r#""name": true"#, "`name` must be a string, found true"),
            (r#""rule": 5"#, "`rule` must be a string, found 5"),
            (
                r#""message": {}"#,
                "`message` must be a string, found an object",
            ),
            (
                r#""regex": ["a"]"#,
                "`regex` must be a string, found an array",
            ),
            (
                r#""Regex": 5"#,
                "`Regex` (read as `regex`) must be a string, found 5",
            ),
        ] {
            assert_eq!(rule_err(member).message, message);
        }
    }

    #[test]
    fn strings_decode_as_go() {
        assert_eq!(rule(r#""message": "x\ud800y""#).message, "x\u{fffd}y");
        assert_eq!(rule(r#""name": "a\u0000b""#).name, "a\0b");
        assert_eq!(rule(r#""name": "\ud83d\ude00 \/""#).name, "😀 /");
        let e = err("[{\"message\": \"a\tb\"}]");
        assert_eq!(
            e.message,
            "rule set is not valid JSON: control character U+0009 in a string (write it as `\\t`)"
        );
        assert_eq!(e.location.column, 16);
    }

    #[test]
    fn rule_locations() {
        let set = ok("[\n  {\"name\": \"a\"},\n  null,\n\t{ }]");
        let at: Vec<_> = set
            .rules
            .iter()
            .map(|r| (r.index, r.location.line, r.location.column))
            .collect();
        assert_eq!(at, [(0, 2, 3), (1, 3, 3), (2, 4, 2)]);
        assert_eq!(set.rules[2].location.offset, 28);
    }

    #[test]
    fn errors_are_located_in_their_rule() {
        let text = "[\n  {\n    \"name\": \"first\",\n    \"path\": \"jsonpath::.spec.a\"\n  },\n  {\n    \"path\": \"jsonpath::.spec.b\",\n    \"min\": \"5\",\n    \"name\": \"minimal-required-memory\"\n  }\n]";
        let e = err(text);
        assert_eq!(
            e,
            RuleSetError {
                location: Location {
                    line: 8,
                    column: 12,
                    offset: text.find("\"5\"").unwrap()
                },
                rule_index: Some(1),
                rule_name: Some("minimal-required-memory".into()),
                key: Some("min".into()),
                message: "`min` must be a number or a `jsonpath::` string, found \"5\"".into(),
            }
        );
        assert_eq!(
            e.to_string(),
            "rule 2 (\"minimal-required-memory\"): `min` must be a number or a `jsonpath::` string, \
         found \"5\" at line 8 column 12"
        );
        // without a name
        let e = err("[{}, {\"path\": 1}]");
        assert_eq!(
            e.to_string(),
            "rule 2: `path` must be a `jsonpath::` string, found 1 at line 1 column 15"
        );
        // a wrong key in a `values` element
        let e = err("[{\"name\": \"e\", \"values\": [\n  \"a\",\n  7]}]");
        assert_eq!((e.location.line, e.location.column), (3, 3));
    }

    #[test]
    fn syntax_errors_are_located() {
        let cases = [
            // A trailing comma is reported at the comma, the character to delete.
            (
                "[\n  {\"name\": \"a\"},\n]\n",
                2,
                16,
                "expected a value after `,`, found `]` (JSON allows no trailing comma)",
            ),
            (
                "[{\"name\": \"a\" \"max\": 1}]",
                1,
                15,
                "expected `,` or `}` after an object member, found `\"` (missing `,`?)",
            ),
            (
                "[{\"name\": \"a\"}\n  {\"name\": \"b\"}]",
                2,
                3,
                "expected `,` or `]` after an array element, found `{` (missing `,`?)",
            ),
            (
                "[{\"max\": 01}]",
                1,
                10,
                "numbers cannot have leading zeros",
            ),
            ("[{\"max\": NaN}]", 1, 10, "expected a value, found `NaN`"),
            (
                "[{“rule”: 1}]",
                1,
                3,
                "expected a key in double quotes, found `“` (a typographic quote: JSON needs straight double quotes)",
            ),
            (
                "[{'name': 'x'}]",
                1,
                3,
                "expected a key in double quotes, found `'` (JSON strings need double quotes)",
            ),
            ("[", 1, 2, "expected a value, found the end of the input"),
            (
                "[{\"a\": \"x}]",
                1,
                8,
                "unterminated string (no closing `\"`)",
            ),
            (
                "[{\"a\": \"\\x\"}]",
                1,
                9,
                "invalid escape `\\x` in a string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
            ),
            (
                "\u{feff}[]",
                1,
                1,
                "expected a value, found U+FEFF (a byte order mark)",
            ),
            (
                "[]x",
                1,
                3,
                "expected the end of the input after the JSON value, found `x`",
            ),
        ];
        for (text, line, column, message) in cases {
            let e = err(text);
            assert_eq!(
                (e.location.line, e.location.column, e.message.as_str()),
                (
                    line,
                    column,
                    format!("rule set is not valid JSON: {message}").as_str()
                ),
                "{text:?}"
            );
            assert_eq!((e.rule_index, e.key), (None, None));
        }
    }

    #[test]
    fn a_typographic_quote_inside_a_key_is_pointed_out() {
        let e = err("[{\"path”: \"jsonpath::.a\"}]");
        assert_eq!(
            e.message,
            "rule set is not valid JSON: expected `:` after an object key, found `jsonpath` \
             (the key \"path”: \" contains a typographic quote, which does not end it)"
        );
        assert_eq!(e.location.column, 12);
    }

    #[test]
    fn syntax_errors_win_over_earlier_type_errors() {
        let e = err("[{\"name\": 5}, {\"name\": \"x\",}]");
        assert!(e.message.starts_with("rule set is not valid JSON"), "{e}");
    }

    #[test]
    fn nesting_is_bounded() {
        // 1 (array) + 1 (rule) + n: at most 10 000 in all, as Go.
        let deep = |n: usize| format!("[{{\"x\": {}{}}}]", "[".repeat(n), "]".repeat(n));
        assert_eq!(ok(&deep(9_998)).rules.len(), 1);
        let e = err(&deep(9_999));
        assert_eq!(
            e.message,
            "rule set is not valid JSON: arrays and objects are nested more than 10000 deep"
        );
        assert_eq!(e.location.offset, 7 + 9_998);
        err(&"[".repeat(200_000));
        err(&"{\"a\":".repeat(200_000));
    }
}
