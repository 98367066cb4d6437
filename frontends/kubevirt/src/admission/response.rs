//! The `AdmissionReview` response written straight to JSON bytes, exactly as the reference
//! webhook writes it: the `admission.k8s.io/v1` fields in Go's struct order with its
//! `omitempty` rules, and Go `encoding/json`'s escaping of strings.

use std::io;

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

use super::decide::Decision;
use validgen_core::interpret::Cause;

/// The JSON bytes of the `AdmissionReview` answering request `uid` with `d`, as the reference
/// webhook (ssp-operator) sends them: Kubernetes `admission.k8s.io/v1` `AdmissionReview`,
/// `AdmissionResponse` and `metav1.Status` serialised by Go's `encoding/json`.
///
/// Compact, fields in the Go types' order: `kind`, `apiVersion`, `response` {`uid`,
/// `allowed`, `status`, `warnings`}. `status` is present when the decision has a code:
/// `metadata` (always `{}`), `message` (empty when there is none), `reason` when there is one,
/// `details.causes` when there are causes, `code`. With `warnings`, unsatisfied `justWarning`
/// rules are returned as admission `warnings` when there are any (the reference only logs
/// them; without, the bytes are the reference's). Strings are escaped as Go escapes them:
/// serde_json's escapes plus `<`, `>`, `&`, U+2028 and U+2029 as `\u003c`, `\u003e`, `\u0026`,
/// `\u2028`, `\u2029`.
///
/// Infallible: any decision gives UTF-8 JSON.
pub fn response_json(uid: &str, d: &Decision, warnings: bool) -> Vec<u8> {
    let review = Review {
        kind: "AdmissionReview",
        api_version: "admission.k8s.io/v1",
        response: Response {
            uid,
            allowed: d.allowed,
            status: d.code.map(|code| Status {
                metadata: Empty {},
                message: d.message.as_deref().unwrap_or_default(),
                reason: d.reason.as_deref(),
                details: (!d.causes.is_empty()).then_some(Details { causes: &d.causes }),
                code,
            }),
            warnings: (warnings && !d.warnings.is_empty()).then_some(d.warnings.as_slice()),
        },
    };
    let mut out = Vec::with_capacity(capacity(uid, d, warnings));
    // Writing these types into a `Vec` cannot fail: no I/O, no map keys that are not strings.
    let written = review.serialize(&mut Serializer::with_formatter(&mut out, GoEscapes));
    debug_assert!(
        written.is_ok(),
        "serialising a response failed: {written:?}"
    );
    out
}

/// About the response's length, so that the buffer is allocated once.
fn capacity(uid: &str, d: &Decision, warnings: bool) -> usize {
    let causes: usize = d
        .causes
        .iter()
        .map(|c| c.kind.len() + c.message.len() + c.field.len() + 40)
        .sum();
    let warned: usize = if warnings {
        d.warnings.iter().map(|w| w.len() + 3).sum()
    } else {
        0
    };
    let message = d.message.as_deref().map_or(0, str::len);
    // The fixed text (kind, apiVersion, keys, status metadata, code) is under 200 bytes.
    200 + uid.len() + message + d.reason.as_deref().map_or(0, str::len) + causes + warned
}

/// `AdmissionReview` (k8s.io/api admission/v1), only what a response carries.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Review<'a> {
    kind: &'static str,
    api_version: &'static str,
    response: Response<'a>,
}

/// `AdmissionResponse`: `status` and `warnings` are `omitempty`.
#[derive(Serialize)]
struct Response<'a> {
    uid: &'a str,
    allowed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<Status<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    warnings: Option<&'a [String]>,
}

/// `metav1.Status` as the reference fills it: `metadata` is always written (a struct, never
/// omitted by Go), `message` always, `reason` and `details` only when set.
#[derive(Serialize)]
struct Status<'a> {
    metadata: Empty,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    details: Option<Details<'a>>,
    code: u16,
}

/// `metav1.ListMeta` with nothing set: `{}`.
#[derive(Serialize)]
struct Empty {}

/// `metav1.StatusDetails`: only the causes are set.
#[derive(Serialize)]
struct Details<'a> {
    causes: &'a [Cause],
}

/// Compact output with Go `encoding/json`'s string escaping. serde_json already escapes `"`,
/// `\` and control characters as Go does; Go also escapes `<`, `>` and `&` (its `Marshal`
/// HTML-safe default, "so that the JSON will be safe to embed inside HTML <script> tags") and
/// always U+2028 and U+2029 (line and paragraph separators, which JavaScript does not accept in
/// strings). See the documentation of `json.Marshal` and `json.HTMLEscape`, Go `encoding/json`.
struct GoEscapes;

impl Formatter for GoEscapes {
    // Inlined, this grows serde_json's own escaping loop around it and slows it down (callgrind:
    // about 20 % more instructions per response).
    #[inline(never)]
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let bytes = fragment.as_bytes();
        if has_special(bytes) {
            write_escaped(writer, bytes)
        } else {
            writer.write_all(bytes)
        }
    }
}

/// Writes `bytes` with Go's escapes of [`special`] characters (rare in responses: kept out of
/// the common path).
#[cold]
fn write_escaped<W: ?Sized + io::Write>(writer: &mut W, mut rest: &[u8]) -> io::Result<()> {
    while let Some(i) = rest.iter().position(|&b| special(b)) {
        let (plain, from) = rest.split_at(i);
        writer.write_all(plain)?;
        let (escaped, after): (&[u8], &[u8]) = match from {
            [b'<', after @ ..] => (b"\\u003c", after),
            [b'>', after @ ..] => (b"\\u003e", after),
            [b'&', after @ ..] => (b"\\u0026", after),
            [0xE2, 0x80, 0xA8, after @ ..] => (b"\\u2028", after),
            [0xE2, 0x80, 0xA9, after @ ..] => (b"\\u2029", after),
            // Another character starting with 0xE2: its lead byte as is; the continuation
            // bytes that follow are never special.
            [lead, after @ ..] => (std::slice::from_ref(lead), after),
            [] => (&[], &[]),
        };
        writer.write_all(escaped)?;
        rest = after;
    }
    writer.write_all(rest)
}

/// Whether `bytes` holds a [`special`] byte, eight bytes at a time (the responses' strings are
/// mostly long plain text).
fn has_special(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // Non-zero exactly when some byte of `x` is zero.
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let Ok(word) = <[u8; 8]>::try_from(word) else {
            return true; // never: the exact search then runs
        };
        let w = u64::from_ne_bytes(word);
        // `<` (0x3C) and `>` (0x3E) differ only in bit 1.
        let angle = has_zero((w & !(ONES * 2)) ^ (ONES * u64::from(b'<')));
        let amp = has_zero(w ^ (ONES * u64::from(b'&')));
        let e2 = has_zero(w ^ (ONES * 0xE2));
        if angle | amp | e2 != 0 {
            return true;
        }
    }
    words.remainder().iter().any(|&b| special(b))
}

/// Whether `b` starts what Go escapes and serde_json does not: `<`, `>`, `&`, or 0xE2, the
/// lead byte of U+2028 (E2 80 A8) and U+2029 (E2 80 A9).
#[inline]
fn special(b: u8) -> bool {
    (b == b'<') | (b == b'>') | (b == b'&') | (b == 0xE2)
}

#[cfg(test)]
mod tests;
