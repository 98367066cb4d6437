//! The schema export beyond ytt 0.48 (`validgen_ytt::export`), against the recorded
//! ytt 0.48.0 cases (`tests/conformance/ytt/cases.jsonl`):
//!
//! - with validations, the OpenAPI document of every `export` case is ytt's document plus
//!   validation keywords only;
//! - the JSON Schema of every `export` case compiles through validgen's JSON Schema frontend;
//! - round trip: the JSON Schema with validations accepts and rejects the same values as ytt,
//!   over every recorded values case where the mapping is exact.
//!
//! The round trip's instance, for a case `-f schema.yml [--data-values-file values.yml]...
//! --data-values-inspect`: the final data values ytt computes before validating (defaults,
//! then each values file merged and typed), as JSON (`ytt::data::to_json`). When ytt's typing
//! refuses the values (`One or more data values were invalid`) they do not compute; the
//! instance is then the same merge untyped (the defaults as JSON, each values document merged
//! over them: maps key by key, anything else replaced), which still holds the value of the
//! wrong type, the key the schema does not declare or the null, for the JSON Schema to
//! reject. A case qualifies when ytt loads its schema, every rule of the schema has an exact
//! keyword (`export::unmapped` is empty: no `when=`, `not_null`, `one_not_null`, custom rule,
//! `min`/`max` off numbers, length rule on a scalar, `one_of` on a map, array or `any=True`
//! node), and its instance computes.

use std::collections::BTreeMap;

use serde_json::Value;
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::Plain;
use validgen_gotext::yaml::{DocumentSet, Node, Scalar, parse, print};
use validgen_json_schema::{Options, compile};
use validgen_ytt::data::to_json;
use validgen_ytt::export::mapping::KEYWORD_ORDER;
use validgen_ytt::export::{json_schema, openapi_v3_with_validations, unmapped};
use validgen_ytt::lower::schema_checks;
use validgen_ytt::schema::{Schema, build};
use validgen_ytt::values::{SchemaFile, Source, SourceKind, final_values};

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/ytt/cases.jsonl"
));

struct Case {
    id: String,
    group: String,
    files: BTreeMap<String, String>,
    args: Vec<String>,
    exit_code: i64,
    stdout: String,
}

