//! Translation of the parse tree to a pattern of the `regex` crate with Go's meaning.
//!
//! The output never relies on flags in force around a piece: ASCII classes are spelled out
//! (`\d` becomes `[0-9]`), case folding is a local `(?i:…)`, `^`/`$` become `\A`/`\z` or
//! `(?m:^)`/`(?m:$)`, `.` with `(?s)` becomes `(?s:.)`, greediness is explicit, groups are
//! non-capturing, and every literal character is escaped so that Rust-only syntax (`&&`,
//! `--`, nested `[`, `\<`…) cannot appear.

use std::fmt::Write as _;

use super::ast::{Class, ClassItem, Node, Re, RepKind};
use super::tables::{Ranges, UniClass};

/// A class that matches no character.
const NEVER: &str = r"[^\x{0}-\x{10FFFF}]";
/// A class that matches any character.
const ANY: &str = r"[\x{0}-\x{10FFFF}]";

/// The Rust pattern for a parsed Go expression.
pub(crate) fn to_rust(re: &Re) -> String {
    let mut out = String::new();
    emit(re, &mut out, Ctx::Alternation);
    out
}

/// Where a piece is emitted: what it must bind tighter than.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// Top level, a group body or a branch of an alternation list.
    Alternation,
    /// An element of a concatenation.
    Concat,
    /// The operand of a repetition.
    Atom,
}

fn group(out: &mut String, f: impl FnOnce(&mut String)) {
    out.push_str("(?:");
    f(out);
    out.push(')');
}

fn emit(re: &Re, out: &mut String, ctx: Ctx) {
    match &re.node {
        Node::Empty => {
            if ctx == Ctx::Atom {
                out.push_str("(?:)");
            }
        }
        Node::NoMatch => out.push_str(NEVER),
        Node::Literal { runes, fold } => {
            let chars: Option<Vec<char>> = runes.iter().map(|&r| char::from_u32(r)).collect();
            // A surrogate (`\x{D800}`) never matches valid UTF-8 text.
            let Some(chars) = chars else {
                out.push_str(NEVER);
                return;
            };
            if *fold {
                out.push_str("(?i:");
                chars.iter().for_each(|&c| push_char(out, c));
                out.push(')');
            } else if chars.len() == 1 || ctx != Ctx::Atom {
                chars.iter().for_each(|&c| push_char(out, c));
            } else {
                group(out, |out| chars.iter().for_each(|&c| push_char(out, c)));
            }
        }
        Node::Class(class) => out.push_str(&class_pattern(class)),
        Node::AnyNotNl => out.push('.'),
        Node::AnyChar => out.push_str("(?s:.)"),
        Node::BeginLine => out.push_str("(?m:^)"),
        Node::EndLine => out.push_str("(?m:$)"),
        Node::BeginText => atom_if(out, ctx, r"\A"),
        Node::EndText => atom_if(out, ctx, r"\z"),
        // Go's \b and \B are ASCII word boundaries.
        Node::WordBoundary => out.push_str(r"(?-u:\b)"),
        Node::NoWordBoundary => out.push_str(r"(?-u:\B)"),
        Node::Capture(sub) => group(out, |out| emit(sub, out, Ctx::Alternation)),
        Node::Repeat { sub, kind, greedy } => {
            let body = |out: &mut String| {
                emit(sub, out, Ctx::Atom);
                match *kind {
                    RepKind::Star => out.push('*'),
                    RepKind::Plus => out.push('+'),
                    RepKind::Quest => out.push('?'),
                    RepKind::Counted { min, max } => {
                        let _ = match max {
                            Some(max) if max == min => write!(out, "{{{min}}}"),
                            Some(max) => write!(out, "{{{min},{max}}}"),
                            None => write!(out, "{{{min},}}"),
                        };
                    }
                }
                if !*greedy {
                    out.push('?');
                }
            };
            if ctx == Ctx::Atom {
                group(out, body);
            } else {
                body(out);
            }
        }
        Node::Concat(subs) => {
            let body = |out: &mut String| subs.iter().for_each(|s| emit(s, out, Ctx::Concat));
            if ctx == Ctx::Atom {
                group(out, body);
            } else {
                body(out);
            }
        }
        Node::Alternate(subs) => {
            let body = |out: &mut String| {
                for (i, s) in subs.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    emit(s, out, Ctx::Concat);
                }
            };
            if ctx == Ctx::Alternation {
                body(out);
            } else {
                group(out, body);
            }
        }
    }
}

fn atom_if(out: &mut String, ctx: Ctx, s: &str) {
    if ctx == Ctx::Atom {
        group(out, |out| out.push_str(s));
    } else {
        out.push_str(s);
    }
}

/// The characters the `regex` crate lets (or makes) us escape with a backslash.
fn is_meta(c: char) -> bool {
    matches!(
        c,
        '\\' | '.'
            | '+'
            | '*'
            | '?'
            | '('
            | ')'
            | '|'
            | '['
            | ']'
            | '{'
            | '}'
            | '^'
            | '$'
            | '#'
            | '&'
            | '-'
            | '~'
    )
}

fn push_hex(out: &mut String, c: char) {
    let _ = write!(out, r"\x{{{:X}}}", u32::from(c));
}

/// A literal character outside a class.
fn push_char(out: &mut String, c: char) {
    if is_meta(c) {
        out.push('\\');
        out.push(c);
    } else if c == ' ' || c.is_ascii_graphic() || (!c.is_ascii() && printable(c)) {
        out.push(c);
    } else {
        push_hex(out, c);
    }
}

fn printable(c: char) -> bool {
    !c.is_control()
        && !c.is_whitespace()
        && !matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')
}

