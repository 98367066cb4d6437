//! `hostname`: RFC 1123 section 2.1 (RFC 952 relaxed to allow a leading digit), with A-labels
//! checked as IDNA2008 requires ([`super::idna`]).
//!
//! ```text
//! hostname = label *("." label)
//! label    = let-dig [*61(let-dig / "-") let-dig]    ; 1 to 63 characters
//! let-dig  = ALPHA / DIGIT
//! ```
//!
//! Choices (JSON-Schema-Test-Suite's 2020-12 and draft-7 `hostname.json` agree on all of them):
//! - At most 253 characters, the longest name that fits the 255 octets of RFC 1035 3.1 in wire
//!   form; no empty label, so no leading or trailing dot (the root's dot is not part of a name).
//! - Letters of either case.
//! - A label starting `xn--` (any case) is an A-label and must decode to a valid U-label
//!   (JSON Schema 2020-12 Validation 7.3.3 cites RFC 5891 4.4). Other labels with hyphens in
//!   the third and fourth positions (RFC 5890's reserved R-LDH labels, e.g. `ab--cd`) are
//!   plain RFC 1123 labels and valid; `a--b` too.
//! - An all-numeric last label (`1.2.3.4`) is valid: the RFC 1123 remark on dotted-decimal
//!   names is advice to resolvers, not part of the syntax.

use super::idna;

/// The longest host name, in characters.
const MAX_HOSTNAME: usize = 253;
/// The longest label, in characters.
const MAX_LABEL: usize = 63;

/// Whether `s` is an RFC 1123 host name (`hostname` format).
pub fn is_hostname(s: &str) -> bool {
    !s.is_empty() && s.len() <= MAX_HOSTNAME && s.split('.').all(is_label)
}

/// Whether `s` is an internationalised host name (`idn-hostname` format): labels separated
/// by `.` or the dots IDNA2003 reads as one (U+3002, U+FF0E, U+FF61, RFC 3490 3.1), each an
/// RFC 1123 label (an A-label valid as for `hostname`) or a valid U-label ([`idna`]), at most
/// 63 characters in its ASCII form and 253 for the whole name; when a label holds a
/// right-to-left character, every other label satisfies the Bidi rule too (RFC 5893 applies
/// it to the whole "Bidi domain name").
pub fn is_idn_hostname(s: &str) -> bool {
    let labels: Vec<Vec<char>> = s
        .split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
        .map(|l| l.chars().collect())
        .collect();
    let bidi = labels.iter().any(|l| idna::has_rtl(l));
    let mut length = labels.len() - 1;
    for label in &labels {
        let ascii_length = if label.iter().all(char::is_ascii) {
            let text: String = label.iter().collect();
            if !is_label(&text) {
                return false;
            }
            text.len()
        } else {
            if !idna::is_u_label(label) {
                return false;
            }
            let text: String = label.iter().collect();
            match ::idna::punycode::encode_str(&text) {
                Some(puny) => puny.len() + 4,
                None => return false,
            }
        };
        if ascii_length > MAX_LABEL
            || (bidi && !idna::has_rtl(label) && !idna::ltr_label_in_bidi_domain(label))
        {
            return false;
        }
        length += ascii_length;
    }
    length <= MAX_HOSTNAME
}

/// Whether `label` is an RFC 1123 label and, if an A-label, a valid one.
fn is_label(label: &str) -> bool {
    let b = label.as_bytes();
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else {
        return false;
    };
    if b.len() > MAX_LABEL
        || first == b'-'
        || last == b'-'
        || !b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-')
    {
        return false;
    }
    if b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"xn--") {
        return idna::is_a_label(label);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostnames() {
        assert!(is_hostname("a"));
        assert!(is_hostname("A.B-C.D"));
        assert!(is_hostname("ab--cd.example"));
        assert!(is_hostname("1.2.3.4"));
        assert!(is_hostname("xn--bcher-kva.example"));
        assert!(!is_hostname("xn--bcher-kv.example"));
        assert!(!is_hostname("a..b"));
        assert!(!is_hostname("a b"));
        let label = "a".repeat(63);
        let name = [label.as_str(); 4].join(".");
        assert_eq!(name.len(), 255);
        assert!(!is_hostname(&name));
        assert!(is_hostname(&name[2..]));
        assert!(!is_hostname(&name[1..]));
        assert!(is_idn_hostname("실례.테스트"));
        assert!(is_idn_hostname("a\u{3002}b"));
        assert!(!is_idn_hostname("a..b"));
        assert!(!is_idn_hostname("\u{3002}"));
        assert!(!is_idn_hostname("0a.\u{5d0}"));
        assert!(!is_idn_hostname(""));
    }
}
