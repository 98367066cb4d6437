//! Unit tests: Go's error codes and quoted texts, and Go's matching semantics.

#![allow(clippy::unwrap_used)]

use super::*;

/// `(pattern, code, quoted expr)`: what Go's `regexp.Compile` reports.
const ERRORS: &[(&str, &str, &str)] = &[
    // Parentheses.
    ("(", "missing closing )", "("),
    ("(a", "missing closing )", "(a"),
    ("(a|b|", "missing closing )", "(a|b|"),
    ("((a)", "missing closing )", "((a)"),
    ("x(?:a", "missing closing )", "x(?:a"),
    (")", "unexpected )", ")"),
    ("q35)", "unexpected )", "q35)"),
    ("(a))", "unexpected )", "(a))"),
    ("a|b)", "unexpected )", "a|b)"),
    ("([a-z]))", "unexpected )", "([a-z]))"),
    // Brackets.
    ("[a-", "missing closing ]", "[a-"),
    ("[a-z", "missing closing ]", "[a-z"),
    ("x[a-z", "missing closing ]", "[a-z"),
    ("([a-z)", "missing closing ]", "[a-z)"),
    ("[]", "missing closing ]", "[]"),
    ("[^]", "missing closing ]", "[^]"),
    ("[", "missing closing ]", "["),
    ("[[:alpha:]", "missing closing ]", "[[:alpha:]"),
    ("[a\\", "trailing backslash at end of expression", ""),
    // Ranges and class names.
    ("[z-a]", "invalid character class range", "z-a"),
    ("[a--b]", "invalid character class range", "a--"),
    ("[a-Z]", "invalid character class range", "a-Z"),
    ("(?i)[a-Z]", "invalid character class range", "a-Z"),
    (
        "[\\x{100}-a]",
        "invalid character class range",
        "\\x{100}-a",
    ),
    ("[[:foo:]]", "invalid character class range", "[:foo:]"),
    ("[[:a]b:]]", "invalid character class range", "[:a]b:]"),
    ("[[:^foo:]]", "invalid character class range", "[:^foo:]"),
    ("\\p{Foo}", "invalid character class range", "\\p{Foo}"),
    ("\\pX", "invalid character class range", "\\pX"),
    ("\\p", "invalid character class range", "\\p"),
    ("\\p{", "invalid character class range", "\\p{"),
    ("\\p{Greek", "invalid character class range", "\\p{Greek"),
    ("\\p{}", "invalid character class range", "\\p{}"),
    ("\\p{^}", "invalid character class range", "\\p{^}"),
    ("x\\p{Gr(a)}", "invalid character class range", "\\p{Gr(a)}"),
    ("[\\p{Foo}]", "invalid character class range", "\\p{Foo}"),
    ("[\\p]", "invalid character class range", "\\p]"),
    (
        "\\p{sc=Greek}",
        "invalid character class range",
        "\\p{sc=Greek}",
    ),
    (
        "\\p{Alphabetic}",
        "invalid character class range",
        "\\p{Alphabetic}",
    ),
    ("\\pé", "invalid character class range", "\\pé"),
    // Escapes.
    ("(q)\\1", "invalid escape sequence", "\\1"),
    ("\\8", "invalid escape sequence", "\\8"),
    ("q35\\Z", "invalid escape sequence", "\\Z"),
    ("\\C", "invalid escape sequence", "\\C"),
    ("\\h", "invalid escape sequence", "\\h"),
    ("\\e", "invalid escape sequence", "\\e"),
    ("\\k<n>", "invalid escape sequence", "\\k"),
    ("\\G", "invalid escape sequence", "\\G"),
    ("\\R", "invalid escape sequence", "\\R"),
    ("\\X", "invalid escape sequence", "\\X"),
    ("\\é", "invalid escape sequence", "\\é"),
    ("[\\b]", "invalid escape sequence", "\\b"),
    ("[\\Q]", "invalid escape sequence", "\\Q"),
    ("[a-\\d]", "invalid escape sequence", "\\d"),
    ("\\x", "invalid escape sequence", "\\x"),
    ("\\xA", "invalid escape sequence", "\\xA"),
    ("\\xZ1", "invalid escape sequence", "\\xZ1"),
    ("\\x{", "invalid escape sequence", "\\x{"),
    ("\\x{}", "invalid escape sequence", "\\x{}"),
    ("\\x{zz}", "invalid escape sequence", "\\x{z"),
    ("\\x{41", "invalid escape sequence", "\\x{41"),
    ("\\x{110000}", "invalid escape sequence", "\\x{110000"),
    ("a\\", "trailing backslash at end of expression", ""),
    ("\\", "trailing backslash at end of expression", ""),
    // Perl syntax.
    ("q(?=35)", "invalid or unsupported Perl syntax", "(?="),
    ("q(?!36)", "invalid or unsupported Perl syntax", "(?!"),
    ("(?x) q 3 5 ", "invalid or unsupported Perl syntax", "(?x"),
    ("(?R)", "invalid or unsupported Perl syntax", "(?R"),
    ("(?#comment)", "invalid or unsupported Perl syntax", "(?#"),
    ("(?>a)", "invalid or unsupported Perl syntax", "(?>"),
    ("(?", "invalid or unsupported Perl syntax", "(?"),
    ("(?i", "invalid or unsupported Perl syntax", "(?i"),
    ("(?-)", "invalid or unsupported Perl syntax", "(?-)"),
    ("(?i-)", "invalid or unsupported Perl syntax", "(?i-)"),
    ("(?i-:a)", "invalid or unsupported Perl syntax", "(?i-:"),
    ("(?--i)", "invalid or unsupported Perl syntax", "(?--"),
    ("(?P=name)", "invalid or unsupported Perl syntax", "(?P"),
    ("(?P<", "invalid or unsupported Perl syntax", "(?P"),
    ("(?<", "invalid or unsupported Perl syntax", "(?<"),
    ("(?'n'a)", "invalid or unsupported Perl syntax", "(?'"),
    ("(?é)", "invalid or unsupported Perl syntax", "(?é"),
    // Named captures.
    ("(?<=q)35", "invalid named capture", "(?<=q)35"),
    ("(?<!q)35", "invalid named capture", "(?<!q)35"),
    ("(?P<name>a", "missing closing )", "(?P<name>a"),
    ("(?P<name", "invalid named capture", "(?P<name"),
    ("(?<name", "invalid named capture", "(?<name"),
    ("(?P<x y>a)", "invalid named capture", "(?P<x y>"),
    ("(?<x y>a)", "invalid named capture", "(?<x y>"),
    ("(?P<>a)", "invalid named capture", "(?P<>"),
    ("(?<>a)", "invalid named capture", "(?<>"),
    ("(?<é>a)", "invalid named capture", "(?<é>"),
    ("(?P<a)>", "invalid named capture", "(?P<a)>"),
    // Repetition.
    ("q3++5", "invalid nested repetition operator", "++"),
    ("q**", "invalid nested repetition operator", "**"),
    ("a*??", "invalid nested repetition operator", "*??"),
    ("a?*", "invalid nested repetition operator", "?*"),
    ("a{1}*", "invalid nested repetition operator", "{1}*"),
    (".{1}{2}", "invalid nested repetition operator", "{1}{2}"),
    ("a*+?", "invalid nested repetition operator", "*+?"),
    ("*", "missing argument to repetition operator", "*"),
    ("*?", "missing argument to repetition operator", "*?"),
    ("+a", "missing argument to repetition operator", "+"),
    ("(*)", "missing argument to repetition operator", "*"),
    ("a|*", "missing argument to repetition operator", "*"),
    ("(?i)*", "missing argument to repetition operator", "*"),
    ("{2}", "missing argument to repetition operator", "{2}"),
    ("\\Q\\E*", "missing argument to repetition operator", "*"),
    ("a*{2}", "invalid nested repetition operator", "*{2}"),
    ("a{2}{3}", "invalid nested repetition operator", "{2}{3}"),
    ("a{1001}", "invalid repeat count", "{1001}"),
    ("a{1001}?", "invalid repeat count", "{1001}"),
    ("a{2,1}", "invalid repeat count", "{2,1}"),
    ("a{0,1001}", "invalid repeat count", "{0,1001}"),
    ("a{1001,}", "invalid repeat count", "{1001,}"),
    ("x{9876543210}", "invalid repeat count", "{9876543210}"),
    ("x{1,9876543210}", "invalid repeat count", "{1,9876543210}"),
    ("a{100000}", "invalid repeat count", "{100000}"),
    ("{1001}", "invalid repeat count", "{1001}"),
    ("a*{1001}", "invalid repeat count", "{1001}"),
    (
        "((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})",
        "invalid repeat count",
        "{2}",
    ),
    ("(?:[a-z]{4}){0,251}", "invalid repeat count", "{0,251}"),
    ("(a{100}){11}?", "invalid repeat count", "{11}?"),
    ("(?:a{2}|b{600}){2}", "invalid repeat count", "{2}"),
];

