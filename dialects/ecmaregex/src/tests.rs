use super::*;

/// `p`, shortened for messages.
fn short(p: &str) -> String {
    p.chars().take(60).collect()
}

fn re(p: &str) -> EcmaRegex {
    match EcmaRegex::new(p) {
        Ok(r) => r,
        Err(e) => panic!("{:?} refused: {e}", short(p)),
    }
}

fn m(p: &str, s: &str) -> bool {
    re(p).is_match(s)
}

fn err(p: &str) -> EcmaError {
    match EcmaRegex::new(p) {
        Ok(r) => panic!("{:?} accepted as {:?}", short(p), short(r.rust_pattern())),
        Err(e) => e,
    }
}

#[track_caller]
fn refused(p: &str, offset: usize, needle: &str) {
    let e = err(p);
    assert_eq!(e.offset, offset, "{:?}: {e}", short(p));
    assert!(
        e.message.contains(needle),
        "{:?}: {e} lacks {needle:?}",
        short(p)
    );
}

#[test]
fn digit_is_ascii() {
    assert!(m(r"^\d$", "7"));
    assert!(!m(r"^\d$", "٣"));
    assert!(!m(r"^\d$", "５"));
    assert!(m(r"^\D$", "٣"));
    assert!(!m(r"^\D$", "0"));
    assert!(m(r"^[\d]$", "0"));
    assert!(!m(r"^[\d]$", "٣"));
    assert!(m(r"^[^\d]$", "٣"));
    assert!(m(r"^[\D]$", "٣"));
}

#[test]
fn word_is_ascii() {
    for c in ["a", "Z", "0", "_"] {
        assert!(m(r"^\w$", c), "{c}");
    }
    for c in ["é", "ß", "\u{17F}", "\u{212A}", "-"] {
        assert!(!m(r"^\w$", c), "{c}");
        assert!(m(r"^\W$", c), "{c}");
    }
}

#[test]
fn word_boundary_is_ascii() {
    assert!(m(r"\bfoo\b", "a foo b"));
    assert!(!m(r"\bfoo\b", "afoo"));
    // é is not a word character: there is a boundary between it and `f`.
    assert!(m(r"\bfoo", "éfoo"));
    assert!(m(r"o\b", "foé"));
    assert!(!m(r"\Bfoo", "éfoo"));
    assert!(m(r"\Boo", "foo"));
    assert!(m(r"^\B$", ""));
    assert!(!m(r"^\b$", ""));
}

#[test]
fn space_is_ecma_white_space_and_line_terminators() {
    let yes = [
        "\t", "\u{B}", "\u{C}", " ", "\u{A0}", "\u{FEFF}", "\u{1680}", "\u{2000}", "\u{200A}",
        "\u{202F}", "\u{205F}", "\u{3000}", "\n", "\r", "\u{2028}", "\u{2029}",
    ];
    for s in yes {
        assert!(m(r"^\s$", s), "{s:?}");
        assert!(!m(r"^\S$", s), "{s:?}");
        assert!(m(r"^[\s]$", s), "{s:?}");
        assert!(!m(r"^[^\s]$", s), "{s:?}");
    }
    // Not WhiteSpace in ECMA-262: NEL, ZWSP, MVS (Cf since Unicode 6.3).
    for s in ["\u{85}", "\u{200B}", "\u{180E}", "a"] {
        assert!(!m(r"^\s$", s), "{s:?}");
        assert!(m(r"^\S$", s), "{s:?}");
    }
}

#[test]
fn dot_excludes_line_terminators_only() {
    for s in ["\n", "\r", "\u{2028}", "\u{2029}"] {
        assert!(!m("^.$", s), "{s:?}");
    }
    for s in ["a", "\u{85}", "\u{B}", "\u{0}", "😀", "é"] {
        assert!(m("^.$", s), "{s:?}");
    }
    // One code point, not two UTF-16 units.
    assert!(!m("^..$", "😀"));
}

#[test]
fn anchors_are_input_start_and_end() {
    assert!(m("^abc$", "abc"));
    assert!(!m("^abc$", "abc\n"));
    assert!(!m("^abc$", "x\nabc"));
    assert!(!m("^b", "a\nb"));
    assert!(m("abc", "xxabcxx"));
}