fn cases() -> Vec<Case> {
    CASES
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let strings = |v: &Value| -> Vec<String> {
                v.as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(str::to_owned))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            Case {
                id: v["id"].as_str().unwrap_or_default().to_owned(),
                group: v["group"].as_str().unwrap_or_default().to_owned(),
                files: v["files"]
                    .as_array()
                    .map(|files| {
                        files
                            .iter()
                            .map(|f| {
                                let s = |k: &str| f[k].as_str().unwrap_or_default().to_owned();
                                (s("name"), s("text"))
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
                args: strings(&v["args"]),
                exit_code: v["expected"]["exit_code"].as_i64().unwrap_or(-1),
                stdout: v["expected"]["stdout"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
            }
        })
        .collect()
}

/// The schema of `schema.yml` as ytt loads it (validation annotations checked too).
fn load_schema(case: &Case) -> Result<(Schema, &str), String> {
    let text = case.files.get("schema.yml").ok_or("no schema.yml")?;
    let set = parse(text, "schema.yml").map_err(|e| format!("parse: {e}"))?;
    let schema = build(&set, text).map_err(|e| format!("build: {e:?}"))?;
    schema_checks(&schema).map_err(|e| format!("validation: {:?}", e.error))?;
    Ok((schema, text))
}

/// A type schema without its validation keywords, recursively (`properties`, `items`).
fn strip_keywords(node: &mut Node) -> usize {
    let Node::Map(items) = node else { return 0 };
    let before = items.len();
    items.retain(|i| !matches!(&i.key, Scalar::String(k) if KEYWORD_ORDER.contains(&k.as_str())));
    let mut removed = before - items.len();
    for item in items.iter_mut() {
        match &item.key {
            Scalar::String(k) if k == "items" => removed += strip_keywords(&mut item.value),
            Scalar::String(k) if k == "properties" => {
                if let Node::Map(props) = &mut item.value {
                    for p in props {
                        removed += strip_keywords(&mut p.value);
                    }
                }
            }
            _ => {}
        }
    }
    removed
}

fn data_values_mut(doc: &mut Node) -> Option<&mut Node> {
    let mut node = doc;
    for key in ["components", "schemas", "dataValues"] {
        let Node::Map(items) = node else { return None };
        node = &mut items
            .iter_mut()
            .find(|i| i.key == Scalar::String(key.to_owned()))?
            .value;
    }
    Some(node)
}

#[test]
fn with_validations_adds_keywords_to_ytt_openapi_document() {
    let all = cases();
    let export: Vec<&Case> = all.iter().filter(|c| c.group == "export").collect();
    assert_eq!(export.len(), 330);
    let (mut same, mut with_keywords, mut keywords) = (0, 0, 0);
    for case in &export {
        let (schema, _) = load_schema(case).expect("an export case's schema loads");
        let mut doc = openapi_v3_with_validations(&schema).expect("its validations read");
        let removed = data_values_mut(&mut doc).map_or(0, strip_keywords);
        if print(&doc) == case.stdout {
            same += 1;
        } else {
            eprintln!("FAIL {}", case.id);
        }
        if removed > 0 {
            with_keywords += 1;
            keywords += removed;
        }
    }
    eprintln!("{with_keywords} export cases gain {keywords} validation keywords");
    assert_eq!(same, export.len());
    assert_eq!((with_keywords, keywords), (174, 783));
}

#[test]
fn json_schemas_compile() {
    let all = cases();
    let mut compiled = 0;
    for case in all.iter().filter(|c| c.group == "export") {
        let (schema, _) = load_schema(case).expect("an export case's schema loads");
        for validations in [false, true] {
            let document = json_schema(&schema, validations).expect("its validations read");
            match compile(&document, &Options::default()) {
                Ok(_) => compiled += 1,
                Err(errors) => eprintln!("FAIL {}: {errors:?}", case.id),
            }
        }
    }
    assert_eq!(compiled, 2 * 330);
}

/// The names of the `--data-values-file` files when `args` are `-f schema.yml
/// [--data-values-file F]... --data-values-inspect`, else `None`.
fn plain_values_args(args: &[String]) -> Option<Vec<&str>> {
    let rest = args.strip_prefix(&["-f".to_owned(), "schema.yml".to_owned()])?;
    let rest = rest.strip_suffix(&["--data-values-inspect".to_owned()])?;
    rest.chunks(2)
        .map(|pair| match pair {
            [flag, name] if flag == "--data-values-file" => Some(name.as_str()),
            _ => None,
        })
        .collect()
}

/// `over` merged into `base` as a plain data-values file merges: maps key by key, anything
/// else replaced.
fn merge(base: &mut Value, over: Value) {
    match (base, over) {
        (Value::Object(base), Value::Object(over)) => {
            for (k, v) in over {
                match base.get_mut(&k) {
                    Some(b) => merge(b, v),
                    None => {
                        base.insert(k, v);
                    }
                }
            }
        }
        (base, over) => *base = over,
    }
}

/// The JSON Schema instance of a case (see the module docs) and whether ytt's typing refuses
/// it (the instance is then the untyped merge), or why there is none.
fn instance(
    case: &Case,
    schema: &Schema,
    text: &str,
    names: &[&str],
) -> Result<(Value, bool), String> {
    let mut sets: Vec<(&str, &str, DocumentSet)> = Vec::new();
    for name in names {
        let values = case.files.get(*name).ok_or("a values file is missing")?;
        let set = parse(values, name).map_err(|_| "a values file does not parse")?;
        sets.push((name, values, set));
    }
    let sources: Vec<Source<'_>> = sets
        .iter()
        .map(|(name, text, documents)| Source {
            name,
            text,
            documents,
            kind: SourceKind::PlainFile,
        })
        .collect();
    let file = SchemaFile {
        schema,
        texts: vec![(&*schema.pos.file, text)],
    };
    let defaults = final_values(Some(&file), &[]).map_err(|e| format!("defaults: {e}"))?;
    // ytt types the values after each file: the first file whose merge it refuses ends the
    // untyped merge (a later file may overwrite the wrong value, ytt has refused it already).
    for last in 1..=sources.len() {
        match final_values(Some(&file), &sources[..last]) {
            Ok(_) => {}
            Err(e) if e.contains("One or more data values were invalid") => {
                let mut merged = to_json(&defaults.document.value);
                for (_, _, set) in &sets[..last] {
                    for document in &set.documents {
                        if document.value != Node::Scalar(Scalar::Null) {
                            merge(&mut merged, to_json(&document.value));
                        }
                    }
                }
                return Ok((merged, true));
            }
            Err(_) => return Err("ytt refuses the values before typing them".to_owned()),
        }
    }
    let values = final_values(Some(&file), &sources).map_err(|e| format!("values: {e}"))?;
    Ok((to_json(&values.document.value), false))
}

/// Whether a string of `instance` is not ASCII (ytt's lengths count its UTF-8 bytes, JSON
/// Schema's its code points).
fn has_non_ascii(instance: &Value) -> bool {
    match instance {
        Value::String(s) => !s.is_ascii(),
        Value::Array(items) => items.iter().any(has_non_ascii),
        Value::Object(map) => map.iter().any(|(k, v)| !k.is_ascii() || has_non_ascii(v)),
        _ => false,
    }
}

#[test]
fn json_schema_with_validations_agrees_with_ytt_where_the_mapping_is_exact() {
    let all = cases();
    let mut excluded: BTreeMap<String, usize> = BTreeMap::new();
    let (mut agree, mut accepted, mut untyped, mut disagree) = (0, 0, 0, Vec::new());
    for case in &all {
        if matches!(case.group.as_str(), "export" | "starlark-out-of-scope") {
            continue;
        }
        let mut exclude = |why: &str| *excluded.entry(why.to_owned()).or_default() += 1;
        let Some(names) = plain_values_args(&case.args) else {
            exclude("other arguments (overlays, --dangerous-data-values-disable-validation)");
            continue;
        };
        let Ok((schema, text)) = load_schema(case) else {
            exclude("ytt refuses the schema");
            continue;
        };
        let rules = unmapped(&schema).expect("checked by load_schema");
        if let Some(first) = rules.first() {
            exclude(first.reason);
            continue;
        }
        let (instance, type_error) = match instance(case, &schema, text, &names) {
            Ok(found) => found,
            Err(why) => {
                exclude(&why);
                continue;
            }
        };
        let document = json_schema(&schema, true).expect("checked by load_schema");
        let text = document.to_string();
        let lengths = text.contains("\"minLength\"") || text.contains("\"maxLength\"");
        if lengths && has_non_ascii(&instance) {
            exclude("a string length rule and a non-ASCII string (ytt counts UTF-8 bytes)");
            continue;
        }
        let compiled = compile(&document, &Options::default()).expect("compiles");
        let report = evaluate_document(&compiled.rules, &Plain::new(&instance), Explain::Failures);
        let valid = report.violations.is_empty();
        if valid == (case.exit_code == 0) {
            agree += 1;
            accepted += usize::from(valid);
            untyped += usize::from(type_error);
        } else {
            disagree.push(format!(
                "{}: ytt exit {}, JSON Schema {:?}\n  instance {instance}",
                case.id,
                case.exit_code,
                report
                    .violations
                    .iter()
                    .map(|v| (&v.location, &v.keyword))
                    .collect::<Vec<_>>()
            ));
        }
    }
    eprintln!("excluded: {excluded:#?}");
    eprintln!("{agree} agree ({accepted} accepted by both, {untyped} with ytt's type errors)");
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
    // 289 qualifying cases (of the 796 outside `export` and `starlark-out-of-scope`): 72
    // accepted by both, 217 rejected by both (129 of them type errors, 88 broken rules).
    assert_eq!((agree, accepted, untyped), (289, 72, 129));
    assert_eq!(excluded.values().sum::<usize>(), 796 - 289);
}

/// A schema with each rule on each kind of node it maps on, and rules that do not map.
const MAPPING_SCHEMA: &str = r#"#@data/values-schema
#@schema/validation min_len=1
---
#@schema/validation min=1, max=9
int: 5
#@schema/validation min=0.5
float: 1.5
#@schema/validation min_len=2, max_len=4, one_of=["ab", "abc"]
#@schema/nullable
str: ""
#@schema/validation min_len=1, max_len=3
arr:
#@schema/validation one_of=[1, 2]
- 1
#@schema/validation min_len=1
map:
  a: 1
#@schema/validation min="a"
s2: "b"
#@schema/validation min_len=1, when=lambda v: True
w: ""
#@schema/validation not_null=True
#@schema/nullable
nn: 1
"#;

#[test]
fn validations_map_by_node_type() {
    let set = parse(MAPPING_SCHEMA, "schema.yml").expect("parses");
    let schema = build(&set, MAPPING_SCHEMA).expect("builds");
    let document = json_schema(&schema, true).expect("reads");
    let at = |pointer: &str| document.pointer(pointer).cloned().unwrap_or(Value::Null);
    assert_eq!(at("/minProperties"), 1);
    assert_eq!(
        (at("/properties/int/minimum"), at("/properties/int/maximum")),
        (1.into(), 9.into())
    );
    assert_eq!(at("/properties/float/minimum"), 0.5);
    assert_eq!(
        (
            at("/properties/str/minLength"),
            at("/properties/str/maxLength")
        ),
        (2.into(), 4.into())
    );
    // A nullable node's null skips ytt's validation: the enum admits it.
    assert_eq!(
        at("/properties/str/enum"),
        serde_json::json!(["ab", "abc", null])
    );
    assert_eq!(
        (
            at("/properties/arr/minItems"),
            at("/properties/arr/maxItems")
        ),
        (1.into(), 3.into())
    );
    assert_eq!(at("/properties/arr/items/enum"), serde_json::json!([1, 2]));
    assert_eq!(at("/properties/map/minProperties"), 1);
    for name in ["s2", "w", "nn"] {
        let keys: Vec<&String> = document["properties"][name]
            .as_object()
            .map(|o| o.keys().collect())
            .unwrap_or_default();
        assert_eq!(keys, ["type", "default"], "{name}");
    }
    let reasons: Vec<(String, &str)> = unmapped(&schema)
        .expect("reads")
        .into_iter()
        .map(|u| (u.rule, u.reason))
        .collect();
    assert_eq!(
        reasons,
        [
            (
                r#"a value >= "a""#.to_owned(),
                "a bound compared as ytt compares it only between numbers maps to minimum/maximum"
            ),
            (
                "when=".to_owned(),
                "a validation with when= is not exported"
            ),
            (
                "length >= 1".to_owned(),
                "a validation with when= is not exported"
            ),
            ("not null".to_owned(), "not_null= is never exported"),
        ]
    );
    // The OpenAPI document states the same keywords, after `default`.
    let openapi = print(&openapi_v3_with_validations(&schema).expect("reads"));
    assert!(openapi.contains("      minProperties: 1\n"), "{openapi}");
    assert!(
        openapi.contains("          default: 5\n          minimum: 1\n          maximum: 9\n"),
        "{openapi}"
    );
}
