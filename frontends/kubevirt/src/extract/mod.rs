//! From `AdmissionReview` bytes to a verdict in one pass, without building a DOM of the body.
//!
//! The typed decoding ([`crate::typed`]) needs the whole VM as a `serde_json::Value` first, and
//! builds a normalized copy of it; most of an admission's time went there. Here a strict JSON
//! reader of our own walks the body once, guided by the Go types: it checks every value of the
//! VM exactly as the typed decoding does (a VM the reference cannot decode must still be
//! refused), keeps only what an [`ExtractionPlan`] names (the fields the catalog's rules read and those the
//! admission decision reads, normalized as the typed decoding would leave them), and skips
//! everything else without allocating. Once `metadata` is read (the API server writes it before
//! `spec`), the rule set the decision will evaluate is known, and only its own paths are kept
//! below `spec`. What is kept goes into one arena per review ([`Kept`] values, strings
//! borrowed from the body): no allocation per value. The decision then runs on that small VM;
//! compiled rule sets read it as it is (generated code is generic over
//! [`crate::view::JsonView`]), the interpreter gets it as a `Value`.
//!
//! Verdicts are those of the `Value` path ([`crate::admission::review_value_with`]) by
//! construction: whatever this pass does not reproduce exactly (a body the typed decoding
//! rejects, a repeated or case-variant struct key or review key, a rule set outside the plan)
//! makes it step aside, and the `Value` path answers. The conformance tests check both on every
//! case.

mod envelope;
mod walk;

use std::borrow::Cow;

use bumpalo::Bump;
use serde_json::Value;

pub use super::capture::{CaptureNode, CapturePath, ExtractionPlan, Seg, capture_paths};
use validgen_core::model::reader::{Abort, Reader, Res};
use walk::Typed;

use crate::admission::envelope::{GROUP_VERSION_RESOURCE, REQUEST, REVIEW, Struct};
use crate::admission::{
    Decision, Explain, Mode, ReviewError, Reviewed, RuleChoice, Validators, decide_explained,
    decide_kept, no_object, review_value_with, rule_choice, wrong_resource,
};
use crate::rules::fold::folds_to;
use crate::typed::{GoReview, Schema};
use crate::view::Kept;

/// What one pass over an `AdmissionReview` body found (`'a`: the body's and the arena's
/// lifetime).
struct Request<'a> {
    uid: Option<Cow<'a, str>>,
    resource: [Option<Cow<'a, str>>; 3],
    /// The VM restricted to the plan (`None`: no `object`, or `null`).
    object: Option<Kept<'a>>,
}

/// Reviews an `AdmissionReview` body with `validators` in one pass over the bytes, when they
/// have an [`ExtractionPlan`]; otherwise (and whenever the pass steps aside) by parsing the body into a
/// `Value` first. The answer is that of [`review_value_with`] on the parsed body, always;
/// [`crate::admission::response_json`] writes it as the webhook's response body.
///
/// # Errors
/// [`ReviewError`] when the body is not JSON or has no `request` object.
pub fn review_bytes(body: &[u8], validators: &dyn Validators) -> Result<Reviewed, ReviewError> {
    if let Some(r) = single_pass(body, validators) {
        return Ok(r);
    }
    // Repeated keys in the VM combine as the reference's decoding combines them.
    let v = serde_json::from_slice::<GoReview>(body)
        .map_err(|e| ReviewError(e.to_string()))?
        .0;
    review_value_with(&v, validators)
}

/// The single pass alone: the review of `body`, or `None` when the pass steps aside (the
/// validators have no [`ExtractionPlan`], the body is not a well-formed review of a VM the typed decoding
/// accepts, a struct key is repeated or differs in case only); [`review_bytes`] then parses
/// the body.
pub fn single_pass(body: &[u8], validators: &dyn Validators) -> Option<Reviewed> {
    let plan = validators.plan()?;
    // The kept values of a review take a few hundred bytes to a few KB.
    let arena = Bump::with_capacity(4096);
    let r = extract(body, plan, validators, &arena)?;
    Some(decide_request(r, &arena, body, validators, plan))
}

fn decide_request(
    r: Request<'_>,
    arena: &Bump,
    body: &[u8],
    validators: &dyn Validators,
    plan: &ExtractionPlan,
) -> Reviewed {
    let part = |i: usize| r.resource[i].as_deref().unwrap_or_default();
    let uid = r.uid.as_deref().unwrap_or_default().to_owned();
    if part(2) != "virtualmachines" {
        let decision = wrong_resource([part(0), part(1), part(2)]);
        return Reviewed { uid, decision };
    }
    let Some(vm) = r.object else {
        return Reviewed {
            uid,
            decision: no_object(),
        };
    };
    let mut whole = || whole_vm_decision(body, validators);
    // As `review_value_with`: the response carries only failures' texts.
    let decision = decide_kept(vm, arena, validators, Explain::Failures, (plan, &mut whole));
    Reviewed { uid, decision }
}

