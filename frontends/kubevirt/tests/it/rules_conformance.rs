//! The rule-set parser against every recorded case of the reference
//! (`tests/conformance/cases.jsonl`): the set is rejected exactly when the reference answered
//! 400 with a parse error, and otherwise has the reference's rules (count, names, `field` =
//! path expression, `justWarning`), in order.
#![allow(clippy::unwrap_used)]

/// Named `rules` so that `cargo test -p validgen-kubevirt rules` selects these tests.
mod rules {
    use serde_json::Value;
    use validgen_kubevirt::rules::{ParsedRuleSet, parse_rule_set};

    const CASES: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/conformance/cases.jsonl"
    );

    /// The rule-set text the reference parsed for a case, if it parsed one: the VM's own annotation,
    /// or the looked-up template's legacy `validations` annotation.
    fn parsed_text(case: &Value) -> Option<String> {
        let vm = &case["input"]["vm"];
        match case["expected"]["source"].as_str()? {
            "vm-annotation" => vm["metadata"]["annotations"]["vm.kubevirt.io/validations"]
                .as_str()
                .map(str::to_owned),
            "template" => {
                let (name, namespace) = ["labels", "annotations"].iter().find_map(|map| {
                    // An empty value counts as absent.
                    let get =
                        |key: &str| vm["metadata"][map][key].as_str().filter(|v| !v.is_empty());
                    let name = get("vm.kubevirt.io/template")?;
                    let namespace = get("vm.kubevirt.io/template.namespace")
                        .or_else(|| get("vm.kubevirt.io/template-namespace"))?;
                    Some((name, namespace))
                })?;
                // The informer's key is the string `namespace/name`.
                let key = format!("{namespace}/{name}");
                let template = case["input"]["templates"].as_array()?.iter().find(|t| {
                    let meta = &t["metadata"];
                    let (name, namespace) = (meta["name"].as_str(), meta["namespace"].as_str());
                    name.zip(namespace)
                        .is_some_and(|(n, ns)| format!("{ns}/{n}") == key)
                })?;
                Some(
                    template["metadata"]["annotations"]["validations"]
                        .as_str()
                        .unwrap_or("")
                        .to_owned(),
                )
            }
            _ => None,
        }
    }

    /// `(name, field, just_warning)` of each parsed rule, as the oracle records them.
    fn summary(set: &ParsedRuleSet) -> Vec<(String, String, bool)> {
        set.rules
            .iter()
            .map(|r| {
                let field = r.path.as_ref().map(|p| p.expr.clone()).unwrap_or_default();
                (r.name.clone(), field, r.just_warning)
            })
            .collect()
    }

    fn expected_summary(expected: &Value) -> Vec<(String, String, bool)> {
        expected["rules"]
            .as_array()
            .map(|rules| {
                rules
                    .iter()
                    .map(|r| {
                        (
                            r["name"].as_str().unwrap().to_owned(),
                            r["field"].as_str().unwrap().to_owned(),
                            r["just_warning"].as_bool().unwrap(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn conformance_sweep() {
        let data = std::fs::read_to_string(CASES).unwrap();
        let (mut checked, mut rejected, mut compared) = (0, 0, 0);
        let mut failures = Vec::new();
        for line in data.lines().filter(|l| !l.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).unwrap();
            let id = case["id"].as_str().unwrap();
            let expected = &case["expected"];
            // Every annotation text, parsed or not by the reference, must not crash us.
            if let Some(text) =
                case["input"]["vm"]["metadata"]["annotations"]["vm.kubevirt.io/validations"]
                    .as_str()
            {
                let _ = parse_rule_set(text);
            }
            let want_error = expected["parse_error"].as_str();
            if let Some(admitted) = case.get("expected_admitted") {
                assert_eq!(
                    admitted["parse_error"].as_str(),
                    want_error,
                    "{id}: raw and admitted disagree"
                );
            }
            let Some(text) = parsed_text(&case) else {
                assert!(
                    want_error.is_none(),
                    "{id}: a parse error without a parsed rule set"
                );
                let source = expected["source"].as_str();
                assert!(
                    !matches!(source, Some("vm-annotation" | "template")),
                    "{id}: no rule set found"
                );
                continue;
            };
            checked += 1;
            let got = parse_rule_set(&text);
            match (&got, want_error) {
                (Err(_), Some(_)) => rejected += 1,
                (Ok(_), Some(want)) => {
                    failures.push(format!("{id}: accepted, reference rejected: {want}"))
                }
                (Err(e), None) => {
                    failures.push(format!("{id}: rejected ({e}), reference accepted"))
                }
                (Ok(set), None) => {
                    if case.get("reference_panicked").and_then(Value::as_bool) == Some(true) {
                        // The reference crashed while evaluating: it recorded no rules.
                        continue;
                    }
                    compared += 1;
                    let (got, want) = (summary(set), expected_summary(expected));
                    if got != want {
                        failures.push(format!("{id}: rules {got:?}, reference {want:?}"));
                    }
                }
            }
        }
        println!(
            "{checked} rule sets checked: {rejected} rejected as by the reference, {compared} compared rule by rule"
        );
        assert!(
            failures.is_empty(),
            "{} failures:\n{}",
            failures.len(),
            failures.join("\n")
        );
        assert!(checked > 2300, "only {checked} rule sets found");
    }
}
