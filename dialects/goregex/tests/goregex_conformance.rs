//! Conformance of `goregex` with the recorded verdicts of the reference validator (Go's
//! `regexp.Compile` / `MatchString`), plus robustness properties.
//!
//! The tables were extracted from `tests/conformance/cases.jsonl` (regex rules: a satisfied
//! rule's explanation is `All [values] match RE`, an unsatisfied one `Some of [values] do not
//! match RE`, a bad pattern's error is Go's text); `conformance_file_agrees` re-reads the file
//! so that new cases are covered too.

#![allow(clippy::unwrap_used)]

/// Named so that `cargo test goregex` selects these tests.
mod goregex {
    use proptest::prelude::*;
    use validgen_goregex::{GoRegex, translate};

    /// `(case id, pattern, values, whether all values match)`.
    type Case = (&'static str, &'static str, &'static [&'static str], bool);

    const MATCHES: &[Case] = &[
        (
            "upstream-specialized-regex-pass",
            "q35|440fx",
            &["q35"],
            true,
        ),
        (
            "upstream-specialized-regex-multi-pass",
            "virtio|sata",
            &["virtio", "virtio"],
            true,
        ),
        (
            "upstream-specialized-regex-fail",
            "\\d[a-z]+\\d\\d",
            &["q35"],
            false,
        ),
        (
            "upstream-specialized-regex-multi-fail",
            "foo|bar",
            &["virtio", "virtio"],
            false,
        ),
        (
            "rules-valid-regex-valid-absent-sat-hard",
            "q",
            &["q35"],
            true,
        ),
        (
            "rules-valid-regex-valid-absent-unsat-hard",
            "^NO-MATCH$",
            &["q35"],
            false,
        ),
        (
            "rules-regex-unanchored-hard",
            "q35",
            &["pc-q35-rhel9.2.0"],
            true,
        ),
        (
            "rules-regex-anchored-exact-fail-hard",
            "^q35$",
            &["pc-q35-rhel9.2.0"],
            false,
        ),
        (
            "rules-regex-anchored-full-hard",
            "^pc-q35-.*$",
            &["pc-q35-rhel9.2.0"],
            true,
        ),
        (
            "rules-regex-flag-i-hard",
            "(?i)Q35",
            &["pc-q35-rhel9.2.0"],
            true,
        ),
        (
            "rules-regex-case-sensitive-warn",
            "Q35",
            &["pc-q35-rhel9.2.0"],
            false,
        ),
        ("rules-regex-empty-warn", "", &["q35"], true),
        ("rules-regex-named-P-hard", "(?P<m>q35)", &["q35"], true),
        ("rules-regex-named-angle-hard", "(?<m>q35)", &["q35"], true),
        ("rules-regex-repeat-1000-hard", "q{0,1000}", &["q35"], true),
        ("rules-regex-perl-digit-hard", "\\d+", &["pc-q35"], true),
        (
            "rules-regex-posix-class-hard",
            "[[:digit:]]",
            &["pc-q35"],
            true,
        ),
        (
            "rules-regex-posix-word-hard",
            "^[[:word:]-]+$",
            &["pc-q35"],
            true,
        ),
        (
            "rules-regex-unicode-class-greek-hard",
            "\\p{Greek}",
            &["αβγ-host"],
            true,
        ),
        (
            "rules-regex-unicode-class-N-hard",
            "\\pN$",
            &["host٣"],
            true,
        ),
        ("rules-regex-dot-runes-warn", "^.{3}$", &["日本語"], true),
        ("rules-regex-dot-bytes-hard", "^.{9}$", &["日本語"], false),
        (
            "rules-regex-multiline-flag-warn",
            "(?m)^password:",
            &["#cloud-config\nuser: cloud-user\npassword: changeme\n"],
            true,
        ),
        (
            "rules-regex-no-multiline-warn",
            "^password:",
            &["#cloud-config\nuser: cloud-user\npassword: changeme\n"],
            false,
        ),
        (
            "rules-regex-dotall-flag-hard",
            "(?s)user.*changeme",
            &["#cloud-config\nuser: cloud-user\npassword: changeme\n"],
            true,
        ),
        (
            "rules-regex-no-dotall-hard",
            "cloud-user.*changeme",
            &["#cloud-config\nuser: cloud-user\npassword: changeme\n"],
            false,
        ),
        (
            "rules-regex-word-boundary-hard",
            "\\bq35\\b",
            &["pc-q35-rhel9.2.0"],
            true,
        ),
        (
            "rules-regex-quote-meta-warn",
            "\\Q9.2\\E",
            &["pc-q35-rhel9.2.0"],
            true,
        ),
        ("rules-regex-ungreedy-warn", "(?U)q3+", &["q35"], true),
        ("rules-regex-octal-escape-hard", "\\161", &["q35"], true),
        (
            "rules-regex-hex-escape-warn",
            "\\x71\\x{33}",
            &["q35"],
            true,
        ),
        (
            "rules-regex-z-anchor-hard",
            "9\\.2\\.0\\z",
            &["pc-q35-rhel9.2.0"],
            true,
        ),
        (
            "rules-regex-kelvin-fold-warn",
            "(?i)^k-host$",
            &["K-host"],
            true,
        ),
        (
            "rules-regex-sharp-s-fold-warn",
            "(?i)STRASSE",
            &["straße"],
            false,
        ),
        ("rules-regex-empty-alternative-hard", "|", &["q35"], true),
        (
            "rules-regex-on-uint32-hard",
            "Value>$",
            &["<uint32 Value>"],
            true,
        ),
        (
            "rules-regex-on-uint32-digit-hard",
            "^\\d+$",
            &["<uint32 Value>"],
            false,
        ),
        (
            "rules-regex-jsonpath-literal-hard",
            "jsonpath::.spec.domain.machine.type",
            &["q35"],
            false,
        ),
        (
            "rules-regex-multi-some-fail-hard",
            "^root",
            &["rootdisk", "cloudinitdisk"],
            false,
        ),
        (
            "rules-regex-multi-all-match-hard",
            "^virtio$",
            &["virtio", "virtio"],
            true,
        ),
        (
            "rules-regex-catastrophic-shape-hard",
            "^(a+)+$",
            &["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"],
            false,
        ),
        ("rules-regex-empty-value-caret-warn", "^$", &[""], true),
        ("rules-type-uint32-regex", "", &["<uint32 Value>"], true),
        (
            "rules-type-int32-regex",
            "^[0-9]+$",
            &["<int32 Value>"],
            false,
        ),
        ("rules-type-int-regex", "v", &["<int Value>"], false),
        ("rules-type-int64-regex", "v", &["<int64 Value>"], false),
        (
            "rules-type-ptr-int64-regex",
            "Value",
            &["<*int64 Value>"],
            true,
        ),
        (
            "rules-type-ptr-uint-regex",
            "^[0-9]+$",
            &["<*uint Value>"],
            false,
        ),
        (
            "rules-type-quantity-ptr-regex",
            "",
            &["<*resource.Quantity Value>"],
            true,
        ),
        (
            "rules-type-quantity-regex",
            "Value",
            &["<resource.Quantity Value>"],
            true,
        ),
        (
            "rules-type-quantity-milli-regex",
            "^[0-9]+$",
            &["<resource.Quantity Value>"],
            false,
        ),
        ("rules-type-string-regex", "v", &["pc-q35-rhel8.6.0"], false),
        ("rules-type-named-string-regex", "", &["virtio"], true),
        (
            "rules-type-ptr-named-string-regex",
            "v",
            &["<*v1.EvictionStrategy Value>"],
            true,
        ),
        (
            "rules-type-uid-string-regex",
            "v",
            &["5d307ca9-b3ef-428c-8861-06e72d69f223"],
            false,
        ),
        (
            "rules-type-bool-regex",
            "^[0-9]+$",
            &["<bool Value>"],
            false,
        ),
        (
            "rules-type-ptr-bool-regex",
            "^[0-9]+$",
            &["<*bool Value>"],
            false,
        ),
        (
            "rules-type-ptr-bool-nil-regex",
            "",
            &["<*bool Value>"],
            true,
        ),
        (
            "rules-type-ptr-struct-nil-regex",
            "v",
            &["<*v1.Clock Value>"],
            true,
        ),
        (
            "rules-type-ptr-struct-regex",
            "Value",
            &["<*v1.CPU Value>"],
            true,
        ),
        (
            "rules-type-struct-regex",
            "",
            &["<v1.ResourceRequirements Value>"],
            true,
        ),
        (
            "rules-type-empty-struct-ptr-regex",
            "Value",
            &["<v1.FeatureState Value>"],
            true,
        ),
        (
            "rules-type-slice-regex",
            "Value",
            &["<[]v1.Disk Value>"],
            true,
        ),
        (
            "rules-type-slice-nil-regex",
            "^[0-9]+$",
            &["<[]v1.Input Value>"],
            false,
        ),
        (
            "rules-type-map-regex",
            "v",
            &["<map[string]string Value>"],
            false,
        ),
        (
            "rules-type-map-nil-regex",
            "Value",
            &["<map[string]string Value>"],
            true,
        ),
        ("rules-type-time-regex", "Value", &["<v1.Time Value>"], true),
        (
            "rules-type-whole-template-regex",
            "^[0-9]+$",
            &["<*v1.VirtualMachineInstanceTemplateSpec Value>"],
            false,
        ),
        ("rules-type-string-empty-regex", "v", &[""], false),
        (
            "rules-combo-three-fails",
            "^NO-MATCH$",
            &["pc-q35-rhel8.6.0"],
            false,
        ),
        (
            "rules-combo-one-value",
            "^NO-MATCH$",
            &["pc-q35-rhel9.2.0"],
            false,
        ),
        (
            "rules-combo-many-values",
            "^NO-MATCH$",
            &["rootdisk", "cloudinitdisk"],
            false,
        ),
        (
            "jsonpath-filter-gt-regex",
            "^NO-MATCH$",
            &["<int32 Value>"],
            false,
        ),
        (
            "jsonpath-filter-string-lt-regex",
            "^NO-MATCH$",
            &["cloudinitdisk", "installcd"],
            false,
        ),
        (
            "jsonpath-filter-exists-pointer-regex",
            "^NO-MATCH$",
            &["rootdisk", "cloudinitdisk", "installcd", "lun0"],
            false,
        ),
        (
            "jsonpath-filter-exists-string-regex",
            "^NO-MATCH$",
            &["default", "secondary"],
            false,
        ),
        (
            "jsonpath-union-keys-regex",
            "^NO-MATCH$",
            &["<uint32 Value>", "<uint32 Value>"],
            false,
        ),
        (
            "jsonpath-union-out-of-range-regex",
            "^NO-MATCH$",
            &["", ""],
            false,
        ),
        (
            "jsonpath-union-fields-per-element-regex",
            "^NO-MATCH$",
            &[
                "rootdisk",
                "cloudinitdisk",
                "installcd",
                "lun0",
                "<*uint Value>",
                "<*uint Value>",
                "<*uint Value>",
                "<*uint Value>",
            ],
            false,
        ),
        ("jsonpath-index-neg-1-regex", "^NO-MATCH$", &["lun0"], false),
        (
            "jsonpath-slice-from-1-regex",
            "^NO-MATCH$",
            &["cloudinitdisk", "installcd", "lun0"],
            false,
        ),
        (
            "jsonpath-slice-to-neg-1-regex",
            "^NO-MATCH$",
            &["rootdisk", "cloudinitdisk", "installcd"],
            false,
        ),
        (
            "jsonpath-slice-0-10-regex",
            "^NO-MATCH$",
            &["", "", "", "", "", "", "", "", "", ""],
            false,
        ),
        ("jsonpath-index-neg-5-regex", "^NO-MATCH$", &[""], false),
        (
            "jsonpath-recursive-names-regex",
            "^NO-MATCH$",
            &[
                "rootdisk",
                "cloudinitdisk",
                "installcd",
                "lun0",
                "default",
                "http",
                "https",
                "secondary",
                "tablet",
                "rootdisk",
                "demo-po34u",
                "cloudinitdisk",
                "default",
            ],
            false,
        ),
        (
            "jsonpath-wildcard-map-regex",
            "^NO-MATCH$",
            &["web", "web-9vwez", "small"],
            false,
        ),
        (
            "jsonpath-wildcard-slice-regex",
            "^NO-MATCH$",
            &[
                "<v1.Disk Value>",
                "<v1.Disk Value>",
                "<v1.Disk Value>",
                "<v1.Disk Value>",
            ],
            false,
        ),
        (
            "jsonpath-wildcard-string-regex",
            "^NO-MATCH$",
            &["<uint8 Value>", "<uint8 Value>", "<uint8 Value>"],
            false,
        ),
        (
            "jsonpath-escaped-dot-key-regex",
            "^NO-MATCH$",
            &["vm-qr5qx"],
            false,
        ),
        (
            "jsonpath-bracket-escaped-key-regex",
            "^NO-MATCH$",
            &["demo-foutm"],
            false,
        ),
        ("jsonpath-plain-key-regex", "^NO-MATCH$", &["web"], false),
        (
            "jsonpath-annotation-escaped-regex",
            "^NO-MATCH$",
            &["rhel9"],
            false,
        ),
        (
            "jsonpath-nodeselector-escaped-regex",
            "^NO-MATCH$",
            &["amd64"],
            false,
        ),
        (
            "jsonpath-go-embedded-name-regex",
            "^NO-MATCH$",
            &["virtio", "virtio"],
            false,
        ),
        (
            "jsonpath-trailing-dot-inline-regex",
            "^NO-MATCH$",
            &[
                "<v1.DiskDevice Value>",
                "<v1.DiskDevice Value>",
                "<v1.DiskDevice Value>",
                "<v1.DiskDevice Value>",
            ],
            false,
        ),
        (
            "jsonpath-empty-path-regex",
            "^NO-MATCH$",
            &["<*v1.VirtualMachineInstanceTemplateSpec Value>"],
            false,
        ),
        (
            "jsonpath-close-brace-text-regex",
            "^NO-MATCH$",
            &["<uint32 Value>", "}"],
            false,
        ),
        (
            "jsonpath-breakout-root-regex",
            "^NO-MATCH$",
            &["<uint32 Value>", "db-c1y5j"],
            false,
        ),
        (
            "jsonpath-bool-literal-regex",
            "^NO-MATCH$",
            &["<bool Value>"],
            false,
        ),
        ("jsonpath-string-literal-regex", "^NO-MATCH$", &["x"], false),
        (
            "jsonpath-multi-list-empty-last",
            "^NO-MATCH$",
            &["http", "https"],
            false,
        ),
    ];

    const ERRORS: &[(&str, &str, &str)] = &[
        (
            "rules-regex-bad-paren-warn",
            "(",
            "error parsing regexp: missing closing ): `(`",
        ),
        (
            "rules-regex-bad-class-warn",
            "[a-",
            "error parsing regexp: missing closing ]: `[a-`",
        ),
        (
            "rules-regex-unexpected-paren-hard",
            "q35)",
            "error parsing regexp: unexpected ): `q35)`",
        ),
        (
            "rules-regex-lookahead-warn",
            "q(?=35)",
            "error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
        ),
        (
            "rules-regex-lookbehind-hard",
            "(?<=q)35",
            "error parsing regexp: invalid named capture: `(?<=q)35`",
        ),
        (
            "rules-regex-negative-lookahead-warn",
            "q(?!36)",
            "error parsing regexp: invalid or unsupported Perl syntax: `(?!`",
        ),
        (
            "rules-regex-backreference-hard",
            "(q)\\1",
            "error parsing regexp: invalid escape sequence: `\\1`",
        ),
        (
            "rules-regex-possessive-hard",
            "q3++5",
            "error parsing regexp: invalid nested repetition operator: `++`",
        ),
        (
            "rules-regex-repeat-1001-hard",
            "a{1001}",
            "error parsing regexp: invalid repeat count: `{1001}`",
        ),
        (
            "rules-regex-nested-repetition-warn",
            "q**",
            "error parsing regexp: invalid nested repetition operator: `**`",
        ),
        (
            "rules-regex-capital-Z-escape-warn",
            "q35\\Z",
            "error parsing regexp: invalid escape sequence: `\\Z`",
        ),
        (
            "rules-regex-C-escape-hard",
            "\\C",
            "error parsing regexp: invalid escape sequence: `\\C`",
        ),
        (
            "rules-regex-x-flag-warn",
            "(?x) q 3 5 ",
            "error parsing regexp: invalid or unsupported Perl syntax: `(?x`",
        ),
    ];

    fn check_values(id: &str, pattern: &str, values: &[&str], all_match: bool) {
        let re = GoRegex::new(pattern).unwrap_or_else(|e| panic!("{id}: {pattern:?}: {e}"));
        if all_match {
            for v in values {
                assert!(re.is_match(v), "{id}: {pattern:?} should match {v:?}");
            }
        } else if let [v] = values {
            assert!(!re.is_match(v), "{id}: {pattern:?} should not match {v:?}");
        } else {
            assert!(
                values.iter().any(|v| !re.is_match(v)),
                "{id}: {pattern:?} should miss one of {values:?}"
            );
        }
    }

    #[test]
    fn recorded_matches() {
        for &(id, pattern, values, all_match) in MATCHES {
            check_values(id, pattern, values, all_match);
        }
    }

    #[test]
    fn recorded_errors() {
        for &(id, pattern, message) in ERRORS {
            let e = GoRegex::new(pattern).expect_err(id);
            assert_eq!(e.to_string(), message, "{id}");
            assert_eq!(
                translate(pattern).expect_err(id).to_string(),
                message,
                "{id}"
            );
        }
    }

    /// Every regex rule of the conformance file, read afresh.
    #[test]
    fn conformance_file_agrees() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/conformance/cases.jsonl"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            panic!("cannot read {path}");
        };
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).expect("case JSON");
            let id = case["id"].as_str().unwrap_or("?");
            let Some(annotation) =
                case["input"]["vm"]["metadata"]["annotations"]["vm.kubevirt.io/validations"]
                    .as_str()
            else {
                continue;
            };
            let Ok(serde_json::Value::Array(sources)) = serde_json::from_str(annotation) else {
                continue;
            };
            let Some(outcomes) = case["expected"]["rules"].as_array() else {
                continue;
            };
            for (source, outcome) in sources.iter().zip(outcomes) {
                if source["rule"] != "regex" {
                    continue;
                }
                let pattern = match &source["regex"] {
                    serde_json::Value::String(s) => s.as_str(),
                    serde_json::Value::Null => "",
                    _ => continue,
                };
                if let Some(error) = outcome["error"].as_str() {
                    if error.starts_with("error parsing regexp") {
                        let got = GoRegex::new(pattern).map(|_| ()).map_err(|e| e.to_string());
                        assert_eq!(got, Err(error.to_owned()), "{id}");
                        checked += 1;
                    }
                    continue;
                }
                let explanation = outcome["explanation"].as_str().unwrap_or("");
                let (values, all_match) = match outcome["satisfied"].as_bool() {
                    Some(true) => match explanation
                        .strip_prefix("All [")
                        .and_then(|e| e.strip_suffix(&format!("] match {pattern}")))
                    {
                        Some(v) => (v, true),
                        None => continue,
                    },
                    Some(false) => match explanation
                        .strip_prefix("Some of [")
                        .and_then(|e| e.strip_suffix(&format!("] do not match {pattern}")))
                    {
                        Some(v) => (v, false),
                        None => continue,
                    },
                    None => continue,
                };
                let values: Vec<&str> = values.split(", ").collect();
                check_values(id, pattern, &values, all_match);
                checked += 1;
            }
        }
        assert!(checked >= 100, "only {checked} regex outcomes found");
    }

    /// Characters that make up regular-expression syntax, to reach deep into the parser.
    const SYNTAX: &str = r"[\\()\[\]{}|*+?.^$:,<>=!#&~ _aAbBcCdDeEfkKnNpPqQsSUwWxXzZ019-]";

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn new_never_panics_on_any_string(p in any::<String>(), s in any::<String>()) {
            if let Ok(re) = GoRegex::new(&p) {
                let _ = re.is_match(&s);
            }
        }

        #[test]
        fn syntax_soup_translates_deterministically(
            p in proptest::string::string_regex(&format!("{SYNTAX}{{0,24}}")).expect("strategy"),
            s in "[a-zA-Z0-9 _\\-\n.:αſK]{0,12}",
        ) {
            let first = translate(&p);
            prop_assert_eq!(&first, &translate(&p));
            match (first, GoRegex::new(&p)) {
                (Ok(rust), Ok(re)) => {
                    // Whatever Go accepts, the regex crate accepts in translation.
                    prop_assert_eq!(rust.as_str(), re.rust_pattern());
                    prop_assert_eq!(re.as_str(), p.as_str());
                    let _ = re.is_match(&s);
                }
                (Err(e1), Err(e2)) => prop_assert_eq!(e1, e2),
                (first, second) => prop_assert!(false, "{:?} vs {:?}", first, second.map(|r| r.rust_pattern().to_owned())),
            }
        }

        #[test]
        fn escaped_literals_match_themselves(lit in "\\PC{0,12}") {
            // Go's QuoteMeta-style escaping of every ASCII punctuation character.
            let mut quoted = String::new();
            for c in lit.chars() {
                if c.is_ascii_punctuation() {
                    quoted.push('\\');
                }
                quoted.push(c);
            }
            let re = GoRegex::new(&format!("^{quoted}$")).expect("quoted literal");
            prop_assert!(re.is_match(&lit));
            let lit = lit.replace("\\E", "");
            let re = GoRegex::new(&format!("^\\Q{lit}\\E$")).expect("\\Q literal");
            prop_assert!(re.is_match(&lit));
        }

        /// On syntax where Go and the `regex` crate agree, the translation matches like the
        /// original pattern does in the `regex` crate (checks grouping and precedence).
        #[test]
        fn agrees_with_rust_on_common_syntax(
            p in proptest::string::string_regex(
                r"(\(|\)|\(\?:|\||[abc]|\.|\*|\+|\?|\*\?|\{[0-3](,[0-3]?)?\}|\[\^?[abc](-[c-e])?\]|\^|\$){0,14}"
            ).expect("strategy"),
            inputs in proptest::collection::vec("[abcde\n]{0,8}", 1..6),
        ) {
            if let (Ok(go), Ok(rust)) = (GoRegex::new(&p), regex::Regex::new(&p)) {
                for s in &inputs {
                    prop_assert_eq!(
                        go.is_match(s), rust.is_match(s),
                        "{:?} on {:?} via {:?}", p, s, go.rust_pattern()
                    );
                }
            }
        }
    }
}
