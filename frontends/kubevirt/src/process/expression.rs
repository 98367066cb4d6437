//! Values of `generate: expression` parameters from their `from` pattern, as the expression
//! value generator of `oc process` (openshift/library-go `pkg/template/generator`,
//! `ExpressionValueGenerator`), over a seeded, reproducible generator.
//!
//! The subset accepted is the part of that generator's syntax whose meaning is what it says:
//!
//! - outside a group, every character but `[`, `]`, `{`, `}` and `\` is copied as is;
//! - a group `[CLASS]{n}` gives `n` characters (1 ≤ `n` ≤ 255) drawn uniformly from CLASS;
//! - CLASS is a sequence of ranges `x-y` (both lower-case letters, both upper-case letters or
//!   both digits, `x` before `y`) and of the classes `\w` (letters, digits, `_`), `\d`
//!   (digits), `\a` (letters and digits, as library-go defines it) and `\A` (the symbols
//!   ``~!@#$%^&*()-_+={}[]\|<,>.?/"';:` ``); as library-go requires, it begins with one of
//!   these classes or ends with a range, and a named class is not followed by a letter or
//!   digit (library-go would read the two as a range): in effect a class is ranges
//!   (`[a-zA-Z0-9]`) or named classes (`[\w]`, `[\d\A]`);
//! - a range leaves its last character out: `[a-z]` gives `a` to `y` and `[0-9]` gives `0` to
//!   `8`, as library-go's `alphabetSlice` does, so that every value is one `oc process` could
//!   give.
//!
//! Anything else is refused ([`PatternError`]), where library-go would copy it as text (a class
//! without a count, `\d` outside a class, a class with `_` or `.`), read it otherwise than it
//! reads (`[abc]` is the range `a`..`b` then `c`..`c`), or fail. library-go scans the whole
//! string again after each group, so that symbols a `\A` group generated may, rarely, be read
//! as a new group; here generated text is never read again.

use std::fmt;

/// library-go's `Alphabet`, `Numerals` and `Symbols`, in its order.
const LOWER: &str = "abcdefghijklmnopqrstuvwxyz";
const UPPER: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS: &str = "0123456789";
const SYMBOLS: &str = "~!@#$%^&*()-_+={}[]\\|<,>.?/\"';:`";

/// Most characters one group gives (library-go: "range must be within [1-255] characters").
pub const MAX_COUNT: usize = 255;

/// A `from` pattern outside the supported subset (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError {
    /// 1-based position, in characters, of what is refused in the pattern.
    pub position: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.position, self.message)
    }
}

/// A small deterministic generator: SplitMix64 (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014), seeded with the 64-bit FNV-1a hash of a
/// name. Its output depends on nothing but the seed, whatever the crate versions, so that the
/// values generated for a template (and the reports showing them) never change.
#[derive(Debug, Clone)]
pub struct Seeded(u64);

