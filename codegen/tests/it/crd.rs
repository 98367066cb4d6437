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

/// Rules that parse but that the API server's CRD validation refuses (a type error, an
/// estimated cost over the per-rule limit) are errors at their `rule:`, in its words.
#[test]
fn rules_the_api_server_refuses_are_located_errors() {
    let diags = compile_schema_dir(&data("refused_cel"), "refused_cel", options())
        .expect_err("the API server refuses the CRD");
    let found: Vec<(usize, usize, &str)> = diags
        .0
        .iter()
        .map(|d| (d.line, d.column, d.message.as_str()))
        .collect();
    let type_error = "the API server refuses the CRD: openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {\"Rule\":\"self.replicas + 'x' == 1\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: compilation failed: ERROR: <input>:1:15: found no matching overload for '_+_' applied to '(int, string)'\n | self.replicas + 'x' == 1\n | ..............^";
    let cost = "the API server refuses the CRD: openAPIV3Schema.properties[spec].properties[hosts].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)";
    // Children before their parent, as the API server walks a schema; the rule over the
    // limit also tops the schema's total, which comes last.
    assert_eq!(found.len(), 4, "{found:#?}");
    assert_eq!(found[0], (31, 29, cost));
    assert_eq!(found[1], (24, 25, type_error));
    assert_eq!(found[2].0, 31);
    assert!(found[2].2.ends_with(
        "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema"
    ));
    assert!(found[3].2.contains(
        "openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total"
    ));
}
