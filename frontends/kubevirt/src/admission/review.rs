//! `admission.k8s.io/v1` `AdmissionReview` requests: the uid and the decision on the VM, as the
//! reference webhook takes them (the response is written by [`super::response_json`]).

use serde_json::Value;

use super::catalog::Catalog;
use super::decide::{Decision, Mode, Source, Validators, decide_explained};
use crate::rules::fold::folds_to;
use validgen_core::interpret::Explain;

/// Why a body is not a reviewable `AdmissionReview`: the webhook answers HTTP 400 without a
/// body, as the reference does.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an AdmissionReview: {0}")]
pub struct ReviewError(pub String);

/// A reviewed request: its uid and the decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Reviewed {
    /// `request.uid`, echoed in the response.
    pub uid: String,
    /// The decision on `request.object`.
    pub decision: Decision,
}

/// Reviews a parsed `AdmissionReview` body (the single pass over bytes is
/// [`crate::extract::review_bytes`]).
///
/// # Errors
/// As [`review_value_with`].
pub fn review_value(v: &Value, catalog: &Catalog) -> Result<Reviewed, ReviewError> {
    review_value_with(v, catalog)
}

/// As [`review_value`] with any [`Validators`] (e.g. a compiled catalog). The response only
/// carries failures, so satisfied rules are not explained ([`Explain::Failures`]: their
/// details in the decision's report are empty).
///
/// # Errors
/// [`ReviewError`] when there is no `request` object, or a field of the review around the VM
/// has a JSON type its Go type does not decode (`"uid": 5`; see `envelope.rs`): the reference
/// fails to decode the body and answers 400.
pub fn review_value_with(v: &Value, validators: &dyn Validators) -> Result<Reviewed, ReviewError> {
    super::envelope::check(v).map_err(ReviewError)?;
    let req = member(v, "request")
        .filter(|r| r.is_object())
        .ok_or_else(|| ReviewError("no `request` object".to_owned()))?;
    let uid = member(req, "uid")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let resource = member(req, "resource");
    let part = |k: &str| {
        resource
            .and_then(|r| member(r, k))
            .and_then(Value::as_str)
            .unwrap_or_default()
    };
    let decision = if part("resource") != "virtualmachines" {
        wrong_resource([part("group"), part("version"), part("resource")])
    } else {
        match member(req, "object").filter(|o| !o.is_null()) {
            Some(vm) => decide_explained(vm, validators, Mode::Raw, Explain::Failures),
            None => no_object(),
        }
    };
    Ok(Reviewed { uid, decision })
}

/// The member of the review's object `v` that encoding/json decodes into the field `name`:
/// keys match case-insensitively (ssp-operator webhooks/utils.go `GetAdmissionReview` decodes
/// the body with `json.Unmarshal`). A body parsed as a [`crate::typed::GoReview`] has it under
/// `name` only; in any other `Value`, the last key that matches.
fn member<'v>(v: &'v Value, name: &str) -> Option<&'v Value> {
    v.as_object()?
        .iter()
        .rev()
        .find(|(k, _)| folds_to(k, name))
        .map(|(_, v)| v)
}

/// The answer to a review of another resource than `virtualmachines` (`[group, version,
/// resource]` as the request names them).
pub(crate) fn wrong_resource([group, version, resource]: [&str; 3]) -> Decision {
    // ssp-operator GetAdmissionReviewVM: Go prints the GroupVersionResource with %v.
    let message =
        format!("expect resource {{{group} {version} {resource}}} to be 'virtualmachines'");
    Decision::bad_request(Source::VmUnmarshalError, message)
}

/// The answer to a review whose `request.object` is absent or `null` (e.g. a DELETE carrying
/// only `oldObject`): apimachinery `RawExtension.UnmarshalJSON` leaves `Raw` empty for `null`,
/// and ssp-operator `GetAdmissionReviewVM` then fails in `json.Unmarshal` of no bytes.
pub(crate) fn no_object() -> Decision {
    Decision::bad_request(
        Source::VmUnmarshalError,
        "unexpected end of JSON input".to_owned(),
    )
}