/// The decision on the whole `request.object` (a rule set the plan does not cover).
fn whole_vm_decision(body: &[u8], validators: &dyn Validators) -> Decision {
    // The pass accepted the body, so it parses.
    let v = serde_json::from_slice::<GoReview>(body).map_or(Value::Null, |r| r.0);
    let vm = v.pointer("/request/object").unwrap_or(&Value::Null);
    decide_explained(vm, validators, Mode::Raw, Explain::Failures)
}

/// The single pass: `None` when the body needs the `Value` path.
fn extract<'a>(
    body: &'a [u8],
    plan: &'a ExtractionPlan,
    validators: &dyn Validators,
    arena: &'a Bump,
) -> Option<Request<'a>> {
    // Checked as UTF-8 once here; the reader then works on the text.
    let text = std::str::from_utf8(body).ok()?;
    let mut r = Reader::new(text);
    let request = review(&mut r, plan, validators, arena).ok()?;
    r.end().ok()?;
    request
}

/// The `AdmissionReview` object: its `request` (`None` when that is not an object: the
/// `Value` path gives the error).
fn review<'a>(
    r: &mut Reader<'a>,
    plan: &'a ExtractionPlan,
    validators: &dyn Validators,
    arena: &'a Bump,
) -> Res<Option<Request<'a>>> {
    if r.peek()? != b'{' {
        return Err(Abort);
    }
    let mut request = None;
    known_keys(r, ["request"], &REVIEW, |r, _| {
        request = read_request(r, plan, validators, arena)?;
        Ok(())
    })?;
    Ok(request)
}

/// `request`: its `uid`, `resource` and `object` (the VM, restricted to the plan); anything
/// but an object reads as nothing (as `Value::get` finds nothing in it).
fn read_request<'a>(
    r: &mut Reader<'a>,
    plan: &'a ExtractionPlan,
    validators: &dyn Validators,
    arena: &'a Bump,
) -> Res<Option<Request<'a>>> {
    let mut req = Request {
        uid: None,
        resource: [None, None, None],
        object: None,
    };
    let object = known_keys(r, ["uid", "resource", "object"], &REQUEST, |r, i| {
        match i {
            0 => req.uid = text(r)?,
            1 => req.resource = read_resource(r)?,
            _ => {
                let s = Schema::kubevirt();
                let vm = Typed {
                    schema: s,
                    ty: s.root(),
                    plan: Some(plan.root()),
                    texts: plan,
                    arena,
                };
                // Once the metadata is read, the rule set to evaluate is known: only its own
                // paths below `spec` need keeping (nothing, when none will be evaluated).
                req.object = vm.read_root(r, |metadata| {
                    match rule_choice(Some(metadata), validators) {
                        RuleChoice::Allowed(_) => Some(None),
                        RuleChoice::Rules(_, text) => plan.rule_set(text).map(|n| n.key("spec")),
                    }
                })?;
            }
        }
        Ok(())
    })?;
    Ok(object.then_some(req))
}

/// `request.resource`: group, version, resource (strings or `null`).
fn read_resource<'de>(r: &mut Reader<'de>) -> Res<[Option<Cow<'de, str>>; 3]> {
    let mut out = [None, None, None];
    known_keys(
        r,
        ["group", "version", "resource"],
        &GROUP_VERSION_RESOURCE,
        |r, i| {
            out[i] = text(r)?;
            Ok(())
        },
    )?;
    Ok(out)
}

/// Reads an object of the Go struct `s`, calling `each` with the reader at the value of each
/// key of `names` (and its index there) and checking the other keys' values against their
/// fields' Go types (`envelope`). A repeated one of those keys, or one in another case
/// (encoding/json matches the review's keys case-insensitively), aborts: the `Value` path
/// combines them. `false` for `null` (Go leaves the struct empty); any other value that is not
/// an object aborts (Go fails to decode the body).
fn known_keys<'de, const N: usize>(
    r: &mut Reader<'de>,
    names: [&str; N],
    s: &'static Struct,
    mut each: impl FnMut(&mut Reader<'de>, usize) -> Res<()>,
) -> Res<bool> {
    match r.peek()? {
        b'{' => {}
        b'n' => return r.null().map(|()| false),
        _ => return Err(Abort),
    }
    let mut seen = [false; N];
    r.object(|r, k| {
        let Some(i) = names.iter().position(|n| *n == k) else {
            if names.iter().any(|n| folds_to(&k, n)) {
                return Err(Abort);
            }
            return envelope::field(r, s, &k);
        };
        if std::mem::replace(&mut seen[i], true) {
            return Err(Abort);
        }
        each(r, i)
    })?;
    Ok(true)
}

/// A string value, `None` for `null`; any other value aborts (Go fails to decode the body).
fn text<'de>(r: &mut Reader<'de>) -> Res<Option<Cow<'de, str>>> {
    match r.peek()? {
        b'"' => r.string().map(Some),
        b'n' => r.null().map(|()| None),
        _ => Err(Abort),
    }
}
