//! Compiles the bench crate's dynamic rule set (`dynamic-rules.json`: path-valued arguments and
//! a filter path, which generated code evaluates through the runtime's fallback) with
//! `validgen_codegen::compile_texts` into `OUT_DIR/dynamic_validators.rs`.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let rules = manifest.join("dynamic-rules.json");
    println!("cargo:rerun-if-changed={}", rules.display());
    let text = std::fs::read_to_string(&rules).expect("read dynamic-rules.json");
    let tokens = validgen_codegen::compile_texts([text.as_str()], Default::default())
        .unwrap_or_else(|d| panic!("the dynamic rule set compiles:\n{d}"));
    let code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("dynamic_validators.rs"), code).expect("write generated code");
}
