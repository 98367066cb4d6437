//! The `memory.guest` spellings of the conformance catalog cases, with the reference's
//! recorded outcomes: whether the VM decoded (Go `UnmarshalJSON` → `ParseQuantity`), what
//! `AsInt64` gave, and, where the admitted verdict differs, the canonical re-encoding
//! (`Quantity.String()` via `MarshalJSON`) that KubeVirt's API wrote back.

use std::path::PathBuf;

use serde_json::Value;
use validgen_quantity::{FORMAT_REGEX, Quantity};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// The VM did not decode: `ParseQuantity` failed (always the format error here).
    Rejected,
    /// Decoded, but `AsInt64` failed (`mismatching type: *resource.Quantity, ...`).
    NotInt,
    /// Decoded and `AsInt64` gave this value.
    Int(i64),
}

/// `(raw JSON of memory.guest, outcome, canonical re-encoding when recorded)`, extracted from
/// `tests/conformance/cases.jsonl` (group `catalog`, ids containing `-guest-`).
const CATALOG_GUEST: &[(&str, Outcome, Option<&str>)] = &[
    (r#""1610612736""#, Outcome::Int(1610612736), None),
    (r#""1610612735""#, Outcome::Int(1610612735), None),
    (r#""0.00146484375Ti""#, Outcome::NotInt, Some("1536Mi")),
    (r#""1.610612736G""#, Outcome::Int(1610612736), None),
    (r#""1.6G""#, Outcome::Int(1600000000), None),
    (r#""1610.612736M""#, Outcome::Int(1610612736), None),
    (r#""1610612.736k""#, Outcome::Int(1610612736), None),
    (r#""1.610612736e9""#, Outcome::Int(1610612736), None),
    (r#""2e9""#, Outcome::Int(2000000000), None),
    (r#""1610.612736E6""#, Outcome::Int(1610612736), None),
    (r#""1610612736000m""#, Outcome::NotInt, Some("1610612736")),
    (r#""100m""#, Outcome::NotInt, None),
    (r#""+1536Mi""#, Outcome::Int(1610612736), None),
    (r#""0""#, Outcome::Int(0), None),
    (r#""-1536Mi""#, Outcome::Int(-1610612736), None),
    (r#""7Ei""#, Outcome::NotInt, None),
    (r#""8Ei""#, Outcome::NotInt, None),
    (r#""1gi""#, Outcome::Rejected, None),
    (r#""1GB""#, Outcome::Rejected, None),
    (r#""1536 Mi""#, Outcome::Rejected, None),
    (r#""1.Gi""#, Outcome::Int(1073741824), None),
    (r#""""#, Outcome::Rejected, None),
    (r#""3Gi""#, Outcome::Int(3221225472), None),
    (r#""1610612737""#, Outcome::Int(1610612737), None),
    (r#"1610612736"#, Outcome::Int(1610612736), None),
    (r#"1610612735"#, Outcome::Int(1610612735), None),
    (r#"1610612736.0"#, Outcome::NotInt, Some("1610612736")),
    (r#""1536Mi""#, Outcome::Int(1610612736), None),
    (r#""1535Mi""#, Outcome::Int(1609564160), None),
    (r#""1572864Ki""#, Outcome::Int(1610612736), None),
    (r#""1572863Ki""#, Outcome::Int(1610611712), None),
    (r#""1.5Gi""#, Outcome::NotInt, Some("1536Mi")),
    (r#""536870912""#, Outcome::Int(536870912), None),
    (r#""536870911""#, Outcome::Int(536870911), None),
    (r#""+512Mi""#, Outcome::Int(536870912), None),
    (r#""-512Mi""#, Outcome::Int(-536870912), None),
    (r#""512 Mi""#, Outcome::Rejected, None),
    (r#"".5Gi""#, Outcome::NotInt, Some("512Mi")),
    (r#""536870913""#, Outcome::Int(536870913), None),
    (r#""2147483648""#, Outcome::Int(2147483648), None),
    (r#""2147483647""#, Outcome::Int(2147483647), None),
    (r#"2147483648"#, Outcome::Int(2147483648), None),
    (r#"2147483647"#, Outcome::Int(2147483647), None),
    (r#"2147483648.0"#, Outcome::NotInt, Some("2147483648")),
    (r#""2048Mi""#, Outcome::Int(2147483648), None),
    (r#""2047Mi""#, Outcome::Int(2146435072), None),
    (r#""2097152Ki""#, Outcome::Int(2147483648), None),
    (r#""2097151Ki""#, Outcome::Int(2147482624), None),
    (r#""2Gi""#, Outcome::Int(2147483648), None),
    (r#""2.0Gi""#, Outcome::NotInt, Some("2Gi")),
    (r#""0.001953125Ti""#, Outcome::NotInt, Some("2Gi")),
    (r#""2.147483648G""#, Outcome::Int(2147483648), None),
    (r#""2.1G""#, Outcome::Int(2100000000), None),
    (r#""2147.483648M""#, Outcome::Int(2147483648), None),
    (r#""2147483.648k""#, Outcome::Int(2147483648), None),
    (r#""2.147483648e9""#, Outcome::Int(2147483648), None),
    (r#""2147.483648E6""#, Outcome::Int(2147483648), None),
    (r#""2147483648000m""#, Outcome::NotInt, Some("2147483648")),
    (r#""+2048Mi""#, Outcome::Int(2147483648), None),
    (r#""-2048Mi""#, Outcome::Int(-2147483648), None),
    (r#""2gi""#, Outcome::Rejected, None),
    (r#""2GB""#, Outcome::Rejected, None),
    (r#""2048 Mi""#, Outcome::Rejected, None),
    (r#""2.Gi""#, Outcome::Int(2147483648), None),
    (r#""4Gi""#, Outcome::Int(4294967296), None),
    (r#""2147483649""#, Outcome::Int(2147483649), None),
    (r#""1073741824""#, Outcome::Int(1073741824), None),
    (r#""1073741823""#, Outcome::Int(1073741823), None),
    (r#""+1024Mi""#, Outcome::Int(1073741824), None),
    (r#""-1024Mi""#, Outcome::Int(-1073741824), None),
    (r#""1024 Mi""#, Outcome::Rejected, None),
    (r#""1073741825""#, Outcome::Int(1073741825), None),
    (r#"1073741824"#, Outcome::Int(1073741824), None),
    (r#"1073741823"#, Outcome::Int(1073741823), None),
    (r#"1073741824.0"#, Outcome::NotInt, Some("1073741824")),
    (r#""1024Mi""#, Outcome::Int(1073741824), None),
    (r#""1023Mi""#, Outcome::Int(1072693248), None),
    (r#""1048576Ki""#, Outcome::Int(1073741824), None),
    (r#""1048575Ki""#, Outcome::Int(1073740800), None),
    (r#""1.0Gi""#, Outcome::NotInt, Some("1Gi")),
    (r#""0.0009765625Ti""#, Outcome::NotInt, Some("1Gi")),
    (r#""1.073741824G""#, Outcome::Int(1073741824), None),
    (r#""1.0G""#, Outcome::Int(1000000000), None),
    (r#""1073.741824M""#, Outcome::Int(1073741824), None),
    (r#""1073741.824k""#, Outcome::Int(1073741824), None),
    (r#""1.073741824e9""#, Outcome::Int(1073741824), None),
    (r#""1e9""#, Outcome::Int(1000000000), None),
    (r#""1073.741824E6""#, Outcome::Int(1073741824), None),
    (r#""1073741824000m""#, Outcome::NotInt, Some("1073741824")),
    (r#""4294967296""#, Outcome::Int(4294967296), None),
    (r#""4294967295""#, Outcome::Int(4294967295), None),
    (r#"4294967296"#, Outcome::Int(4294967296), None),
    (r#"4294967295"#, Outcome::Int(4294967295), None),
    (r#"4294967296.0"#, Outcome::NotInt, Some("4294967296")),
    (r#""4096Mi""#, Outcome::Int(4294967296), None),
    (r#""4095Mi""#, Outcome::Int(4293918720), None),
    (r#""4194304Ki""#, Outcome::Int(4294967296), None),
    (r#""4194303Ki""#, Outcome::Int(4294966272), None),
    (r#""4.0Gi""#, Outcome::NotInt, Some("4Gi")),
    (r#""0.00390625Ti""#, Outcome::NotInt, Some("4Gi")),
    (r#""4.294967296G""#, Outcome::Int(4294967296), None),
    (r#""4.2G""#, Outcome::Int(4200000000), None),
    (r#""536.870912M""#, Outcome::Int(536870912), None),
    (r#""536870.912k""#, Outcome::Int(536870912), None),
    (r#""0.536870912e9""#, Outcome::Int(536870912), None),
    (r#""536.870912E6""#, Outcome::Int(536870912), None),
    (r#""536870912000m""#, Outcome::NotInt, Some("536870912")),
    (r#""1Gi""#, Outcome::Int(1073741824), None),
    (r#"536870912"#, Outcome::Int(536870912), None),
    (r#"536870911"#, Outcome::Int(536870911), None),
    (r#"536870912.0"#, Outcome::NotInt, Some("536870912")),
    (r#""512Mi""#, Outcome::Int(536870912), None),
    (r#""511Mi""#, Outcome::Int(535822336), None),
    (r#""524288Ki""#, Outcome::Int(536870912), None),
    (r#""524287Ki""#, Outcome::Int(536869888), None),
    (r#""0.5Gi""#, Outcome::NotInt, Some("512Mi")),
    (r#""0.00048828125Ti""#, Outcome::NotInt, Some("512Mi")),
    (r#""0.536870912G""#, Outcome::Int(536870912), None),
    (r#""0.5G""#, Outcome::Int(500000000), None),
];

fn outcome_of(q: &Result<Option<Quantity>, validgen_quantity::QuantityError>) -> Outcome {
    match q {
        Err(_) => Outcome::Rejected,
        Ok(None) => panic!("null is not among the table's spellings"),
        Ok(Some(q)) => q.as_i64().map_or(Outcome::NotInt, Outcome::Int),
    }
}

#[test]
fn quantity_catalog_guest_spellings() {
    let format_error = format!("quantities must match the regular expression '{FORMAT_REGEX}'");
    for &(raw, outcome, canonical) in CATALOG_GUEST {
        let value: Value = serde_json::from_str(raw).unwrap_or_else(|e| panic!("{raw}: {e}"));
        let decoded = Quantity::from_json(&value);
        let from_raw = Quantity::from_json_raw(raw);
        assert_eq!(outcome_of(&decoded), outcome, "{raw}: from_json");
        assert_eq!(outcome_of(&from_raw), outcome, "{raw}: from_json_raw");
        match decoded {
            Err(e) => assert_eq!(e.to_string(), format_error, "{raw}"),
            Ok(Some(q)) => {
                assert_eq!(
                    Some(&q),
                    from_raw.as_ref().ok().and_then(Option::as_ref),
                    "{raw}"
                );
                let again = Quantity::parse(&q.canonical())
                    .unwrap_or_else(|e| panic!("{raw}: canonical {}: {e}", q.canonical()));
                match canonical {
                    // Admitted differs from raw: the re-encoded text is recorded.
                    Some(expected) => assert_eq!(q.canonical(), expected, "{raw}: canonical"),
                    // Admitted equals raw: the re-encoding reads back the same way.
                    None => assert_eq!(again.as_i64(), q.as_i64(), "{raw}: re-encoded"),
                }
                assert_eq!(again.cmp_value(&q), std::cmp::Ordering::Equal, "{raw}");
            }
            Ok(None) => unreachable!(),
        }
    }
}

/// The same check straight from the data file, so new spellings there are covered too.
#[test]
fn quantity_catalog_guest_cases_from_file() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance/cases.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!("missing {}", path.display());
    };
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        let id = case["id"].as_str().unwrap_or_default();
        if case["group"] != "catalog" || !id.contains("-guest-") {
            continue;
        }
        let memory = &case["input"]["vm"]["spec"]["template"]["spec"]["domain"]["memory"];
        let Some(guest) = memory.get("guest").filter(|g| !g.is_null()) else {
            continue; // absent or null: the reference crashed, nothing to parse
        };
        let expected = &case["expected"];
        let decoded = Quantity::from_json(guest);
        if let Some(vm_error) = expected["vm_error"].as_str() {
            let err = decoded.err().map(|e| e.to_string());
            assert_eq!(err.as_deref(), Some(vm_error), "{id}");
            checked += 1;
            continue;
        }
        let Ok(Some(q)) = decoded else {
            panic!("{id}: {guest} did not parse: {decoded:?}");
        };
        let rule = expected["rules"].as_array().and_then(|rules| {
            rules
                .iter()
                .find(|r| r["field"] == ".spec.domain.memory.guest")
        });
        let Some(rule) = rule else {
            panic!("{id}: no memory.guest rule");
        };
        if let Some(error) = rule["error"].as_str() {
            assert!(
                error.starts_with("mismatching type: *resource.Quantity"),
                "{id}: {error}"
            );
            assert_eq!(q.as_i64(), None, "{id}: {guest}");
        } else {
            let explanation = rule["explanation"].as_str().unwrap_or_default();
            let n = first_integer(explanation).unwrap_or_else(|| panic!("{id}: {explanation}"));
            assert_eq!(q.as_i64(), Some(n), "{id}: {guest}");
        }
        let roundtrip = &case["expected_admitted"]["roundtrip_vm"];
        if let Some(canonical) =
            roundtrip["spec"]["template"]["spec"]["domain"]["memory"]["guest"].as_str()
        {
            assert_eq!(q.canonical(), canonical, "{id}: {guest}");
        }
        checked += 1;
    }
    assert!(checked > 500, "only {checked} guest cases found");
}

/// The value in "All values [N] are ..." or "value N is ...".
fn first_integer(text: &str) -> Option<i64> {
    let start = text.find(|c: char| c.is_ascii_digit() || c == '-')?;
    let rest = &text[start..];
    let end = rest[1..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(rest.len(), |i| i + 1);
    rest[..end].parse().ok()
}