#[test]
fn go_error_codes_and_texts() {
    for &(pattern, code, expr) in ERRORS {
        let e = match GoRegex::new(pattern) {
            Ok(re) => panic!(
                "{pattern:?} compiled to {:?}, want {code}",
                re.rust_pattern()
            ),
            Err(e) => e,
        };
        assert_eq!((e.code(), e.expr()), (code, expr), "pattern {pattern:?}");
        assert_eq!(
            e.to_string(),
            format!("error parsing regexp: {code}: `{expr}`"),
            "pattern {pattern:?}"
        );
        assert_eq!(translate(pattern).err().as_ref(), Some(&e));
    }
}

#[test]
fn error_display_matches_go() {
    let e = GoRegex::new("(").unwrap_err();
    assert_eq!(
        e.to_string(),
        "error parsing regexp: missing closing ): `(`"
    );
    assert_eq!(e.kind(), ErrorCode::MissingParen);
    let e = GoRegex::new("a{1001}").unwrap_err();
    assert_eq!(
        e.to_string(),
        "error parsing regexp: invalid repeat count: `{1001}`"
    );
    let e = GoRegex::new("a\\").unwrap_err();
    assert_eq!(
        e.to_string(),
        "error parsing regexp: trailing backslash at end of expression: ``"
    );
}