#[test]
fn character_escapes() {
    assert!(m(r"^\t\n\v\f\r$", "\t\n\u{B}\u{C}\r"));
    assert!(m(r"^\cC$", "\u{3}"));
    assert!(m(r"^\cc$", "\u{3}"));
    assert!(m(r"^\cJ$", "\n"));
    assert!(m(r"^[\cJ]$", "\n"));
    assert!(m(r"^\0$", "\0"));
    assert!(m(r"^\x41\x7e$", "A~"));
    assert!(m(r"^\u00e9$", "é"));
    assert!(m(r"^\u{1F600}$", "😀"));
    assert!(m(r"^\u{0000000041}$", "A"));
    assert!(m(r"^\uD83D\uDE00$", "😀"));
    assert!(m(r"^[\uD83D\uDE00]$", "😀"));
    assert!(m(r"^[\b]$", "\u{8}"));
    assert!(m(r"^\^\$\\\.\*\+\?\(\)\[\]\{\}\|\/$", r"^$\.*+?()[]{}|/"));
    assert!(m(r"^[\-]$", "-"));
    assert!(m(r"^[a\-z]$", "-"));
    assert!(!m(r"^[a\-z]$", "b"));
}

#[test]
fn lone_surrogates_match_nothing() {
    assert!(!m(r"\uD83D", "😀"));
    assert!(!m(r"^\uDE00$", "😀"));
    assert!(m(r"^[\uD800-\uDFFF]?$", ""));
    assert!(!m(r"[\uD800-\uDFFF]", "😀"));
    assert!(m(r"^[^\uD800]$", "a"));
    assert!(m(r"^[\uD7FF-\uE000]$", "\u{E000}"));
    assert!(m(r"a|\uD800", "a"));
}

#[test]
fn invalid_escapes() {
    refused(r"\a", 0, "invalid escape `\\a`");
    refused(r"x\-", 1, "invalid escape `\\-`");
    refused(r"\c1", 0, "\\c");
    refused(r"[\c1]", 1, "\\c");
    refused(r"\00", 0, "\\0");
    refused(r"\x4", 0, "\\x");
    refused(r"\u12", 0, "\\u");
    refused(r"\u{110000}", 0, "\\u{");
    refused(r"\u{}", 0, "\\u{");
    refused(r"\u{41", 0, "\\u{");
    refused("ab\\", 2, "`\\` at end");
    refused(r"[\B]", 1, "\\B");
    refused(r"[\1]", 1, "\\1");
    refused(r"\k", 0, "\\k");
    refused(r"[\k<a>]", 1, "\\k");
}

#[test]
fn unicode_properties() {
    assert!(m(r"^\p{L}+$", "école"));
    assert!(m(r"^\p{Letter}+$", "école"));
    assert!(m(r"^\p{gc=Lu}$", "É"));
    assert!(m(r"^\p{General_Category=Uppercase_Letter}$", "É"));
    assert!(!m(r"^\p{Lu}$", "é"));
    assert!(m(r"^\P{Lu}$", "é"));
    assert!(m(r"^\p{digit}+$", "٣3"));
    assert!(m(r"^\p{Nd}+$", "٣3"));
    assert!(m(r"^\p{Script=Greek}+$", "αβγ"));
    assert!(m(r"^\p{sc=Greek}+$", "αβγ"));
    assert!(m(r"^\p{sc=Grek}+$", "αβγ"));
    assert!(m(r"^\p{scx=Grek}+$", "αβγ"));
    assert!(m(r"^\p{Script_Extensions=Greek}+$", "αβγ"));
    assert!(!m(r"\p{sc=Greek}", "abc"));
    assert!(m(r"^\p{Alphabetic}$", "é"));
    assert!(m(r"^\p{Alpha}$", "é"));
    assert!(m(r"^\p{White_Space}$", "\u{85}"));
    assert!(m(r"^\p{ASCII}+$", "abc\u{7F}"));
    assert!(!m(r"\p{ASCII}", "é"));
    assert!(m(r"^\p{Any}$", "\u{10FFFF}"));
    assert!(!m(r"\p{Assigned}", "\u{378}"));
    assert!(m(r"^\p{Assigned}$", "a"));
    assert!(m(r"^[\p{L}\d]+$", "é3"));
    assert!(!m(r"^[^\p{L}\d]$", "é"));
    assert!(m(r"^[^\p{L}\d]$", "-"));
    assert!(m(r"^[\P{L}]$", "-"));
    assert!(m(r"^\p{Emoji_Presentation}$", "😀"));
    assert!(m(r"^\p{sc=Zyyy}$", "1"));
    assert!(m(r"^\p{sc=Unknown}$", "\u{378}"));
    assert!(m(r"^\p{scx=Zzzz}$", "\u{E000}"));
    assert!(!m(r"\p{sc=Hrkt}", "あア"));
    assert!(m(r"^\P{scx=Katakana_Or_Hiragana}$", "あ"));
    assert!(!m(r"\p{sc=Unknown}", "a\u{301}"));
    assert!(!m(r"\p{Cs}", "a\u{10000}"));
    assert!(!m(r"[\p{Surrogate}]", "a\u{10000}"));
    assert!(m(r"^\P{Cs}$", "a"));
    assert!(m(r"^[^\p{Cs}]$", "a"));
}

