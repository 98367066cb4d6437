//! Unit vectors. Expected values follow apimachinery's behaviour (many are the cases of its
//! own `quantity_test.go`, worked through its parser by hand).

use super::*;
use serde_json::json;

use Format::{BinarySI as Bin, DecimalExponent as Exp, DecimalSI as Dec};

/// `(input, AsInt64, String(), Format)`.
const OK: &[(&str, Option<i64>, &str, Format)] = &[
    // Zero in every spelling.
    ("0", Some(0), "0", Dec),
    ("0n", None, "0", Dec),
    ("0u", None, "0", Dec),
    ("0m", None, "0", Dec),
    ("0Ki", Some(0), "0", Bin),
    ("0k", Some(0), "0", Dec),
    ("0Gi", Some(0), "0", Bin),
    ("0e3", Some(0), "0", Exp),
    ("-0", Some(0), "0", Dec),
    ("000", Some(0), "0", Dec),
    ("-0e-10", None, "0", Exp), // slow path (scale below nano): decimal form
    // Go's scanner takes a lone sign or point as zero.
    ("-", Some(0), "0", Dec),
    ("+", Some(0), "0", Dec),
    (".", Some(0), "0", Dec),
    ("-.", Some(0), "0", Dec),
    // Plain numbers.
    ("1", Some(1), "1", Dec),
    ("9", Some(9), "9", Dec),
    ("1610612736", Some(1610612736), "1610612736", Dec),
    (
        "999999999999999999",
        Some(999999999999999999),
        "999999999999999999",
        Dec,
    ),
    // 19 digits and more: decimal form (maxInt64Factors is 18 in apimachinery v0.35).
    ("9223372036854775807", None, "9223372036854775807", Dec),
    ("-9223372036854775807", None, "-9223372036854775807", Dec),
    ("9223372036854775808", None, "9223372036854775808", Dec),
    ("-9223372036854775808", None, "-9223372036854775808", Dec),
    ("1000000000000000000", None, "1E", Dec),
    ("922337203685477580.8", None, "922337203685477580800m", Dec),
    ("99999999999999999999", None, "99999999999999999999", Dec), // 20 digits: decimal form
    ("1000", Some(1000), "1k", Dec),
    ("+007", Some(7), "+007", Dec),
    ("1.", Some(1), "1.", Dec), // kept as written
    // Binary suffixes.
    ("1Ki", Some(1024), "1Ki", Bin),
    ("8Ki", Some(8192), "8Ki", Bin),
    ("7Mi", Some(7340032), "7Mi", Bin),
    ("6Gi", Some(6442450944), "6Gi", Bin),
    ("5Ti", Some(5497558138880), "5Ti", Bin),
    ("10Ti", Some(10995116277760), "10Ti", Bin),
    ("100Ti", None, "100Ti", Bin), // too many digits for the fast path
    ("1Pi", None, "1Pi", Bin),     // Pi and Ei never take the fast path
    ("4Pi", None, "4Pi", Bin),
    ("3Ei", None, "3Ei", Bin),
    ("7Ei", None, "7Ei", Bin),
    ("8Ei", None, "9223372036854775807", Bin), // capped
    ("9Ei", None, "9223372036854775807", Bin),
    ("-8Ei", None, "-9223372036854775807", Bin),
    ("9223372036854775807Ki", None, "9223372036854775807", Bin),
    ("1024Ki", Some(1048576), "1Mi", Bin),
    ("1025Ki", Some(1049600), "1025Ki", Bin),
    ("1536Ki", Some(1572864), "1536Ki", Bin),
    ("1536Mi", Some(1610612736), "1536Mi", Bin),
    ("+1536Mi", Some(1610612736), "1536Mi", Bin),
    ("-1536Mi", Some(-1610612736), "-1536Mi", Bin),
    ("+1Ki", Some(1024), "+1Ki", Bin), // kept as written, sign and all
    ("-1Ki", Some(-1024), "-1Ki", Bin),
    ("01Ki", Some(1024), "01Ki", Bin),
    ("1.Gi", Some(1073741824), "1.Gi", Bin),
    ("99999999999Ki", Some(102399999998976), "99999999999Ki", Bin),
    ("999999999999Ki", None, "999999999999Ki", Bin),
    ("99999999Mi", Some(104857598951424), "99999999Mi", Bin),
    ("99999Gi", Some(107373108658176), "99999Gi", Bin),
    ("100000Gi", None, "100000Gi", Bin),
    // Fractional binary values: decimal form, canonical in the largest exact unit.
    ("1.5Gi", None, "1536Mi", Bin),
    ("0.5Gi", None, "512Mi", Bin),
    (".5Gi", None, "512Mi", Bin),
    ("1.0Gi", None, "1Gi", Bin),
    ("-1.5Gi", None, "-1536Mi", Bin),
    ("0.00146484375Ti", None, "1536Mi", Bin),
    ("0.5Mi", None, "512Ki", Bin),
    ("0.5Ki", None, "512", Bin),  // below 1024: shown as DecimalSI
    ("1.5Ki", None, "1536", Bin), // not a whole number of Ki
    ("0.1Ki", None, "102400m", Bin),
    ("100.035Ki", None, "102435840m", Bin),
    ("0.05Gi", None, "53687091200m", Bin),
    ("0.000000000001Ki", None, "2n", Dec), // rounds up to nano, below 1: DecimalSI
    (".001Ki", None, "1024m", Bin),
    (".000001Ki", None, "1024u", Dec),
    (".000000001Ki", None, "1024n", Dec),
    // Decimal suffixes.
    ("5n", None, "5n", Dec),
    ("4u", None, "4u", Dec),
    ("3m", None, "3m", Dec),
    ("100m", None, "100m", Dec),
    ("1610612736000m", None, "1610612736", Dec),
    ("8k", Some(8000), "8k", Dec),
    ("50k", Some(50000), "50k", Dec),
    ("128M", Some(128000000), "128M", Dec),
    ("+128M", Some(128000000), "+128M", Dec),
    ("0128M", Some(128000000), "0128M", Dec),
    ("1000M", Some(1000000000), "1G", Dec),
    ("6G", Some(6000000000), "6G", Dec),
    ("5T", Some(5000000000000), "5T", Dec),
    ("40T", Some(40000000000000), "40T", Dec),
    ("2P", Some(2000000000000000), "2P", Dec),
    ("1E", Some(1000000000000000000), "1E", Dec),
    ("9E", Some(9000000000000000000), "9E", Dec),
    ("12E", None, "12E", Dec), // int form, but 1.2e19 overflows int64
    ("1.5G", Some(1500000000), "1500M", Dec),
    ("1.6G", Some(1600000000), "1600M", Dec),
    ("1.0G", Some(1000000000), "1G", Dec),
    ("1.G", Some(1000000000), "1.G", Dec),
    ("1.610612736G", Some(1610612736), "1.610612736G", Dec),
    ("1610.612736M", Some(1610612736), "1610.612736M", Dec),
    ("1610612.736k", Some(1610612736), "1610612.736k", Dec),
    ("0.536870912G", Some(536870912), "536870912", Dec),
    ("100.035k", Some(100035), "100.035k", Dec),
    ("1.500k", Some(1500), "1.500k", Dec),
    ("1.5k", Some(1500), "1500", Dec),
    ("8.1k", Some(8100), "8100", Dec),
    ("10.035M", Some(10035000), "10.035M", Dec),
    ("7.123456M", Some(7123456), "7.123456M", Dec),
    ("6.987654321G", Some(6987654321), "6.987654321G", Dec),
    ("5.444T", Some(5444000000000), "5.444T", Dec),
    ("40.1T", Some(40100000000000), "40100G", Dec),
    ("2.5P", Some(2500000000000000), "2500T", Dec),
    ("1.01E", Some(1010000000000000000), "1010P", Dec),
    ("0.001", None, "1m", Dec),
    (".001", None, "1m", Dec),
    ("0.0005k", None, "500m", Dec),
    (".0001k", None, "100m", Dec),
    ("9.01", None, "9010m", Dec),
    ("1.5", None, "1500m", Dec),
    ("1610612736.0", None, "1610612736", Dec),
    ("0.00000012345", None, "124n", Dec),
    ("0.0000000001", None, "1n", Dec),
    ("0.9n", None, "1n", Dec),
    ("3.001n", None, "4n", Dec),
    // apimachinery v0.35 has no DecimalSI suffix past E and drops the exponent.
    ("1000E", None, "1", Dec),
    ("5000E", None, "5", Dec),
    ("1000000P", None, "1", Dec),
    // Exponents.
    ("1e3", Some(1000), "1e3", Exp),
    ("1E3", Some(1000), "1E3", Exp),
    ("1e+3", Some(1000), "1e+3", Exp),
    ("1e03", Some(1000), "1e03", Exp),
    ("1E-3", None, "1E-3", Exp),
    ("1e-9", None, "1e-9", Exp),
    ("1e-10", None, "1e-9", Exp),
    ("1.1E-9", None, "2e-9", Exp),
    ("2e9", Some(2000000000), "2e9", Exp),
    ("1e9", Some(1000000000), "1e9", Exp),
    ("1e18", Some(1000000000000000000), "1e18", Exp),
    ("1e19", None, "10e18", Exp),
    ("1e21", None, "1e21", Exp),
    ("1.2e3", Some(1200), "1200", Exp),
    ("1.3E+6", Some(1300000), "1300e3", Exp),
    ("1.40e9", Some(1400000000), "1400e6", Exp),
    ("1.7E18", Some(1700000000000000000), "1700e15", Exp),
    ("0.5e0", None, "500e-3", Exp),
    ("0.5e-9", None, "1e-9", Exp),
    ("1.610612736e9", Some(1610612736), "1.610612736e9", Exp),
    ("0.536870912e9", Some(536870912), "536870912", Exp),
    ("1610.612736E6", Some(1610612736), "1610.612736E6", Exp),
    ("1e2147483647", None, "10e2147483646", Exp),
    ("12345678901234567890e5", None, "1234567890123456789e6", Exp),
    // The exponent is read as int64 and narrowed to int32 like Go: 2^32 wraps to 0.
    ("7e4294967296", Some(7), "7e4294967296", Exp),
];