/// Limits on size and nesting (Go's parse_test.go invalid and valid cases).
#[test]
fn size_and_nesting_limits() {
    let too_deep = "(".repeat(1000) + &")".repeat(1000);
    let e = GoRegex::new(&too_deep).unwrap_err();
    assert_eq!(
        (e.code(), e.expr()),
        ("expression nests too deeply", too_deep.as_str())
    );
    let too_deep = "(?:".repeat(1000) + &")*".repeat(1000);
    assert_eq!(
        GoRegex::new(&too_deep).unwrap_err().kind(),
        ErrorCode::NestingDepth
    );

    let deep = "(".repeat(999) + &")".repeat(999);
    let re = GoRegex::new(&deep).unwrap();
    assert!(re.is_match("x"));
    let deep = "(?:".repeat(999) + &")*".repeat(999);
    assert!(GoRegex::new(&deep).unwrap().is_match(""));
    let flat = "(".to_owned() + &"|".repeat(12345) + ")";
    assert!(GoRegex::new(&flat).unwrap().is_match(""));

    let too_long = "(".to_owned() + &"(xx?)".repeat(1000) + "){1000}";
    let e = GoRegex::new(&too_long).unwrap_err();
    assert_eq!(
        (e.code(), e.expr()),
        ("expression too large", too_long.as_str())
    );
    let too_long = "(xx?){1000}".repeat(1000);
    assert_eq!(
        GoRegex::new(&too_long).unwrap_err().kind(),
        ErrorCode::Large
    );

    for ok in [
        "((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}))",
        "((((((((((x{1}){2}){2}){2}){2}){2}){2}){2}){2}){2})",
        "(?:[a-z]{4}){0,250}",
        "a{1000}",
        "a{0,1000}",
        "(a{1000}){0}",
        "(a{1000}){1}",
        "(a{1000})*",
    ] {
        assert!(translate(ok).is_ok(), "{ok}");
    }
}

#[test]
fn too_many_runes() {
    let many = "\\pL".repeat(27000);
    let e = translate(&many).unwrap_err();
    assert_eq!(e.kind(), ErrorCode::Large);
    assert_eq!(e.expr(), many);
}

