//! Fuzz target `ecmaregex`: see `validgen_tests::fuzz::ecmaregex`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::ecmaregex(data));
