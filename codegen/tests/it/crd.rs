//! CRD versions' CEL rules at build time (feature `crd`): a rule that does not parse is an
//! error at its `rule:` in the CRD file, all collected; a CRD whose rules parse gets its
//! `<name>_judge` and `CRD_JUDGES`.

use std::path::PathBuf;

use validgen_codegen::{SchemaOptions, compile_schema_dir, pretty};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn options() -> SchemaOptions {
    SchemaOptions {
        cel_rules: true,
        ..SchemaOptions::default()
    }
}

#[test]
fn rules_that_do_not_parse_are_located_errors() {
    let diags = compile_schema_dir(&data("bad_cel"), "bad_cel", options())
        .expect_err("two rules do not parse");
    let at: Vec<(usize, usize, bool)> = diags
        .0
        .iter()
        .map(|d| {
            assert_eq!(d.file, "bad_cel/widgets.yaml");
            (
                d.line,
                d.column,
                d.message.starts_with("CEL rule does not compile: "),
            )
        })
        .collect();
    // The `rule:` values of `self.min ===` and `self.startsWith('x-'`.
    assert_eq!(at, [(24, 25, true), (31, 29, true)]);
}

#[test]
fn rules_that_parse_give_a_judge() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/crd-rules");
    let generated = compile_schema_dir(&dir, "crd-rules", options()).expect("compiles");
    let text = pretty(&generated.tokens).expect("generated code parses");
    assert!(text.contains("pub fn widget_v1_judge("), "{text}");
    assert!(text.contains("pub static CRD_JUDGES"));
    // Without it, no judge.
    let plain = compile_schema_dir(&dir, "crd-rules", SchemaOptions::default()).expect("compiles");
    assert!(!pretty(&plain.tokens).expect("parses").contains("_judge("));
}