/// `(pattern, [(input, Go's MatchString)])`.
type Table = &'static [(&'static str, &'static [(&'static str, bool)])];

const SEMANTICS: Table = &[
    // Unanchored search, anchors.
    ("q35", &[("pc-q35-rhel9.2.0", true), ("Q35", false)]),
    (
        "^q35$",
        &[("q35", true), ("pc-q35", false), ("q35\n", false)],
    ),
    ("^$", &[("", true), ("\n", false)]),
    ("a$", &[("a", true), ("a\n", false)]),
    ("(?m)a$", &[("a\n", true), ("a\nb", true), ("ab", false)]),
    ("(?m)^b", &[("a\nb", true), ("ab", false)]),
    ("^b", &[("a\nb", false)]),
    ("\\Aa", &[("a", true), ("ba", false)]),
    ("(?m)\\Ab", &[("a\nb", false)]),
    ("a\\z", &[("a", true), ("a\n", false)]),
    ("(?m)a\\z", &[("a\nb", false), ("ba", true)]),
    ("", &[("", true), ("x", true)]),
    ("|", &[("x", true)]),
    ("^*a", &[("a", true)]),
    ("(?:^)+a$", &[("a", true), ("ba", false)]),
    ("\\b+x", &[("x", true)]),
    // ASCII Perl classes.
    ("\\d", &[("5", true), ("٣", false), ("５", false)]),
    ("\\D", &[("٣", true), ("5", false)]),
    ("^\\w+$", &[("abc_09", true), ("é", false), ("ſ", false)]),
    ("\\W", &[("é", true), ("a", false)]),
    (
        "\\s",
        &[
            ("\t", true),
            ("\n", true),
            ("\x0c", true),
            ("\r", true),
            (" ", true),
        ],
    ),
    (
        "\\s",
        &[
            ("\x0b", false),
            ("\u{a0}", false),
            ("\u{2003}", false),
            ("\u{85}", false),
        ],
    ),
    ("^\\S$", &[("\x0b", true), ("\u{a0}", true), (" ", false)]),
    ("[\\d\\s]", &[("٣", false), ("\x0b", false), ("1", true)]),
    ("[^\\d]", &[("٣", true), ("1", false)]),
    ("\\bq35\\b", &[("pc-q35-rhel", true), ("pcq35", false)]),
    ("\\bé", &[("é", false), (" é", false)]),
    ("a\\b", &[("aé", true), ("ab", false)]),
    ("\\Bé", &[("é", true)]),
    // POSIX classes.
    ("[[:alpha:]]", &[("a", true), ("é", false), ("1", false)]),
    ("[[:^alpha:]]", &[("é", true), ("a", false)]),
    ("^[[:word:]-]+$", &[("pc-q35", true), ("pc q35", false)]),
    ("[[:digit:]]", &[("٣", false), ("3", true)]),
    ("[[:space:]]", &[("\x0b", true), ("\u{a0}", false)]),
    (
        "[[:upper:][:digit:]]",
        &[("A", true), ("a", false), ("7", true)],
    ),
    ("[[:punct:]]", &[("!", true), ("«", false)]),
    ("[[:xdigit:]]+$", &[("beef", true), ("g", false)]),
    ("[[:ascii:]]", &[("\x7f", true), ("\u{80}", false)]),
    ("[[:cntrl:]]", &[("\x7f", true), ("\u{85}", false)]),
    ("[[:alpha]", &[("[", true), (":", true), ("b", false)]),
    // Unicode classes.
    ("\\pL", &[("é", true), ("1", false)]),
    ("\\PL", &[("é", false), ("1", true)]),
    ("\\pN$", &[("host٣", true), ("host", false)]),
    (
        "\\p{Greek}",
        &[("αβγ-host", true), ("abc", false), ("\u{342}", false)],
    ),
    ("\\p{greek}", &[("α", true)]),
    ("\\P{Greek}", &[("α", false), ("a", true)]),
    ("\\p{^Greek}", &[("α", false), ("a", true)]),
    ("\\P{^Greek}", &[("α", true)]),
    ("[\\p{Greek}\\d]", &[("α", true), ("1", true), ("a", false)]),
    ("[^\\p{Greek}]", &[("α", false), ("a", true)]),
    ("\\p{Lu}", &[("A", true), ("a", false)]),
    ("\\p{Uppercase_Letter}", &[("A", true), ("a", false)]),
    ("\\p{upper case-let ter}", &[("Ä", true)]),
    ("\\p{Letter}", &[("é", true)]),
    ("\\p{digit}", &[("٣", true), ("a", false)]),
    ("\\p{punct}", &[("«", true)]),
    ("\\pC", &[("\x01", true), ("a", false)]),
    ("\\p{Cn}", &[("\u{378}", true), ("a", false)]),
    ("\\p{Assigned}", &[("a", true), ("\u{378}", false)]),
    ("\\p{^Assigned}", &[("\u{378}", true)]),
    ("\\p{Any}", &[("\n", true), ("", false)]),
    ("\\p{^Any}", &[("a", false)]),
    ("\\p{ASCII}", &[("a", true), ("é", false)]),
    ("\\p{ascii}", &[("a", true)]),
    ("\\p{LC}", &[("a", true), ("ª", false)]),
    ("\\p{Cs}", &[("a", false)]),
    ("\\P{Cs}", &[("a", true)]),
    ("\\p{Han}", &[("日", true)]),
    ("\\p{Canadian_Aboriginal}", &[("\u{1400}", true)]),
    ("\\p{Braille}", &[("\u{2800}", true), ("a", false)]),
    ("\\pZ", &[("\u{3000}", true), ("\t", false)]),
    ("\\pl", &[("a", true), ("1", false)]),
    ("\\pn", &[("1", true)]),
    ("(?i)[^\\W]", &[("ſ", true), ("a", true), ("é", false)]),
    ("(?i)\\s", &[("\x0b", false), (" ", true)]),
    (
        "(?i)[[:^lower:]]",
        &[("A", false), ("\u{212a}", false), ("1", true)],
    ),
    // Dot and (?s).
    ("^.{3}$", &[("日本語", true)]),
    ("^.{9}$", &[("日本語", false)]),
    ("a.b", &[("a\nb", false), ("a\rb", true)]),
    ("(?s)a.b", &[("a\nb", true)]),
    ("(?s:a.)b.", &[("a\nb\n", false), ("a\nbc", true)]),
    ("[^a]", &[("\n", true)]),
    ("[^\\n]", &[("\n", false), ("a", true)]),
    // Case folding.
    ("(?i)Q35", &[("pc-q35", true)]),
    ("(?i)^k-host$", &[("K-host", true), ("\u{212a}-host", true)]),
    ("(?i)STRASSE", &[("straße", false), ("strasse", true)]),
    ("(?i)s", &[("ſ", true)]),
    ("(?i)σ", &[("ς", true), ("Σ", true)]),
    ("(?i)\\w", &[("ſ", true), ("\u{212a}", true)]),
    ("(?i)\\W", &[("ſ", false), ("\u{212a}", false), ("é", true)]),
    ("(?i)[[:upper:]]", &[("a", true), ("ſ", true)]),
    (
        "(?i)[^k]",
        &[("\u{212a}", false), ("K", false), ("j", true)],
    ),
    ("(?i)[a-c]", &[("B", true)]),
    ("(?i)\\p{Lu}", &[("a", true)]),
    ("(?i)\\P{Lu}", &[("a", false), ("1", true)]),
    ("(?i)\\p{Greek}", &[("µ", true)]),
    ("(?i)é", &[("É", true)]),
    ("(?i:a)b", &[("Ab", true), ("AB", false)]),
    ("a(?i)b|c", &[("aB", true), ("C", true)]),
    ("(?i)a(?-i)b", &[("Ab", true), ("AB", false)]),
    ("((?i)a)b", &[("Ab", true), ("AB", false)]),
    ("(?i)\\d", &[("1", true)]),
    // Greediness does not change whether there is a match.
    ("(?U)q3+", &[("q35", true)]),
    ("(?U)a+?b", &[("aab", true)]),
    ("a*?b", &[("aab", true)]),
    ("q{0,1000}", &[("q35", true)]),
    (
        "^(?:ab){2,3}$",
        &[("abab", true), ("ab", false), ("abababab", false)],
    ),
    ("^a{2,}$", &[("aa", true), ("a", false)]),
    ("^a{0}$", &[("", true), ("a", false)]),
    (
        "^(a+)+$",
        &[("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", false)],
    ),
    // Escapes.
    ("\\161", &[("q35", true)]),
    ("\\x71\\x{33}", &[("q35", true)]),
    ("\\0", &[("\0", true)]),
    ("\\01", &[("\x01", true)]),
    ("\\12", &[("\n", true)]),
    ("\\1234", &[("S4", true)]),
    ("\\x{10FFFF}", &[("\u{10ffff}", true)]),
    ("\\x{0000000041}", &[("A", true)]),
    ("\\a\\f\\t\\n\\r\\v", &[("\x07\x0c\t\n\r\x0b", true)]),
    (
        "\\.\\+\\*\\?\\(\\)\\|\\[\\]\\{\\}\\^\\$\\\\",
        &[(".+*?()|[]{}^$\\", true)],
    ),
    (
        "\\_\\-\\#\\&\\~\\ \\<\\>\\/\\!\\@",
        &[("_-#&~ <>/!@", true)],
    ),
    ("\\<", &[("<", true), ("a", false)]),
    ("\\x{D800}", &[("\u{fffd}", false), ("", false)]),
    (
        "[\\x{D7FF}-\\x{E000}]",
        &[("\u{d7ff}", true), ("\u{e000}", true), ("a", false)],
    ),
    // \Q...\E.
    ("\\Q9.2\\E", &[("pc-q35-rhel9.2.0", true), ("9x2", false)]),
    ("\\Q+|*?{[\\E", &[("+|*?{[", true)]),
    ("\\Qab\\E+", &[("abbb", true), ("abab", true), ("a", false)]),
    ("^\\Qab\\E+$", &[("abbb", true), ("abab", false)]),
    ("\\Qa.b", &[("a.b", true), ("axb", false)]),
    ("\\Q\\\\E", &[("\\", true)]),
    ("a\\Q\\E*", &[("", true), ("b", true)]),
    ("^a*\\Q\\E*$", &[("aa", true)]),
    // Braces that are not repetitions are literals.
    ("a{,2}", &[("a{,2}", true), ("aa", false)]),
    ("x{1001", &[("x{1001", true)]),
    ("x{01}", &[("x{01}", true), ("x", false)]),
    ("{", &[("{", true)]),
    ("}", &[("}", true)]),
    ("a{2", &[("a{2", true)]),
    ("a*{", &[("aa{", true)]),
    ("a{2}{,3}", &[("aa{,3}", true), ("aa", false)]),
    // Rust-only syntax is literal in Go.
    ("[a&&b]", &[("&", true), ("a", true), ("c", false)]),
    ("[a~~b]", &[("~", true)]),
    ("[[a]]", &[("a]", true), ("[]", true), ("a", false)]),
    ("[a[b]", &[("[", true), ("b", true)]),
    ("[]a]", &[("]", true), ("a", true), ("b", false)]),
    ("[^]a]", &[("]", false), ("b", true)]),
    ("[a-]", &[("-", true), ("a", true), ("b", false)]),
    ("[-a]", &[("-", true)]),
    ("[a-b-c]", &[("-", true), ("c", true), ("d", false)]),
    (
        "[\\-\\]\\[\\^\\\\]",
        &[
            ("-", true),
            ("]", true),
            ("[", true),
            ("^", true),
            ("\\", true),
        ],
    ),
    ("[.*+?(){}|$^]", &[(".", true), ("^", true), ("a", false)]),
    ("[ ]", &[(" ", true)]),
    ("#", &[("#", true)]),
    ("a#b", &[("a#b", true)]),
    ("-", &[("-", true)]),
    ("&&", &[("&&", true)]),
    ("a b", &[("a b", true), ("ab", false)]),
    // Groups.
    ("(?P<m>q35)", &[("q35", true)]),
    ("(?<m>q35)", &[("q35", true)]),
    ("(?P<a>x)(?P<a>y)", &[("xy", true)]),
    ("(?<1x>a)", &[("a", true)]),
    ("(?)a", &[("a", true)]),
    ("(?i)", &[("x", true)]),
    ("(?:)", &[("", true)]),
    ("()", &[("", true)]),
    ("(|a)b", &[("b", true)]),
    ("(a|b|c)d", &[("cd", true), ("d", false)]),
    ("(?s-m:a.$)", &[("a\n", true), ("a", false)]),
    // Multi-byte text.
    ("日本", &[("日本語", true), ("日", false)]),
    ("[α-ε☺]+$", &[("βγ☺", true), ("ζ", false)]),
    ("\\x{65E5}", &[("日", true)]),
];

