use super::response_json;
use crate::admission::{Decision, Source};
use validgen_core::interpret::{Cause, Report};

const HEAD: &str = r#"{"kind":"AdmissionReview","apiVersion":"admission.k8s.io/v1","response":"#;

fn decision(code: Option<u16>, reason: Option<&str>, message: Option<&str>) -> Decision {
    Decision {
        allowed: code.is_none(),
        code,
        reason: reason.map(str::to_owned),
        message: message.map(str::to_owned),
        causes: Vec::new(),
        warnings: Vec::new(),
        missing_template: None,
        report: Report::default(),
        source: Source::NoTemplate,
        rule_set_error: None,
        decode_error: None,
        reference_crashes: false,
    }
}

fn cause(kind: &str, message: &str, field: &str) -> Cause {
    Cause {
        kind: kind.to_owned(),
        message: message.to_owned(),
        field: field.to_owned(),
    }
}

/// The response as text, with `HEAD` checked and removed.
fn body(uid: &str, d: &Decision, warnings: bool) -> String {
    let text = String::from_utf8(response_json(uid, d, warnings)).expect("UTF-8");
    let rest = text.strip_prefix(HEAD).expect("the fixed head");
    rest.strip_suffix('}')
        .expect("the closing brace")
        .to_owned()
}

