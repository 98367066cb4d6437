//! Conformance: every recorded case of the reference validator (`tests/conformance/cases.jsonl`,
//! vendored from the shared conformance data) decided by validgen, in both modes, compared
//! field by field with the recorded answers.

#[path = "conformance/crashes.rs"]
mod crashes;
use crate::data;

use std::collections::{BTreeMap, BTreeSet};

use validgen_core::interpret::Outcome;
use validgen_kubevirt::admission::{self, Catalog, Decision, Mode};

use crashes::{CRASHES, Crash};
use data::{Case, Expected, load_cases};

/// Sorts the comma-separated values inside each `[...]` (for the one case whose message lists
/// Go map values in random order).
fn as_multiset(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('[') {
        out.push_str(&rest[..=i]);
        rest = &rest[i + 1..];
        let j = rest.find(']').unwrap_or(rest.len());
        let mut items: Vec<&str> = rest[..j].split(", ").collect();
        items.sort_unstable();
        out.push_str(&items.join(", "));
        rest = &rest[j..];
    }
    out.push_str(rest);
    out
}

fn catalog(case: &Case) -> Catalog {
    validgen_tests::case_catalog(&case.id, &case.input.templates)
}

/// Compares a decision with a recorded answer; returns the differences.
fn compare(case: &Case, exp: &Expected, got: &Decision, crash: Option<Crash>) -> Vec<String> {
    let mut diffs = Vec::new();
    let norm = |s: &str| {
        if case.nondeterministic {
            as_multiset(s)
        } else {
            s.to_owned()
        }
    };
    if let Some(crash) = crash {
        // The reference has no verdict; validgen denies with the documented rule error.
        if got.allowed {
            diffs.push("reference crashes: expected a denial".to_owned());
        }
        let failed = got
            .report
            .rules
            .iter()
            .any(|r| r.outcome == Outcome::Error && r.detail == crash.detail());
        if !failed {
            diffs.push(format!(
                "reference crashes: expected a rule failing with `{}`",
                crash.detail()
            ));
        }
        return diffs;
    }
    if got.allowed != exp.allowed {
        diffs.push(format!("allowed: got {} want {}", got.allowed, exp.allowed));
    }
    if got.code != exp.code {
        diffs.push(format!("code: got {:?} want {:?}", got.code, exp.code));
    }
    if got.reason != exp.reason {
        diffs.push(format!(
            "reason: got {:?} want {:?}",
            got.reason, exp.reason
        ));
    }
    if exp.parse_error.is_some() {
        // A whole-set parse error: the message is ours (with line:column), not Go's wording.
        match &got.rule_set_error {
            None => diffs.push(format!(
                "expected a rule-set parse error ({:?})",
                exp.parse_error
            )),
            Some(e) if e.to_string().is_empty() => diffs.push("empty parse error".to_owned()),
            Some(_) => {}
        }
        return diffs;
    }
    let got_msg = got.message.clone().unwrap_or_default();
    let want_msg = exp.message.clone().unwrap_or_default();
    if norm(&got_msg) != norm(&want_msg) {
        diffs.push(format!(
            "message:\n    got  {got_msg:?}\n    want {want_msg:?}"
        ));
    }
    let want_causes: Vec<(String, String, String)> = exp
        .causes
        .iter()
        .flatten()
        .map(|c| (c.kind.clone(), c.field.clone(), norm(&c.message)))
        .collect();
    let got_causes: Vec<(String, String, String)> = got
        .causes
        .iter()
        .map(|c| (c.kind.clone(), c.field.clone(), norm(&c.message)))
        .collect();
    if got_causes != want_causes {
        diffs.push(format!(
            "causes:\n    got  {got_causes:?}\n    want {want_causes:?}"
        ));
    }
    let want_rules = exp.rules.clone().unwrap_or_default();
    if got.report.rules.len() != want_rules.len() {
        diffs.push(format!(
            "rules: got {} want {}",
            got.report.rules.len(),
            want_rules.len()
        ));
    }
    for (i, (g, w)) in got.report.rules.iter().zip(&want_rules).enumerate() {
        let (outcome, detail) = w.outcome();
        if g.name != w.name || g.field != w.field || g.just_warning != w.just_warning {
            diffs.push(format!(
                "rule {i}: identity got {:?}/{:?} want {:?}/{:?}",
                g.name, g.field, w.name, w.field
            ));
        }
        if g.outcome != outcome || norm(&g.detail) != norm(&detail) {
            diffs.push(format!(
                "rule {i} ({}): got {:?} {:?} want {:?} {:?}",
                w.name, g.outcome, g.detail, outcome, detail
            ));
        }
    }
    if let Some(body) = &exp.response_body
        && !case.nondeterministic
    {
        let uid = format!("oracle-{}", case.id);
        let ours = admission::response_json(&uid, got, false);
        if ours != body.as_bytes() {
            let ours = String::from_utf8_lossy(&ours);
            diffs.push(format!("response body:\n    got  {ours}\n    want {body}"));
        }
    }
    diffs
}

#[test]
fn every_recorded_case_matches_the_reference() {
    let cases = load_cases();
    assert_eq!(
        cases.len(),
        2505,
        "the vendored conformance file is complete"
    );
    let crash_list: BTreeMap<&str, Crash> = CRASHES.iter().copied().collect();
    assert_eq!(
        crash_list.len(),
        CRASHES.len(),
        "crash list has no duplicates"
    );
    let crashing: BTreeSet<&str> = cases
        .iter()
        .filter(|c| c.reference_panicked)
        .map(|c| c.id.as_str())
        .collect();
    let listed: BTreeSet<&str> = crash_list.keys().copied().collect();
    assert_eq!(
        crashing, listed,
        "the crash list is exactly the crashing cases"
    );

    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let catalog = catalog(case);
        let crash = crash_list.get(case.id.as_str()).copied();
        let raw = admission::decide(&case.input.vm, &catalog, Mode::Raw);
        for d in compare(case, &case.expected, &raw, crash) {
            failures.push(format!("{} [raw] {d}", case.id));
        }
        checked += 1;
        if let Some(exp) = &case.expected_admitted {
            let admitted = admission::decide(&case.input.vm, &catalog, Mode::Admitted);
            for d in compare(case, exp, &admitted, crash) {
                failures.push(format!("{} [admitted] {d}", case.id));
            }
            checked += 1;
        }
    }
    let failing_cases: BTreeSet<&str> = failures
        .iter()
        .filter_map(|f| f.split_whitespace().next())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {checked} verdicts differ ({} cases):\n{}",
        failures.len(),
        failing_cases.len(),
        failures
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
