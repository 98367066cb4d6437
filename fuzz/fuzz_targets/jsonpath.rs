//! Fuzz target `jsonpath`: see `validgen_tests::fuzz::jsonpath`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::jsonpath(data));