#[test]
fn go_semantics() {
    for &(pattern, cases) in SEMANTICS {
        let re = match GoRegex::new(pattern) {
            Ok(re) => re,
            Err(e) => panic!("{pattern:?} does not compile: {e}"),
        };
        assert_eq!(re.as_str(), pattern);
        assert_eq!(re.to_string(), pattern);
        for &(input, want) in cases {
            assert_eq!(
                re.is_match(input),
                want,
                "{pattern:?} on {input:?} (rust pattern {:?})",
                re.rust_pattern()
            );
        }
    }
}

#[test]
fn translation_examples() {
    for (go, rust) in [
        (r"\d+", "[0-9]+"),
        (r"\D", "[^0-9]"),
        ("^a$", r"\Aa\z"),
        ("(?m)^a$", "(?m:^)a(?m:$)"),
        ("(?s).", "(?s:.)"),
        (r"\bq\b", r"(?-u:\b)q(?-u:\b)"),
        ("(?i)ab", "(?i:ab)"),
        ("(a)|b", "(?:a)|b"),
        ("a(b|c)", "a(?:b|c)"),
        ("ab*", "ab*"),
        ("(?:ab)*", "(?:ab)*"),
        ("a*?", "a*?"),
        ("(?U)a*", "a*?"),
        ("(?U)a*?", "a*"),
        ("a{2,3}", "a{2,3}"),
        ("a{2,}", "a{2,}"),
        ("a{2}", "a{2}"),
        ("[a&&b]", r"[a\x{26}\x{26}b]"),
        (r"\Q.\E", r"\."),
        (r"\pN", r"[\p{N}]"),
        (r"\p{Greek}", r"[\p{sc=Greek}]"),
        (r"\p{Assigned}", r"[\P{Cn}]"),
        ("", ""),
    ] {
        assert_eq!(translate(go).unwrap(), rust, "{go}");
    }
}

