//! A simple matcher's states on ASCII text as a table, built ahead of time by following its
//! bit-parallel state from the start over every ASCII character (a subset construction whose
//! subsets are the matcher's position bits). An ASCII character then costs one table look-up
//! where the bit-parallel step takes tens of instructions (the character decoded, the
//! shifts, the closure over optional positions); the keys and values `patternProperties`
//! and `pattern` meet are mostly short and ASCII. A state that stays itself on most bytes
//! (the repeated class of `^.+$` or `^[^\s]+$`, where long values spend their time) is read
//! eight bytes a step while they all keep it there. A character beyond ASCII hands the text
//! back to the bit-parallel step, from the state reached.

use super::Simple;

/// Most states a table holds (the three below included): the patterns a simple matcher
/// takes reach a few tens; one that needs more is left to the `regex` crate's automaton. A
/// state's row is 256 bytes, so a table is at most 16 KiB.
const MAX_STATES: usize = 64;

/// No alternative can match any more.
const DEAD: u8 = 0;
/// A match is found, whatever follows.
const MATCHED: u8 = 1;
/// The byte read begins a character beyond ASCII: the bit-parallel step goes on.
const WIDE: u8 = 2;

/// A state that stays itself on at least this many of the 128 ASCII bytes is read a chunk
/// at a time while it stays (`^.+$` after its first character stays on all ASCII but `\n`
/// and `\r`; `^[^\s]+$` on all but six).
const LOOP_BYTES: usize = 64;

/// Bytes of a chunk in a staying state's run: eight look-ups against one row and no state
/// carried from one byte to the next, about four instructions a byte where the byte loop
/// takes six (callgrind, BENCHMARKS.md "The report's custom messages by their verdict").
const CHUNK: usize = 8;

/// The table of a [`Simple`] matcher.
#[derive(Debug, Clone, Default)]
pub(super) struct Table {
    /// Per state and byte, the next state (a row per state, the three above included).
    rows: Box<[[u8; 256]]>,
    /// Per state, the matcher's position bits (where a character beyond ASCII goes on from).
    bits: Box<[u64]>,
    /// Per state, whether the text matches if it ends there.
    at_end: Box<[bool]>,
    /// Per state, whether it stays itself on at least [`LOOP_BYTES`] bytes.
    loops: Box<[bool]>,
    /// The state before the first character.
    start: u8,
}

/// Where the table stopped reading a text.
pub(super) enum Read {
    /// The text's verdict.
    Verdict(bool),
    /// The byte offset of a character beyond ASCII, and the position bits before it.
    Wide(usize, u64),
}

impl Table {
    /// The table of `m`, if its states on ASCII text are at most [`MAX_STATES`].
    pub(super) fn new(m: &Simple) -> Option<Table> {
        let mut bits = vec![0, m.anywhere, 0];
        let mut rows = vec![[DEAD; 256], [MATCHED; 256], [WIDE; 256]];
        let mut at_end = vec![false, true, false];
        let mut loops = vec![false; 3];
        let intern = |state: u64, bits: &mut Vec<u64>| -> Option<u8> {
            if state & m.anywhere != 0 {
                return Some(MATCHED);
            }
            if state == 0 {
                return Some(DEAD);
            }
            let first = usize::from(WIDE) + 1;
            let id = bits[first..].iter().position(|&b| b == state).map_or_else(
                || {
                    bits.push(state);
                    bits.len() - 1
                },
                |i| first + i,
            );
            (id < MAX_STATES).then(|| u8::try_from(id).ok()).flatten()
        };
        let start = intern(m.closed(m.initial), &mut bits)?;
        // States are numbered as found, so rows are pushed in their order.
        let mut state = rows.len();
        while let Some(&from) = bits.get(state) {
            let mut row = [WIDE; 256];
            for (next, &holding) in row.iter_mut().zip(&m.ascii) {
                *next = intern(m.step(from, holding), &mut bits)?;
            }
            let id = u8::try_from(state).ok()?;
            loops.push(row.iter().filter(|&&next| next == id).count() >= LOOP_BYTES);
            rows.push(row);
            at_end.push(from & (m.anywhere | m.at_end) != 0);
            state += 1;
        }
        Some(Table {
            rows: rows.into(),
            bits: bits.into(),
            at_end: at_end.into(),
            loops: loops.into(),
            start,
        })
    }

    /// Reads `text` while it is ASCII.
    #[inline]
    pub(super) fn read(&self, text: &[u8]) -> Read {
        let mut state = self.start;
        if state <= MATCHED {
            return Read::Verdict(state == MATCHED);
        }
        let mut i = 0;
        loop {
            let row = &self.rows[usize::from(state)];
            if self.loops[usize::from(state)] {
                while let Some(chunk) = text.get(i..).and_then(<[u8]>::first_chunk::<CHUNK>) {
                    if !chunk.iter().all(|&b| row[usize::from(b)] == state) {
                        break;
                    }
                    i += CHUNK;
                }
            }
            // Byte by byte until the state changes.
            let next = loop {
                let Some(&b) = text.get(i) else {
                    return Read::Verdict(self.at_end[usize::from(state)]);
                };
                let next = row[usize::from(b)];
                if next != state {
                    break next;
                }
                i += 1;
            };
            if next <= WIDE {
                return if next == WIDE {
                    Read::Wide(i, self.bits[usize::from(state)])
                } else {
                    Read::Verdict(next == MATCHED)
                };
            }
            state = next;
            i += 1;
        }
    }
}
