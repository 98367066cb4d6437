//! `uuid`: the string representation of RFC 9562 section 4.
//!
//! ```text
//! UUID = 4hexOctet "-" 2hexOctet "-" 2hexOctet "-" 2hexOctet "-" 6hexOctet
//! hexOctet = HEXDIG HEXDIG
//! ```
//!
//! Choices: hex digits of either case (RFC 9562 section 4: "case insensitive on input"); any
//! version and variant nibble (the Nil and Max UUIDs included); no `urn:uuid:` prefix or braces.

/// Whether `s` is a UUID in its 8-4-4-4-12 hexadecimal form (`uuid` format).
pub fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, &c)| match i {
            8 | 13 | 18 | 23 => c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids() {
        assert!(is_uuid("ffffffff-ffff-ffff-ffff-ffffffffffff"));
        assert!(is_uuid("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"));
        assert!(!is_uuid("{2eb8aa08-aa98-11ea-b4aa-73b441d16380}"));
        assert!(!is_uuid("2eb8aa08-aa98-11ea-b4aa-73b441d1638g"));
        assert!(!is_uuid("2eb8aa08+aa98-11ea-b4aa-73b441d16380"));
        assert!(!is_uuid(""));
    }
}
