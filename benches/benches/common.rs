//! Criterion settings shared by the bench targets: modest times, so that the whole `cargo
//! bench` stays within ~10 minutes on a shared 2-core machine.

use std::time::Duration;

use criterion::Criterion;

/// 50 samples, 1 s warm-up, 3 s of measurement per benchmark.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(50)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}
