//! `ecmaregex` against the JSON-Schema-Test-Suite (vendored under
//! `tests/corpus/json-schema-test-suite`): the groups of `pattern.json`,
//! `patternProperties.json`, `optional/ecmascript-regex.json`, `optional/non-bmp-regex.json`,
//! `optional/format/regex.json` and `optional/format/ecmascript-regex.json`, for draft 2020-12
//! and draft 7.
//!
//! Each group's schema is evaluated by a small evaluator of the keywords these files use
//! (`pattern`, `patternProperties`, `additionalProperties`, `type`, `maximum`, `format:
//! regex`, boolean schemas), with [`EcmaRegex`] for every regular expression. A group using
//! any other keyword must be listed in [`SKIPPED`] with the reason. Every other group must
//! pass entirely, lookarounds and backreferences included (the backtracking engine), and
//! the groups of `optional/ecmascript-regex.json` and `optional/non-bmp-regex.json` that pass
//! are printed.

#![allow(clippy::unwrap_used)]

/// Named so that `cargo test ecma` selects these tests.
mod ecma {
    use std::collections::BTreeSet;
    use std::path::PathBuf;

    use serde_json::{Map, Value};
    use validgen_ecmaregex::EcmaRegex;

    /// The files read, relative to a draft's directory.
    const FILES: &[&str] = &[
        "pattern.json",
        "patternProperties.json",
        "optional/ecmascript-regex.json",
        "optional/non-bmp-regex.json",
        "optional/format/regex.json",
        "optional/format/ecmascript-regex.json",
    ];

    /// The drafts read.
    const DRAFTS: &[&str] = &["draft2020-12", "draft2019-09", "draft7", "draft6", "draft4"];

    /// Groups not evaluated, by description, with the reason. (None at present: every group of
    /// the files read uses only keywords the evaluator knows.)
    const SKIPPED: &[(&str, &str)] = &[];

    /// Keywords the evaluator knows.
    const KNOWN: &[&str] = &[
        "$schema",
        "type",
        "pattern",
        "patternProperties",
        "additionalProperties",
        "maximum",
        "format",
    ];

