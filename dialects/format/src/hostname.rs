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
    }
}
