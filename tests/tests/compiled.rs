//! Compiled validators against the interpreter: every conformance case decided with the rule
//! sets compiled by `validgen-codegen` (see `build.rs`), in both modes, must give exactly the
//! interpreter's decision (which `conformance.rs` holds against the reference).

// Shared with conformance.rs, which also reads the expected answers.
#[allow(dead_code)]
#[path = "conformance/data.rs"]
mod data;

use validgen::admission::{self, Catalog, Mode, Template, Validators};
use validgen::interpret::Report;
use validgen::rules::{RuleSetError, parse_rule_set};
use validgen::typed::TypedVm;
use validgen_tests::conformance::CATALOG;

/// The case's templates for the lookup; rule sets evaluated by the compiled catalog.
struct Compiled<'a> {
    templates: &'a Catalog,
}

impl Validators for Compiled<'_> {
    fn template_rules(&self, namespace: &str, name: &str) -> Option<Option<&str>> {
        self.templates.template_rules(namespace, name)
    }

    fn evaluate(&self, text: &str, vm: &TypedVm) -> Result<Report, RuleSetError> {
        CATALOG.evaluate(text, vm)
    }
}

#[test]
fn compiled_validators_decide_every_case_as_the_interpreter() {
    let cases = data::load_cases();
    let mut compiled_texts = 0;
    let mut failures = Vec::new();
    for case in &cases {
        let mut templates = Catalog::new();
        for (i, t) in case.input.templates.iter().enumerate() {
            if let Some(t) = Template::from_json(t.clone(), format!("{}#{i}", case.id)) {
                templates.insert(t);
            }
        }
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
    assert!(
        failures.is_empty(),
        "{} decisions differ:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