impl Seeded {
    /// The generator seeded by `name` (a template's name).
    pub fn from_name(name: &str) -> Seeded {
        let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        Seeded(hash)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (`n` > 0), by rejection of the biased top of the range.
    fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

/// The value `pattern` gives, drawing from `rng`.
///
/// # Errors
/// The pattern is outside the supported subset; the error names the character position.
pub fn generate(pattern: &str, rng: &mut Seeded) -> Result<String, PatternError> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '[' => {
                let group = group(&chars, i)?;
                for _ in 0..group.count {
                    out.push(group.alphabet[rng.below(group.alphabet.len())]);
                }
                i = group.end;
            }
            c @ (']' | '{' | '}' | '\\') => {
                return Err(refused(
                    i,
                    format!(
                        "`{c}` outside a `[CLASS]{{n}}` group (oc process would copy it as is)"
                    ),
                ));
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

fn refused(index: usize, message: String) -> PatternError {
    PatternError {
        position: index + 1,
        message,
    }
}

/// A `[CLASS]{n}` group: the characters it draws from, how many, and the index after it.
struct Group {
    alphabet: Vec<char>,
    count: usize,
    end: usize,
}

/// The group that starts at `chars[start]` (a `[`).
fn group(chars: &[char], start: usize) -> Result<Group, PatternError> {
    let close = chars[start..]
        .iter()
        .position(|&c| c == ']')
        .map(|k| start + k)
        .ok_or_else(|| refused(start, "`[` without its `]`".to_owned()))?;
    let class = &chars[start + 1..close];
    if let Some(k) = class
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '\\'))
    {
        return Err(refused(
            start + 1 + k,
            format!(
                "`{}` in a class: oc process generates only from classes of letters, digits, `-` and `\\` (it would copy this group as is)",
                class[k]
            ),
        ));
    }
    let count = count(chars, close + 1)?;
    let alphabet = alphabet(class, start + 1)?;
    Ok(Group {
        alphabet,
        count: count.0,
        end: count.1,
    })
}

/// The `{n}` at `chars[at]`: `n` and the index after it.
fn count(chars: &[char], at: usize) -> Result<(usize, usize), PatternError> {
    if chars.get(at) != Some(&'{') {
        return Err(refused(
            at.min(chars.len()),
            "a class without a `{n}` count after it (oc process would copy it as is)".to_owned(),
        ));
    }
    let digits = chars[at + 1..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let end = at + 1 + digits;
    if digits == 0 || chars.get(end) != Some(&'}') {
        return Err(refused(
            at,
            "a count must be digits between `{` and `}`".to_owned(),
        ));
    }
    let n: usize = chars[at + 1..end]
        .iter()
        .collect::<String>()
        .parse()
        .unwrap_or(usize::MAX);
    if !(1..=MAX_COUNT).contains(&n) {
        return Err(refused(
            at + 1,
            format!("a count must be within 1 to {MAX_COUNT}, as oc process requires"),
        ));
    }
    Ok((n, end + 1))
}

/// The characters of `class` (which begins at `chars` index `offset`), each once, in order.
fn alphabet(class: &[char], offset: usize) -> Result<Vec<char>, PatternError> {
    // library-go's `expressionExp`: the class begins with a named class or ends with a range.
    let named_first = class.first() == Some(&'\\');
    let range_last = class.len() >= 3 && class[class.len() - 2] == '-';
    if !named_first && !range_last {
        return Err(refused(
            offset,
            "a class must begin with `\\w`, `\\d`, `\\a` or `\\A`, or end with a range such as `a-z` (oc process refuses it otherwise)".to_owned(),
        ));
    }
    let mut out: Vec<char> = Vec::new();
    let mut k = 0;
    while k < class.len() {
        let at = offset + k;
        let (chars, len) = match class[k..] {
            ['\\', c, ..] => (named(c).ok_or_else(|| {
                refused(at, format!("`\\{c}` is not one of the classes `\\w`, `\\d`, `\\a`, `\\A`"))
            })?, 2),
            [x, '-', y, ..] => (range(x, y).ok_or_else(|| {
                refused(at, format!("`{x}-{y}` is not a range of lower-case letters, of upper-case letters or of digits in increasing order"))
            })?, 3),
            [c, ..] => {
                return Err(refused(
                    at,
                    format!("`{c}` is neither part of a range `x-y` nor a class `\\w`, `\\d`, `\\a`, `\\A` (oc process would not generate it as written)"),
                ));
            }
            [] => break,
        };
        // After a named class, library-go reads a letter or digit as the end of a range.
        if len == 2 && class.get(k + 2).is_some_and(char::is_ascii_alphanumeric) {
            return Err(refused(
                at + 2,
                "a class `\\w`, `\\d`, `\\a` or `\\A` followed by a letter or digit (oc process reads the two as a range); put the named class last".to_owned(),
            ));
        }
        for c in chars.chars() {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        k += len;
    }
    Ok(out)
}

/// The characters of `\c`, as library-go's `replaceWithGenerated`.
fn named(c: char) -> Option<String> {
    Some(match c {
        'w' => format!("{LOWER}{UPPER}{DIGITS}_"),
        'd' => DIGITS.to_owned(),
        'a' => format!("{LOWER}{UPPER}{DIGITS}"),
        'A' => SYMBOLS.to_owned(),
        _ => return None,
    })
}

/// The characters of the range `x-y`, its last one left out as library-go's `alphabetSlice`
/// leaves it; `None` unless both ends are of one kind and `x` < `y`.
fn range(x: char, y: char) -> Option<String> {
    let set = [LOWER, UPPER, DIGITS]
        .into_iter()
        .find(|s| s.contains(x) && s.contains(y))?;
    let (from, to) = (set.find(x)?, set.find(y)?);
    (from < to).then(|| set[from..to].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gen_(pattern: &str) -> Result<String, PatternError> {
        generate(pattern, &mut Seeded::from_name("t"))
    }

    #[test]
    fn the_same_seed_gives_the_same_values() {
        let p = "rhel9-[a-z0-9]{16}";
        let a = generate(p, &mut Seeded::from_name("rhel9-server-tiny")).expect("valid");
        let b = generate(p, &mut Seeded::from_name("rhel9-server-tiny")).expect("valid");
        let c = generate(p, &mut Seeded::from_name("rhel9-server-small")).expect("valid");
        assert_eq!(a, b);
        assert_ne!(a, c, "another template, other values");
        assert_eq!(a.len(), 6 + 16);
        assert!(a.starts_with("rhel9-"));
    }

    #[test]
    fn ranges_leave_their_last_character_out() {
        // Enough draws that every character of the class shows up.
        let v = gen_("[a-e]{200}").expect("valid");
        let mut seen: Vec<char> = v.chars().collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, vec!['a', 'b', 'c', 'd']);
        let v = gen_("[0-9A-C]{200}").expect("valid");
        assert!(
            v.chars()
                .all(|c| c.is_ascii_digit() && c != '9' || "AB".contains(c))
        );
    }

    #[test]
    fn named_classes() {
        let all = |p: &str, ok: fn(char) -> bool| {
            let v = gen_(p).expect("valid");
            assert_eq!(v.chars().count(), 255);
            assert!(v.chars().all(ok), "{p}: {v}");
        };
        all("[\\w]{255}", |c| c.is_ascii_alphanumeric() || c == '_');
        all("[\\d]{255}", |c| c.is_ascii_digit());
        all("[\\a]{255}", |c| c.is_ascii_alphanumeric());
        all("[\\A]{255}", |c| SYMBOLS.contains(c));
        all("[\\d\\A]{255}", |c| {
            SYMBOLS.contains(c) || c.is_ascii_digit()
        });
    }

    #[test]
    fn literal_text_and_several_groups() {
        let v = gen_("x[0-2]{3}-[A-C]{2}.y").expect("valid");
        let c: Vec<char> = v.chars().collect();
        assert_eq!(c.len(), 9);
        assert_eq!((c[0], c[4], c[7], c[8]), ('x', '-', '.', 'y'));
        assert!(c[1..4].iter().all(|c| "01".contains(*c)));
        assert!(c[5..7].iter().all(|c| "AB".contains(*c)));
        assert_eq!(gen_("plain-text").expect("valid"), "plain-text");
    }

    #[test]
    fn refusals_name_the_position() {
        let cases = [
            ("ab[a-z]", 8),
            ("[a-z]", 6),
            ("[a-c\\d]{3}", 2),
            ("x\\d{3}", 2),
            ("[a-z_]{3}", 5),
            ("[abc]{3}", 2),
            ("[a-zq]{3}", 2),
            ("[z-a]{3}", 2),
            ("[a-Z]{3}", 2),
            ("[\\x]{3}", 2),
            ("[\\da-z]{3}", 4),
            ("[a-z]{0}", 7),
            ("[a-z]{256}", 7),
            ("[a-z]{x}", 6),
            ("[a-z", 1),
            ("a}", 2),
        ];
        for (p, position) in cases {
            assert_eq!(gen_(p).map_err(|e| e.position), Err(position), "{p}");
        }
    }

    #[test]
    fn uniform_enough() {
        let v = gen_("[0-5]{255}").expect("valid");
        for d in '0'..='4' {
            let n = v.chars().filter(|&c| c == d).count();
            assert!((25..=80).contains(&n), "{d}: {n} of 255");
        }
    }
}
