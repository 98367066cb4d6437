//! The admission decision of the reference webhook (ssp-operator `admitVm`, SEMANTICS §2):
//! which rules apply to a VM, and the verdict.

use serde::Serialize;
use serde_json::Value;

use super::catalog::{Catalog, VALIDATIONS};
use crate::capture::ExtractionPlan;
use crate::rules::{self, RuleSetError};
use crate::typed::{self, DecodeError, TypedVm};
use crate::view::{JsonView, Kept};
use validgen_core::interpret::{Cause, Explain, Outcome, Report};

pub use crate::keys::{SKIP, TEMPLATE_NAME, TEMPLATE_NAMESPACE, TEMPLATE_NAMESPACE_OLD};

/// Which VM the rules are applied to (SEMANTICS §10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// The object exactly as given (what the webhook sees behind the API server).
    #[default]
    Raw,
    /// Quantity-typed fields canonicalised first, as KubeVirt's API re-encodes a VM before the
    /// reference sees it: the verdict `kubectl apply` gets.
    Admitted,
}

/// Which branch of the decision was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The VM did not decode into the typed struct (code 400).
    VmUnmarshalError,
    /// `metadata.deletionTimestamp` is set: allowed.
    Deleting,
    /// The skip annotation is present: allowed.
    SkipAnnotation,
    /// The VM's own rule set was used.
    VmAnnotation,
    /// The parent template's rule set was used.
    Template,
    /// No usable template reference: allowed.
    NoTemplate,
    /// The named template is not in the catalog: allowed.
    TemplateMissing,
}

/// The verdict on one VM, with everything needed to explain it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    /// Admitted or not.
    pub allowed: bool,
    /// `status.code`: 422 for rule failures, 400 for undecodable VMs and rule sets.
    pub code: Option<u16>,
    /// `status.reason`: `Invalid` for rule failures.
    pub reason: Option<String>,
    /// `status.message`: the causes' messages joined by `", "`, or the 400 error text.
    pub message: Option<String>,
    /// `status.details.causes`.
    pub causes: Vec<Cause>,
    /// Unsatisfied `justWarning` rules (`<message>: <explanation>`), and the note on a
    /// [`Decision::missing_template`].
    pub warnings: Vec<String>,
    /// The parent template (`namespace/name`) the VM names when the catalog has no such
    /// template: allowed, as the reference allows it (ssp-operator `getParentTemplateForVM`
    /// only logs "Missing parent template"), and said so in [`Decision::warnings`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing_template: Option<String>,
    /// Per-rule outcomes (empty when no rule was evaluated).
    pub report: Report,
    /// The branch taken.
    pub source: Source,
    /// The rule-set parse error behind a 400, with its location in the annotation.
    #[serde(skip)]
    pub rule_set_error: Option<RuleSetError>,
    /// The decoding error behind a 400.
    #[serde(skip)]
    pub decode_error: Option<DecodeError>,
    /// `true` when the reference validator crashes on this input (SEMANTICS §11); our answer
    /// then fails the rule instead.
    pub reference_crashes: bool,
}

impl Decision {
    fn allowed(source: Source, report: Report) -> Decision {
        let warnings = report.warnings();
        Decision {
            allowed: true,
            code: None,
            reason: None,
            message: None,
            causes: Vec::new(),
            warnings,
            missing_template: None,
            report,
            source,
            rule_set_error: None,
            decode_error: None,
            reference_crashes: false,
        }
    }

    /// A refusal with code 400 and `message`.
    pub(crate) fn bad_request(source: Source, message: String) -> Decision {
        Decision {
            allowed: false,
            code: Some(400),
            message: Some(message),
            ..Decision::allowed(source, Report::default())
        }
    }

    /// The decision when nothing is evaluated (`choice` is [`RuleChoice::Allowed`]).
    fn unevaluated(choice: Unevaluated) -> Decision {
        match choice {
            Unevaluated::Because(source) => Decision::allowed(source, Report::default()),
            Unevaluated::TemplateMissing(key) => Decision {
                warnings: vec![format!(
                    "template {key} named by the VM is not in the catalog: allowed without validation, as the reference does"
                )],
                missing_template: Some(key),
                ..Decision::allowed(Source::TemplateMissing, Report::default())
            },
        }
    }
}

/// Where the admission decision finds templates and how it evaluates rule sets: the
/// interpreter over a [`Catalog`], or validators compiled from a catalog.
pub trait Validators {
    /// The legacy `validations` text of the template the reference finds for `namespace` and
    /// `name`: `None` when there is no such template, `Some(None)` when it has no rules.
    fn template_rules(&self, namespace: &str, name: &str) -> Option<Option<&str>>;

    /// Evaluates the rule set `text` on `vm` (already CPU-defaulted), with the explanations
    /// `explain` asks for.
    ///
    /// # Errors
    /// The rule set does not parse (the admission answers 400).
    fn evaluate(&self, text: &str, vm: &TypedVm, explain: Explain) -> Result<Report, RuleSetError>;