/// A character inside a class: only letters and digits are written as themselves.
fn push_class_char(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() || (!c.is_ascii() && printable(c)) {
        out.push(c);
    } else {
        push_hex(out, c);
    }
}

/// Appends a Go rune range, leaving out surrogates (they never match valid UTF-8).
fn push_range(out: &mut String, lo: u32, hi: u32) {
    let parts = [(lo, hi.min(0xd7ff)), (lo.max(0xe000), hi)];
    for (a, b) in parts {
        if a > b {
            continue;
        }
        let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(b)) else {
            continue;
        };
        push_class_char(out, a);
        if b != a {
            out.push('-');
            push_class_char(out, b);
        }
    }
}

fn push_ranges(out: &mut String, ranges: Ranges) {
    for &(lo, hi) in ranges {
        push_range(out, lo, hi);
    }
}

/// A class member, as text to go inside `[…]` (possibly a nested negated class).
fn item_text(item: &ClassItem) -> String {
    let mut s = String::new();
    let nested_negation = |inner: String| {
        if inner.is_empty() {
            ANY[1..ANY.len() - 1].to_owned()
        } else {
            format!("[^{inner}]")
        }
    };
    match item {
        ClassItem::Range(lo, hi) => push_range(&mut s, *lo, *hi),
        ClassItem::Ascii { ranges, negated } => {
            push_ranges(&mut s, ranges);
            if *negated {
                s = nested_negation(s);
            }
        }
        ClassItem::Unicode { class, negated } => match class {
            UniClass::Category(name) => {
                let p = if *negated { 'P' } else { 'p' };
                let _ = write!(s, r"\{p}{{{name}}}");
            }
            UniClass::Script(name) => {
                let p = if *negated { 'P' } else { 'p' };
                let _ = write!(s, r"\{p}{{sc={name}}}");
            }
            UniClass::OtherC => {
                s.push_str(r"\p{Cc}\p{Cf}\p{Co}");
                if *negated {
                    s = nested_negation(s);
                }
            }
            UniClass::Ranges(ranges) => {
                push_ranges(&mut s, ranges);
                if *negated {
                    s = nested_negation(s);
                }
            }
        },
    }
    s
}

/// The Rust pattern of a class (an atom).
pub(crate) fn class_pattern(class: &Class) -> String {
    let body = match class.items.as_slice() {
        // A lone negated group needs no nesting: `\D` is `[^0-9]`.
        [
            ClassItem::Ascii {
                ranges,
                negated: true,
            },
        ] if !class.negated && !ranges.is_empty() => {
            let mut s = String::from("[^");
            push_ranges(&mut s, ranges);
            s.push(']');
            s
        }
        items => {
            let inner: String = items.iter().map(item_text).collect();
            match (inner.is_empty(), class.negated) {
                (true, false) => NEVER.to_owned(),
                (true, true) => ANY.to_owned(),
                (false, negated) => format!("[{}{inner}]", if negated { "^" } else { "" }),
            }
        }
    };
    if class.fold {
        format!("(?i:{body})")
    } else {
        body
    }
}

/// The number of runes Go holds for a class (two per range), used for its rune limit.
/// Classes with Unicode members are evaluated over all code points (slow: the parser only
/// asks for huge expressions); for the others the ranges are computed, with case folding
/// applied to ASCII letters only.
pub(crate) fn class_rune_count(class: &Class) -> i64 {
    let has_unicode = class
        .items
        .iter()
        .any(|i| matches!(i, ClassItem::Unicode { .. }));
    if !has_unicode {
        let fold = |set: Vec<(u32, u32)>| {
            if class.fold { ascii_fold(set) } else { set }
        };
        let mut set: Vec<(u32, u32)> = Vec::new();
        for item in &class.items {
            match item {
                ClassItem::Range(lo, hi) => set.extend(fold(vec![(*lo, *hi)])),
                ClassItem::Ascii { ranges, negated } => {
                    let folded = normalize(fold(ranges.to_vec()));
                    if *negated {
                        set.extend(complement(&folded));
                    } else {
                        set.extend(folded);
                    }
                }
                ClassItem::Unicode { .. } => {}
            }
        }
        let mut set = normalize(set);
        if class.negated {
            set = complement(&set);
        }
        return 2 * i64::try_from(set.len()).unwrap_or(i64::MAX);
    }
    let Ok(re) = regex::Regex::new(&format!("(?:{})+", class_pattern(class))) else {
        return 0;
    };
    // Runs of consecutive members over all scalar values (surrogates skipped, as if members).
    static ALL_CHARS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let haystack = ALL_CHARS.get_or_init(|| (0..=0x10ffffu32).filter_map(char::from_u32).collect());
    2 * i64::try_from(re.find_iter(haystack).count()).unwrap_or(i64::MAX)
}

/// Adds the other case of ASCII letters, and long s and the Kelvin sign.
fn ascii_fold(mut set: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    let mut extra = Vec::new();
    for &(lo, hi) in &set {
        for (a, z, other) in [(0x41u32, 0x5au32, 0x61u32), (0x61, 0x7a, 0x41)] {
            let (l, h) = (lo.max(a), hi.min(z));
            if l <= h {
                extra.push((l - a + other, h - a + other));
                for (letter, special) in [(0x0bu32, 0x212au32), (0x12, 0x17f)] {
                    if (l - a..=h - a).contains(&letter) {
                        extra.push((special, special));
                    }
                }
            }
        }
    }
    set.extend(extra);
    set
}

fn normalize(mut set: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    set.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(set.len());
    for (lo, hi) in set {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

fn complement(set: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut next = 0u32;
    for &(lo, hi) in set {
        if lo > next {
            out.push((next, lo - 1));
        }
        next = hi.saturating_add(1);
    }
    if next <= 0x10ffff {
        out.push((next, 0x10ffff));
    }
    out
}
