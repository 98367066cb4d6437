//! `uri-reference` (RFC 3986 section 4.1 `URI-reference`), `iri` (RFC 3987 section 2.2 `IRI`)
//! and `iri-reference` (`IRI-reference`), through fluent-uri's parsers of those grammars.
//!
//! Choices: purely syntactic, as for `uri`; fluent-uri takes an IPv6 literal in RFC 3986's
//! forms and `IPvFuture`, and no zone identifier.

use fluent_uri::{Iri, IriRef, UriRef};

/// Whether `s` is an RFC 3986 `URI-reference` (`uri-reference` format): a URI or a relative
/// reference.
pub fn is_uri_reference(s: &str) -> bool {
    UriRef::parse(s).is_ok()
}

/// Whether `s` is an RFC 3987 `IRI` (`iri` format): an absolute IRI with optional fragment.
pub fn is_iri(s: &str) -> bool {
    Iri::parse(s).is_ok()
}

/// Whether `s` is an RFC 3987 `IRI-reference` (`iri-reference` format).
pub fn is_iri_reference(s: &str) -> bool {
    IriRef::parse(s).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references() {
        assert!(is_uri_reference("/a/b?c#d"));
        assert!(is_uri_reference("http://e.com"));
        assert!(!is_uri_reference("\\\\WINDOWS\\fileshare"));
        assert!(!is_uri_reference("é"));
        assert!(is_iri("http://ƒøø.ßår/?∂éœ=πîx#πîüx"));
        assert!(!is_iri("/abc"));
        assert!(is_iri_reference("//ƒøø.ßår/?∂éœ=πîx#πîüx"));
        assert!(!is_iri_reference("\\\\WINDOWS\\filëßåré"));
    }
}
