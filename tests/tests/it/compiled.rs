//! Compiled validators against the interpreter: every conformance case decided with the rule
//! sets compiled by `validgen-codegen` (see `build.rs`), in both modes, must give exactly the
//! interpreter's decision (which `conformance.rs` holds against the reference).

// Shared with conformance.rs, which also reads the expected answers.
#[allow(dead_code)]
use crate::data;

use validgen::admission::{self, Catalog, Decision, Mode, Validators};
use validgen::interpret::{Explain, Outcome};
use validgen::rules::parse_rule_set;
use validgen_tests::conformance::CATALOG;
use validgen_tests::{Compiled, assert_none_differ, case_catalog};

/// The case's templates, as an interpreted catalog.
fn templates(case: &data::Case) -> Catalog {
    case_catalog(&case.id, &case.input.templates)
}

/// What differs between a decision explaining failures only and the same decision explaining
/// every rule: nothing but the satisfied rules' details, which must be empty.
fn failures_only_differences(failures: &Decision, all: &Decision) -> Option<String> {
    let mut expected = all.clone();
    for r in &mut expected.report.rules {
        if r.outcome == Outcome::Satisfied {
            r.detail.clear();
        }
    }
    (*failures != expected).then(|| format!("got  {failures:?}\n    want {expected:?}"))
}

#[test]
fn failures_only_explanations_keep_outcomes_and_failure_texts() {
    let cases = data::load_cases();
    let mut failures = Vec::new();
    let mut satisfied = 0;
    for case in &cases {
        let templates = templates(case);
        let compiled = Compiled {
            templates: &templates,
            plan: None,
        };
        let back_ends: [(&str, &dyn Validators); 2] =
            [("interpreted", &templates), ("compiled", &compiled)];
        for mode in [Mode::Raw, Mode::Admitted] {
            for (back_end, validators) in back_ends {
                let all = admission::decide_with(&case.input.vm, validators, mode);
                let only = admission::decide_explained(
                    &case.input.vm,
                    validators,
                    mode,
                    Explain::Failures,
                );
                satisfied += all
                    .report
                    .rules
                    .iter()
                    .filter(|r| r.outcome == Outcome::Satisfied && !r.detail.is_empty())
                    .count();
                if let Some(diff) = failures_only_differences(&only, &all) {
                    failures.push(format!("{} {mode:?} {back_end}:\n    {diff}", case.id));
                }
            }
        }
    }
    assert!(satisfied > 1000, "{satisfied} satisfied rules explained");
    assert_none_differ("decisions", &failures);
}

#[test]
fn compiled_validators_decide_every_case_as_the_interpreter() {
    let cases = data::load_cases();
    let mut compiled_texts = 0;
    let mut failures = Vec::new();
    for case in &cases {
        let templates = templates(case);
        let own = case
            .input
            .vm
            .pointer("/metadata/annotations/vm.kubevirt.io~1validations")
            .and_then(|v| v.as_str());
        if let Some(text) = own
            && parse_rule_set(text).is_ok()
        {
            assert!(
                CATALOG.compiled(text).is_some(),
                "{}: its rule set was compiled",
                case.id
            );
            compiled_texts += 1;
        }
        let compiled = Compiled {
            templates: &templates,
            plan: None,
        };
        for mode in [Mode::Raw, Mode::Admitted] {
            let want = admission::decide(&case.input.vm, &templates, mode);
            let got = admission::decide_with(&case.input.vm, &compiled, mode);
            if got != want {
                failures.push(format!(
                    "{} {mode:?}:\n    got  {got:?}\n    want {want:?}",
                    case.id
                ));
            }
        }
    }
    assert!(
        compiled_texts > 2000,
        "{compiled_texts} cases ran compiled rule sets"
    );
    assert_none_differ("decisions", &failures);
}
