//! `admission.k8s.io/v1` `AdmissionReview`: request in, response out, byte-compatible with the
//! reference webhook's answers (Go `encoding/json` output, HTML-safe escaping included).

use serde_json::{Map, Value, json};

use super::catalog::Catalog;
use super::decide::{Decision, Mode, Validators, decide_explained};
use crate::interpret::Explain;

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

/// Reviews an `AdmissionReview` body. The VM is judged as given ([`Mode::Raw`]): it already
/// passed the API server's mutators. One pass over the bytes extracts what the catalog's rules
/// read ([`crate::extract::review_bytes`]); the answer is always that of [`review_value`] on
/// the parsed body.
///
/// # Errors
/// [`ReviewError`] when the body is not JSON or has no `request`.
pub fn review(body: &[u8], catalog: &Catalog) -> Result<Reviewed, ReviewError> {
    crate::extract::review_bytes(body, catalog)
}

/// As [`review`], on a parsed body.
///
/// # Errors
/// [`ReviewError`] when there is no `request` object.
pub fn review_value(v: &Value, catalog: &Catalog) -> Result<Reviewed, ReviewError> {
    review_value_with(v, catalog)
}

/// As [`review_value`] with any [`Validators`] (e.g. a compiled catalog). The response only
/// carries failures, so satisfied rules are not explained ([`Explain::Failures`]: their
/// details in the decision's report are empty).
///
/// # Errors
/// [`ReviewError`] when there is no `request` object.
pub fn review_value_with(v: &Value, validators: &dyn Validators) -> Result<Reviewed, ReviewError> {
    let req = v
        .get("request")
        .filter(|r| r.is_object())
        .ok_or_else(|| ReviewError("no `request` object".to_owned()))?;
    let uid = req
        .get("uid")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let resource = req.get("resource");
    let part = |k: &str| {
        resource
            .and_then(|r| r.get(k))
            .and_then(Value::as_str)
            .unwrap_or_default()
    };
    let decision = if part("resource") == "virtualmachines" {
        decide_explained(
            req.get("object").unwrap_or(&Value::Null),
            validators,
            Mode::Raw,
            Explain::Failures,
        )
    } else {
        // ssp-operator GetAdmissionReviewVM: Go prints the GroupVersionResource with %v.
        let message = format!(
            "expect resource {{{} {} {}}} to be 'virtualmachines'",
            part("group"),
            part("version"),
            part("resource")
        );
        Decision::bad_request(super::decide::Source::VmUnmarshalError, message)
    };
    Ok(Reviewed { uid, decision })
}

/// The `AdmissionReview` response as JSON. With `warnings`, unsatisfied `justWarning` rules
/// are returned as admission warnings (the reference only logs them).
pub fn response(uid: &str, d: &Decision, warnings: bool) -> Value {
    let mut resp = Map::new();
    resp.insert("uid".to_owned(), json!(uid));
    resp.insert("allowed".to_owned(), json!(d.allowed));
    if let Some(code) = d.code {
        let mut status = Map::new();
        status.insert("metadata".to_owned(), json!({}));
        status.insert(
            "message".to_owned(),
            json!(d.message.clone().unwrap_or_default()),
        );
        if let Some(reason) = &d.reason {
            status.insert("reason".to_owned(), json!(reason));
        }
        if !d.causes.is_empty() {
            status.insert("details".to_owned(), json!({ "causes": d.causes }));
        }
        status.insert("code".to_owned(), json!(code));
        resp.insert("status".to_owned(), Value::Object(status));
    }
    if warnings && !d.warnings.is_empty() {
        resp.insert("warnings".to_owned(), json!(d.warnings));
    }
    json!({
        "kind": "AdmissionReview",
        "apiVersion": "admission.k8s.io/v1",
        "response": resp,
    })
}

/// Serialises JSON as Go's `encoding/json` does: compact, with `<`, `>`, `&`, U+2028 and
/// U+2029 escaped (its HTML-safe default).
pub fn go_json(v: &Value) -> String {
    let s = v.to_string();
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}
