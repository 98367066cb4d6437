//! Fuzz target `json_stream`: see `validgen_tests::fuzz::json_stream`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::json_stream(data));
