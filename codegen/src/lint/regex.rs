//! Regex warnings: PCRE syntax that Go's RE2 rejects, and patterns written as if anchored.
//!
//! The format document calls the dialect PCRE and reads patterns as whole-value matches; the
//! reference compiles them with Go's `regexp` and searches unanchored (SEMANTICS §6, §9).
//!
//! Heuristic for "written as if anchored", on patterns Go accepts, split at their top-level `|`
//! (outside groups and classes, after leading flag groups such as `(?i)`):
//! - some alternative is anchored (`^`/`\A` at its start, `$`/`\z` at its end) but not all of
//!   them are anchored the same way: `^a|b$` means "starts with a, or ends with b";
//! - no anchor at all, and every alternative is a plain word (letters, digits, `-`, `_`, `.`,
//!   escaped punctuation): `q35|i440fx` reads as a list of whole values but matches any value
//!   containing one of them.
//!
//! Single-alternative patterns are never flagged: `^rhel` or `virtio` may well mean "starts
//! with" and "contains".

use validgen_goregex::GoRegex;

/// Why `pattern` is PCRE-only syntax, when Go rejects it and it uses a construct PCRE has and
/// RE2 lacks.
pub(crate) fn pcre_only(pattern: &str) -> Option<String> {
    let err = GoRegex::new(pattern).err()?;
    let (what, text) = pcre_construct(pattern)?;
    Some(format!(
        "regex `{pattern}` uses {what} (`{text}`), PCRE syntax that Go's RE2 does not have: the format document describes PCRE, but the reference compiles regexes with Go's `regexp`, so this rule always fails ({err})"
    ))
}

/// Why `pattern` (valid in Go) looks anchored but is not.
pub(super) fn misanchored(pattern: &str) -> Option<String> {
    GoRegex::new(pattern).ok()?;
    let (flags, body) = split_flags(pattern);
    let branches = top_level_branches(body)?;
    if branches.len() < 2 {
        return None;
    }
    let starts: Vec<bool> = branches.iter().map(|b| starts_anchored(b)).collect();
    let ends: Vec<bool> = branches.iter().map(|b| ends_anchored(b)).collect();
    let (any_start, any_end) = (starts.contains(&true), ends.contains(&true));
    let (all_start, all_end) = (!starts.contains(&false), !ends.contains(&false));
    let stripped: Vec<&str> = branches.iter().map(|b| strip_anchors(b)).collect();
    let suggestion = format!(
        "{flags}{}(?:{}){}",
        if any_start { "^" } else { "" },
        stripped.join("|"),
        if any_end { "$" } else { "" }
    );
    if (any_start && !all_start) || (any_end && !all_end) {
        return Some(format!(
            "regex `{pattern}`: its anchors bind to single alternatives (`|` has the lowest precedence), so it matches {}; to anchor every alternative write `{suggestion}`",
            describe(&branches, &starts, &ends)
        ));
    }
    if !any_start
        && !any_end
        && !pattern.contains(['^', '$'])
        && branches.iter().all(|b| is_word(b))
    {
        let whole = format!("{flags}^(?:{})$", stripped.join("|"));
        return Some(format!(
            "regex `{pattern}` is unanchored: the reference searches for it anywhere in the value, so any value containing {} matches (e.g. `x{}x`); for whole values write `{whole}`",
            stripped
                .iter()
                .map(|b| format!("`{b}`"))
                .collect::<Vec<_>>()
                .join(" or "),
            stripped.first().copied().unwrap_or_default()
        ));
    }
    None
}

/// What each alternative matches, in words.
fn describe(branches: &[&str], starts: &[bool], ends: &[bool]) -> String {
    let parts: Vec<String> = branches
        .iter()
        .zip(starts.iter().zip(ends))
        .map(|(b, (s, e))| {
            let b = strip_anchors(b);
            match (s, e) {
                (true, true) => format!("exactly `{b}`"),
                (true, false) => format!("values starting with `{b}`"),
                (false, true) => format!("values ending with `{b}`"),
                (false, false) => format!("values containing `{b}`"),
            }
        })
        .collect();
    parts.join(", or ")
}

/// Leading flag groups (`(?i)`, `(?mi)`) and the rest.
fn split_flags(pattern: &str) -> (&str, &str) {
    let mut end = 0;
    while let Some(rest) = pattern[end..].strip_prefix("(?") {
        let Some(close) = rest.find(')') else { break };
        if !rest[..close]
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == '-')
        {
            break;
        }
        end += 2 + close + 1;
    }
    pattern.split_at(end)
}

