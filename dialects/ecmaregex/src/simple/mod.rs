//! Patterns simple enough to match without the `regex` crate: alternatives of sequences of
//! character classes, each repeated a fixed or open number of times (`^[a-z0-9-]+$`,
//! `^(createoptions|createOptions)[0-9]*$`, `^x-`, `\.json$`), matched by a bit-parallel
//! position automaton (Shift-And, as in Navarro and Raffinot's "Flexible Pattern Matching in
//! Strings", with optional and repeatable positions). Its states on ASCII text are compiled
//! into a table ahead of time (`table.rs`): an ASCII byte costs one look-up, and a text costs
//! no start-up, where the `regex` crate's search takes hundreds of instructions per call on
//! the short keys of `patternProperties` (the `jsonschema` crate matches such patterns
//! without a regex engine too). From a character beyond ASCII on, the bit-parallel step goes
//! on: one 64-bit state, a few shifts per character, and a table look-up per byte once an
//! alternative is in its last, repeated position. That step costs more per character than a
//! started DFA, hence the limits on alternatives and optional positions below.
//!
//! Read from the syntax tree of the pattern's translation (the `regex` crate's reading of it),
//! so it answers as that translation does; `tests.rs` holds it to the automaton.

mod table;

use regex_syntax::hir::{Class, Hir, HirKind, Look};

/// Most positions a matcher holds: a state bit each, and one for each alternative's end.
const MAX_BITS: usize = 64;
/// Most optional positions one bounded repetition adds (`c{1,5}` adds 4): each character
/// skips optional positions one shift at a time, so a long run of them (`[a-z0-9-]{1,62}`)
/// is left to the automaton.
const MAX_OPTIONAL_RUN: usize = 4;
/// Most alternatives a matcher follows at once (`(0|[1-9][0-9]*)` three times is 8): the
/// automaton reads a text once, whatever the alternatives.
const MAX_ALTERNATIVES: usize = 4;

/// A class of characters: ASCII ones in a bit set, others as sorted ranges.
#[derive(Debug, Clone)]
struct Set {
    ascii: u128,
    wide: Vec<(char, char)>,
}

impl Set {
    fn of(class: &Class) -> Option<Set> {
        let Class::Unicode(class) = class else {
            return None;
        };
        let mut set = Set {
            ascii: 0,
            wide: Vec::new(),
        };
        for r in class.ranges() {
            for c in r.start()..=r.end().min('\x7f') {
                set.ascii |= 1 << u32::from(c);
            }
            if r.end() > '\x7f' {
                set.wide.push((r.start().max('\u{80}'), r.end()));
            }
        }
        Some(set)
    }

    fn char(c: char) -> Set {
        let mut set = Set {
            ascii: 0,
            wide: Vec::new(),
        };
        if c.is_ascii() {
            set.ascii = 1 << u32::from(c);
        } else {
            set.wide.push((c, c));
        }
        set
    }

    fn holds_wide(&self, c: char) -> bool {
        self.wide.iter().any(|&(a, b)| a <= c && c <= b)
    }

    /// Whether every character of `text` is in the set: byte by byte while they are ASCII.
    fn holds_all(&self, text: &str, table: &[bool; 128]) -> bool {
        for (i, &b) in text.as_bytes().iter().enumerate() {
            match table.get(usize::from(b)) {
                Some(true) => {}
                Some(false) => return false,
                // `i` is at the first byte of a character beyond ASCII.
                None => {
                    return text.get(i..).is_some_and(|rest| {
                        rest.chars().all(|c| match table.get(c as usize) {
                            Some(&held) => held,
                            None => self.holds_wide(c),
                        })
                    });
                }
            }
        }
        true
    }
}

/// One position of a sequence: a character of `set`, skipped when `optional`, taken again
/// and again when `repeats`.
#[derive(Debug, Clone)]
struct Position {
    set: Set,
    optional: bool,
    repeats: bool,
}

/// One alternative: its positions, and whether it is anchored at the text's start (`^`) and
/// end (`$`).
#[derive(Debug, Clone, Default)]
struct Sequence {
    start: bool,
    end: bool,
    positions: Vec<Position>,
}