#[test]
fn parses_like_go() {
    for &(input, as_i64, canonical, format) in OK {
        let q = Quantity::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(q.as_i64(), as_i64, "{input}: as_i64");
        assert_eq!(q.canonical(), canonical, "{input}: canonical");
        assert_eq!(q.format(), format, "{input}: format");
        assert_eq!(q.to_string(), canonical, "{input}: Display");
        assert_eq!(
            input.parse::<Quantity>().as_ref(),
            Ok(&q),
            "{input}: FromStr"
        );
    }
}

#[test]
fn canonical_reparses_to_same_value() {
    for &(input, ..) in OK {
        let q = Quantity::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let again = Quantity::parse(&q.canonical()).unwrap_or_else(|e| panic!("{input}: {e}"));
        let dropped = ["1000E", "5000E", "1000000P"].contains(&input);
        if !dropped {
            assert_eq!(
                again.cmp_value(&q),
                Ordering::Equal,
                "{input} -> {}",
                q.canonical()
            );
            assert_eq!(again.canonical(), q.canonical(), "{input}: idempotent");
        }
    }
}

#[test]
fn rejects_like_go() {
    use QuantityError::{FormatWrong as F, Numeric as N, Suffix as S};
    let cases: &[(&str, QuantityError)] = &[
        ("", F),
        (" 1", F),
        ("1 ", F),
        ("1536 Mi", F),
        ("1gi", F),
        ("1GB", F),
        ("1KiB", F),
        ("1KI", F),
        ("aoeu", F),
        ("1.1.M", F),
        ("1+1.0M", F),
        ("0.1am", F),
        ("..", F),
        ("1e5x", F),
        ("0x10", F),
        ("1_000", F),
        ("１", F),
        ("true", F),
        ("1e--5", F),
        ("0.1mi", S),
        ("1ki", S),
        (".5i", S),
        ("1i", S),
        ("-3.01i", S),
        ("-3.01e-", S),
        ("1e", S),
        ("1e+", S),
        ("1+5", S),
        ("1Kie", S),
        ("1ee5", S),
        ("1e99999999999999999999", S),
        (".e-10", N),
        ("+.e-10", N),
    ];
    for (input, err) in cases {
        assert_eq!(Quantity::parse(input).as_ref(), Err(err), "{input:?}");
    }
    assert_eq!(
        QuantityError::FormatWrong.to_string(),
        format!("quantities must match the regular expression '{FORMAT_REGEX}'")
    );
    assert_eq!(
        QuantityError::Numeric.to_string(),
        "unable to parse numeric part of quantity"
    );
    assert_eq!(
        QuantityError::Suffix.to_string(),
        "unable to parse quantity's suffix"
    );
}

