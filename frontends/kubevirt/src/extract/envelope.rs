//! The review's fields around the VM checked against their Go types while the pass reads
//! them ([`crate::admission::envelope`] says which, and why): a mismatch makes the
//! pass step aside, and the `Value` path answers with Go's error. No allocation: values are
//! read and dropped as [`Reader::skip`] does.

use crate::admission::envelope::{Shape, Struct, is_base64, is_int};
use validgen_core::model::reader::{Abort, Reader, Res};

/// Reads a value of `shape`, or aborts.
pub(super) fn check(r: &mut Reader<'_>, shape: &'static Shape) -> Res<()> {
    let next = r.peek()?;
    if next == b'n' {
        return r.null();
    }
    match (shape, next) {
        (Shape::Raw, _) => r.skip(),
        (Shape::Text, b'"') => r.string_raw().map(drop),
        (Shape::Bool, b't' | b'f') => r.boolean().map(drop),
        (Shape::Int(bits), b'-' | b'0'..=b'9') => {
            let text = r.raw()?;
            if is_int(text, *bits) {
                Ok(())
            } else {
                Err(Abort)
            }
        }
        (Shape::Bytes, b'"') => {
            if is_base64(&r.string()?) {
                Ok(())
            } else {
                Err(Abort)
            }
        }
        // An array of bytes: numbers 0 to 255 (`strconv.ParseUint` of the text).
        (Shape::Bytes, b'[') => r.array(|r| {
            if r.peek()? == b'n' {
                return r.null();
            }
            r.raw()?.parse::<u8>().map(drop).map_err(|_| Abort)
        }),
        (Shape::Struct(s), b'{') => fields(r, s),
        (Shape::List(item), b'[') => r.array(|r| check(r, item)),
        (Shape::Map(item), b'{') => r.object(|r, _| check(r, item)),
        _ => Err(Abort),
    }
}

/// An object of struct `s`: each key's value checked against its field (unknown keys are
/// skipped, as Go ignores them).
pub(super) fn fields(r: &mut Reader<'_>, s: &'static Struct) -> Res<()> {
    r.object(|r, key| field(r, s, &key))
}

/// The value of `key` in an object of struct `s`.
pub(super) fn field(r: &mut Reader<'_>, s: &'static Struct, key: &str) -> Res<()> {
    match s.field(key) {
        Some(f) => check(r, &f.shape),
        None => r.skip(),
    }
}
