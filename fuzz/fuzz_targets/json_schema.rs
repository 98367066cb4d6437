//! Fuzz target `json_schema`: see `validgen_tests::fuzz::json_schema`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::json_schema(data));