/// Every Unicode class name Go knows compiles with the `regex` crate, alone, negated, folded.
#[test]
fn unicode_names_all_translate() {
    let names = [
        "C",
        "Cc",
        "Cf",
        "Cn",
        "Co",
        "Cs",
        "L",
        "Ll",
        "Lm",
        "Lo",
        "Lt",
        "Lu",
        "LC",
        "M",
        "Mc",
        "Me",
        "Mn",
        "N",
        "Nd",
        "Nl",
        "No",
        "P",
        "Pc",
        "Pd",
        "Pe",
        "Pf",
        "Pi",
        "Po",
        "Ps",
        "S",
        "Sc",
        "Sk",
        "Sm",
        "So",
        "Z",
        "Zl",
        "Zp",
        "Zs",
        "Any",
        "Assigned",
        "ASCII",
        "Tai_Yo",
        "Beria Erfe",
        "Other",
        "Combining_Mark",
        "Private_Use",
    ];
    let scripts = super::tables::lookup_unicode("Adlam");
    assert!(scripts.is_some());
    for name in names {
        for pat in [
            format!(r"\p{{{name}}}"),
            format!(r"\P{{{name}}}"),
            format!(r"(?i)[^\p{{{name}}}x]"),
        ] {
            assert!(GoRegex::new(&pat).is_ok(), "{pat}");
        }
    }
}

