//! Fuzz target `cel`: see `validgen_tests::fuzz::cel`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::cel(data));