#[test]
fn every_property_name_compiles() {
    for (name, _) in tables::GENERAL_CATEGORIES {
        re(&format!(r"\p{{{name}}}"));
        re(&format!(r"\p{{gc={name}}}"));
        re(&format!(r"[\P{{General_Category={name}}}]"));
    }
    for (name, _) in tables::SCRIPTS {
        re(&format!(r"\p{{sc={name}}}"));
        re(&format!(r"\p{{Script_Extensions={name}}}"));
    }
    for (name, long) in tables::BINARY {
        if *long == "Changes_When_NFKC_Casefolded" {
            refused(&format!(r"\p{{{name}}}"), 0, "not supported");
        } else {
            re(&format!(r"\p{{{name}}}"));
            re(&format!(r"[^\P{{{name}}}]"));
        }
    }
}

#[test]
fn invalid_properties() {
    refused(r"a\p{letter}", 1, "unknown");
    refused(r"\p{Greek}", 0, "unknown");
    refused(r"\p{sc=greek}", 0, "unknown");
    refused(r"\p{Script=L}", 0, "unknown");
    refused(r"\p{gc=Greek}", 0, "unknown");
    refused(r"\p{Block=Basic_Latin}", 0, "unknown property name");
    refused(r"\p{L", 0, "`}`");
    refused(r"\pL", 0, "`{`");
    refused(r"[a-\p{L}]", 2, "range");
    refused(r"[\d-z]", 3, "range");
}

#[test]
fn quantifiers() {
    assert!(m("^a*$", ""));
    assert!(m("^a+$", "aaa"));
    assert!(!m("^a+$", ""));
    assert!(m("^ab?c$", "ac"));
    assert!(m("^a{3}$", "aaa"));
    assert!(!m("^a{3}$", "aa"));
    assert!(m("^a{2,}$", "aaaa"));
    assert!(m("^a{2,3}$", "aaa"));
    assert!(!m("^a{2,3}$", "aaaa"));
    assert!(m("^a*?b+?c??d{1,2}?$", "aabbd"));
    assert!(m("^(?:ab){2}$", "abab"));
    assert!(m("^[ab]{2}$", "ba"));
    assert!(m(r"^\p{L}{2}$", "éé"));
    assert!(m("^.{0}$", ""));
}

#[test]
fn quantifier_errors() {
    refused("a{2,1}", 1, "out of order");
    refused("*a", 0, "nothing to repeat");
    refused("a|+", 2, "nothing to repeat");
    refused("(*)", 1, "nothing to repeat");
    refused("a**", 2, "nothing to repeat");
    refused("a{2}{3}", 4, "nothing to repeat");
    refused("^*", 1, "nothing to repeat");
    refused("$+", 1, "nothing to repeat");
    refused(r"a\b?", 3, "nothing to repeat");
    refused(r"a\B{2}", 3, r"assertion `\B` takes no quantifier");
    refused(r"^{1,2}", 1, "assertion `^`");
    refused("{1}", 0, "nothing to repeat");
    refused("a{", 1, "lone `{`");
    refused("a{1", 1, "lone `{`");
    refused("a{,5}", 1, "lone `{`");
    refused("{", 0, "lone `{`");
    refused("a}", 1, "lone `}`");
    refused("a]", 1, "lone `]`");
    refused("a{99999999999}", 1, "too large");
}