#[test]
fn go_string_table() {
    // apimachinery TestQuantityString: parsing the canonical text keeps it; the alternate
    // spelling canonicalises to it.
    let table = [
        ("1Gi", "1024Mi"),
        ("300Mi", "307200Ki"),
        ("6Ki", ""),
        ("1001Gi", "1025024Mi"),
        ("1Ti", "1024Gi"),
        ("5", "5000m"),
        ("500m", "0.5"),
        ("1G", "1000M"),
        ("1G", "0.001T"),
        ("1m", "1000u"),
        ("80m", ""),
        ("1080m", "1.08"),
        ("1080m", "1080000000n"),
        ("300M", ""),
        ("1T", ""),
        ("1E", ""),
        ("1234567M", ""),
        ("1234567m", ""),
        ("3k", ""),
        ("1025", ""),
        ("1e9", ".001e12"),
        ("1e-3", "0.001e0"),
        ("1e-9", "1000e-12"),
        ("80e-3", ""),
        ("300e6", ""),
        ("1e12", ""),
        ("3e3", ""),
        ("0", "00"),
        ("1n", ""),
        ("80n", ""),
        ("1080n", ""),
        ("1u", ""),
        ("80u", ""),
        ("1080u", ""),
    ];
    for (canonical, alternate) in table {
        let q = Quantity::parse(canonical).unwrap_or_else(|e| panic!("{canonical}: {e}"));
        assert_eq!(q.text.as_deref(), Some(canonical), "{canonical}: kept text");
        if !alternate.is_empty() {
            let q = Quantity::parse(alternate).unwrap_or_else(|e| panic!("{alternate}: {e}"));
            assert_eq!(q.text, None, "{alternate}: no kept text");
            assert_eq!(q.canonical(), canonical, "{alternate}");
        }
    }
}

