//! IDNA2008 A-labels (RFC 5890 section 2.3.2.1), for the `hostname` format: JSON Schema's
//! `hostname` includes "host names produced using the Punycode algorithm specified in RFC 5891,
//! section 4.4", so a label `xn--…` must be the ACE form of a valid U-label.
//!
//! An A-label is valid when:
//! - its `xn--` prefix (any case) is followed by a Punycode string (RFC 3492) that decodes
//!   without error, the label being read case-insensitively (it is lower-cased first, RFC 5891
//!   section 5.3);
//! - the decoded U-label contains a non-ASCII code point (else no encoder would have produced an
//!   A-label);
//! - the U-label does not have `--` in its third and fourth positions, does not begin or end with
//!   a hyphen (RFC 5891 4.2.3.1), and does not begin with a combining mark (4.2.3.2);
//! - each code point is PVALID, or CONTEXTJ or CONTEXTO with its rule of RFC 5892 appendix A
//!   satisfied (RFC 5891 4.2.3.3, the registration-time check, CONTEXTO included); the derived
//!   property is computed by RFC 5892's algorithm from Unicode 14.0 (`idna_tables.rs`, generated
//!   by `gen_idna_tables.py`).
//!
//! Deliberately not checked (documented gaps, not exercised by JSON-Schema-Test-Suite's
//! `hostname` files): that the U-label is in Unicode Normalization Form C (RFC 5891 5.3) and the
//! Bidi rule of RFC 5893 (4.2.3.4). Punycode decoding is a bijection on lower-cased input, so
//! the round trip of RFC 5891 5.3 (re-encoding the U-label) adds nothing.

use super::idna_tables::{
    COMBINING_MARK, GREEK, HEBREW, HIRAGANA_KATAKANA_HAN, JOINING_LEFT_OR_DUAL,
    JOINING_RIGHT_OR_DUAL, JOINING_TRANSPARENT, PVALID, VIRAMA,
};

/// Whether `c` is in `table` (sorted, disjoint, inclusive ranges).
fn in_table(table: &[(u32, u32)], c: char) -> bool {
    let c = u32::from(c);
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether `label` (ASCII letters, digits and hyphens, starting with `xn--` in any case) is a
/// valid A-label.
pub fn is_a_label(label: &str) -> bool {
    let Some(puny) = label.get(4..) else {
        return false;
    };
    if !label[..4].eq_ignore_ascii_case("xn--") {
        return false;
    }
    match punycode_decode(puny) {
        Some(u_label) => is_u_label(&u_label),
        None => false,
    }
}

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// The bias adaptation function of RFC 3492 section 6.1.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + ((BASE - T_MIN + 1) * delta) / (delta + SKEW)
}

/// The value of the Punycode digit `c` (case-insensitive), RFC 3492 section 5.
fn digit_value(c: u8) -> Option<u32> {
    match c {
        b'a'..=b'z' => Some(u32::from(c - b'a')),
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 26),
        _ => None,
    }
}