/// A pattern matched by a bit-parallel position automaton. Bit `s` of a state says that the
/// first `s` positions of an alternative (counted from the alternative's first bit) have
/// matched the text read so far.
#[derive(Debug, Clone)]
pub(super) struct Simple {
    /// Per ASCII character, the positions (bits) whose set holds it.
    ascii: [u64; 128],
    /// The sets of positions (bit, set) that hold characters beyond ASCII.
    wide: Vec<(u32, Set)>,
    /// Positions that may take their character again.
    repeats: u64,
    /// Positions that may be skipped.
    optional: u64,
    /// The state before the first character (anchored and unanchored alternatives' first bits).
    initial: u64,
    /// First bits of alternatives not anchored at the start: entered again at every character.
    floating: u64,
    /// Last bits of alternatives anchored at the end: a match if the text ends there.
    at_end: u64,
    /// Last bits of alternatives not anchored at the end: a match as soon as one is reached.
    anywhere: u64,
    /// Last bits of alternatives anchored at the end whose last position repeats, with its
    /// set: once such a bit is the whole state, the text matches if and only if the rest of
    /// it is in the set (`^[^\s]+$` on a long value reads it byte by byte).
    tails: Vec<(u64, Set, Box<[bool; 128]>)>,
    /// The states on ASCII text, as a table (filled last by [`Simple::new`]).
    table: table::Table,
}

impl Simple {
    /// The matcher of `hir`, if it has that shape and fits in [`MAX_BITS`].
    pub(super) fn new(hir: &Hir) -> Option<Simple> {
        let alternatives = match hir.kind() {
            HirKind::Alternation(hs) => hs.iter().try_fold(Vec::new(), |mut all, h| {
                all.extend(sequences(h)?);
                Some(all)
            })?,
            _ => sequences(hir)?,
        };
        let bits: usize = alternatives.iter().map(|s| s.positions.len() + 1).sum();
        if bits > MAX_BITS || alternatives.len() > MAX_ALTERNATIVES {
            return None;
        }
        let mut m = Simple {
            ascii: [0; 128],
            wide: Vec::new(),
            repeats: 0,
            optional: 0,
            initial: 0,
            floating: 0,
            at_end: 0,
            anywhere: 0,
            tails: Vec::new(),
            table: table::Table::default(),
        };
        let mut bit = 0u32;
        for seq in alternatives {
            m.initial |= 1 << bit;
            if !seq.start {
                m.floating |= 1 << bit;
            }
            if let (true, Some(last)) = (seq.end, seq.positions.last())
                && last.repeats
            {
                let end = u32::try_from(seq.positions.len()).ok()?;
                let table = std::array::from_fn(|c| last.set.ascii >> c & 1 == 1);
                m.tails
                    .push((1 << (bit + end), last.set.clone(), Box::new(table)));
            }
            for p in seq.positions {
                let b = 1u64 << bit;
                for (c, mask) in m.ascii.iter_mut().enumerate() {
                    if p.set.ascii >> c & 1 == 1 {
                        *mask |= b;
                    }
                }
                if !p.set.wide.is_empty() {
                    m.wide.push((bit, p.set));
                }
                m.repeats |= if p.repeats { b } else { 0 };
                m.optional |= if p.optional { b } else { 0 };
                bit += 1;
            }
            // The last bit has no set: no shift carries a state into the next alternative.
            *(if seq.end {
                &mut m.at_end
            } else {
                &mut m.anywhere
            }) |= 1 << bit;
            bit += 1;
        }
        m.table = table::Table::new(&m)?;
        Some(m)
    }

    /// The positions whose set holds `c`.
    #[inline]
    fn holding(&self, c: char) -> u64 {
        match self.ascii.get(c as usize) {
            Some(&mask) => mask,
            None => self
                .wide
                .iter()
                .filter(|(_, set)| set.holds_wide(c))
                .fold(0, |mask, (bit, _)| mask | 1 << bit),
        }
    }

    /// `state` with every optional position after a reached bit skipped.
    #[inline]
    fn closed(&self, mut state: u64) -> u64 {
        if self.optional == 0 {
            return state;
        }
        loop {
            let next = state | (state & self.optional) << 1;
            if next == state {
                return state;
            }
            state = next;
        }
    }

    /// The state after a character held by the positions `holding`, from `state`.
    #[inline]
    fn step(&self, state: u64, holding: u64) -> u64 {
        let state = (state & holding) << 1 | state & (self.repeats & holding) << 1;
        self.closed(state | self.floating)
    }

    /// Whether `text` holds a match (unanchored, as `RegExp.prototype.test`): by the table
    /// while the text is ASCII, then bit-parallel.
    pub(super) fn is_match(&self, text: &str) -> bool {
        match self.table.read(text.as_bytes()) {
            table::Read::Verdict(matched) => matched,
            table::Read::Wide(at, state) => {
                text.get(at..).is_some_and(|rest| self.run(state, rest))
            }
        }
    }

