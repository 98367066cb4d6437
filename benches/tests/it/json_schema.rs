//! The JSON Schema fixtures: every measured document is streamed and judged as `jsonschema`
//! judges it.

use validgen_benches::json_schema::*;

/// Every measured document is judged by the streamed verdict (the bytes benchmarks do not
/// measure its fallback) and as the oracle judges it.
#[test]
fn every_case_is_streamed_and_judged_as_jsonschema_does() {
    let mut invalid = Vec::new();
    for case in cases() {
        let oracle = case.oracle();
        for (label, doc) in &case.documents {
            let id = format!("{}/{label}", case.label);
            let bytes = serde_json::to_vec(doc).expect("JSON serialises");
            let valid = (case.validator.is_valid)(doc);
            assert_eq!(valid, oracle.is_valid(doc), "{id}");
            assert_eq!((case.validator.stream)(&bytes), Some(valid), "{id}");
            assert_eq!((case.validator.is_valid_bytes)(&bytes), Ok(valid), "{id}");
            if !valid {
                invalid.push(id);
            }
        }
    }
    assert_eq!(
        invalid,
        [
            "bundle/many-invalid",
            "devcontainer/misspelt-invalid",
            "iot-edge/misspelt-invalid",
            "pre-commit/misspelt-invalid"
        ]
    );
}