#[test]
fn classes() {
    assert!(m("^[a-z]+$", "abc"));
    assert!(!m("^[a-z]+$", "aBc"));
    assert!(m("^[^a-z]$", "B"));
    assert!(!m("[]", "a"));
    assert!(!m("[]", ""));
    assert!(m("^[^]$", "\n"));
    assert!(m("^[^]*$", "a\nb\u{2028}"));
    assert!(m("^[-a]+$", "-a"));
    assert!(m("^[a-]+$", "-a"));
    assert!(m("^[a-c-e]+$", "-ace"));
    assert!(!m("^[a-c-e]$", "d"));
    assert!(m("^[--0]$", "/"));
    assert!(m(r"^[\w-]+$", "a-b"));
    assert!(m(r"^[.*+?^${}()|[\]\\/]+$", r"^.*+?${}()|[]\/"));
    assert!(m(r"^[-&&~~]+$", "&~-"));
    refused("[&&~~--]", 4, "out of order");
    assert!(m(r"^[😀-😂]$", "😁"));
    assert!(m(r"^[\u{1F600}-\u{1F602}]$", "😁"));
    refused("[z-a]", 1, "out of order");
    refused("[a", 0, "missing `]`");
    refused("[a-", 0, "missing `]`");
    // After a range, `-` is a class atom again: `[a-b--]` is {a-b, -}.
    assert!(m("^[a-b--]$", "-"));
    assert!(m(r"^[a-b-\d]$", "5"));
}

#[test]
fn groups() {
    assert!(m("^(ab|cd)+$", "abcdab"));
    assert!(m("^(?:ab|cd)$", "cd"));
    assert!(m("^(?<year>\\d{4})-(?<month>\\d{2})$", "2024-05"));
    assert!(m("^(?<$x_1>a)$", "a"));
    assert!(m("^(?<é>a)$", "a"));
    assert!(m(r"^(?<\u0061b>a)$", "a"));
    assert!(m("(?<a>x)|(?<a>y)", "y"));
    assert!(m("((?<a>x)|(?<a>y))z", "yz"));
    assert!(m("()", ""));
    assert!(m("a|", "b"));
    assert!(m("|", ""));
    refused("(?<a>x)(?<a>y)", 7, "duplicate group name");
    refused("(?<a>x)|((?<a>y)(?<a>z))", 16, "duplicate group name");
    refused("(?<1a>x)", 3, "group name");
    refused("(?<>x)", 0, "empty group name");
    refused("(?<a", 0, "missing `>`");
    refused("(a", 0, "missing `)`");
    refused("a)", 1, "unmatched `)`");
    refused("(?i:a)", 0, "modifiers");
    refused("(?-i:a)", 0, "modifiers");
    refused("(?x)", 0, "invalid group");
    refused("(?", 0, "invalid group");
}

#[test]
fn refusals_name_the_construct_and_offset() {
    refused("ab(?=c)", 2, "lookahead `(?=`");
    refused("ab(?!c)", 2, "lookahead `(?!`");
    refused("ab(?<=c)", 2, "lookbehind `(?<=`");
    refused("ab(?<!c)", 2, "lookbehind `(?<!`");
    refused(r"(a)\1", 3, "backreference `\\1`");
    refused(r"\1(a)", 0, "backreference `\\1`");
    refused(r"(a)\2", 3, "no group 2");
    refused(r"(?<n>a)\k<n>", 7, "backreference `\\k<n>`");
    refused(r"é(?=c)", 2, "lookahead");
    // A `(` in a class is no group.
    refused(r"[(]\1", 3, "no group 1");
}