#[test]
fn json_like_unmarshal_json() {
    let q = |v: serde_json::Value| Quantity::from_json(&v);
    assert_eq!(q(json!(null)), Ok(None));
    let some = |v: serde_json::Value| q(v).ok().flatten().map(|q| (q.as_i64(), q.canonical()));
    assert_eq!(
        some(json!("1536Mi")),
        Some((Some(1610612736), "1536Mi".to_owned()))
    );
    assert_eq!(
        some(json!(" 1Gi ")),
        Some((Some(1073741824), "1Gi".to_owned()))
    );
    assert_eq!(
        some(json!("\u{a0}1Gi\u{3000}")),
        Some((Some(1073741824), "1Gi".to_owned()))
    );
    assert_eq!(
        some(json!(1610612736)),
        Some((Some(1610612736), "1610612736".to_owned()))
    );
    assert_eq!(some(json!(-5)), Some((Some(-5), "-5".to_owned())));
    assert_eq!(
        some(json!(1610612736.0)),
        Some((None, "1610612736".to_owned()))
    );
    assert_eq!(some(json!(0.5)), Some((None, "500m".to_owned())));
    for bad in [
        json!(""),
        json!("1Gi\n"),
        json!("\t1Gi"),
        json!("1\"Gi"),
        json!("a"),
    ] {
        assert_eq!(q(bad.clone()), Err(QuantityError::FormatWrong), "{bad}");
    }
    for bad in [json!(true), json!([1]), json!({"a": 1})] {
        assert_eq!(q(bad.clone()), Err(QuantityError::FormatWrong), "{bad}");
    }
    assert_eq!(
        Quantity::parse("1.5Gi").map(|q| q.to_json()),
        Ok(json!("1536Mi")),
    );
}

#[test]
fn json_raw_like_unmarshal_json() {
    let raw = |s: &str| Quantity::from_json_raw(s).map(|q| q.map(|q| q.canonical()));
    // apimachinery TestJSONWhitespace.
    for (input, expect) in [
        ("\" 1\"", "1"),
        ("\"1 \"", "1"),
        ("1", "1"),
        (" 1", "1"),
        ("1 ", "1"),
        ("10", "10"),
        ("-1", "-1"),
        (" -1", "-1"),
    ] {
        assert_eq!(raw(input), Ok(Some(expect.to_owned())), "{input:?}");
    }
    assert_eq!(raw("null"), Ok(None));
    assert_eq!(raw("2e9").map(|_| ()), Ok(()));
    assert_eq!(
        Quantity::from_json_raw("2e9")
            .ok()
            .flatten()
            .and_then(|q| q.as_i64()),
        Some(2000000000)
    );
    assert_eq!(raw("\"\\u0031Gi\""), Err(QuantityError::FormatWrong));
    assert_eq!(raw("\"\""), Err(QuantityError::FormatWrong));
    assert_eq!(raw("true"), Err(QuantityError::FormatWrong));
}

