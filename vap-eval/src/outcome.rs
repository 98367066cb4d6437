//! What the API server answers for one request, worded as it words it (K8s
//! `apiserver/pkg/admission/plugin/policy/validating/dispatcher.go`, `admission/errors.go`).

use crate::request::Request;

/// One failed validation (or an evaluation error under `failurePolicy: Fail`) of a binding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The policy's name.
    pub policy: String,
    /// The binding's name.
    pub binding: String,
    /// The message: the messageExpression's result, the static `message`, `failed
    /// expression: <e>`, or the error's text.
    pub message: String,
    /// The validation's `reason` (`Invalid` by default, and for errors).
    pub reason: String,
    /// The index of the validation in `spec.validations`; none for an error outside the
    /// validations (a matchCondition, a missing param).
    pub expression_index: Option<usize>,
}

impl Decision {
    /// The denial as the API server words it, before `NewForbidden` wraps it:
    /// `ValidatingAdmissionPolicy '<p>' with binding '<b>' denied request: <msg>`.
    pub fn denial(&self) -> String {
        format!(
            "ValidatingAdmissionPolicy '{}' with binding '{}' denied request: {}",
            self.policy, self.binding, self.message
        )
    }

    /// The HTTP `Warning` header text of a `Warn` binding:
    /// `Validation failed for ValidatingAdmissionPolicy '<p>' with binding '<b>': <msg>`.
    pub fn warning(&self) -> String {
        format!(
            "Validation failed for ValidatingAdmissionPolicy '{}' with binding '{}': {}",
            self.policy, self.binding, self.message
        )
    }

    /// The HTTP status code of the denial, from `reason` (`policy_decision.go`
    /// `reasonToCode`): `Forbidden` 403, `Unauthorized` 401, `RequestEntityTooLarge` 413,
    /// anything else (`Invalid`) 422.
    pub fn code(&self) -> u16 {
        match self.reason.as_str() {
            "Forbidden" => 403,
            "Unauthorized" => 401,
            "RequestEntityTooLarge" => 413,
            _ => 422,
        }
    }
}

/// The API server's answer to one request, over every binding.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Outcome {
    /// The first failure of a `Deny` binding, in policy and validation order: the request is
    /// denied with it (the API server reports only the first).
    pub denied: Option<Decision>,
    /// The failures of `Warn` bindings, in order: HTTP warnings ([`Decision::warning`]).
    pub warnings: Vec<Decision>,
    /// The failures of `Audit` bindings, in order: the audit annotation
    /// `validation.policy.admission.k8s.io/validation_failure`.
    pub audit: Vec<Decision>,
    /// Per evaluated binding, its name and its CEL cost (see [`crate::cost`]), in order.
    pub costs: Vec<(String, u64)>,
}

impl Outcome {
    /// Whether the request is admitted.
    pub fn allowed(&self) -> bool {
        self.denied.is_none()
    }

    /// The denial's status message as a client sees it: `NewForbidden` of
    /// [`Decision::denial`], `<resource>.<group> "<name>" is forbidden: …` (VAP.md §4).
    pub fn status_message(&self, request: &Request) -> Option<String> {
        self.denied.as_ref().map(|d| {
            format!(
                "{} \"{}\" is forbidden: {}",
                request.group_resource(),
                request.name,
                d.denial()
            )
        })
    }
}
