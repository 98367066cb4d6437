//! `--schema-map URL_PREFIX=PATH` on `validate --schema`, `check --schema` and
//! `generate --schemas`: `$ref`s to other URLs read from local files, never fetched; an
//! unresolved one located and named with the mappings tried.

use crate::common::run;

const ORDER: &str = "cli/tests/data/schemas/refs/order.schema.json";
const VENDOR: &str = "https://schemas.example/=cli/tests/data/schemas/vendor";
const ORDERS: &str = "cli/tests/data/schemas/docs/orders.yaml";

#[test]
fn validate_reads_mapped_documents_and_names_their_keywords() {
    let (code, out, err) = run(&[
        "validate",
        "--schema",
        ORDER,
        "--schema-map",
        VENDOR,
        ORDERS,
    ]);
    assert_eq!(code, 1, "{err}");
    let d = ORDERS;
    assert_eq!(
        out,
        format!(
            "VALID   {d}#0
INVALID {d}#1 (2 violations)
    {d}:5:16: /total/value: -1 is less than the minimum of 0 [https://schemas.example/money/amount.json#/properties/value/minimum]
    {d}:5:30: /total/currency: \"euro\" does not match \"^[A-Z]{{3}}$\" [https://schemas.example/money/currency.json#/pattern]
"
        )
    );
}

#[test]
fn an_unmapped_url_is_a_located_error_naming_the_mappings_tried() {
    let (code, _, err) = run(&["validate", "--schema", ORDER, ORDERS]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!("{ORDER}:6:23: /properties/total/$ref: `$ref` `money/amount.json` names `https://schemas.example/money/amount.json`, outside this schema: no schema map covers it (nothing is fetched")),
        "{err}"
    );
    // A mapping whose folder lacks the file is named with the path it looked at.
    let wrong = "https://schemas.example/money/=cli/tests/data/schemas/vendor";
    let (code, out, _) = run(&["check", "--schema", ORDER, "--schema-map", wrong]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("mappings tried: `https://schemas.example/money/=cli/tests/data/schemas/vendor` (no schema at cli/tests/data/schemas/vendor/amount.json)"),
        "{out}"
    );
    let (code, out, err) = run(&["check", "--schema", ORDER, "--schema-map", VENDOR]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn a_bad_mapping_is_refused() {
    let (code, _, err) = run(&[
        "validate",
        "--schema",
        ORDER,
        "--schema-map",
        "no-equals",
        ORDERS,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("is not URL_PREFIX=PATH"), "{err}");
    let missing = "https://x/=cli/tests/data/schemas/no-such-folder";
    let (code, _, err) = run(&[
        "validate",
        "--schema",
        ORDER,
        "--schema-map",
        missing,
        ORDERS,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no such file or folder"), "{err}");
}

#[test]
fn generate_compiles_mapped_references_in() {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = out_dir.path().join("crate");
    let out_arg = out.to_string_lossy().into_owned();
    let refs = "cli/tests/data/schemas/refs";
    let (code, _, err) = run(&["generate", "--schemas", refs, "--out", &out_arg]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no schema map covers it"), "{err}");
    let (code, _, err) = run(&[
        "generate",
        "--schemas",
        refs,
        "--schema-map",
        VENDOR,
        "--out",
        &out_arg,
    ]);
    assert_eq!(code, 0, "{err}");
    let code = std::fs::read_to_string(out.join("src/lib.rs")).expect("generated");
    assert!(code.contains("order_schema"), "{code}");
}
