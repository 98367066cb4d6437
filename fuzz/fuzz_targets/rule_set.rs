//! Fuzz target `rule_set`: see `validgen_tests::fuzz::rule_set`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| validgen_tests::fuzz::rule_set(data));
