//! Rule sets in the IR that use every document check, guard and nesting, for the
//! interpreted-versus-compiled property test (`tests/documents.rs`). `build.rs` compiles them
//! with `validgen_codegen::compile_documents`; the test interprets them. Shared by both through
//! `#[path]`.

use std::collections::BTreeMap;

use serde_json::{Number, Value, json};
use validgen_core::ir::{
    Arg, Bound, Check, Guard, Location, Measure, Origin, Path, Regex, Root, Rule, RuleSet, Severity,
};
use validgen_core::model::JsonType;
use validgen_ecmaregex::EcmaRegex;
use validgen_format::Format;
use validgen_goregex::GoRegex;

fn pointer(text: &str) -> Path {
    Path::pointer(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn jsonpath(expr: &str) -> Path {
    Path::jsonpath(expr, expr, Root::Document).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

fn rule(name: &str, path: Path, check: Check) -> Rule {
    Rule {
        name: name.to_owned(),
        message: format!("{name} failed"),
        field: path.expr.clone(),
        severity: Severity::Error,
        guard: None,
        path: Some(path),
        check,
        origin: Origin {
            index: 0,
            location: Location {
                line: 1,
                column: 1,
                offset: 0,
            },
        },
    }
}

fn guarded(mut r: Rule, guard: Guard) -> Rule {
    r.guard = Some(guard);
    r
}

fn warning(mut r: Rule) -> Rule {
    r.severity = Severity::Warning;
    r
}

fn set(rules: Vec<Rule>) -> RuleSet {
    RuleSet {
        rules,
        definitions: BTreeMap::new(),
        annotations: Default::default(),
    }
}

fn keys(ks: &[&str]) -> Vec<String> {
    ks.iter().map(|k| (*k).to_owned()).collect()
}

fn bound(v: Value, exclusive: bool) -> Option<Bound> {
    let value = v.as_number().cloned().unwrap_or_else(|| Number::from(0));
    Some(Bound { value, exclusive })
}

/// The rule sets, by name (a Rust identifier each).
pub fn cases() -> Vec<(String, RuleSet)> {
    let root = || pointer("");
    let mut out = Vec::new();
    out.push((
        "leaves".to_owned(),
        set(vec![
            rule(
                "type",
                root(),
                Check::Type {
                    types: vec![JsonType::Object, JsonType::Integer],
                },
            ),
            rule(
                "number-or-null",
                pointer("/a"),
                Check::Type {
                    types: vec![JsonType::Number, JsonType::Null],
                },
            ),
            rule(
                "required",
                root(),
                Check::Required {
                    keys: keys(&["a", "name"]),
                },
            ),
            rule(
                "no-extra",
                root(),
                Check::NoExtraKeys {
                    allowed: keys(&["a", "b", "name"]),
                },
            ),
            rule("const", pointer("/b"), Check::Const { value: json!(2) }),
            rule(
                "const-object",
                pointer("/c"),
                Check::Const {
                    value: json!({"a": [1, "x"], "b": null}),
                },
            ),
            rule("unique", pointer("/items"), Check::Unique),
            warning(rule("not-null", pointer("/name"), Check::NotNull)),
            rule(
                "one-not-null",
                root(),
                Check::OneNotNull {
                    keys: keys(&["a", "b"]),
                },
            ),
        ]),
    ));
    out.push((
        "ranges".to_owned(),
        set(vec![
            rule(
                "inclusive",
                pointer("/a"),
                Check::NumberRange {
                    min: bound(json!(0), false),
                    max: bound(json!(5), false),
                },
            ),
            rule(
                "exclusive-float",
                pointer("/b"),
                Check::NumberRange {
                    min: bound(json!(-1.5), true),
                    max: bound(json!(2.5), true),
                },
            ),
            rule(
                "bytes",
                pointer("/name"),
                Check::Size {
                    measure: Measure::Bytes,
                    min: Some(1),
                    max: Some(2),
                },
            ),
            rule(
                "code-points",
                pointer("/name"),
                Check::Size {
                    measure: Measure::CodePoints,
                    min: None,
                    max: Some(2),
                },
            ),
            rule(
                "items",
                pointer("/items"),
                Check::Size {
                    measure: Measure::Items,
                    min: Some(1),
                    max: Some(3),
                },
            ),
            rule(
                "entries",
                root(),
                Check::Size {
                    measure: Measure::Entries,
                    min: Some(2),
                    max: None,
                },
            ),
        ]),
    ));
    let small = || Check::Type {
        types: vec![JsonType::String],
    };
    let int = || Check::Type {
        types: vec![JsonType::Integer],
    };
    out.push((
        "compositions".to_owned(),
        set(vec![
            rule(
                "any-of",
                pointer("/a"),
                Check::AnyOf {
                    branches: vec![vec![small()], vec![int(), Check::Const { value: json!(3) }]],
                },
            ),
            rule(
                "one-of",
                pointer("/a"),
                Check::OneOf {
                    branches: vec![
                        vec![int()],
                        vec![Check::NumberRange {
                            min: bound(json!(2), false),
                            max: None,
                        }],
                    ],
                },
            ),
            rule(
                "not",
                pointer("/b"),
                Check::Not {
                    checks: vec![Check::NotNull],
                },
            ),
            rule(
                "if-then-else",
                root(),
                Check::IfThenElse {
                    condition: vec![Check::Required { keys: keys(&["a"]) }],
                    then: vec![Check::Required {
                        keys: keys(&["name"]),
                    }],
                    otherwise: vec![Check::Size {
                        measure: Measure::Entries,
                        min: None,
                        max: Some(1),
                    }],
                },
            ),
        ]),
    ));
    let mut nested = set(vec![
        rule(
            "tree",
            root(),
            Check::Ref {
                name: "node".to_owned(),
            },
        ),
        rule(
            "loop",
            pointer("/a"),
            Check::Ref {
                name: "loop".to_owned(),
            },
        ),
        rule(
            "undefined",
            pointer("/b"),
            Check::Ref {
                name: "nowhere".to_owned(),
            },
        ),
        rule(
            "items-and-properties",
            pointer("/items"),
            Check::Items {
                from: 0,
                checks: vec![
                    Check::Properties {
                        properties: vec![
                            ("name".to_owned(), vec![small()]),
                            ("a/b~".to_owned(), vec![int()]),
                        ],
                    },
                    Check::AdditionalProperties {
                        known: keys(&["name"]),
                        patterns: Vec::new(),
                        checks: vec![Check::NotNull],
                    },
                ],
            },
        ),
    ]);
    nested.definitions.insert(
        "node".to_owned(),
        vec![
            Check::Type {
                types: vec![JsonType::Object, JsonType::Array, JsonType::Integer],
            },
            Check::Items {
                from: 0,
                checks: vec![Check::Ref {
                    name: "node".to_owned(),
                }],
            },
            Check::AdditionalProperties {
                known: Vec::new(),
                patterns: Vec::new(),
                checks: vec![Check::Ref {
                    name: "node".to_owned(),
                }],
            },
        ],
    );
    // Refers to itself without descending: stopped by the nesting bound.
    nested.definitions.insert(
        "loop".to_owned(),
        vec![Check::Ref {
            name: "loop".to_owned(),
        }],
    );
    out.push(("nested".to_owned(), nested));
    out.push((
        "guards".to_owned(),
        set(vec![
            guarded(
                rule("when-present", pointer("/a"), int()),
                Guard::Present(pointer("/name")),
            ),
            guarded(
                rule("when-equal", pointer("/b"), int()),
                Guard::Equals {
                    path: pointer("/name"),
                    value: json!("abc"),
                },
            ),
            guarded(
                rule(
                    "when-truthy",
                    root(),
                    Check::Required { keys: keys(&["c"]) },
                ),
                Guard::Truthy(pointer("/a")),
            ),
            guarded(
                rule("when-all", root(), Check::NotNull),
                Guard::All(vec![
                    Guard::Present(pointer("/a")),
                    Guard::Not(Box::new(Guard::Truthy(jsonpath(".b")))),
                ]),
            ),
            guarded(
                rule("when-any", pointer("/items"), Check::Unique),
                Guard::Any(vec![
                    Guard::Equals {
                        path: pointer("/a"),
                        value: json!(1.0),
                    },
                    Guard::Truthy(jsonpath(".items[0]")),
                ]),
            ),
        ]),
    ));
    let re = |p: &str| Check::Pattern {
        regex: GoRegex::new(p).map(Regex::Re2).map_err(|e| e.to_string()),
    };
    out.push((
        "value_checks".to_owned(),
        set(vec![
            rule(
                "int-range",
                pointer("/a"),
                Check::IntRange {
                    min: Some(Arg::Literal(0)),
                    max: Some(Arg::Path(pointer("/b"))),
                },
            ),
            rule(
                "length",
                jsonpath(".items[*].name"),
                Check::LengthRange {
                    min: Some(Arg::Literal(1)),
                    max: None,
                },
            ),
            rule("pattern", pointer("/name"), re("^[a-z]+$")),
            rule(
                "enum",
                jsonpath(".name"),
                Check::Enum {
                    values: vec![Arg::Literal("abc".to_owned()), Arg::Path(pointer("/c"))],
                },
            ),
            rule(
                "document-by-jsonpath",
                jsonpath(".items[*]"),
                Check::Type {
                    types: vec![JsonType::Object],
                },
            ),
        ]),
    ));
    out.push(("schema_keywords".to_owned(), schema_keywords()));
    out.push(("ytt_seed".to_owned(), ytt_seed()));
    out
}

fn ecma(p: &str) -> Regex {
    Regex::Ecma(EcmaRegex::new(p).unwrap_or_else(|e| panic!("{p}: {e}")))
}

fn keyword(location: &str, message: Option<&str>, checks: Vec<Check>) -> Check {
    Check::Keyword {
        location: location.to_owned(),
        message: message.map(str::to_owned),
        checks,
    }
}

/// The checks JSON Schema needs beyond the leaves above, each under a schema keyword.
fn schema_keywords() -> RuleSet {
    let root = || pointer("");
    set(vec![
        rule(
            "pattern",
            pointer("/name"),
            keyword(
                "/properties/name/pattern",
                None,
                vec![Check::Matches {
                    regex: ecma("^[a-z]+$"),
                }],
            ),
        ),
        rule(
            "multiple-of",
            pointer("/a"),
            keyword(
                "/properties/a/multipleOf",
                None,
                vec![Check::MultipleOf {
                    value: Number::from_f64(0.5).unwrap_or_else(|| Number::from(1)),
                }],
            ),
        ),
        rule(
            "enum",
            pointer("/b"),
            keyword(
                "/properties/b/enum",
                Some("b must be 2, \"abc\" or null"),
                vec![Check::AnyValue {
                    values: vec![json!(2), json!("abc"), Value::Null],
                }],
            ),
        ),
        rule(
            "format",
            pointer("/c"),
            Check::Format {
                format: Format::Ipv4,
            },
        ),
        rule(
            "never",
            pointer("/z"),
            keyword("/properties/z", None, vec![Check::Never]),
        ),
        rule(
            "contains",
            pointer("/items"),
            Check::Contains {
                checks: vec![Check::Type {
                    types: vec![JsonType::Integer],
                }],
                min: 1,
                max: Some(2),
            },
        ),
        rule(
            "tuple",
            pointer("/items"),
            keyword(
                "/properties/items",
                None,
                vec![
                    Check::PrefixItems {
                        items: vec![
                            vec![keyword(
                                "/properties/items/prefixItems/0",
                                None,
                                vec![Check::Type {
                                    types: vec![JsonType::String],
                                }],
                            )],
                            vec![Check::NotNull],
                        ],
                    },
                    Check::Items {
                        from: 2,
                        checks: vec![Check::Type {
                            types: vec![JsonType::Boolean],
                        }],
                    },
                ],
            ),
        ),
        rule(
            "patterns",
            root(),
            Check::PatternProperties {
                patterns: vec![
                    (
                        ecma("^a"),
                        vec![Check::Type {
                            types: vec![JsonType::Integer],
                        }],
                    ),
                    (ecma("b"), vec![Check::NotNull]),
                ],
            },
        ),
        rule(
            "additional",
            root(),
            Check::AdditionalProperties {
                known: keys(&["name", "items"]),
                patterns: vec![ecma("^a"), ecma("^[bc]$")],
                checks: vec![Check::Never],
            },
        ),
        rule(
            "property-names",
            root(),
            Check::PropertyNames {
                checks: vec![Check::Size {
                    measure: Measure::CodePoints,
                    min: None,
                    max: Some(3),
                }],
            },
        ),
    ])
}

/// ytt validations with the seed extensions (`format=`, `regexp=`, `prefix=`, `unique=`), read
/// by `validation_with` and nested as the ytt front end lowers a schema's: the document, some
/// of its keys, and the items of `items`.
fn ytt_seed() -> RuleSet {
    use validgen_gotext::yaml::Pos;
    use validgen_ytt::annotations::Annotation;
    use validgen_ytt::lower::rule_set;
    use validgen_ytt::validation::validation_with;

    let v = |line: usize, args: &str| {
        let annotation = Annotation {
            name: "schema/validation".to_owned(),
            args: args.to_owned(),
            pos: Pos {
                file: std::sync::Arc::from("schema.yml"),
                line,
            },
        };
        let read = validation_with(&annotation, true).unwrap_or_else(|e| panic!("{args}: {e}"));
        Check::Extension(std::sync::Arc::new(read))
    };
    let key = |k: &str, checks: Vec<Check>| (k.to_owned(), checks);
    rule_set(
        vec![
            v(1, "unique=True"),
            Check::Properties {
                properties: vec![
                    key("a", vec![v(2, r#"format="hostname""#)]),
                    key("b", vec![v(3, r#"format="port", not_null=True"#)]),
                    key("c", vec![v(4, r#"regexp="^[a-z]+$", prefix="a""#)]),
                    key("name", vec![v(5, r#"format="percent""#)]),
                    key(
                        "items",
                        vec![
                            v(6, "unique=True, min_len=1"),
                            Check::Items {
                                from: 0,
                                checks: vec![v(7, r#"format="duration""#)],
                            },
                        ],
                    ),
                    key("z", vec![v(8, r#"format="ip""#)]),
                ],
            },
        ],
        Vec::new(),
    )
}