    /// As [`Validators::evaluate`], on the VM the single pass kept ([`crate::extract`]):
    /// normalized and CPU-defaulted as the typed decoding leaves it, restricted to what the
    /// rule set reads. By default it is made a `Value` first.
    ///
    /// # Errors
    /// As [`Validators::evaluate`].
    fn evaluate_kept(
        &self,
        text: &str,
        vm: &Kept<'_>,
        explain: Explain,
    ) -> Result<Report, RuleSetError> {
        let typed = TypedVm::from_kept(vm);
        self.evaluate(text, &typed, explain)
    }

    /// What a single pass over an `AdmissionReview` body must extract for the rule sets these
    /// validators hold ([`crate::extract`]); `None` to always parse the whole body.
    fn plan(&self) -> Option<&ExtractionPlan> {
        None
    }
}

impl Validators for Catalog {
    fn template_rules(&self, namespace: &str, name: &str) -> Option<Option<&str>> {
        self.get(namespace, name).map(|t| t.validations.as_deref())
    }

    fn evaluate(&self, text: &str, vm: &TypedVm, explain: Explain) -> Result<Report, RuleSetError> {
        match self.rule_set(text) {
            Some(set) => Ok(typed::evaluate_with(set, vm, explain)),
            None => interpret_text_with(text, vm, explain),
        }
    }

    fn plan(&self) -> Option<&ExtractionPlan> {
        Some(self.extraction_plan())
    }
}

/// Parses, lowers and interprets a rule-set text, explaining every rule.
///
/// # Errors
/// The rule set does not parse.
pub fn interpret_text(text: &str, vm: &TypedVm) -> Result<Report, RuleSetError> {
    interpret_text_with(text, vm, Explain::All)
}

/// As [`interpret_text`], with the explanations `explain` asks for.
///
/// # Errors
/// The rule set does not parse.
pub fn interpret_text_with(
    text: &str,
    vm: &TypedVm,
    explain: Explain,
) -> Result<Report, RuleSetError> {
    let rules = rules::parse_rule_set(text)?;
    Ok(typed::evaluate_with(
        &crate::rules::lower(&rules),
        vm,
        explain,
    ))
}

/// Decides on `vm` (a VirtualMachine as JSON) as the reference webhook does, looking up parent
/// templates in `catalog` and interpreting their rules.
pub fn decide(vm: &Value, catalog: &Catalog, mode: Mode) -> Decision {
    decide_with(vm, catalog, mode)
}

/// [`decide`] with any [`Validators`] (e.g. a compiled catalog), explaining every rule.
pub fn decide_with(vm: &Value, validators: &dyn Validators, mode: Mode) -> Decision {
    decide_explained(vm, validators, mode, Explain::All)
}

/// [`decide_with`] with the explanations `explain` asks for: with [`Explain::Failures`] the
/// report's satisfied rules have empty details; the verdict, causes and warnings are the same.
pub fn decide_explained(
    vm: &Value,
    validators: &dyn Validators,
    mode: Mode,
    explain: Explain,
) -> Decision {
    // The VM is decoded before anything else: an undecodable VM is a 400 even when deleted or
    // skipped.
    match TypedVm::decode(vm) {
        Ok(typed) => decide_typed(typed, validators, mode, explain),
        Err(e) => {
            let mut d = Decision::bad_request(Source::VmUnmarshalError, e.message.clone());
            d.decode_error = Some(e);
            d
        }
    }
}

/// What [`decide_kept`] does when the VM it has is only what an [`ExtractionPlan`] extracted and the rule
/// set to evaluate is not one the plan covers: decide on the whole VM instead.
pub(crate) type Uncovered<'a> = (&'a ExtractionPlan, &'a mut dyn FnMut() -> Decision);

/// The decision on a decoded VM (what follows the decoding in [`decide_explained`]).
fn decide_typed(
    mut typed: TypedVm,
    validators: &dyn Validators,
    mode: Mode,
    explain: Explain,
) -> Decision {
    if mode == Mode::Admitted {
        typed.canonicalize_quantities();
    }
    // CPU defaulting, which the reference does just before evaluating, reads and writes only
    // `spec.template.spec.domain.cpu`: done first, so that the rule text can stay borrowed
    // from the VM. (Nothing of the VM is seen when no rule set is evaluated.)
    typed.default_cpu();
    let json = typed.json();
    let (source, text) = match rule_choice(json.get("metadata"), validators) {
        RuleChoice::Rules(source, text) => (source, text),
        RuleChoice::Allowed(u) => return Decision::unevaluated(u),
    };
    let has_template = has_template(json);
    evaluated(
        source,
        validators.evaluate(text, &typed, explain),
        has_template,
    )
}

/// The decision on the VM the single pass kept ([`crate::extract`]), as [`decide_typed`] on
/// the VM it was kept from; `whole` answers when the rule set to evaluate is not in `plan`.
pub(crate) fn decide_kept(
    vm: Kept<'_>,
    arena: &bumpalo::Bump,
    validators: &dyn Validators,
    explain: Explain,
    (plan, whole): Uncovered<'_>,
) -> Decision {
    let vm = vm.default_cpu(arena);
    let (source, text) = match rule_choice(vm.get("metadata"), validators) {
        RuleChoice::Rules(source, text) => (source, text),
        RuleChoice::Allowed(u) => return Decision::unevaluated(u),
    };
    if !plan.covers(text) {
        return whole();
    }
    evaluated(
        source,
        validators.evaluate_kept(text, &vm, explain),
        has_template(&vm),
    )
}

