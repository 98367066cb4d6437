//! `ecmaregex` against the JSON-Schema-Test-Suite (vendored under
//! `tests/corpus/json-schema-test-suite`): the groups of `pattern.json`,
//! `patternProperties.json`, `optional/ecmascript-regex.json`, `optional/non-bmp-regex.json`,
//! `optional/format/regex.json` and `optional/format/ecmascript-regex.json`, for draft 2020-12
//! and draft 7.
//!
//! Each group's schema is evaluated by a small evaluator of the keywords these files use
//! (`pattern`, `patternProperties`, `additionalProperties`, `type`, `maximum`, `format:
//! regex`, boolean schemas), with [`EcmaRegex`] for every regular expression. A group using
//! any other keyword must be listed in [`SKIPPED`] with the reason; a test whose regular
//! expression is valid ECMA-262 but refused by `ecmaregex` (a construct the `regex` crate
//! cannot run) must be listed in [`REFUSED`]. Every other group must pass entirely.

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
    const DRAFTS: &[&str] = &["draft2020-12", "draft7"];

    /// Groups not evaluated, by description, with the reason. (None at present: every group of
    /// the files read uses only keywords the evaluator knows.)
    const SKIPPED: &[(&str, &str)] = &[];

    /// Tests whose regular expression (the schema's, or the instance of a `format: regex`
    /// test) is valid ECMA-262 but refused by `ecmaregex`: `(group, test, construct named in
    /// the error)`. Such a test counts as refused, not passed, and its refusal is checked.
    const REFUSED: &[(&str, &str, &str)] = &[
        (
            "ECMA 262 named groups and backreferences are valid",
            "an ECMA 262 named backreference \\k<name>",
            "backreference `\\k<n>`",
        ),
        (
            "ECMA 262 lookbehind is valid, including variable width",
            "a variable-width lookbehind (ES2018)",
            "lookbehind `(?<=`",
        ),
    ];

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
            && !compile(p)?.is_match(s)
        {
            return Ok(false);
        }
        if let (Some(Value::String(f)), Value::String(s)) = (map.get("format"), instance) {
            assert_eq!(f, "regex");
            if let Err(e) = EcmaRegex::new(s) {
                // A refused construct is not a syntax error: let the caller check the list.
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
                    if re.is_match(key) {
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
        groups_with_refusals: usize,
        groups_total: usize,
        groups_skipped: Vec<String>,
        tests_passed: usize,
        tests_refused: Vec<String>,
        failures: Vec<String>,
        skipped_seen: BTreeSet<&'static str>,
        refused_seen: BTreeSet<(&'static str, &'static str)>,
    }

    fn run_file(draft: &str, file: &str, tally: &mut Tally) {
        let path = suite().join(draft).join(file);
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
            let mut group_refused = false;
            for test in group["tests"].as_array().unwrap() {
                let tdesc = test["description"].as_str().unwrap();
                let expected = test["valid"].as_bool().unwrap();
                let listed = REFUSED.iter().find(|(g, t, _)| *g == desc && *t == tdesc);
                match (valid(schema, &test["data"]), listed) {
                    (Ok(got), None) if got == expected => tally.tests_passed += 1,
                    (Ok(got), None) => {
                        group_ok = false;
                        tally.failures.push(format!(
                            "{at} / {tdesc:?}: valid = {got}, expected {expected} (data {})",
                            test["data"]
                        ));
                    }
                    (Ok(_), Some(_)) => {
                        group_ok = false;
                        tally.failures.push(format!(
                            "{at} / {tdesc:?}: listed in REFUSED but not refused"
                        ));
                    }
                    (Err(r), Some(&(g, t, construct))) => {
                        tally.refused_seen.insert((g, t));
                        group_refused = true;
                        if r.message.contains(construct) {
                            tally
                                .tests_refused
                                .push(format!("{at} / {tdesc:?}: {:?}: {}", r.pattern, r.message));
                        } else {
                            tally.failures.push(format!(
                                "{at} / {tdesc:?}: refused as {:?}, expected to name {construct:?}",
                                r.message
                            ));
                        }
                    }
                    (Err(r), None) => {
                        group_ok = false;
                        tally.failures.push(format!(
                            "{at} / {tdesc:?}: {:?} refused: {}",
                            r.pattern, r.message
                        ));
                    }
                }
            }
            if group_ok && group_refused {
                tally.groups_with_refusals += 1;
            } else if group_ok {
                tally.groups_passed += 1;
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
            "ecma_regex: {} groups: {} passed entirely, {} passed but for refused tests, {} \
             skipped; {} tests passed, {} refused",
            tally.groups_total,
            tally.groups_passed,
            tally.groups_with_refusals,
            tally.groups_skipped.len(),
            tally.tests_passed,
            tally.tests_refused.len()
        );
        for s in &tally.groups_skipped {
            eprintln!("  skipped: {s}");
        }
        for r in &tally.tests_refused {
            eprintln!("  refused: {r}");
        }
        assert!(
            tally.failures.is_empty(),
            "{} failures:\n{}",
            tally.failures.len(),
            tally.failures.join("\n")
        );
        // The lists must not rot: every entry is met.
        for (d, _) in SKIPPED {
            assert!(
                tally.skipped_seen.contains(d),
                "SKIPPED entry {d:?} not met"
            );
        }
        for (g, t, _) in REFUSED {
            assert!(
                tally.refused_seen.contains(&(*g, *t)),
                "REFUSED entry {g:?} / {t:?} not met"
            );
        }
        // Every group is accounted for; each REFUSED entry is met in both drafts.
        assert_eq!(
            tally.groups_passed + tally.groups_with_refusals + tally.groups_skipped.len(),
            tally.groups_total
        );
        assert_eq!(tally.tests_refused.len(), DRAFTS.len() * REFUSED.len());
        assert_eq!(
            tally.groups_total, 74,
            "the vendored suite changed: review the lists"
        );
    }

    /// Every pattern of the suite's pattern-related files compiles (or is a listed refusal),
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
