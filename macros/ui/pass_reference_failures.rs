// With `reference_failures`, rules the reference fails at run time compile into that failure.
validgen::include_validators!("ui/catalogs/rule_unknown_kind", reference_failures = true);

fn main() {
    let vm = validgen::serde_json::json!({"spec": {"template": {"spec": {"domain": {}}}}});
    let report = invalid_rule_unknown_kind(&vm, validgen::interpret::Explain::All);
    assert_eq!(report.rules[0].detail, "unrecognized Rule type");
}