/// The alternatives of `pattern` split at its top-level `|`; `None` when it cannot be scanned.
fn top_level_branches(pattern: &str) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let mut chars = pattern.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                let (_, e) = chars.next()?;
                skip_quoted(pattern, i, e, &mut chars);
            }
            '[' => skip_class(&mut chars)?,
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1)?,
            '|' if depth == 0 => {
                out.push(&pattern[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&pattern[start..]);
    Some(out)
}

/// After the escape `\\e` at byte `at`: when it is `\\Q`, skips the literal text through `\\E`
/// (an unterminated one runs to the end).
fn skip_quoted(pattern: &str, at: usize, e: char, chars: &mut impl Iterator<Item = (usize, char)>) {
    if e != 'Q' {
        return;
    }
    let body = &pattern[at + 2..];
    let skip = body.find("\\E").map_or(body.len(), |end| end + 2);
    for _ in body[..skip].chars() {
        chars.next();
    }
}

/// Skips a character class whose `[` was just read.
fn skip_class(chars: &mut std::str::CharIndices<'_>) -> Option<()> {
    let mut first = true;
    loop {
        let (_, c) = chars.next()?;
        match c {
            '^' if first => continue,
            ']' if first => {}
            ']' => return Some(()),
            '\\' => {
                chars.next()?;
            }
            '[' => {
                // `[:alpha:]` inside a class.
                let rest = chars.as_str();
                if rest.starts_with(':')
                    && let Some(end) = rest.find(":]")
                {
                    for _ in rest[..end + 2].chars() {
                        chars.next();
                    }
                }
            }
            _ => {}
        }
        first = false;
    }
}

fn starts_anchored(b: &str) -> bool {
    b.starts_with('^') || b.starts_with("\\A")
}

fn ends_anchored(b: &str) -> bool {
    let escaped = |suffix_len: usize| {
        b[..b.len() - suffix_len]
            .chars()
            .rev()
            .take_while(|&c| c == '\\')
            .count()
            % 2
            == 1
    };
    (b.ends_with('$') && !escaped(1)) || (b.ends_with("\\z") && !escaped(2))
}

fn strip_anchors(b: &str) -> &str {
    let mut s = b;
    if let Some(r) = s.strip_prefix('^').or_else(|| s.strip_prefix("\\A")) {
        s = r;
    }
    if ends_anchored(s) {
        s = s
            .strip_suffix('$')
            .or_else(|| s.strip_suffix("\\z"))
            .unwrap_or(s);
    }
    s
}

/// A plain word: a literal made of letters, digits, `-`, `_`, `.`, or escaped punctuation.
fn is_word(b: &str) -> bool {
    let mut chars = b.chars();
    let mut any = false;
    while let Some(c) = chars.next() {
        any = true;
        let ok = match c {
            '\\' => chars.next().is_some_and(|e| e.is_ascii_punctuation()),
            c => c.is_alphanumeric() || matches!(c, '-' | '_' | '.'),
        };
        if !ok {
            return false;
        }
    }
    any
}

/// The first PCRE construct of `pattern` that RE2 lacks: (what it is, its text).
fn pcre_construct(pattern: &str) -> Option<(&'static str, String)> {
    const GROUPS: [(&str, &str); 12] = [
        ("(?<=", "a lookbehind"),
        ("(?<!", "a negative lookbehind"),
        ("(?=", "a lookahead"),
        ("(?!", "a negative lookahead"),
        ("(?>", "an atomic group"),
        ("(?|", "a branch reset group"),
        ("(?#", "a comment group"),
        ("(?(", "a conditional"),
        ("(?R)", "recursion"),
        ("(?&", "a subroutine call"),
        ("(?P>", "a subroutine call"),
        ("(?P=", "a named backreference"),
    ];
    let mut chars = pattern.char_indices().peekable();
    let mut after_quantifier = false;
    while let Some((i, c)) = chars.next() {
        let rest = &pattern[i..];
        let was_quantifier = std::mem::take(&mut after_quantifier);
        match c {
            '\\' => {
                let (_, e) = chars.next()?;
                let next_is_digit = chars.peek().is_some_and(|(_, d)| d.is_ascii_digit());
                let what = match e {
                    '1'..='9' if !next_is_digit => Some("a backreference"),
                    'k' | 'g' => Some("a backreference"),
                    'Z' => Some("`\\Z` (end of text or before a final newline)"),
                    'G' => Some("`\\G` (end of the previous match)"),
                    'K' => Some("`\\K` (reset of the match start)"),
                    'R' => Some("`\\R` (any newline sequence)"),
                    'h' | 'H' => Some("a horizontal space class"),
                    'V' => Some("a vertical space class"),
                    'N' => Some("`\\N` (any character but newline)"),
                    'X' => Some("`\\X` (an extended grapheme cluster)"),
                    'e' => Some("the escape `\\e`"),
                    'c' => Some("a control-character escape"),
                    'o' => Some("an octal escape `\\o{…}`"),
                    _ => None,
                };
                if let Some(what) = what {
                    return Some((what, rest.chars().take(2).collect()));
                }
                skip_quoted(pattern, i, e, &mut chars);
            }
            '(' => {
                if let Some((prefix, what)) = GROUPS.iter().find(|(p, _)| rest.starts_with(p)) {
                    return Some((what, (*prefix).to_owned()));
                }
                if let Some(flags) = rest.strip_prefix("(?")
                    && let Some(end) = flags.find([')', ':'])
                    && flags[..end]
                        .chars()
                        .all(|f| f.is_ascii_alphabetic() || f == '-')
                    && let Some(bad) = flags[..end].chars().find(|f| !"imsU-".contains(*f))
                {
                    return Some(("an inline flag RE2 does not have", format!("(?{bad}")));
                }
                if let Some(call) = rest.strip_prefix("(?")
                    && call
                        .trim_start_matches(['+', '-'])
                        .starts_with(|d: char| d.is_ascii_digit())
                {
                    return Some(("recursion", rest.chars().take(3).collect()));
                }
            }
            '[' => {
                let mut inner = pattern[i + 1..].char_indices();
                skip_class(&mut inner)?;
                let consumed = pattern[i + 1..].len() - inner.as_str().len();
                for _ in pattern[i + 1..i + 1 + consumed].chars() {
                    chars.next();
                }
            }
            '*' | '+' | '?' | '}' => {
                if was_quantifier && c == '+' {
                    return Some(("a possessive quantifier", pattern[i - 1..=i].to_owned()));
                }
                // `?` after a quantifier makes it lazy (RE2 has that); it ends the quantifier.
                after_quantifier = !(was_quantifier && c == '?');
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{misanchored, pcre_only};

    #[test]
    fn pcre_constructs_go_rejects() {
        for (pattern, construct) in [
            ("q(?=35)", "(?="),
            ("^(?!pc-i440fx)", "(?!"),
            ("(?<=pc-)q35", "(?<="),
            (r"(a)\1", r"\1"),
            ("a++", "++"),
            ("(a)(?1)", "(?1"),
            (r"^q35\Z", r"\Z"),
            ("(?x) q35", "(?x"),
            ("(?>a|ab)c", "(?>"),
        ] {
            let m = pcre_only(pattern).unwrap_or_else(|| panic!("{pattern} flagged"));
            assert!(m.contains(&format!("(`{construct}`)")), "{pattern}: {m}");
        }
    }

    #[test]
    fn go_syntax_and_plain_errors_are_not_pcre() {
        for pattern in [r"^pc-q35(-rhel\d+)?$", "a+?", r"\12", "[(?=]", r"\Q(?=\E"] {
            assert_eq!(pcre_only(pattern), None, "{pattern} is valid Go");
        }
        assert_eq!(pcre_only("a("), None, "a plain error, not PCRE");
    }

    #[test]
    fn anchors_bound_to_one_alternative() {
        let m = misanchored("(?mi)^virtio|scsi$").expect("flagged");
        assert!(
            m.contains("values starting with `virtio`, or values ending with `scsi`"),
            "{m}"
        );
        assert!(m.contains("`(?mi)^(?:virtio|scsi)$`"), "{m}");
        assert_eq!(
            misanchored("^a|^b"),
            None,
            "every alternative starts anchored"
        );
        assert_eq!(misanchored("^(?:a|b)$"), None);
        assert_eq!(misanchored("^a$|^b$"), None);
        let m = misanchored(r"^a\$|b").expect("an escaped dollar is no anchor");
        assert!(
            m.contains("values starting with `a\\$`, or values containing `b`"),
            "{m}"
        );
    }

    #[test]
    fn unanchored_word_lists() {
        let m = misanchored("q35|i440fx").expect("flagged");
        assert!(m.contains("`^(?:q35|i440fx)$`"), "{m}");
        assert_eq!(
            misanchored("q35"),
            None,
            "one alternative may mean contains"
        );
        assert_eq!(misanchored(r"rhel\d+|centos"), None, "not plain words");
        assert_eq!(misanchored("[a|b]"), None, "`|` inside a class");
        assert_eq!(misanchored("(a|b)"), None, "`|` inside a group");
    }
}
