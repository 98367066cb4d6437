//! Where each sequence item starts, as go-yaml v2 in ytt records it: a block item at its `-`, a
//! flow item at the `[` (the first) or the `,` before it (`parserc.go`, `pendingSeqItemEvent`).
//!
//! The parser's events only give the item's value, which may start lines below its `-`
//! (`-\n  a: 1`), so a scanner pass collects the indicators; an item's indicator is the last one
//! before its value. The scanner places a `-` token just after the `-` (where a value on the
//! same line starts, so `- - a` gives the outer item's value and the inner `-` one position),
//! a `[` or `,` token at its character.

use granit_parser::{Options, Scanner, StrInput, TokenType};

/// The sequence-item indicators of a text, in order: (key, 1-based line), where the key is
/// twice the character index, plus one for a flow indicator: a value at index `i` (key `2 i`)
/// follows a `-` at `i` or before, a `[` or `,` strictly before.
pub(super) struct Entries(Vec<(usize, usize)>);

impl Entries {
    /// Scans `text` with `options` for its `-`, `[` and `,` tokens. A scan error ends the list:
    /// the parser, run on the same text, reports it.
    pub(super) fn scan(text: &str, options: Options) -> Entries {
        let mut found = Vec::new();
        for token in Scanner::with_options(StrInput::new(text), options) {
            let Ok(token) = token else { break };
            let flow = match token.token_type() {
                TokenType::BlockEntry => 0,
                TokenType::FlowSequenceStart | TokenType::FlowEntry => 1,
                _ => continue,
            };
            let start = token.span().start;
            found.push((
                start.index().saturating_mul(2).saturating_add(flow),
                start.line(),
            ));
        }
        found.sort_by_key(|&(key, _)| key);
        Entries(found)
    }

    /// The line of the indicator of the item whose value starts at character index
    /// `value_start`, or `fallback` if there is none.
    pub(super) fn line_before(&self, value_start: usize, fallback: usize) -> usize {
        let key = value_start.saturating_mul(2);
        let count = self.0.partition_point(|&(k, _)| k <= key);
        count
            .checked_sub(1)
            .and_then(|i| self.0.get(i))
            .map_or(fallback, |&(_, line)| line)
    }
}