    fn suite() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/corpus/json-schema-test-suite/tests")
    }

    /// Why a regular expression could not be evaluated.
    #[derive(Debug)]
    struct Refusal {
        pattern: String,
        message: String,
    }

    fn compile(pattern: &str) -> Result<EcmaRegex, Refusal> {
        EcmaRegex::new(pattern).map_err(|e| Refusal {
            pattern: pattern.to_owned(),
            message: e.to_string(),
        })
    }

    /// The first keyword of `schema` (or of a subschema) the evaluator does not know.
    fn unknown_keyword(schema: &Value) -> Option<String> {
        let Value::Object(map) = schema else {
            return None;
        };
        for (k, v) in map {
            if !KNOWN.contains(&k.as_str()) {
                return Some(k.clone());
            }
            if k == "format" && v != "regex" {
                return Some(format!("format: {v}"));
            }
            let sub = match (k.as_str(), v) {
                ("patternProperties", Value::Object(props)) => {
                    props.values().find_map(unknown_keyword)
                }
                ("additionalProperties", v) => unknown_keyword(v),
                _ => None,
            };
            if sub.is_some() {
                return sub;
            }
        }
        None
    }

    fn has_type(instance: &Value, ty: &str) -> bool {
        match ty {
            "string" => instance.is_string(),
            "object" => instance.is_object(),
            "array" => instance.is_array(),
            "boolean" => instance.is_boolean(),
            "null" => instance.is_null(),
            "number" => instance.is_number(),
            "integer" => instance
                .as_f64()
                .is_some_and(|f| f.fract() == 0.0 && instance.is_number()),
            _ => panic!("unknown type {ty}"),
        }
    }

    /// Whether `instance` is valid against `schema`.
    fn valid(schema: &Value, instance: &Value) -> Result<bool, Refusal> {
        let map: &Map<String, Value> = match schema {
            Value::Bool(b) => return Ok(*b),
            Value::Object(m) => m,
            _ => panic!("schema {schema}"),
        };
        if let Some(Value::String(ty)) = map.get("type")
            && !has_type(instance, ty)
        {
            return Ok(false);
        }
        if let (Some(max), Some(n)) = (map.get("maximum"), instance.as_f64())
            && n > max.as_f64().unwrap()
        {
            return Ok(false);
        }
        if let (Some(Value::String(p)), Value::String(s)) = (map.get("pattern"), instance)
            && !compile(p)?.is_match(s).map_err(|e| Refusal {
                pattern: p.clone(),
                message: e.to_string(),
            })?
        {
            return Ok(false);
        }
        if let (Some(Value::String(f)), Value::String(s)) = (map.get("format"), instance) {
            assert_eq!(f, "regex");
            if let Err(e) = EcmaRegex::new(s) {
                // A refused construct is not a syntax error: the caller reports it.
                if e.message.contains("not supported") {
                    return Err(Refusal {
                        pattern: s.clone(),
                        message: e.to_string(),
                    });
                }
                return Ok(false);
            }
        }
        if let Value::Object(props) = instance {
            let patterns = match map.get("patternProperties") {
                Some(Value::Object(pp)) => pp
                    .iter()
                    .map(|(p, sub)| Ok((compile(p)?, sub)))
                    .collect::<Result<Vec<_>, Refusal>>()?,
                _ => Vec::new(),
            };
            for (key, value) in props {
                let mut matched = false;
                for (re, sub) in &patterns {
                    if re.is_match(key).map_err(|e| Refusal {
                        pattern: re.as_str().to_owned(),
                        message: e.to_string(),
                    })? {
                        matched = true;
                        if !valid(sub, value)? {
                            return Ok(false);
                        }
                    }
                }
                if !matched
                    && let Some(additional) = map.get("additionalProperties")
                    && !valid(additional, value)?
                {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    #[derive(Default)]
    struct Tally {
        groups_passed: usize,
        groups_total: usize,
        groups_skipped: Vec<String>,
        tests_passed: usize,
        failures: Vec<String>,
        skipped_seen: BTreeSet<&'static str>,
        /// The groups of the optional ECMA files that pass, by draft and file.
        optional_passed: Vec<String>,
    }

    fn run_file(draft: &str, file: &str, tally: &mut Tally) {
        let path = suite().join(draft).join(file);
        if !path.exists() {
            // draft-04 and draft-06 have no `optional/format/` files of patterns.
            return;
        }
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let groups: Vec<Value> = serde_json::from_str(&text).unwrap();
        for group in groups {
            let desc = group["description"].as_str().unwrap();
            let schema = &group["schema"];
            let at = format!("{draft}/{file}: {desc:?}");
            tally.groups_total += 1;
            if let Some(&(d, reason)) = SKIPPED.iter().find(|(d, _)| *d == desc) {
                tally.skipped_seen.insert(d);
                tally.groups_skipped.push(format!("{at} ({reason})"));
                continue;
            }
            if let Some(k) = unknown_keyword(schema) {
                tally.failures.push(format!(
                    "{at}: keyword `{k}` unknown and group not in SKIPPED"
                ));
                continue;
            }
            let mut group_ok = true;
            for test in group["tests"].as_array().unwrap() {
                let tdesc = test["description"].as_str().unwrap();
                let expected = test["valid"].as_bool().unwrap();
                match valid(schema, &test["data"]) {
                    Ok(got) if got == expected => tally.tests_passed += 1,
                    Ok(got) => {
                        group_ok = false;
                        tally.failures.push(format!(
                            "{at} / {tdesc:?}: valid = {got}, expected {expected} (data {})",
                            test["data"]
                        ));
                    }
                    Err(r) => {
                        group_ok = false;
                        tally.failures.push(format!(
                            "{at} / {tdesc:?}: {:?} refused: {}",
                            r.pattern, r.message
                        ));
                    }
                }
            }
            if group_ok {
                tally.groups_passed += 1;
                if matches!(
                    file,
                    "optional/ecmascript-regex.json" | "optional/non-bmp-regex.json"
                ) {
                    tally.optional_passed.push(at);
                }
            }
        }
    }

    #[test]
    fn json_schema_test_suite() {
        let mut tally = Tally::default();
        for draft in DRAFTS {
            for file in FILES {
                run_file(draft, file, &mut tally);
            }
        }
        eprintln!(
            "ecma_regex: {} groups: {} passed, {} skipped; {} tests passed",
            tally.groups_total,
            tally.groups_passed,
            tally.groups_skipped.len(),
            tally.tests_passed,
        );
        for s in &tally.groups_skipped {
            eprintln!("  skipped: {s}");
        }
        for g in &tally.optional_passed {
            eprintln!("  passed: {g}");
        }
        assert!(
            tally.failures.is_empty(),
            "{} failures:\n{}",
            tally.failures.len(),
            tally.failures.join("\n")
        );
        // The list must not rot: every entry is met.
        for (d, _) in SKIPPED {
            assert!(
                tally.skipped_seen.contains(d),
                "SKIPPED entry {d:?} not met"
            );
        }
        assert_eq!(
            tally.groups_passed + tally.groups_skipped.len(),
            tally.groups_total
        );
        assert_eq!(
            (
                tally.groups_total,
                tally.tests_passed,
                tally.optional_passed.len()
            ),
            // Every group of `optional/ecmascript-regex.json` (20) and
            // `optional/non-bmp-regex.json` (2) of each of the five drafts, and of the rest.
            (167, 650, 110),
            "the vendored suite changed: review the lists"
        );
    }

    /// Every pattern of the suite's files compiles,
    /// including those of keywords the evaluator does not run (`propertyNames`,
    /// `additionalProperties`, `unevaluatedProperties` neighbours).
    #[test]
    fn every_suite_pattern_compiles() {
        fn collect(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(m) => {
                    for (k, v) in m {
                        match (k.as_str(), v) {
                            ("pattern", Value::String(p)) => out.push(p.clone()),
                            ("patternProperties", Value::Object(pp)) => {
                                out.extend(pp.keys().cloned());
                            }
                            _ => {}
                        }
                        collect(v, out);
                    }
                }
                Value::Array(a) => a.iter().for_each(|v| collect(v, out)),
                _ => {}
            }
        }
        let mut patterns = Vec::new();
        for draft in DRAFTS {
            let dir = suite().join(draft);
            let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .chain(
                    std::fs::read_dir(dir.join("optional"))
                        .unwrap()
                        .map(|e| e.unwrap().path()),
                )
                .filter(|p| p.extension().is_some_and(|e| e == "json"))
                .collect();
            files.sort();
            for f in files {
                let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
                // Only schemas: tests' data may hold keys named `pattern`.
                for group in v.as_array().unwrap() {
                    collect(&group["schema"], &mut patterns);
                }
            }
        }
        assert!(patterns.len() > 40, "{}", patterns.len());
        for p in &patterns {
            if let Err(e) = EcmaRegex::new(p) {
                panic!("{p:?} refused: {e}");
            }
        }
    }
}
