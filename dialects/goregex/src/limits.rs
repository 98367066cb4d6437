//! What one compiled pattern, and the patterns of one review, may cost.
//!
//! Go's `regexp` compiles `\pL{1000}` into 1000 instructions; the `regex` crate builds a UTF-8
//! automaton per `\pL`, about 50 MiB and a second for the same pattern. A rule set carried by
//! a VM is untrusted input, so the length ([`MAX_PATTERN_BYTES`]) and the automaton
//! ([`NFA_SIZE_LIMIT`]) of one pattern are bounded,
//! and so is the compilation work of one review ([`with_compile_budget`]). Patterns refused
//! by these limits fail their rule with [`ErrorCode::OverLimit`](super::ErrorCode::OverLimit)
//! (Go would accept them; real templates' patterns are thousands of times smaller).

use std::cell::Cell;

/// Longest pattern compiled, in bytes: parsing alone costs about a second per MiB (the
/// `regex` crate parses its translation before it can tell the automaton is too large).
pub const MAX_PATTERN_BYTES: usize = 32 << 10;
/// Largest automaton (Thompson NFA, in bytes) of one pattern: the `regex` crate's
/// `size_limit`, applied to the forward and the reverse automaton each.
pub const NFA_SIZE_LIMIT: usize = 2 << 20;
/// Largest lazy-DFA cache of one pattern, in bytes (per search thread; the `regex` crate's
/// `dfa_size_limit`, whose default this is).
pub const DFA_CACHE_BYTES: usize = 2 << 20;
/// Least compilation cost charged to a review for a pattern it compiles (a cache hit costs
/// nothing), so that many tiny distinct patterns also exhaust the budget.
pub const MIN_COMPILE_CHARGE: usize = 64 << 10;

thread_local! {
    /// Bytes of compiled automata the review running on this thread may still build.
    static BUDGET: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Runs `f` (one review) allowing at most `bytes` of newly compiled pattern automata on this
/// thread: each pattern compiled (not found in the shared cache) is charged its heap size
/// (at least [`MIN_COMPILE_CHARGE`]; [`NFA_SIZE_LIMIT`] for one refused as too large), and
/// once the budget is spent, further patterns not in the cache fail as over the limit. Outside
/// such a call there is no budget (build-time compilation, the CLI on local files).
pub fn with_compile_budget<R>(bytes: usize, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<usize>);
    impl Drop for Restore {
        fn drop(&mut self) {
            BUDGET.with(|b| b.set(self.0));
        }
    }
    let _restore = Restore(BUDGET.with(|b| b.replace(Some(bytes))));
    f()
}

/// Whether the review on this thread may compile another pattern.
pub(super) fn budget_left() -> bool {
    BUDGET.with(|b| b.get() != Some(0))
}

/// Charges `bytes` of compilation to the review on this thread, if it has a budget.
pub(super) fn charge(bytes: usize) {
    BUDGET.with(|b| {
        if let Some(left) = b.get() {
            b.set(Some(left.saturating_sub(bytes.max(MIN_COMPILE_CHARGE))));
        }
    });
}
