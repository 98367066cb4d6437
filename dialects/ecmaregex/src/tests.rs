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
    match re(p).is_match(s) {
        Ok(b) => b,
        Err(e) => panic!("{:?} on {:?}: {e}", short(p), short(s)),
    }
}

fn err(p: &str) -> EcmaError {
    match EcmaRegex::new(p) {
        Ok(r) => panic!("{:?} accepted as {:?}", short(p), r.translation()),
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
    refused(r"(a)\2", 3, "no group 2");
    refused(r"(?<n>a)\k<m>", 7, "no group named `m`");
    refused("a(?=b)*", 6, "takes no quantifier");
    refused("a(?<!b){2}", 7, "takes no quantifier");
    // A `(` in a class is no group.
    refused(r"[(]\1", 3, "no group 1");
}

#[test]
fn lookarounds_and_backreferences_take_the_backtracking_engine() {
    let backtracking = |p: &str| matches!(re(p).translation(), Translation::Backtracking(_));
    for p in [
        "a(?=b)",
        "(?!a)",
        "(?<=a)b",
        "(?<!a)b",
        r"(a)\1",
        r"(?<n>a)\k<n>",
    ] {
        assert!(backtracking(p), "{p}");
    }
    for p in ["a", "(a)", "(?<n>a)", r"\b", "[(?=]"] {
        assert!(!backtracking(p), "{p}");
    }
    assert!(m("^(?=.*[A-Z])(?=.*\\d).{8,}$", "Passw0rdX"));
    assert!(!m("^(?=.*[A-Z])(?=.*\\d).{8,}$", "password1"));
    assert!(m("^(?!.*\\.\\.)[a-z.]+$", "a.b.c"));
    assert!(!m("^(?!.*\\.\\.)[a-z.]+$", "a..b"));
    assert!(m("(?<=\\$)\\d+", "cost $42"));
    assert!(!m("(?<=\\$)\\d+", "cost 42"));
    // Variable-width lookbehind (ES2018).
    assert!(m("(?<=ab+)c", "abbbc"));
    assert!(!m("(?<!ab+)c", "abbbc"));
    assert!(m(r"^(.)(.)\2\1$", "abba"));
    assert!(!m(r"^(.)(.)\2\1$", "abab"));
    assert!(m(r"^(?<q>['\x22]).*\k<q>$", "'quoted'"));
    assert!(!m(r"^(?<q>['\x22]).*\k<q>$", "'quoted\x22"));
    // A backreference to a group that took no part matches the empty string (ECMA-262
    // BackreferenceMatcher), as does one before its group.
    assert!(m(r"^(?:(a)|b)\1$", "b"));
    assert!(m(r"^\1(a)$", "a"));
    // Named groups of one name in different alternatives: whichever took part.
    assert!(m(r"^(?:(?<x>a)|(?<x>b))\k<x>$", "bb"));
    assert!(!m(r"^(?:(?<x>a)|(?<x>b))\k<x>$", "ba"));
    // ECMA's `\b` and `\w` stay ASCII on the backtracking engine.
    assert!(m(r"(?=.)\bé", "aé"));
    assert!(!m(r"(?=.)\bé", " é"));
    assert!(m(r"(?=x)x\b", "xé"));
    assert!(!m(r"(?=\w)é", "é"));
    // Escapes, classes and `.` as on the linear engine.
    assert!(m("(?=.)^[^\\n]\\s$", "a\u{2028}"));
    assert!(!m("(?=.)^.$", "\n"));
}

#[test]
fn exponential_backtracking_is_bounded() {
    // `(a|a)*` has 2^n ways to read n `a`s, none ending at `b`; the backreference keeps the
    // whole pattern on the backtracking VM (without it, the `regex` crate would answer).
    let text = format!("{}b", "a".repeat(100_000));
    let start = std::time::Instant::now();
    let re = re(r"^(a|a)*\1$");
    assert_eq!(re.is_match(&text), Err(LimitExceeded));
    assert_eq!(
        self::re(r"(a|a)*(?<=c)").is_match(&text),
        Err(LimitExceeded)
    );
    // Within the limit where no backtracking is due: the `regex` crate takes the group.
    assert_eq!(self::re("^(?=a)(a|a)*$").is_match(&text), Ok(false));
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
    assert!(
        LimitExceeded
            .to_string()
            .contains(&BACKTRACK_LIMIT.to_string())
    );
    // A short text is answered within the limit.
    assert_eq!(re.is_match("aaaa"), Ok(true));
    assert_eq!(re.is_match("aaab"), Ok(false));
}

#[test]
fn limits() {
    let long = "a".repeat(MAX_PATTERN_BYTES + 1);
    refused(&long, 0, "too long");
    // A real schema's 46 kB pattern is an alternation of names: one of that size compiles.
    let names: Vec<String> = (0..4_600).map(|i| format!("Name_{i:04}")).collect();
    let alternation = format!("^(?:{})$", names.join("|"));
    assert!(alternation.len() > 46_000, "{}", alternation.len());
    assert!(m(&alternation, "Name_4599"));
    assert!(!m(&alternation, "Name_4600"));
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
    assert_eq!(c.is_match("12"), Ok(true));
    assert_eq!(
        translate(r"\d"),
        Ok(Translation::Linear("[0-9]".to_owned()))
    );
    let e = err("a(?=b)+");
    assert_eq!(e.to_string(), format!("{} (at byte 6)", e.message));
}

#[test]
fn anchored_patterns_test_the_first_byte() {
    // The first bytes as the automaton would test them (a simple matcher's table holds the
    // same test in its start row: the verdicts below hold either engine to it).
    let prefiltered = |p: &str| {
        let Ok(Translation::Linear(rust)) = translate(p) else {
            panic!("{p}: not a linear translation")
        };
        let hir = syntax::parse_with(&rust, &syntax_config()).expect(p);
        first::anchored_first_bytes(&hir).is_some()
    };
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
        "^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$",
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

#[test]
fn simple_patterns_take_no_automaton() {
    let simple = |p: &str| matches!(&re(p).0.engine, Engine::Simple { .. });
    // SchemaStore's Azure IoT Edge `patternProperties`, and other shapes of real schemas.
    for p in [
        "^[a-zA-Z0-9_-]+$",
        "^(createoptions|createOptions)[0-9]*$",
        r"^[^\.\$# ]+$",
        "^x-",
        r"\.json$",
        "^[a-z]{2,5}$",
        "abc",
        "^$",
        "^(?:a|bc)?d*$",
        r"^\d+(\.\d+)?$",
        "a[ab]{3}",
    ] {
        assert!(simple(p), "{p}");
    }
    // Repeated groups, word boundaries, lookarounds, more than 63 positions, more states on
    // ASCII text than the table holds (`a[ab]{6}` unanchored: 2^7 sets of positions).
    for p in [
        "a[ab]{6}",
        r"^(ab)+$",
        r"\bx",
        "^a{100}$",
        "(?=a)",
        "^(a|b$)",
        r"^(\d+\.)*x$",
        "^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$",
    ] {
        assert!(!simple(p), "{p}");
    }
    assert!(m("^[a-zA-Z0-9_-]+$", "edgeAgent_1"));
    assert!(!m("^[a-zA-Z0-9_-]+$", "edge agent"));
    assert!(!m("^[a-zA-Z0-9_-]+$", ""));
    assert!(m(
        "^(createoptions|createOptions)[0-9]*$",
        "createOptions01"
    ));
    assert!(!m("^(createoptions|createOptions)[0-9]*$", "createOPtions"));
    // ASCII through the table, then a character beyond it, then the bit-parallel step.
    assert!(!m("^[a-zA-Z0-9_-]+$", "edge\u{e9}"));
    assert!(m(r"^[^\.\$# ]+$", "edge😀agent"));
    assert!(!m(r"^[^\.\$# ]+$", "edge😀.agent"));
    assert!(!m(
        "^(createoptions|createOptions)[0-9]*$",
        "createOptions\u{661}"
    ));
    assert!(m("é|b$", "aéa"));
    assert!(m("a[ab]{3}", "bbbabab"));
    assert!(!m("a[ab]{3}", "bbbab"));
    // ECMA's `$` is the end of the text, also before a final newline; `[^…]` takes any code
    // point, a newline and a non-BMP character included; `.` no line terminator.
    assert!(!m("^a$", "a\n"));
    assert!(m(r"^[^\.\$# ]+$", "😀\n"));
    assert!(!m("^.$", "\u{2028}"));
    assert!(m("^.$", "é"));
    assert!(m("json$", "a.json"));
    assert!(m("^x-", "x-y"));
    assert!(m("^$", ""));
    assert!(!m("^$", "\n"));
    // A state that stays itself on most bytes is read eight bytes at a time: a byte that
    // leaves it at every offset of a text crossing several chunks, ASCII or not.
    for p in ["^.+$", r"^[^\s]+$", "^a[^x]*b$", "^[a-z]+[0-9]*$"] {
        let r = re(p);
        let Translation::Linear(rust) = r.translation() else {
            panic!("{p} is not linear");
        };
        let automaton = automaton(rust).expect("the translation builds");
        for len in 0..30 {
            for at in 0..len {
                for leaving in ["\n", " ", "x", "é", "9", "b"] {
                    let text = format!("{}{leaving}{}", "a".repeat(at), "b".repeat(len - at));
                    assert_eq!(
                        r.is_match(&text),
                        Ok(automaton.is_match(&text)),
                        "{p} {text:?}"
                    );
                }
            }
        }
    }
}

/// Patterns of the simple matcher's shapes (and some just outside them).
fn simple_pattern() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let atom = prop::sample::select(vec![
        "a",
        "b",
        "é",
        "ab",
        "[a-c]",
        "[^a]",
        "[^ab\\n]",
        r"\d",
        r"\w",
        ".",
        "[α-ω]",
        r"\u{1F600}",
        "(?:a|bc)",
        "(b|é)",
        "(?:a[bc])?",
        "[]",
        "(?:)",
    ]);
    let quantifier = prop::sample::select(vec![
        "", "", "", "?", "*", "+", "{2}", "{0,2}", "{1,3}", "{2,}",
    ]);
    let piece = (atom, quantifier).prop_map(|(a, q)| format!("(?:{a}){q}"));
    let branch = (
        prop::bool::ANY,
        prop::collection::vec(piece, 0..5),
        prop::bool::ANY,
    )
        .prop_map(|(start, ps, end)| {
            format!(
                "{}{}{}",
                if start { "^" } else { "" },
                ps.concat(),
                if end { "$" } else { "" }
            )
        });
    prop::collection::vec(branch, 1..3).prop_map(|bs| bs.join("|"))
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

    /// The first-byte test and the simple matcher never change a verdict: they answer as
    /// the translation's automaton.
    #[test]
    fn the_first_byte_test_agrees_with_the_automaton(
        p in pattern(),
        texts in proptest::collection::vec("[abcé0-9 αβ😀\n.]{0,5}", 1..8),
    ) {
        agrees_with_the_automaton(&p, &texts)?;
    }

    /// The simple matcher answers as the translation's automaton.
    #[test]
    fn the_simple_matcher_agrees_with_the_automaton(
        p in simple_pattern(),
        texts in proptest::collection::vec("[abcé0-9 αω😀\n\u{2028}]{0,7}|[abc0-9 \n.]{8,40}", 1..8),
    ) {
        agrees_with_the_automaton(&p, &texts)?;
    }
}

/// Whether `p`'s engine answers on each of `texts` as the `regex` crate's automaton of its
/// translation.
fn agrees_with_the_automaton(
    p: &str,
    texts: &[String],
) -> Result<(), proptest::test_runner::TestCaseError> {
    let r = re(p);
    let Translation::Linear(rust) = r.translation() else {
        panic!("{p} is not linear");
    };
    let automaton = automaton(rust).expect("the translation builds");
    for text in texts {
        proptest::prop_assert_eq!(
            r.is_match(text),
            Ok(automaton.is_match(text)),
            "{} on {:?}",
            p,
            text
        );
    }
    Ok(())
}
