//! Fuzz target `quantity`: see `validgen_tests::fuzz::quantity`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::quantity(data));
