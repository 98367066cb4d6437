//! Fuzz target `decision`: see `validgen_tests::fuzz::decision`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::decision(data));