#[test]
fn zero_and_comparison() {
    let p = |s: &str| Quantity::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert!(p("0").is_zero());
    assert!(p("-0e-10").is_zero());
    assert!(p("0Gi").is_zero());
    assert!(!p("1n").is_zero());
    assert!(!p("0.0000000001").is_zero());
    assert_eq!(p("1.5Gi").cmp_value(&p("1536Mi")), Ordering::Equal);
    assert_eq!(p("100m").cmp_value(&p("50m")), Ordering::Greater);
    assert_eq!(p("10000T").cmp_value(&p("100Gi")), Ordering::Greater);
    assert_eq!(p("-1Ki").cmp_value(&p("-1000")), Ordering::Less);
    assert_ne!(p("1.5Gi"), p("1536Mi")); // structural: different forms
    assert!(p("1536Mi").is_int_form() && !p("1.5Gi").is_int_form());
    assert_eq!(p("1.5Gi").to_decimal_string(), "1610612736");
    assert_eq!(p("-1.5").to_decimal_string(), "-1.5");
    assert_eq!(p("1n").to_decimal_string(), "0.000000001");
    assert_eq!(
        p("1e64").to_decimal_string(),
        format!("1{}", "0".repeat(64))
    );
    assert_eq!(p("1e65").to_decimal_string(), "1e65");
    assert_eq!(p("-25e2147483646").to_decimal_string(), "-25e2147483646");
}

#[test]
fn humanize() {
    let h = Quantity::humanize_bytes;
    assert_eq!(h(0), "0");
    assert_eq!(h(1000), "1000");
    assert_eq!(h(-1023), "-1023");
    assert_eq!(h(1024), "1Ki");
    assert_eq!(h(1536), "1.5Ki");
    assert_eq!(h(1610612736), "1.5Gi");
    assert_eq!(h(-1610612736), "-1.5Gi");
    assert_eq!(h(536870912), "512Mi");
    assert_eq!(h(1073741824), "1Gi");
    assert_eq!(h(1342177280), "1.25Gi");
    assert_eq!(h(1610612735), "~1.5Gi");
    assert_eq!(h(1610612737), "~1.5Gi");
    assert_eq!(h(2000000000), "~1.86Gi");
    assert_eq!(h(1025), "~1Ki");
    assert_eq!(h(1049600), "1025Ki");
    assert_eq!(h(10000 * 1024 * 1024), "~9.77Gi");
    assert_eq!(h(9999 * 1024 * 1024), "9999Mi");
    assert_eq!(h(1100), "~1.07Ki");
    assert_eq!(h(i64::MIN), "-8Ei");
    assert_eq!(h(i64::MAX), "~8Ei");
}

#[test]
fn simple_as_i64_is_parse_then_as_i64() {
    let suffixes = [
        "", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "m", "n", "e3", "i",
        "K", " ",
    ];
    let mut numbers: Vec<String> = vec!["0".into(), "00".into(), "01".into(), "-1".into()];
    for len in 1..=20 {
        numbers.push("9".repeat(len));
        numbers.push(format!("1{}", "0".repeat(len - 1)));
        numbers.push(format!("1{}7", "0".repeat(len - 1)));
    }
    numbers.extend(["2048", "1536", "8", "4", "9223372036854775807"].map(String::from));
    let mut simple = 0;
    for n in &numbers {
        for suffix in suffixes {
            let s = format!("{n}{suffix}");
            if let Some(fast) = Quantity::simple_as_i64(&s) {
                simple += 1;
                let q = Quantity::parse(&s).map(|q| q.as_i64());
                assert_eq!(q, Ok(fast), "{s}");
            }
        }
    }
    assert!(simple > 300, "{simple} texts took the simple path");
}
