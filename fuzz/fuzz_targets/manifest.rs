//! Fuzz target `manifest`: see `validgen_tests::fuzz::manifest`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::manifest(data));
