//! From `AdmissionReview` bytes to a verdict in one pass, without building a DOM of the body.
//!
//! The typed decoding ([`crate::typed`]) needs the whole VM as a `serde_json::Value` first, and
//! builds a normalized copy of it; most of an admission's time went there. Here a serde visitor
//! walks the body once: it checks every value of the VM against the Go types exactly as the
//! typed decoding does (a VM the reference cannot decode must still be refused), keeps only
//! what a [`Plan`] names (the fields the catalog's rules read and those the admission decision
//! reads, normalized as the typed decoding would leave them), and skips everything else without
//! allocating. The decision then runs on that small VM.
//!
//! Verdicts are those of the `Value` path ([`crate::admission::review_value_with`]) by
//! construction: whatever this pass does not reproduce exactly (a body the typed decoding
//! rejects, a repeated or case-variant struct key, a rule set outside the plan) makes it step
//! aside, and the `Value` path answers. The conformance tests check both on every case.

mod plan;
mod walk;

use std::borrow::Cow;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

pub use plan::{CapturePath, Node, Plan, Seg, capture_paths};
use walk::{Key, MaybeStr, Skip, Typed};

use crate::admission::{
    Decision, Explain, Mode, ReviewError, Reviewed, Source, Validators, decide_explained,
    decide_typed, review_value_with,
};
use crate::typed::{Schema, TypedVm};

/// What one pass over an `AdmissionReview` body found.
struct Request<'de> {
    uid: Option<Cow<'de, str>>,
    resource: [Option<Cow<'de, str>>; 3],
    /// The VM restricted to the plan (`None`: no `object`, or `null`).
    object: Option<Value>,
}

/// Reviews an `AdmissionReview` body with `validators` in one pass over the bytes, when they
/// have a [`Plan`]; otherwise (and whenever the pass steps aside) by parsing the body into a
/// `Value` first. The answer is that of [`review_value_with`] on the parsed body, always.
///
/// # Errors
/// [`ReviewError`] when the body is not JSON or has no `request` object.
pub fn review_bytes(body: &[u8], validators: &dyn Validators) -> Result<Reviewed, ReviewError> {
    if let Some(r) = single_pass(body, validators) {
        return Ok(r);
    }
    let v: Value = serde_json::from_slice(body).map_err(|e| ReviewError(e.to_string()))?;
    review_value_with(&v, validators)
}

/// The single pass alone: the review of `body`, or `None` when the pass steps aside (the
/// validators have no [`Plan`], the body is not a well-formed review of a VM the typed decoding
/// accepts, a struct key is repeated or differs in case only); [`review_bytes`] then parses
/// the body.
pub fn single_pass(body: &[u8], validators: &dyn Validators) -> Option<Reviewed> {
    let plan = validators.plan()?;
    let r = extract(body, plan)?;
    Some(decide_request(r, body, validators, plan))
}

fn decide_request(
    r: Request<'_>,
    body: &[u8],
    validators: &dyn Validators,
    plan: &Plan,
) -> Reviewed {
    let part = |i: usize| r.resource[i].as_deref().unwrap_or_default();
    let uid = r.uid.as_deref().unwrap_or_default().to_owned();
    if part(2) != "virtualmachines" {
        // ssp-operator GetAdmissionReviewVM: Go prints the GroupVersionResource with %v.
        let message = format!(
            "expect resource {{{} {} {}}} to be 'virtualmachines'",
            part(0),
            part(1),
            part(2)
        );
        let decision = Decision::bad_request(Source::VmUnmarshalError, message);
        return Reviewed { uid, decision };
    }
    let vm = TypedVm::from_normalized(r.object.unwrap_or(Value::Object(Map::new())));
    let mut whole = || whole_vm_decision(body, validators);
    // As `review_value_with`: the response carries only failures' texts.
    let decision = decide_typed(
        vm,
        validators,
        Mode::Raw,
        Explain::Failures,
        Some((plan, &mut whole)),
    );
    Reviewed { uid, decision }
}

/// The decision on the whole `request.object` (a rule set the plan does not cover).
fn whole_vm_decision(body: &[u8], validators: &dyn Validators) -> Decision {
    // The pass accepted the body, so it parses.
    let v: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let vm = v.pointer("/request/object").unwrap_or(&Value::Null);
    decide_explained(vm, validators, Mode::Raw, Explain::Failures)
}

/// The single pass: `None` when the body needs the `Value` path.
fn extract<'de>(body: &'de [u8], plan: &Plan) -> Option<Request<'de>> {
    // Checked as UTF-8 once here rather than string by string: `from_slice` does the latter.
    let text = std::str::from_utf8(body).ok()?;
    let mut de = serde_json::Deserializer::from_str(text);
    let seed = ReviewSeed { plan: plan.root() };
    let r = seed.deserialize(&mut de).ok()?;
    de.end().ok()?;
    r
}

