//! The compiled patterns shared by every rule and review of the process, keyed by Go source.
//!
//! Rule sets carried by VMs are compiled at each review; the same few patterns come back
//! again and again, and compiling one costs far more than matching it. The cache is bounded
//! by entries and by the heap size of the automata it holds; the least recently used
//! entries go first. Refusals (over [`NFA_SIZE_LIMIT`](super::limits::NFA_SIZE_LIMIT)) are
//! kept too: they are the costly ones to repeat.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use super::{GoRegex, GoRegexError};

/// Most patterns kept.
pub const CACHE_ENTRIES: usize = 4096;
/// Most heap bytes of compiled automata kept (each entry counts at least its source length).
pub const CACHE_BYTES: usize = 64 << 20;

struct Entry {
    compiled: Result<GoRegex, GoRegexError>,
    bytes: usize,
    used: u64,
}

#[derive(Default)]
struct Cache {
    entries: HashMap<String, Entry>,
    bytes: usize,
    clock: u64,
}

static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

/// The cached compilation of `pattern`, if any.
pub(super) fn get(pattern: &str) -> Option<Result<GoRegex, GoRegexError>> {
    let mut guard = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let cache = guard.get_or_insert_with(Cache::default);
    cache.clock += 1;
    let now = cache.clock;
    let e = cache.entries.get_mut(pattern)?;
    e.used = now;
    Some(e.compiled.clone())
}

/// Keeps the compilation of `pattern`, whose automata take `bytes` of heap.
pub(super) fn put(pattern: &str, compiled: Result<GoRegex, GoRegexError>, bytes: usize) {
    let bytes = bytes.max(pattern.len());
    if bytes > CACHE_BYTES / 4 {
        return;
    }
    let mut guard = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let cache = guard.get_or_insert_with(Cache::default);
    cache.clock += 1;
    let used = cache.clock;
    if let Some(old) = cache.entries.insert(
        pattern.to_owned(),
        Entry {
            compiled,
            bytes,
            used,
        },
    ) {
        cache.bytes -= old.bytes;
    }
    cache.bytes += bytes;
    if cache.entries.len() > CACHE_ENTRIES || cache.bytes > CACHE_BYTES {
        cache.evict();
    }
}

impl Cache {
    /// Drops the least recently used entries until at most 3/4 of both bounds are used (so
    /// that the sort is paid once per many insertions).
    fn evict(&mut self) {
        let mut by_age: Vec<(u64, String)> = self
            .entries
            .iter()
            .map(|(k, e)| (e.used, k.clone()))
            .collect();
        by_age.sort_unstable();
        for (_, key) in by_age {
            if self.entries.len() <= CACHE_ENTRIES * 3 / 4 && self.bytes <= CACHE_BYTES * 3 / 4 {
                break;
            }
            if let Some(e) = self.entries.remove(&key) {
                self.bytes -= e.bytes;
            }
        }
    }
}

/// Patterns and heap bytes held now (for tests and metrics).
pub fn usage() -> (usize, usize) {
    let guard = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    guard
        .as_ref()
        .map_or((0, 0), |c| (c.entries.len(), c.bytes))
}
