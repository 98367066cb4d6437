//! The Go types of an `admission.k8s.io/v1` `AdmissionReview` around the VM, as
//! `encoding/json` decodes a request body into them (k8s.io/api `admission/v1`, apimachinery
//! `meta/v1`, `authentication/v1`). ssp-operator decodes the whole body with `json.Unmarshal`
//! before it looks at the VM: a value of the wrong JSON type anywhere in the review (a number
//! for `request.uid`, a string for `request.userInfo.groups`) fails that decode, and the webhook
//! answers 400 instead of a verdict. So must we, or such a body could be allowed here and
//! refused there. `request.object`, `oldObject` and `options` are `RawExtension`s (any JSON);
//! the VM in `object` is decoded later, by [`crate::typed`].
//!
//! Go's rules, as `encoding/json` applies them: keys match a field exactly or else
//! case-insensitively; unknown keys are ignored; `null` is no error anywhere; a string field
//! takes only a string, a `bool` only `true`/`false`, an integer field only a number written as
//! an integer within its bits, a `[]byte` a base64 string (or an array of bytes), a struct an
//! object, a slice an array, a map an object.

use serde_json::Value;

use crate::rules::fold::folds_to;
use crate::typed::decode::json_kind;

/// What a Go field accepts.
#[derive(Debug)]
pub(crate) enum Shape {
    /// A string (`string` and string-kinded types: `types.UID`, `Operation`).
    Text,
    /// `bool`.
    Bool,
    /// A signed integer of this many bits.
    Int(u32),
    /// `[]byte`: a base64 string (standard alphabet, padded), or an array of bytes.
    Bytes,
    /// `runtime.RawExtension`: any JSON value.
    Raw,
    /// A struct.
    Struct(&'static Struct),
    /// A slice of the shape.
    List(&'static Shape),
    /// A `map[string]` of the shape.
    Map(&'static Shape),
}

/// A Go struct: its type name (as Go's errors print it) and its JSON fields.
#[derive(Debug)]
pub(crate) struct Struct {
    /// The type name, e.g. `AdmissionRequest`.
    pub go: &'static str,
    /// The fields by JSON name.
    pub fields: &'static [Field],
}

/// A struct field.
#[derive(Debug)]
pub(crate) struct Field {
    /// The JSON name.
    pub json: &'static str,
    /// The Go type, as Go's errors print it (`types.UID`, `[]string`).
    pub go: &'static str,
    /// What it accepts.
    pub shape: Shape,
}

impl Struct {
    /// The field a key decodes into: an exact match, else a case-insensitive one, as
    /// `encoding/json`; `None` for a key Go ignores.
    pub(crate) fn field(&self, key: &str) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| f.json == key)
            .or_else(|| self.fields.iter().find(|f| folds_to(key, f.json)))
    }
}

const fn field(json: &'static str, go: &'static str, shape: Shape) -> Field {
    Field { json, go, shape }
}

static STRINGS: Shape = Shape::List(&Shape::Text);

static GROUP_VERSION_KIND: Struct = Struct {
    go: "GroupVersionKind",
    fields: &[
        field("group", "string", Shape::Text),
        field("version", "string", Shape::Text),
        field("kind", "string", Shape::Text),
    ],
};

/// `meta/v1.GroupVersionResource`.
pub(crate) static GROUP_VERSION_RESOURCE: Struct = Struct {
    go: "GroupVersionResource",
    fields: &[
        field("group", "string", Shape::Text),
        field("version", "string", Shape::Text),
        field("resource", "string", Shape::Text),
    ],
};

static USER_INFO: Struct = Struct {
    go: "UserInfo",
    fields: &[
        field("username", "string", Shape::Text),
        field("uid", "string", Shape::Text),
        field("groups", "[]string", Shape::List(&Shape::Text)),
        field("extra", "v1.ExtraValue", Shape::Map(&STRINGS)),
    ],
};

/// `admission/v1.AdmissionRequest`.
pub(crate) static REQUEST: Struct = Struct {
    go: "AdmissionRequest",
    fields: &[
        field("uid", "types.UID", Shape::Text),
        field(
            "kind",
            "v1.GroupVersionKind",
            Shape::Struct(&GROUP_VERSION_KIND),
        ),
        field(
            "resource",
            "v1.GroupVersionResource",
            Shape::Struct(&GROUP_VERSION_RESOURCE),
        ),
        field("subResource", "string", Shape::Text),
        field(
            "requestKind",
            "v1.GroupVersionKind",
            Shape::Struct(&GROUP_VERSION_KIND),
        ),
        field(
            "requestResource",
            "v1.GroupVersionResource",
            Shape::Struct(&GROUP_VERSION_RESOURCE),
        ),
        field("requestSubResource", "string", Shape::Text),
        field("name", "string", Shape::Text),
        field("namespace", "string", Shape::Text),
        field("operation", "v1.Operation", Shape::Text),
        field("userInfo", "v1.UserInfo", Shape::Struct(&USER_INFO)),
        field("object", "runtime.RawExtension", Shape::Raw),
        field("oldObject", "runtime.RawExtension", Shape::Raw),
        field("dryRun", "bool", Shape::Bool),
        field("options", "runtime.RawExtension", Shape::Raw),
    ],
};

static STATUS_CAUSE: Struct = Struct {
    go: "StatusCause",
    fields: &[
        field("reason", "v1.CauseType", Shape::Text),
        field("message", "string", Shape::Text),
        field("field", "string", Shape::Text),
    ],
};

static STATUS_DETAILS: Struct = Struct {
    go: "StatusDetails",
    fields: &[
        field("name", "string", Shape::Text),
        field("group", "string", Shape::Text),
        field("kind", "string", Shape::Text),
        field("uid", "types.UID", Shape::Text),
        field(
            "causes",
            "[]v1.StatusCause",
            Shape::List(&Shape::Struct(&STATUS_CAUSE)),
        ),
        field("retryAfterSeconds", "int32", Shape::Int(32)),
    ],
};

static STATUS: Struct = Struct {
    go: "Status",
    fields: &[
        field("kind", "string", Shape::Text),
        field("apiVersion", "string", Shape::Text),
        field("selfLink", "string", Shape::Text),
        field("resourceVersion", "string", Shape::Text),
        field("continue", "string", Shape::Text),
        field("remainingItemCount", "int64", Shape::Int(64)),
        field("status", "string", Shape::Text),
        field("message", "string", Shape::Text),
        field("reason", "v1.StatusReason", Shape::Text),
        field(
            "details",
            "v1.StatusDetails",
            Shape::Struct(&STATUS_DETAILS),
        ),
        field("code", "int32", Shape::Int(32)),
    ],
};

static RESPONSE: Struct = Struct {
    go: "AdmissionResponse",
    fields: &[
        field("uid", "types.UID", Shape::Text),
        field("allowed", "bool", Shape::Bool),
        field("status", "v1.Status", Shape::Struct(&STATUS)),
        field("patch", "[]uint8", Shape::Bytes),
        field("patchType", "v1.PatchType", Shape::Text),
        field(
            "auditAnnotations",
            "map[string]string",
            Shape::Map(&Shape::Text),
        ),
        field("warnings", "[]string", Shape::List(&Shape::Text)),
    ],
};

/// `admission/v1.AdmissionReview`.
pub(crate) static REVIEW: Struct = Struct {
    go: "AdmissionReview",
    fields: &[
        field("kind", "string", Shape::Text),
        field("apiVersion", "string", Shape::Text),
        field("request", "v1.AdmissionRequest", Shape::Struct(&REQUEST)),
        field("response", "v1.AdmissionResponse", Shape::Struct(&RESPONSE)),
    ],
};

/// Whether `s` decodes as Go's `base64.StdEncoding` decodes a `[]byte` field: the standard
/// alphabet, padded to a multiple of four; `\r` and `\n` are ignored.
pub(crate) fn is_base64(s: &str) -> bool {
    let chars: Vec<u8> = s.bytes().filter(|b| !matches!(b, b'\r' | b'\n')).collect();
    if !chars.len().is_multiple_of(4) {
        return false;
    }
    let padding = chars.iter().rev().take_while(|&&b| b == b'=').count();
    padding <= 2
        && chars[..chars.len() - padding]
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/'))
}

/// Whether a number's text decodes into a Go signed integer of `bits` bits (`strconv.ParseInt`:
/// digits only, no fraction or exponent, within range).
pub(crate) fn is_int(text: &str, bits: u32) -> bool {
    text.parse::<i64>().is_ok_and(|n| {
        let half = 1i128 << (bits - 1);
        (-half..half).contains(&i128::from(n))
    })
}

/// Checks a parsed body against [`REVIEW`].
///
/// # Errors
/// The first mismatch, worded as `encoding/json`'s `UnmarshalTypeError`: `json: cannot
/// unmarshal number into Go struct field AdmissionRequest.request.uid of type types.UID`.
pub(crate) fn check(body: &Value) -> Result<(), String> {
    match body {
        Value::Object(_) => check_struct(body, &REVIEW, ""),
        Value::Null => Ok(()),
        other => Err(format!(
            "json: cannot unmarshal {} into Go value of type v1.AdmissionReview",
            json_kind(other)
        )),
    }
}

fn check_struct(v: &Value, s: &'static Struct, path: &str) -> Result<(), String> {
    let Value::Object(map) = v else { return Ok(()) };
    for (key, value) in map {
        if let Some(f) = s.field(key) {
            let path = if path.is_empty() {
                f.json.to_owned()
            } else {
                format!("{path}.{}", f.json)
            };
            check_value(value, &f.shape, s, f, &path)?;
        }
    }
    Ok(())
}

/// Checks `v` against `shape`, the shape of field `f` of `s` (at `path`) or of its elements.
fn check_value(
    v: &Value,
    shape: &'static Shape,
    s: &'static Struct,
    f: &Field,
    path: &str,
) -> Result<(), String> {
    let mismatch = |what: String| {
        Err(format!(
            "json: cannot unmarshal {what} into Go struct field {}.{path} of type {}",
            s.go, f.go
        ))
    };
    match (shape, v) {
        (_, Value::Null) | (Shape::Raw, _) | (Shape::Text, Value::String(_)) => Ok(()),
        (Shape::Bool, Value::Bool(_)) => Ok(()),
        (Shape::Int(bits), Value::Number(n)) => {
            if is_int(&n.to_string(), *bits) {
                Ok(())
            } else {
                mismatch(format!("number {n}"))
            }
        }
        (Shape::Bytes, Value::String(text)) => {
            if is_base64(text) {
                Ok(())
            } else {
                Err(format!("illegal base64 data in {}.{path}", s.go))
            }
        }
        (Shape::Bytes, Value::Array(items)) => {
            let byte = |v: &Value| v.is_null() || v.as_u64().is_some_and(|b| b <= 255);
            match items.iter().find(|v| !byte(v)) {
                None => Ok(()),
                Some(Value::Number(n)) => mismatch(format!("number {n}")),
                Some(other) => mismatch(json_kind(other).to_owned()),
            }
        }
        (Shape::Struct(inner), Value::Object(_)) => check_struct(v, inner, path),
        (Shape::List(item), Value::Array(items)) => {
            for v in items {
                check_value(v, item, s, f, path)?;
            }
            Ok(())
        }
        (Shape::Map(item), Value::Object(map)) => {
            for v in map.values() {
                check_value(v, item, s, f, path)?;
            }
            Ok(())
        }
        (_, other) => mismatch(json_kind(other).to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn review(request: Value) -> Value {
        json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": request})
    }

    #[test]
    fn well_typed_reviews_pass() {
        let ok = review(json!({
            "uid": "u", "kind": {"group": "kubevirt.io", "version": "v1", "kind": "VirtualMachine"},
            "resource": {"group": "kubevirt.io", "version": "v1", "resource": "virtualmachines"},
            "operation": "CREATE", "dryRun": false, "userInfo": {"username": "a", "groups": ["g"],
            "extra": {"k": ["v"]}}, "object": 5, "options": "anything", "unknown": [1, {}],
            "name": null
        }));
        assert_eq!(check(&ok), Ok(()));
    }

    #[test]
    fn a_wrong_type_anywhere_fails_as_go_does() {
        let cases = [
            (
                json!({"uid": 5}),
                "json: cannot unmarshal number into Go struct field AdmissionRequest.request.uid of type types.UID",
            ),
            (
                json!({"UID": true}),
                "json: cannot unmarshal bool into Go struct field AdmissionRequest.request.uid of type types.UID",
            ),
            (
                json!({"resource": "virtualmachines"}),
                "json: cannot unmarshal string into Go struct field AdmissionRequest.request.resource of type v1.GroupVersionResource",
            ),
            (
                json!({"resource": {"resource": ["x"]}}),
                "json: cannot unmarshal array into Go struct field GroupVersionResource.request.resource.resource of type string",
            ),
            (
                json!({"userInfo": {"groups": "system:masters"}}),
                "json: cannot unmarshal string into Go struct field UserInfo.request.userInfo.groups of type []string",
            ),
            (
                json!({"userInfo": {"extra": {"k": [1]}}}),
                "json: cannot unmarshal number into Go struct field UserInfo.request.userInfo.extra of type v1.ExtraValue",
            ),
            (
                json!({"dryRun": "true"}),
                "json: cannot unmarshal string into Go struct field AdmissionRequest.request.dryRun of type bool",
            ),
        ];
        for (request, want) in cases {
            assert_eq!(
                check(&review(request.clone())),
                Err(want.to_owned()),
                "{request}"
            );
        }
        let response = json!({"response": {"status": {"code": 1.5}}});
        assert_eq!(
            check(&response),
            Err("json: cannot unmarshal number 1.5 into Go struct field Status.response.status.code of type int32".to_owned())
        );
        assert!(check(&json!({"response": {"patch": "not base64!"}})).is_err());
        assert_eq!(
            check(&json!({"response": {"patch": "eyJhIjoxfQ=="}})),
            Ok(())
        );
        assert!(check(&json!({"kind": 1})).is_err());
        assert!(check(&json!([])).is_err());
    }

    #[test]
    fn integers_and_base64_as_go_reads_them() {
        assert!(is_int("2147483647", 32) && !is_int("2147483648", 32));
        assert!(is_int("-2147483648", 32) && !is_int("1e3", 32) && !is_int("1.0", 32));
        assert!(is_int("-0", 64));
        assert!(is_base64("") && is_base64("YQ==") && is_base64("YWJj\r\n"));
        assert!(!is_base64("YQ=") && !is_base64("Y===") && !is_base64("YQ-_"));
    }
}
