//! Fuzz target `kyverno`: see `validgen_tests::fuzz::kyverno`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::kyverno(data));
