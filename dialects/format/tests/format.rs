//! `format` assertions against JSON-Schema-Test-Suite's `optional/format` files (drafts 2020-12
//! and 7, vendored under `tests/corpus/json-schema-test-suite`), plus the API of
//! [`validgen_format::Format`].
//!
//! Every case of every file of the asserted formats (all those the drafts define) must pass: strings are judged by
//! [`Format::is_valid`]; other instances are always valid (the caller asserts strings only), so
//! their expected `valid` must be `true`. Run with `--nocapture` for the per-format counts.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;
use validgen_format::Format;

/// The suite's `tests/` folder.
fn suite_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus/json-schema-test-suite/tests")
}

/// One test case: group description, case description, instance, expected validity.
struct Case {
    group: String,
    description: String,
    data: Value,
    valid: bool,
}

/// The cases of `<draft>/optional/format/<format>.json`, or `None` if the file does not exist.
fn cases(draft: &str, format: Format) -> Option<Vec<Case>> {
    let path = suite_dir().join(format!("{draft}/optional/format/{}.json", format.name()));
    let text = std::fs::read_to_string(&path).ok()?;
    let groups: Value = serde_json::from_str(&text).expect("suite file is JSON");
    let mut out = Vec::new();
    for group in groups.as_array().expect("a list of groups") {
        let schema_format = group["schema"]["format"].as_str();
        assert_eq!(
            schema_format,
            Some(format.name()),
            "{}: schema",
            path.display()
        );
        for test in group["tests"].as_array().expect("tests") {
            out.push(Case {
                group: group["description"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                description: test["description"].as_str().unwrap_or_default().to_string(),
                data: test["data"].clone(),
                valid: test["valid"].as_bool().expect("valid is a boolean"),
            });
        }
    }
    Some(out)
}

/// What validgen says of `data` under `format`.
fn judge(format: Format, data: &Value) -> bool {
    match data {
        Value::String(s) => format.is_valid(s),
        _ => true,
    }
}

/// Runs every case of `draft`; returns per-format (passed, total) and prints them.
fn run_draft(draft: &str) -> BTreeMap<&'static str, (usize, usize)> {
    let mut counts = BTreeMap::new();
    let mut failures = Vec::new();
    for format in Format::ALL {
        let Some(cases) = cases(draft, format) else {
            continue;
        };
        let mut passed = 0;
        for case in &cases {
            if judge(format, &case.data) == case.valid {
                passed += 1;
            } else {
                failures.push(format!(
                    "{draft} {}: {} / {}: {} should be {}",
                    format.name(),
                    case.group,
                    case.description,
                    case.data,
                    if case.valid { "valid" } else { "invalid" }
                ));
            }
        }
        println!("{draft} {}: {passed}/{}", format.name(), cases.len());
        counts.insert(format.name(), (passed, cases.len()));
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    counts
}

#[test]
fn draft2020_12_suite() {
    let counts = run_draft("draft2020-12");
    // Every format has a file in 2020-12.
    assert_eq!(counts.len(), Format::ALL.len());
}

#[test]
fn draft7_suite() {
    let counts = run_draft("draft7");
    // `uuid` and `duration` were added in 2019-09: draft 7 has no file of them.
    assert_eq!(counts.len(), Format::ALL.len() - 2);
    assert!(!counts.contains_key("uuid") && !counts.contains_key("duration"));
}

/// Cases (format, instance) whose expected validity in draft 7 differs from 2020-12's, with the
/// reason; validgen follows 2020-12. At the vendored commit there are none: draft 7's
/// `hostname.json` is the same as 2020-12's (A-labels checked, no trailing dot), and its
/// `email.json` is a subset of 2020-12's (without the quoted local parts and address literals).
/// A future update of the suite that makes the drafts disagree fails
/// [`draft7_differs_from_2020_12_only_as_listed`] until the case is listed here.
const DRAFT7_DIFFERENCES: &[(&str, &str, &str)] = &[];

#[test]
fn draft7_differs_from_2020_12_only_as_listed() {
    let mut differences = Vec::new();
    let mut only_2020_12 = BTreeMap::new();
    for format in Format::ALL {
        let Some(draft7) = cases("draft7", format) else {
            continue;
        };
        let Some(draft2020) = cases("draft2020-12", format) else {
            panic!("{} is in draft 7 but not in 2020-12", format.name());
        };
        for case in &draft7 {
            if let Some(newer) = draft2020.iter().find(|c| c.data == case.data)
                && newer.valid != case.valid
            {
                differences.push((format.name(), case.data.to_string()));
            }
        }
        let extra = draft2020
            .iter()
            .filter(|c| !draft7.iter().any(|d| d.data == c.data));
        only_2020_12.insert(format.name(), extra.count());
    }
    let listed: Vec<_> = DRAFT7_DIFFERENCES
        .iter()
        .map(|&(format, data, _reason)| (format, data.to_string()))
        .collect();
    assert_eq!(differences, listed);
    println!("cases only in 2020-12: {only_2020_12:?}");
    // Known: 2020-12's email.json has 7 more cases (quoted local parts, address literals).
    assert_eq!(only_2020_12.get("email"), Some(&7));
}

#[test]
fn names_round_trip() {
    for format in Format::ALL {
        assert_eq!(Format::from_name(format.name()), Some(format));
    }
    assert_eq!(Format::from_name("Date-Time"), None);
    assert_eq!(Format::from_name("hostnme"), None);
    assert_eq!(Format::from_name("int32"), None);
}

/// Edge cases the suite does not have, one table per format: (instance, valid).
const EDGE_CASES: &[(Format, &[(&str, bool)])] = &[
    (
        Format::DateTime,
        &[
            ("2024-02-29T00:00:00Z", true),
            ("2023-02-29T00:00:00Z", false),
            ("2000-01-01T00:00:00.000000000000000000001Z", true),
            ("2000-01-01T00:00:00,5Z", false),
            ("2000-01-01T00:00:00.Z", false),
            ("2000-01-01T00:00:00+00:00", true),
            ("2000-01-01T00:00:00-00:00", true),
            ("2000-01-01T00:00:00+23:59", true),
            ("2000-01-01T00:00:00+24:00", false),
            ("2000-01-01T00:00:00+0100", false),
            ("2000-01-01T00:00:00 Z", false),
            ("2000-01-01 00:00:00Z", false),
            ("2000-01-01t00:00:00z", true),
            ("1999-01-01T00:59:60+01:00", true),
            ("1998-12-31T23:59:60+00:01", false),
            ("1998-12-31T23:59:60.5Z", true),
            ("", false),
        ],
    ),
    (
        Format::Date,
        &[
            ("0000-02-29", true),
            ("1900-02-29", false),
            ("9999-12-31", true),
            ("2000-02-30", false),
        ],
    ),
    (
        Format::Email,
        &[
            ("a@b", true),
            ("a@localhost", true),
            ("\"\"@example.com", true),
            ("\"a\\\"b\"@example.com", true),
            ("\"a\\\"@example.com", false),
            ("a@[IPv6:1:2:3:4:5:6:7:8]", true),
            ("a@[ipv6:::1]", true),
            ("a@[::1]", false),
            ("a@[IPv6:::1%eth0]", false),
            ("a@[tag:content]", false),
            ("a@example..com", false),
            ("a@-example.com", false),
            ("a@example.com.", false),
            ("a@b@c", false),
            ("\u{e9}@example.com", false),
            ("a\n@example.com", false),
        ],
    ),
    (
        Format::Hostname,
        &[
            ("a", true),
            ("EXAMPLE.COM", true),
            ("ab--cd", true),
            ("1.2.3.4", true),
            ("xn--bcher-kva.example", true),
            ("XN--BCHER-KVA.example", true),
            ("xn--bcher-kv.example", false),
            ("xn--abc-", false),
            ("xn--", false),
            ("xn--7ba", false),
            ("xn--ls8h", false),
            // U-labels must be NFC: é composed (valid), then e + U+0301 (invalid).
            ("xn--9ca", true),
            ("xn--e-xbb", false),
            // The Bidi rule (RFC 5893) on right-to-left U-labels: אב, א1 valid; 1א, אa not.
            ("xn--4dbc", true),
            ("xn--1-zhc", true),
            ("xn--1-0hc", false),
            ("xn--a-zhc", false),
            // Its LDH neighbours are not held to it (see `format::idna`).
            ("1host.xn--4dbc", true),
            ("a..b", false),
            ("a b", false),
            ("a_b", false),
        ],
    ),
    (
        Format::Ipv4,
        &[
            ("1.2.3.04", false),
            ("1.2.3.00", false),
            ("249.250.251.255", true),
            ("1.2.3.1000", false),
        ],
    ),
    (
        Format::Ipv6,
        &[
            ("1:2:3:4:5:6:7::", true),
            ("::2:3:4:5:6:7:8", true),
            ("1:2:3:4:5:6:1.2.3.4", true),
            ("::1.2.3.4", true),
            ("ABCD:EF01:2345:6789:ABCD:EF01:2345:6789", true),
            ("1:2:3:4:5:6:7::8", false),
            ("1:2:3:4:5:6:7:1.2.3.4", false),
            ("1.2.3.4::", false),
            ("::1.2.3.4:1", false),
            (":::", false),
            ("1::2::", false),
            (":", false),
            ("", false),
            ("00000::", false),
        ],
    ),
    (
        Format::Uri,
        &[
            ("a:", true),
            ("file:///etc/hosts", true),
            ("http://[v1.fe80::a+en1]/", true),
            ("http://u:p@[::1]:8080/a/b?c=d/e?f#g/h?i", true),
            ("a:b//c", true),
            ("http://[fe80::1%25en0]/", false),
            ("http://[::1/", false),
            ("http://a:b:c/", false),
            ("http://a@b@c/", false),
            ("a:#b#c", false),
            ("a:b?\u{e9}", false),
        ],
    ),
    (
        Format::Uuid,
        &[
            ("ffffffff-ffff-ffff-ffff-ffffffffffff", true),
            ("{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", false),
            ("2eb8aa08+aa98-11ea-b4aa-73b441d16380", false),
            ("", false),
        ],
    ),
];

#[test]
fn edge_cases() {
    let mut failures = Vec::new();
    for &(format, cases) in EDGE_CASES {
        for &(s, valid) in cases {
            if format.is_valid(s) != valid {
                failures.push(format!("{} {s:?} should be valid={valid}", format.name()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Long inputs take linear time: a megabyte of each format's worst shape is judged at once.
#[test]
fn long_inputs() {
    let long = "a".repeat(1 << 20);
    for format in Format::ALL {
        let _ = format.is_valid(&long);
    }
    assert!(Format::Uri.is_valid(&format!("a:{}", "/a".repeat(1 << 19))));
    assert!(!Format::Hostname.is_valid(&"a.".repeat(1 << 19)));
    assert!(!Format::Ipv6.is_valid(&"1:".repeat(1 << 19)));
    assert!(!Format::Email.is_valid(&"\"".repeat(1 << 20)));
}

/// Every format of Kubernetes CRD schemas gives kube-openapi's verdict on every recorded input
/// (`tests/data/README.md`).
#[test]
fn kube_formats_are_kube_openapis() {
    use std::collections::HashSet;
    use validgen_format::KubeFormat;

    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let inputs: Vec<String> = std::fs::read_to_string(data.join("kube_inputs.jsonl"))
        .expect("inputs")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON string"))
        .collect();
    let mut wrong = Vec::new();
    let mut formats = 0;
    for line in std::fs::read_to_string(data.join("kube_valid.jsonl"))
        .expect("verdicts")
        .lines()
    {
        let row: Value = serde_json::from_str(line).expect("a verdict line");
        let name = row["format"].as_str().expect("format");
        let format = KubeFormat::from_name(name).expect("a registry format");
        let valid: HashSet<&str> = row["valid"]
            .as_array()
            .expect("valid")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        formats += 1;
        for input in &inputs {
            let expected = valid.contains(input.as_str());
            if format.is_valid(input) != expected {
                wrong.push(format!("{name} {input:?}: kube-openapi says {expected}"));
            }
        }
    }
    assert_eq!(formats, 26);
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
