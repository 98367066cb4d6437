//! The macro options that compile (`reference_failures`, `default_draft`, `schema_map`), each
//! expanded on a catalog of `ui/` and its validators run. They are plain tests rather than
//! trybuild pass cases: with compile-fail cases only, trybuild checks (`cargo check`) instead of
//! building its copy of the dependency graph (BENCHMARKS.md, "Suite time").

/// With `default_draft`, a schema without `$schema` is read as that draft: here draft-04, whose
/// boolean `exclusiveMaximum` makes `maximum` exclusive.
mod default_draft {
    validgen::include_schemas!("ui/schemas/draft4", default_draft = "draft-04");

    #[test]
    fn reads_a_schema_without_schema_uri_as_that_draft() {
        use validgen::interpret::Explain;
        let bad = validgen::serde_json::json!({"port": 65536});
        let report = bounds_schema(&bad, Explain::Failures);
        assert_eq!(report.violations[0].keyword, "/properties/port/maximum");
        let good = validgen::serde_json::json!({"port": 65535});
        assert!(
            bounds_schema(&good, Explain::Failures)
                .violations
                .is_empty()
        );
    }
}

/// With `reference_failures`, rules the reference fails at run time compile into that failure.
mod reference_failures {
    validgen::include_validators!("ui/catalogs/rule_unknown_kind", reference_failures = true);

    #[test]
    fn compiles_a_rule_the_reference_fails_into_that_failure() {
        let vm = validgen::serde_json::json!({"spec": {"template": {"spec": {"domain": {}}}}});
        let report = invalid_rule_unknown_kind(&vm, validgen::interpret::Explain::All);
        assert_eq!(report.rules[0].detail, "unrecognized Rule type");
    }
}

/// With `schema_map`, a `$ref` to a URL is read from a local folder (nothing is fetched);
/// schemas of the folder reference each other by relative path.
mod schema_map {
    validgen::include_schemas!(
        "ui/schemas/schema_map",
        schema_map = "https://example.com/schemas/=ui/schemas/vendor"
    );

    #[test]
    fn reads_a_mapped_url_from_the_local_folder() {
        use validgen::interpret::Explain;
        let bad = validgen::serde_json::json!({"port": 70000, "name": ""});
        let report = app_schema(&bad, Explain::Failures);
        let keywords: Vec<&str> = report
            .violations
            .iter()
            .map(|v| v.keyword.as_str())
            .collect();
        assert_eq!(keywords.len(), 2, "{keywords:?}");
        assert!(
            keywords
                .iter()
                .any(|k| k.ends_with("name.schema.json#/minLength")),
            "{keywords:?}"
        );
        assert!(
            keywords.contains(&"https://example.com/schemas/port.json#/maximum"),
            "{keywords:?}"
        );
        let good = validgen::serde_json::json!({"port": 80, "name": "web"});
        assert!(app_schema(&good, Explain::Failures).violations.is_empty());
        assert!(app_schema_bytes_is_valid(br#"{"port": 80}"#).expect("JSON"));
        assert!(!app_schema_bytes_is_valid(br#"{"port": 0}"#).expect("JSON"));
    }
}
