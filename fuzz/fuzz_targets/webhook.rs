//! Fuzz target `webhook`: see `validgen_tests::fuzz::webhook`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::webhook(data));
