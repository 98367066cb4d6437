//! Parallel work with results in input order: items are taken in order by rayon's workers,
//! and each result is handed on as soon as it and every result before it are ready.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use rayon::iter::{ParallelBridge, ParallelIterator};

/// Runs `work` on every item on rayon's thread pool and calls `emit` with the results in the
/// order of `items`, on the calling thread. When `emit` returns `false`, items not yet started
/// are not worked on, and nothing more is emitted.
pub(super) fn for_each<T, R, W, E>(items: &[T], work: W, mut emit: E)
where
    T: Sync,
    R: Send,
    W: Fn(&T) -> R + Sync,
    E: FnMut(R) -> bool,
{
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        let (stop, work) = (&stop, &work);
        scope.spawn(move || {
            // `par_bridge` hands items out in order, so early results come first.
            items
                .iter()
                .enumerate()
                .par_bridge()
                .for_each_with(tx, |tx, (i, item)| {
                    if !stop.load(Ordering::Relaxed) {
                        // The receiver only hangs up after `stop` is set.
                        let _ = tx.send((i, work(item)));
                    }
                });
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, result) in rx {
            if stop.load(Ordering::Relaxed) {
                continue;
            }
            pending.insert(i, result);
            while let Some(result) = pending.remove(&next) {
                next += 1;
                if !emit(result) {
                    stop.store(true, Ordering::Relaxed);
                    pending.clear();
                    break;
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_input_order_whatever_the_finishing_order() {
        let items: Vec<u64> = (0..64).collect();
        let mut seen = Vec::new();
        for_each(
            &items,
            |&i| {
                // Early items take longest.
                std::thread::sleep(std::time::Duration::from_millis(64 - i));
                i * 10
            },
            |r| {
                seen.push(r);
                true
            },
        );
        assert_eq!(seen, (0..64).map(|i| i * 10).collect::<Vec<_>>());
    }

    #[test]
    fn emit_false_stops_the_run() {
        let items: Vec<u32> = (0..1000).collect();
        let mut seen = Vec::new();
        for_each(
            &items,
            |&i| i,
            |r| {
                seen.push(r);
                r < 3
            },
        );
        assert_eq!(seen, vec![0, 1, 2, 3]);
    }
}