    /// Whether the text read so far, which left the matcher in `state`, and then `text` hold
    /// a match.
    fn run(&self, mut state: u64, text: &str) -> bool {
        for (i, c) in text.char_indices() {
            if state & self.anywhere != 0 {
                return true;
            }
            if self.floating == 0 {
                // Anchored at the start: no alternative left, or one left in its last,
                // repeated position.
                if state == 0 {
                    return false;
                }
                if let Some((_, set, table)) = self.tails.iter().find(|(bit, ..)| *bit == state) {
                    return text.get(i..).is_some_and(|rest| set.holds_all(rest, table));
                }
            }
            state = self.step(state, self.holding(c));
        }
        state & (self.anywhere | self.at_end) != 0
    }
}

/// The alternatives `hir` is, when it is a concatenation of anchors, literals, classes,
/// repeated classes and optional groups (alternations and optional groups inside multiply
/// out), with `^` first and `$` last only.
fn sequences(hir: &Hir) -> Option<Vec<Sequence>> {
    let items: &[Hir] = match hir.kind() {
        HirKind::Concat(hs) => hs,
        _ => std::slice::from_ref(hir),
    };
    let mut all = vec![Sequence::default()];
    for (i, item) in items.iter().enumerate() {
        match item.kind() {
            HirKind::Look(Look::Start) if i == 0 => all.iter_mut().for_each(|s| s.start = true),
            HirKind::Look(Look::End) if i == items.len() - 1 => {
                all.iter_mut().for_each(|s| s.end = true);
            }
            HirKind::Capture(c) if !matches!(c.sub.kind(), HirKind::Look(_)) => {
                all = product(all, sequences(&c.sub)?)?;
            }
            HirKind::Alternation(hs) => {
                let mut choices = Vec::new();
                for h in hs {
                    choices.extend(sequences(h)?);
                }
                all = product(all, choices)?;
            }
            // An optional group (`(\.\d+)?`): with it and without.
            HirKind::Repetition(r)
                if r.min == 0 && r.max == Some(1) && positions(item).is_none() =>
            {
                let mut choices = sequences(&r.sub)?;
                choices.push(Sequence::default());
                all = product(all, choices)?;
            }
            _ => {
                let positions = positions(item)?;
                for s in &mut all {
                    s.positions.extend(positions.iter().cloned());
                }
            }
        }
        if all.iter().map(|s| s.positions.len() + 1).sum::<usize>() > MAX_BITS {
            return None;
        }
    }
    Some(all)
}

/// Every sequence of `heads` followed by every sequence of `tails`, when no tail is anchored.
fn product(heads: Vec<Sequence>, tails: Vec<Sequence>) -> Option<Vec<Sequence>> {
    if tails.iter().any(|t| t.start || t.end) || heads.iter().any(|h| h.end) {
        return None;
    }
    let mut out = Vec::with_capacity(heads.len() * tails.len());
    for h in &heads {
        for t in &tails {
            let mut s = h.clone();
            s.positions.extend(t.positions.iter().cloned());
            out.push(s);
        }
    }
    Some(out)
}

/// The positions of a literal, a class or a repeated class (or single character).
fn positions(hir: &Hir) -> Option<Vec<Position>> {
    let one = |set| Position {
        set,
        optional: false,
        repeats: false,
    };
    match hir.kind() {
        HirKind::Literal(l) => Some(
            std::str::from_utf8(&l.0)
                .ok()?
                .chars()
                .map(|c| one(Set::char(c)))
                .collect(),
        ),
        HirKind::Class(c) => Some(vec![one(Set::of(c)?)]),
        HirKind::Repetition(r) => {
            let set = match positions(&r.sub)?.as_slice() {
                [p] => p.set.clone(),
                _ => return None,
            };
            let min = usize::try_from(r.min).ok()?;
            let max = r.max.map(usize::try_from).transpose().ok()?;
            if min.max(max.unwrap_or(0)) >= MAX_BITS
                || max.is_some_and(|max| max - min > MAX_OPTIONAL_RUN)
            {
                return None;
            }
            let mut out: Vec<Position> = (0..min).map(|_| one(set.clone())).collect();
            match max {
                // `c{min,}`: the last of the `min` taken again, or one optional repeating.
                None if min > 0 => {
                    if let Some(last) = out.last_mut() {
                        last.repeats = true;
                    }
                }
                None => out.push(Position {
                    set,
                    optional: true,
                    repeats: true,
                }),
                Some(max) => out.extend((min..max).map(|_| Position {
                    set: set.clone(),
                    optional: true,
                    repeats: false,
                })),
            }
            Some(out)
        }
        _ => None,
    }
}