#[test]
fn limits() {
    let long = "a".repeat(MAX_PATTERN_BYTES + 1);
    refused(&long, 0, "too long");
    let deep = format!(
        "{}a{}",
        "(".repeat(MAX_NESTING + 1),
        ")".repeat(MAX_NESTING + 1)
    );
    refused(&deep, MAX_NESTING, "nest too deeply");
    let ok = format!("{}a{}", "(".repeat(MAX_NESTING), ")*".repeat(MAX_NESTING));
    assert!(m(&ok, "a"));
    let ok = format!(
        "{}[^\\D]{}",
        "(?:".repeat(MAX_NESTING),
        ")+".repeat(MAX_NESTING)
    );
    assert!(m(&ok, "1"));
    // Unbalanced: must not overflow the stack either.
    let many = "(".repeat(MAX_PATTERN_BYTES);
    refused(&many, MAX_NESTING, "nest too deeply");
    refused(r"\p{L}{1000}", 0, "too large");
    refused("((a{1000}){1000}){1000}", 0, "too large");
    // Repeating the empty group is cheap.
    assert!(m("^(?:){4294967295}$", ""));
    let start = std::time::Instant::now();
    refused("(?:(?:(?:a|b){0,1000}){0,1000}){0,1000}", 0, "too large");
    refused(r"[^\s]{100000}", 0, "too large");
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn api() {
    let r = re(r"^\d+$");
    assert_eq!(r.as_str(), r"^\d+$");
    assert_eq!(r.to_string(), r"^\d+$");
    let c = r.clone();
    assert!(c.is_match("12"));
    assert_eq!(translate(r"\d").as_deref(), Ok("[0-9]"));
    let e = err("a(?=b)");
    assert_eq!(e.to_string(), format!("{} (at byte 1)", e.message));
}

#[test]
fn anchored_patterns_test_the_first_byte() {
    let prefiltered = |p: &str| re(p).0.first.is_some();
    for p in [
        "^[a-z][a-z0-9-]*$",
        "^a",
        "^(?:ab|c)",
        "^(a|b)+x",
        r"^\d",
        "^[α-ω]",
        "^é",
        "(^a|^b)",
        "^[^a]",
        "^(?:)a",
    ] {
        assert!(prefiltered(p), "{p}");
    }
    // Unanchored, or a match that may be empty or begin anywhere after the start.
    for p in ["a", "^", "^a?b", "^a*", "(^a|b)", "^$", r"^\b", "x|^a"] {
        assert!(!prefiltered(p), "{p}");
    }
    assert!(!m("^[a-z][a-z0-9-]*$", "Metrics"));
    assert!(m("^[a-z][a-z0-9-]*$", "metrics"));
    assert!(!m("^[a-z]", ""));
    assert!(m("^[α-ω]", "βeta"));
    assert!(!m("^[α-ω]", "Beta"));
    assert!(m("^[^a]", "é"));
    assert!(m("(^a|^b)", "bob"));
}

/// Patterns from a small grammar of ECMA constructs, mostly anchored at the start.
fn pattern() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let atom = prop::sample::select(vec![
        "a",
        "b",
        "é",
        "[a-z]",
        "[^a]",
        "[α-ω]",
        r"\d",
        r"\s",
        r"\w",
        ".",
        "(?:ab|c)",
        "(?:)",
        "[]",
        "[^]",
        r"\b",
        "$",
        "^",
        "(a|é)",
        r"\u{1F600}",
        "[a-cé-ë]",
    ]);
    let quantifier = prop::sample::select(vec!["", "", "?", "*", "+", "{2}", "{0,2}"]);
    let piece = (atom, quantifier).prop_map(|(a, q)| {
        if q.is_empty() || matches!(a, r"\b" | "$" | "^") {
            a.to_owned()
        } else {
            format!("(?:{a}){q}")
        }
    });
    let branch = prop::collection::vec(piece, 0..4).prop_map(|ps| ps.concat());
    (
        prop::bool::weighted(0.8),
        prop::collection::vec(branch, 1..3),
    )
        .prop_map(|(anchored, branches)| {
            let body = branches.join("|");
            if anchored {
                format!("^(?:{body})")
            } else {
                body
            }
        })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// The first-byte test never changes a verdict: it refuses only texts the automaton
    /// refuses too.
    #[test]
    fn the_first_byte_test_agrees_with_the_automaton(
        p in pattern(),
        texts in proptest::collection::vec("[abcé0-9 αβ😀\n.]{0,5}", 1..8),
    ) {
        let r = re(&p);
        for text in &texts {
            proptest::prop_assert_eq!(r.is_match(text), r.0.re.is_match(text), "{} on {:?}", p, text);
        }
    }
}