/// The reference dereferences spec.template before evaluating; without one it crashes.
fn has_template<V: JsonView>(vm: &V) -> bool {
    vm.get("spec")
        .and_then(|s| s.get("template"))
        .is_some_and(|v| !v.is_null())
}

/// The decision once the rule set (from `source`) is evaluated: a rule-set error is a 400;
/// without `spec.template` (`has_template`), every rule fails as the reference's crash
/// would have it.
fn evaluated(source: Source, result: Result<Report, RuleSetError>, has_template: bool) -> Decision {
    let mut report = match result {
        Ok(r) => r,
        Err(e) => {
            let mut d = Decision::bad_request(source, e.to_string());
            d.rule_set_error = Some(e);
            return d;
        }
    };
    if report.rules.is_empty() {
        return Decision::allowed(source, Report::default());
    }
    if !has_template {
        // We fail every rule that would have been evaluated instead.
        for r in &mut report.rules {
            r.outcome = Outcome::Error;
            r.detail = "invalid JSONPath".to_owned();
        }
    }
    let mut d = verdict(source, report);
    d.reference_crashes = !has_template;
    d
}

pub(crate) enum RuleChoice<'a> {
    /// Allowed without evaluating anything.
    Allowed(Unevaluated),
    /// The rule-set text to evaluate, and where it came from.
    Rules(Source, &'a str),
}

/// Why nothing is evaluated.
pub(crate) enum Unevaluated {
    /// Deleting, skipped, or no template named.
    Because(Source),
    /// The VM names a template (`namespace/name`) the catalog does not have.
    TemplateMissing(String),
}

/// The branch of ssp-operator `admitVm` a VM takes, from its `metadata` (as decoded):
/// deleting, skipped, its own non-empty rule annotation, else its parent template's rules,
/// else allowed (SEMANTICS §2).
pub(crate) fn rule_choice<'a, V: JsonView>(
    metadata: Option<&'a V>,
    validators: &'a dyn Validators,
) -> RuleChoice<'a> {
    // Chained `get`s: `Value::pointer` allocates for every token.
    if metadata
        .and_then(|m| m.get("deletionTimestamp"))
        .is_some_and(|v| !v.is_null())
    {
        return RuleChoice::Allowed(Unevaluated::Because(Source::Deleting));
    }
    let annotations = metadata.and_then(|m| m.get("annotations"));
    if annotations.and_then(|a| a.get(SKIP)).is_some() {
        return RuleChoice::Allowed(Unevaluated::Because(Source::SkipAnnotation));
    }
    let own = annotations
        .and_then(|a| a.get(VALIDATIONS))
        .and_then(V::as_str)
        .filter(|s| !s.is_empty());
    if let Some(text) = own {
        return RuleChoice::Rules(Source::VmAnnotation, text);
    }
    match template_ref(metadata) {
        None => RuleChoice::Allowed(Unevaluated::Because(Source::NoTemplate)),
        Some((ns, name)) => match validators.template_rules(ns, name) {
            // The reference's cache key (SEMANTICS §11).
            None => RuleChoice::Allowed(Unevaluated::TemplateMissing(format!("{ns}/{name}"))),
            Some(text) => RuleChoice::Rules(Source::Template, text.unwrap_or_default()),
        },
    }
}

/// The verdict for an evaluated rule set (ssp-operator `ToAdmissionResponse`).
pub fn verdict(source: Source, report: Report) -> Decision {
    if !report.failed() {
        return Decision::allowed(source, report);
    }
    let causes = report.causes();
    let message = causes
        .iter()
        .map(|c| c.message.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    Decision {
        allowed: false,
        code: Some(422),
        reason: Some("Invalid".to_owned()),
        message: Some(message),
        causes,
        ..Decision::allowed(source, report)
    }
}

/// The parent template `(namespace, name)` named by the VM: labels first, else annotations; a
/// map counts only with both a name and a namespace (`template.namespace`, else the older
/// `template-namespace`).
fn template_ref<V: JsonView>(metadata: Option<&V>) -> Option<(&str, &str)> {
    let map = |k: &str| metadata.and_then(|m| m.get(k));
    template_pair(map("labels")).or_else(|| template_pair(map("annotations")))
}

fn template_pair<V: JsonView>(m: Option<&V>) -> Option<(&str, &str)> {
    let m = m?;
    let s = |k: &str| m.get(k).and_then(V::as_str).filter(|s| !s.is_empty());
    let name = s(TEMPLATE_NAME)?;
    let ns = s(TEMPLATE_NAMESPACE).or_else(|| s(TEMPLATE_NAMESPACE_OLD))?;
    Some((ns, name))
}
