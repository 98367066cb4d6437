//! Fuzz target `ytt`: see `validgen_tests::fuzz::ytt`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::ytt(data));
