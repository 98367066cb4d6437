//! Fuzz target `goregex`: see `validgen_tests::fuzz::goregex`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::goregex(data));