#[test]
fn every_script_compiles() {
    for pat in [
        r"\p{Old_Italic}",
        r"\p{oldItalic}",
        r"\p{Zanabazar_Square}",
        r"\p{SignWriting}",
    ] {
        let re = GoRegex::new(pat).unwrap();
        assert!(!re.is_match("a"), "{pat}");
    }
    assert!(GoRegex::new(r"\p{Latin}").unwrap().is_match("a"));
    assert!(GoRegex::new(r"\p{Common}").unwrap().is_match("1"));
    assert!(GoRegex::new(r"\p{Inherited}").unwrap().is_match("\u{300}"));
}

#[test]
fn from_translated_equals_new() {
    for p in [r"^\d+$", "(?i)k", &("(?:".repeat(999) + &")*".repeat(999))] {
        let rust = translate(p).unwrap();
        let a = GoRegex::new(p).unwrap();
        let b = GoRegex::from_translated(p, &rust).unwrap();
        assert_eq!(
            (a.as_str(), a.rust_pattern()),
            (b.as_str(), b.rust_pattern())
        );
        for s in ["", "12", "x", "\u{212a}"] {
            assert_eq!(a.is_match(s), b.is_match(s), "{p} {s}");
        }
    }
    assert_eq!(
        GoRegex::from_translated("x", "(").unwrap_err().kind(),
        ErrorCode::Large
    );
}

