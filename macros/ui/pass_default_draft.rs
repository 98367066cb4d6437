// With `default_draft`, a schema without `$schema` is read as that draft: here draft-04,
// whose boolean `exclusiveMaximum` makes `maximum` exclusive.
validgen::include_schemas!("ui/schemas/draft4", default_draft = "draft-04");

fn main() {
    use validgen::interpret::Explain;
    let bad = validgen::serde_json::json!({"port": 65536});
    let report = bounds_schema(&bad, Explain::Failures);
    assert_eq!(report.violations[0].keyword, "/properties/port/maximum");
    let good = validgen::serde_json::json!({"port": 65535});
    assert!(bounds_schema(&good, Explain::Failures).violations.is_empty());
}
