// With `schema_map`, a `$ref` to a URL is read from a local folder (nothing is fetched);
// schemas of the folder reference each other by relative path.
validgen::include_schemas!(
    "ui/schemas/schema_map",
    schema_map = "https://example.com/schemas/=ui/schemas/vendor"
);

fn main() {
    use validgen::interpret::Explain;
    let bad = validgen::serde_json::json!({"port": 70000, "name": ""});
    let report = app_schema(&bad, Explain::Failures);
    let keywords: Vec<&str> = report.violations.iter().map(|v| v.keyword.as_str()).collect();
    assert_eq!(keywords.len(), 2, "{keywords:?}");
    assert!(keywords.iter().any(|k| k.ends_with("name.schema.json#/minLength")), "{keywords:?}");
    assert!(keywords.contains(&"https://example.com/schemas/port.json#/maximum"), "{keywords:?}");
    let good = validgen::serde_json::json!({"port": 80, "name": "web"});
    assert!(app_schema(&good, Explain::Failures).violations.is_empty());
    assert!(app_schema_bytes_is_valid(br#"{"port": 80}"#).unwrap());
    assert!(!app_schema_bytes_is_valid(br#"{"port": 0}"#).unwrap());
}