/// `\pL{1000}`: Go compiles it to 1000 instructions, the `regex` crate to about 50 MiB; it is
/// refused quickly, with a message naming the limit, and the refusal is cached.
#[test]
fn automata_over_the_size_limit_are_refused_quickly() {
    let t = std::time::Instant::now();
    let e = GoRegex::new(r"\pL{1000}x-limit").unwrap_err();
    assert_eq!(e.kind(), ErrorCode::OverLimit);
    assert_eq!(
        e.to_string(),
        "regex `\\pL{1000}x-limit` exceeds validgen's regex limits (at most 32 KiB of pattern \
         and a 2 MiB automaton, within the review's compilation budget; Go's regexp accepts it)"
    );
    assert!(
        t.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(GoRegex::new(r"\pL{1000}x-limit").unwrap_err(), e);
    // Long patterns are refused before parsing (quoted in part).
    let long = "a".repeat(3 << 20);
    let t = std::time::Instant::now();
    let e = GoRegex::new(&long).unwrap_err();
    assert!(
        t.elapsed() < std::time::Duration::from_secs(1),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(e.kind(), ErrorCode::OverLimit);
    assert!(
        e.to_string()
            .starts_with(&format!("regex `{}…` exceeds", "a".repeat(100)))
    );
    assert!(GoRegex::new(&"a".repeat(limits::MAX_PATTERN_BYTES)).is_ok());
    // What templates use stays far below.
    assert!(GoRegex::new(r"\pL{20}").is_ok());
    assert!(GoRegex::new(r"(?i)^(virtio|sata|scsi)$").is_ok());
}

#[test]
fn compiled_patterns_are_shared_through_the_cache() {
    let a = GoRegex::new("^shared-[0-9]+$").unwrap();
    let b = GoRegex::new("^shared-[0-9]+$").unwrap();
    assert!(std::sync::Arc::ptr_eq(&a.0, &b.0));
    let (entries, bytes) = cache::usage();
    assert!(entries >= 1 && bytes <= cache::CACHE_BYTES);
}

#[test]
fn a_review_budget_stops_compiling_but_serves_cached_patterns() {
    let cached = GoRegex::new("^budget-cached$").unwrap();
    with_compile_budget(3 * limits::MIN_COMPILE_CHARGE, || {
        for i in 0..3 {
            assert!(GoRegex::new(&format!("^budget-{i}$")).is_ok());
        }
        let e = GoRegex::new("^budget-over$").unwrap_err();
        assert_eq!(e.kind(), ErrorCode::OverLimit);
        assert!(GoRegex::new("^budget-cached$").is_ok());
        // Go's errors come first.
        assert_eq!(
            GoRegex::new("budget(").unwrap_err().kind(),
            ErrorCode::MissingParen
        );
    });
    // Outside the budget, and on other threads, nothing is refused.
    assert!(GoRegex::new("^budget-over$").is_ok());
    assert_eq!(cached.as_str(), "^budget-cached$");
}
