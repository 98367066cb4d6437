//! Which bytes a match of a pattern anchored at the start of the text can begin with: a cheap
//! test that refuses most texts a pattern such as `^[a-z][a-z0-9-]*$` does not match before
//! the automaton is asked (the `regex` crate's own prefilters look for literals, not classes).

use regex_syntax::hir::{Class, Hir, HirKind, Look};

/// A set of bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct FirstBytes([u64; 4]);

impl FirstBytes {
    /// Whether a match may begin with `b`.
    #[inline]
    pub(super) fn holds(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] >> (b & 63) & 1 == 1
    }

    fn none() -> Self {
        FirstBytes([0; 4])
    }

    fn add(&mut self, from: u8, to: u8) {
        for b in from..=to {
            self.0[usize::from(b >> 6)] |= 1 << (b & 63);
        }
    }

    fn union(mut self, other: &FirstBytes) -> Self {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        self
    }
}

/// The bytes every match of `hir` begins with at the start of the text, when it can match
/// only there (anchored by `^`) and only by consuming a first byte; `None` otherwise.
pub(super) fn anchored_first_bytes(hir: &Hir) -> Option<FirstBytes> {
    match hir.kind() {
        HirKind::Capture(c) => anchored_first_bytes(&c.sub),
        HirKind::Alternation(hs) => hs.iter().try_fold(FirstBytes::none(), |set, h| {
            Some(set.union(&anchored_first_bytes(h)?))
        }),
        HirKind::Concat(hs) => match hs.split_first() {
            Some((start, rest)) if matches!(start.kind(), HirKind::Look(Look::Start)) => {
                first_bytes(rest.first()?)
            }
            _ => None,
        },
        _ => None,
    }
}

/// The bytes every match of `hir` begins with, when it cannot match the empty string at its
/// start (a superset is fine); `None` otherwise.
fn first_bytes(hir: &Hir) -> Option<FirstBytes> {
    let mut set = FirstBytes::none();
    match hir.kind() {
        HirKind::Literal(l) => set.add(*l.0.first()?, *l.0.first()?),
        HirKind::Class(Class::Bytes(c)) => {
            for r in c.ranges() {
                set.add(r.start(), r.end());
            }
        }
        // A code point's first UTF-8 byte grows with the code point: a range's first bytes
        // lie between those of its ends.
        HirKind::Class(Class::Unicode(c)) => {
            for r in c.ranges() {
                set.add(lead(r.start()), lead(r.end()));
            }
        }
        HirKind::Capture(c) => return first_bytes(&c.sub),
        HirKind::Repetition(r) if r.min > 0 => return first_bytes(&r.sub),
        HirKind::Concat(hs) => return first_bytes(hs.first()?),
        HirKind::Alternation(hs) => {
            return hs
                .iter()
                .try_fold(set, |set, h| Some(set.union(&first_bytes(h)?)));
        }
        _ => return None,
    }
    Some(set)
}

/// The first byte of `c` in UTF-8.
fn lead(c: char) -> u8 {
    let mut buf = [0; 4];
    c.encode_utf8(&mut buf).as_bytes()[0]
}
