//! OpenAPI's `byte` format (base64 data), as Kubernetes CRD schemas assert it: kube-openapi's
//! `strfmt` registers it with govalidator's `IsBase64`, the pattern
//! `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$`: groups
//! of four characters of the standard alphabet, the last one padded, and at least one group.

/// Whether `s` is base64 as govalidator's `IsBase64` accepts it.
pub fn is_base64(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || !b.len().is_multiple_of(4) {
        return false;
    }
    let alpha = |c: &u8| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/';
    let (body, last) = b.split_at(b.len() - 4);
    body.iter().all(alpha)
        && match last {
            [x, y, b'=', b'='] => alpha(x) && alpha(y),
            [x, y, z, b'='] => alpha(x) && alpha(y) && alpha(z),
            group => group.iter().all(alpha),
        }
}

#[cfg(test)]
mod tests {
    use super::is_base64;

    #[test]
    fn as_govalidator() {
        for ok in ["aGVsbG8=", "aGk=", "aGVsbG8hISE+", "AAAA", "ab+/"] {
            assert!(is_base64(ok), "{ok}");
        }
        for bad in [
            "",
            "Binary",
            "aGVsbG8",
            "aGk==",
            "a===",
            "aGVs bG8=",
            "aGVsbG8=\n",
            "a-_b",
        ] {
            assert!(!is_base64(bad), "{bad:?}");
        }
    }
}
