//! Fuzz target `single_pass`: see `validgen_tests::fuzz::single_pass`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::single_pass(data));
