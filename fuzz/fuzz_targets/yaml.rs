//! Fuzz target `yaml`: see `validgen_tests::fuzz::yaml`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::yaml(data));
