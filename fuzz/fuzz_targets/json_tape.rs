//! Fuzz target `json_tape`: see `validgen_tests::fuzz::json_tape`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::json_tape(data));
