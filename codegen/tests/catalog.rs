//! The real catalogs through the generator: the current one compiles; every historical
//! release either compiles or fails with located diagnostics.

use std::path::PathBuf;

use validgen_codegen::{Options, compile_dir, pretty};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn current_catalog_compiles() {
    let dir = root().join("examples/common-templates/templates");
    let generated = compile_dir(&dir, "templates", Options::default()).expect("catalog compiles");
    assert_eq!(generated.templates.len(), 172);
    let text = pretty(&generated.tokens).expect("generated code parses");
    assert!(
        text.contains("pub fn rhel9_server_small("),
        "one function per template"
    );
    assert!(text.contains("pub static CATALOG"));
    // Identical rule texts share one function: far fewer rule sets than templates.
    let sets = text.matches("\nfn __rule_set_").count();
    assert!(sets > 0 && sets < 40, "{sets} rule sets");
}