/// Decodes the Punycode string `input` (RFC 3492 section 6.2); basic code points are
/// lower-cased. `None` on any error: a non-basic code point in the input, a truncated or
/// overflowing integer, a decoded basic code point, or one that is not a Unicode scalar value.
pub fn punycode_decode(input: &str) -> Option<Vec<char>> {
    let bytes = input.as_bytes();
    if !bytes.is_ascii() {
        return None;
    }
    let (basic, extended) = match bytes.iter().rposition(|&c| c == b'-') {
        Some(b) if b > 0 => (&bytes[..b], &bytes[b + 1..]),
        _ => (&bytes[..0], bytes),
    };
    let mut output: Vec<char> = basic
        .iter()
        .map(|&c| char::from(c.to_ascii_lowercase()))
        .collect();
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut pos = 0;
    while pos < extended.len() {
        let old_i = i;
        let mut w: u32 = 1;
        let mut k = BASE;
        loop {
            let digit = digit_value(*extended.get(pos)?)?;
            pos += 1;
            i = i.checked_add(digit.checked_mul(w)?)?;
            let t = if k <= bias {
                T_MIN
            } else if k >= bias + T_MAX {
                T_MAX
            } else {
                k - bias
            };
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let len = u32::try_from(output.len()).ok()? + 1;
        bias = adapt(i - old_i, len, old_i == 0);
        n = n.checked_add(i / len)?;
        i %= len;
        if n < 0x80 {
            return None;
        }
        let c = char::from_u32(n)?;
        output.insert(usize::try_from(i).ok()?, c);
        i += 1;
    }
    Some(output)
}

/// Whether `u` (a decoded A-label) is a valid U-label: see the module docs.
fn is_u_label(u: &[char]) -> bool {
    let (Some(&first), Some(&last)) = (u.first(), u.last()) else {
        return false;
    };
    if u.iter().all(char::is_ascii) {
        return false;
    }
    if first == '-' || last == '-' || (u.get(2) == Some(&'-') && u.get(3) == Some(&'-')) {
        return false;
    }
    if in_table(COMBINING_MARK, first) {
        return false;
    }
    (0..u.len()).all(|i| code_point_allowed(u, i))
}

/// Whether `u[i]` is PVALID, or CONTEXTJ/CONTEXTO with its rule (RFC 5892 appendix A) met.
fn code_point_allowed(u: &[char], i: usize) -> bool {
    let c = u[i];
    let before = i.checked_sub(1).map(|j| u[j]);
    let after = u.get(i + 1).copied();
    match c {
        // RFC 5892 2.6, exceptions: PVALID.
        '\u{00DF}' | '\u{03C2}' | '\u{06FD}' | '\u{06FE}' | '\u{0F0B}' | '\u{3007}' => true,
        // Exceptions: DISALLOWED (they would otherwise be PVALID; excluded from the table).
        '\u{0640}'
        | '\u{07FA}'
        | '\u{302E}'
        | '\u{302F}'
        | '\u{3031}'..='\u{3035}'
        | '\u{303B}' => false,
        // A.1 ZERO WIDTH NON-JOINER.
        '\u{200C}' => before.is_some_and(|b| in_table(VIRAMA, b)) || zwnj_joins(u, i),
        // A.2 ZERO WIDTH JOINER.
        '\u{200D}' => before.is_some_and(|b| in_table(VIRAMA, b)),
        // A.3 MIDDLE DOT.
        '\u{00B7}' => before == Some('l') && after == Some('l'),
        // A.4 GREEK LOWER NUMERAL SIGN (KERAIA).
        '\u{0375}' => after.is_some_and(|a| in_table(GREEK, a)),
        // A.5, A.6 HEBREW PUNCTUATION GERESH, GERSHAYIM.
        '\u{05F3}' | '\u{05F4}' => before.is_some_and(|b| in_table(HEBREW, b)),
        // A.7 KATAKANA MIDDLE DOT (itself of script Common).
        '\u{30FB}' => u
            .iter()
            .any(|&x| x != '\u{30FB}' && in_table(HIRAGANA_KATAKANA_HAN, x)),
        // A.8 ARABIC-INDIC DIGITS.
        '\u{0660}'..='\u{0669}' => !u.iter().any(|x| ('\u{06F0}'..='\u{06F9}').contains(x)),
        // A.9 EXTENDED ARABIC-INDIC DIGITS.
        '\u{06F0}'..='\u{06F9}' => !u.iter().any(|x| ('\u{0660}'..='\u{0669}').contains(x)),
        _ => in_table(PVALID, c),
    }
}

/// The joining context of RFC 5892 A.1: `(Joining_Type:{L,D})(Joining_Type:T)*` before `u[i]`
/// and `(Joining_Type:T)*(Joining_Type:{R,D})` after it.
fn zwnj_joins(u: &[char], i: usize) -> bool {
    let left = u[..i]
        .iter()
        .rev()
        .find(|&&c| !in_table(JOINING_TRANSPARENT, c))
        .is_some_and(|&c| in_table(JOINING_LEFT_OR_DUAL, c));
    let right = u[i + 1..]
        .iter()
        .find(|&&c| !in_table(JOINING_TRANSPARENT, c))
        .is_some_and(|&c| in_table(JOINING_RIGHT_OR_DUAL, c));
    left && right
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(s: &str) -> Option<String> {
        punycode_decode(s).map(|v| v.into_iter().collect())
    }

    #[test]
    fn punycode_rfc3492_samples() {
        // RFC 3492 section 7.1 (A) Arabic (Egyptian), (L) 3年B組金八先生, (S) -> $1.00 <-.
        assert_eq!(
            decode("egbpdaj6bu4bxfgehfvwxn").as_deref(),
            Some(
                "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}"
            )
        );
        assert_eq!(
            decode("3B-ww4c5e180e575a65lsy2b").as_deref(),
            Some("3年b組金八先生")
        );
        assert_eq!(decode("-> $1.00 <--").as_deref(), Some("-> $1.00 <-"));
        assert_eq!(decode("bcher-kva").as_deref(), Some("bücher"));
    }

    #[test]
    fn punycode_errors() {
        assert_eq!(decode("X"), None); // truncated integer
        assert_eq!(decode("99999999999"), None); // overflow
        assert_eq!(decode("a_b-sla").as_deref(), Some("a_bä")); // basic part is not judged here
        assert_eq!(decode("bcher-kv!"), None);
    }

    #[test]
    fn a_labels() {
        assert!(is_a_label("xn--bcher-kva"));
        assert!(is_a_label("XN--BCHER-KVA"));
        assert!(!is_a_label("xn--abc-")); // all ASCII
        assert!(!is_a_label("xn--")); // empty
        assert!(!is_a_label("xn---bcher-4ya")); // U-label begins with a hyphen
        assert!(!is_a_label("xn--bcher--3ya")); // ends with a hyphen
        assert!(is_a_label("xn--4ca")); // U+00E4
        assert!(!is_a_label("xn--7ba")); // U+00C4 (upper case): not PVALID
        assert!(!is_a_label("xn--ls8h")); // U+1F4A9: a symbol, not PVALID
    }
}
