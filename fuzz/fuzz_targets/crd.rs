//! Fuzz target `crd`: see `validgen_tests::fuzz::crd`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::crd(data));
