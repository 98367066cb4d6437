//! Child vectors kept from one parse to the next on the same thread: a tape's `kids` when it
//! is dropped, a parse's stack of open containers when it ends. Validating documents one
//! after another (a batch, a webhook's requests) then allocates only the node vector per
//! document: for a document of a few hundred bytes, the allocator's calls cost about as much
//! as the parse itself.
//!
//! At most [`KEPT`] vectors of at most [`KEPT_CAPACITY`] entries each are kept per thread
//! (2 MiB), so that one huge document does not hold its memory after it is gone.

use std::cell::RefCell;

/// How many spare vectors a thread keeps.
const KEPT: usize = 2;

/// The largest vector kept, in entries (`u32`s): 256 Ki entries, 1 MiB.
const KEPT_CAPACITY: usize = 1 << 18;

thread_local! {
    static SPARE: RefCell<Vec<Vec<u32>>> = const { RefCell::new(Vec::new()) };
}

/// An empty vector with room for `capacity` entries: a spare one if the thread has one.
pub(super) fn take(capacity: usize) -> Vec<u32> {
    match SPARE.with_borrow_mut(Vec::pop) {
        Some(mut spare) => {
            spare.clear();
            spare.reserve(capacity);
            spare
        }
        None => Vec::with_capacity(capacity),
    }
}

/// Keeps `vector` for a later [`take`], unless the thread keeps enough or it is too big.
pub(super) fn give(vector: Vec<u32>) {
    if vector.capacity() <= KEPT_CAPACITY {
        SPARE.with_borrow_mut(|spare| {
            if spare.len() < KEPT {
                spare.push(vector);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_come_back_empty_and_big_ones_are_not_kept() {
        let mut v = take(4);
        v.extend([1, 2, 3]);
        give(v);
        let again = take(2);
        assert!(again.is_empty());
        assert!(again.capacity() >= 4);
        give(Vec::with_capacity(KEPT_CAPACITY + 1));
        let fresh = take(0);
        assert!(fresh.capacity() <= KEPT_CAPACITY);
        give(again);
        give(fresh);
        give(Vec::new());
        assert_eq!(SPARE.with_borrow(Vec::len), KEPT);
    }
}