#[test]
fn allowed_without_warnings_has_no_status() {
    let d = decision(None, None, None);
    assert_eq!(body("u-1", &d, true), r#"{"uid":"u-1","allowed":true}"#);
}

#[test]
fn warnings_are_written_only_when_asked_and_present() {
    let mut d = decision(None, None, None);
    assert_eq!(body("u", &d, true), r#"{"uid":"u","allowed":true}"#);
    d.warnings = vec!["w1: x".to_owned(), "w2".to_owned()];
    assert_eq!(
        body("u", &d, true),
        r#"{"uid":"u","allowed":true,"warnings":["w1: x","w2"]}"#
    );
    assert_eq!(body("u", &d, false), r#"{"uid":"u","allowed":true}"#);
}

#[test]
fn denial_with_reason_causes_and_warnings() {
    let mut d = decision(Some(422), Some("Invalid"), Some("m1, m2"));
    d.causes = vec![
        cause("FieldValueInvalid", "m1", ".spec.a"),
        cause("FieldValueInvalid", "m2", ".spec.b"),
    ];
    d.warnings = vec!["w".to_owned()];
    assert_eq!(
        body("u", &d, true),
        concat!(
            r#"{"uid":"u","allowed":false,"status":{"metadata":{},"message":"m1, m2","reason":"Invalid","#,
            r#""details":{"causes":[{"reason":"FieldValueInvalid","message":"m1","field":".spec.a"},"#,
            r#"{"reason":"FieldValueInvalid","message":"m2","field":".spec.b"}]},"code":422},"#,
            r#""warnings":["w"]}"#
        )
    );
}

#[test]
fn bad_request_without_reason_or_causes() {
    let d = decision(Some(400), None, Some("cannot decode"));
    assert_eq!(
        body("", &d, true),
        r#"{"uid":"","allowed":false,"status":{"metadata":{},"message":"cannot decode","code":400}}"#
    );
}

#[test]
fn status_without_message_has_an_empty_one_and_an_empty_reason_is_kept() {
    let d = decision(Some(422), Some(""), None);
    assert_eq!(
        body("u", &d, false),
        r#"{"uid":"u","allowed":false,"status":{"metadata":{},"message":"","reason":"","code":422}}"#
    );
}

#[test]
fn empty_cause_fields_are_omitted() {
    let mut d = decision(Some(422), Some("Invalid"), Some("m"));
    d.causes = vec![cause("", "", ""), cause("", "m", "")];
    assert!(
        body("u", &d, false).contains(r#""details":{"causes":[{},{"message":"m"}]}"#),
        "{}",
        body("u", &d, false)
    );
}

#[test]
fn html_characters_are_escaped_everywhere_as_go_does() {
    let mut d = decision(Some(422), Some("<r>"), Some("a<b>&c"));
    d.causes = vec![cause("k&", "`(?<name>x)` & more", ".spec[?(@.a>1)]")];
    d.warnings = vec!["<&>".to_owned()];
    assert_eq!(
        body("<uid&>", &d, true),
        concat!(
            r#"{"uid":"\u003cuid\u0026\u003e","allowed":false,"status":{"metadata":{},"#,
            r#""message":"a\u003cb\u003e\u0026c","reason":"\u003cr\u003e","details":{"causes":["#,
            r#"{"reason":"k\u0026","message":"`(?\u003cname\u003ex)` \u0026 more","#,
            r#""field":".spec[?(@.a\u003e1)]"}]},"code":422},"warnings":["\u003c\u0026\u003e"]}"#
        )
    );
}

#[test]
fn line_and_paragraph_separators_are_escaped_and_their_neighbours_are_not() {
    // U+2026, U+2027, U+202A and U+20AC share the lead byte 0xE2.
    let d = decision(
        Some(400),
        None,
        Some("a\u{2028}b\u{2029}c\u{2026}\u{2027}\u{202a}\u{20ac}"),
    );
    assert_eq!(
        body("\u{2029}", &d, false),
        "{\"uid\":\"\\u2029\",\"allowed\":false,\"status\":{\"metadata\":{},\
         \"message\":\"a\\u2028b\\u2029c\u{2026}\u{2027}\u{202a}\u{20ac}\",\"code\":400}}"
    );
}

#[test]
fn quotes_backslashes_and_control_characters_are_escaped_as_serde_json_does() {
    let d = decision(
        Some(400),
        None,
        Some("\"q\" \\ \n\r\t\u{8}\u{c}\u{0}\u{1}\u{1f}\u{7f}"),
    );
    assert_eq!(
        body("u", &d, false),
        "{\"uid\":\"u\",\"allowed\":false,\"status\":{\"metadata\":{},\
         \"message\":\"\\\"q\\\" \\\\ \\n\\r\\t\\b\\f\\u0000\\u0001\\u001f\u{7f}\",\"code\":400}}"
    );
}

#[test]
fn non_ascii_is_written_as_is() {
    let mut d = decision(None, None, None);
    d.warnings = vec!["é ß 日本 😀".to_owned()];
    assert_eq!(
        body("ü", &d, true),
        r#"{"uid":"ü","allowed":true,"warnings":["é ß 日本 😀"]}"#
    );
}

#[test]
fn the_bytes_parse_back_to_the_same_strings() {
    let text = "<a> & \u{2028}\u{2029} \"\\\n\u{0} é 😀";
    let mut d = decision(Some(422), Some(text), Some(text));
    d.causes = vec![cause(text, text, text)];
    d.warnings = vec![text.to_owned()];
    let v: serde_json::Value =
        serde_json::from_slice(&response_json(text, &d, true)).expect("JSON");
    let r = &v["response"];
    assert_eq!(r["uid"], text);
    assert_eq!(r["status"]["message"], text);
    assert_eq!(r["status"]["reason"], text);
    assert_eq!(r["status"]["details"]["causes"][0]["field"], text);
    assert_eq!(r["warnings"][0], text);
}

#[test]
fn a_special_character_is_found_at_every_position() {
    // Lengths and positions across the eight-byte words the scan reads.
    for len in 1..=40 {
        for at in 0..len {
            for (c, escaped) in [
                ("<", "\\u003c"),
                (">", "\\u003e"),
                ("&", "\\u0026"),
                ("\u{2028}", "\\u2028"),
                ("\u{2029}", "\\u2029"),
            ] {
                let uid = format!("{}{c}{}", "a".repeat(at), "b".repeat(len - at - 1));
                let want = format!(
                    r#"{{"uid":"{}{escaped}{}","allowed":true}}"#,
                    "a".repeat(at),
                    "b".repeat(len - at - 1)
                );
                assert_eq!(body(&uid, &decision(None, None, None), false), want);
            }
        }
    }
}
