//! The catalogue of compile errors of `include_validators!`: one `ui/invalid_<thing>_<problem>.rs`
//! per diagnostic, with the exact, located message in its `.stderr`; and `ui/pass_*.rs` for the
//! `reference_failures` opt-out.

#[test]
fn ui() {
    // trybuild builds the cases in a crate of its own, elsewhere: the macro resolves catalogs
    // from VALIDGEN_MANIFEST_DIR when set.
    #[allow(unsafe_code)]
    // SAFETY: this test binary has this one test; no other thread reads the environment yet.
    unsafe {
        std::env::set_var("VALIDGEN_MANIFEST_DIR", env!("CARGO_MANIFEST_DIR"));
    }
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/invalid_*.rs");
    t.pass("ui/pass_*.rs");
}