struct ReviewSeed<'p> {
    plan: &'p Node,
}

impl<'de> DeserializeSeed<'de> for ReviewSeed<'_> {
    /// `None`: no `request` object (the `Value` path gives the error).
    type Value = Option<Request<'de>>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ReviewSeed<'_> {
    type Value = Option<Request<'de>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an AdmissionReview")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut request = None;
        while let Some(Key(k)) = map.next_key::<Key<'de>>()? {
            if k != "request" {
                map.next_value::<Skip>()?;
            } else if request.is_some() {
                // A repeated key: the last one counts in a `Value`; leave it to that path.
                return Err(A::Error::custom(walk::ABORT));
            } else {
                request = Some(map.next_value_seed(RequestSeed { plan: self.plan })?);
            }
        }
        Ok(request.flatten())
    }
}

struct RequestSeed<'p> {
    plan: &'p Node,
}

impl<'de> DeserializeSeed<'de> for RequestSeed<'_> {
    type Value = Option<Request<'de>>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(ObjectOr(self))
    }
}

impl<'de> ObjectVisitor<'de> for RequestSeed<'_> {
    type Value = Option<Request<'de>>;

    fn object<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut r = Request {
            uid: None,
            resource: [None, None, None],
            object: None,
        };
        let mut seen = [false; 3];
        let once = |seen: &mut [bool; 3], i: usize| {
            if std::mem::replace(&mut seen[i], true) {
                Err(A::Error::custom(walk::ABORT))
            } else {
                Ok(())
            }
        };
        while let Some(Key(k)) = map.next_key::<Key<'de>>()? {
            match k.as_ref() {
                "uid" => {
                    once(&mut seen, 0)?;
                    r.uid = map.next_value::<MaybeStr<'de>>()?.0;
                }
                "resource" => {
                    once(&mut seen, 1)?;
                    r.resource = map.next_value_seed(ResourceSeed)?;
                }
                "object" => {
                    once(&mut seen, 2)?;
                    let s = Schema::kubevirt();
                    let vm = Typed {
                        schema: s,
                        ty: s.root(),
                        plan: Some(self.plan),
                    };
                    r.object = map.next_value_seed(vm)?;
                }
                _ => {
                    map.next_value::<Skip>()?;
                }
            }
        }
        Ok(Some(r))
    }
}

/// `request.resource`: group, version, resource (strings; anything else reads as empty).
struct ResourceSeed;

impl<'de> DeserializeSeed<'de> for ResourceSeed {
    type Value = [Option<Cow<'de, str>>; 3];

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(ObjectOr(self))
    }
}

impl<'de> ObjectVisitor<'de> for ResourceSeed {
    type Value = [Option<Cow<'de, str>>; 3];

    fn object<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = [None, None, None];
        let mut seen = [false; 3];
        while let Some(Key(k)) = map.next_key::<Key<'de>>()? {
            let i = match k.as_ref() {
                "group" => 0,
                "version" => 1,
                "resource" => 2,
                _ => {
                    map.next_value::<Skip>()?;
                    continue;
                }
            };
            if std::mem::replace(&mut seen[i], true) {
                return Err(A::Error::custom(walk::ABORT));
            }
            out[i] = map.next_value::<MaybeStr<'de>>()?.0;
        }
        Ok(out)
    }
}

/// Reads a JSON object; any other JSON value is skipped and reads as the default (as
/// `Value::get` finds nothing in a non-object).
trait ObjectVisitor<'de> {
    type Value: Default;

    fn object<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error>;
}

struct ObjectOr<V>(V);

impl<'de, V: ObjectVisitor<'de>> Visitor<'de> for ObjectOr<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.object(map)
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<V::Value, E> {
        Ok(V::Value::default())
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<V::Value, E> {
        Ok(V::Value::default())
    }
    fn visit_u64<E: Error>(self, _: u64) -> Result<V::Value, E> {
        Ok(V::Value::default())
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<V::Value, E> {
        Ok(V::Value::default())
    }
    fn visit_str<E: Error>(self, _: &str) -> Result<V::Value, E> {
        Ok(V::Value::default())
    }
    fn visit_unit<E: Error>(self) -> Result<V::Value, E> {
        Ok(V::Value::default())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<V::Value, A::Error> {
        while seq.next_element::<Skip>()?.is_some() {}
        Ok(V::Value::default())
    }
}
