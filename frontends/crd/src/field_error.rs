//! The API server's field errors, worded as `kubectl apply` prints them: a field path, an error
//! type, a bad value and a detail, as k8s.io/apimachinery `pkg/util/validation/field`
//! `errors.go` (`Error.Error`, `ErrorBody`) writes them, and the `is invalid` status of a
//! rejected object (`apierrors.NewInvalid`).

use serde_json::Value;
use validgen_gotext::json::marshal;
use validgen_gotext::strconv::quote;

/// An error type (apimachinery `field.ErrorType`), with its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorType {
    /// `FieldValueNotFound`: "Not found".
    NotFound,
    /// `FieldValueRequired`: "Required value".
    Required,
    /// `FieldValueDuplicate`: "Duplicate value".
    Duplicate,
    /// `FieldValueInvalid`: "Invalid value".
    Invalid,
    /// `FieldValueNotSupported`: "Unsupported value".
    NotSupported,
    /// `FieldValueForbidden`: "Forbidden".
    Forbidden,
    /// `FieldValueTooLong`: "Too long".
    TooLong,
    /// `FieldValueTooMany`: "Too many".
    TooMany,
    /// `InternalError`: "Internal error".
    Internal,
    /// `FieldValueTypeInvalid`: "Invalid value".
    TypeInvalid,
}

impl ErrorType {
    /// The Go name (`FieldValueInvalid`), as recorded cases name the type.
    pub fn go_name(self) -> &'static str {
        match self {
            ErrorType::NotFound => "FieldValueNotFound",
            ErrorType::Required => "FieldValueRequired",
            ErrorType::Duplicate => "FieldValueDuplicate",
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::TooLong => "FieldValueTooLong",
            ErrorType::TooMany => "FieldValueTooMany",
            ErrorType::Internal => "InternalError",
            ErrorType::TypeInvalid => "FieldValueTypeInvalid",
        }
    }

    /// The type's text (`ErrorType.String`).
    pub fn text(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::Internal => "Internal error",
        }
    }

    /// The type a CEL rule's `reason` names (`FieldValueForbidden`…); `FieldValueInvalid` for
    /// none or an unknown one, as apiextensions-apiserver `pkg/apiserver/schema/cel` does.
    pub fn from_reason(reason: Option<&str>) -> ErrorType {
        match reason {
            Some("FieldValueForbidden") => ErrorType::Forbidden,
            Some("FieldValueRequired") => ErrorType::Required,
            Some("FieldValueDuplicate") => ErrorType::Duplicate,
            _ => ErrorType::Invalid,
        }
    }
}

/// One field error.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    /// The type.
    pub error_type: ErrorType,
    /// The field path as the API server writes it (`spec.rules[0].matches`, `metadata.name`);
    /// `<nil>` when the error has none.
    pub field: String,
    /// The bad value; `None` when the API server omits it (CEL rule failures).
    pub bad_value: Option<Value>,
    /// The detail.
    pub detail: String,
}

impl FieldError {
    /// The JSON Pointer of [`FieldError::field`] ([`field_pointer`]).
    pub fn pointer(&self) -> String {
        field_pointer(&self.field)
    }

    /// The error's text (`Error.Error`): `<field>: <body>`.
    pub fn message(&self) -> String {
        format!("{}: {}", self.field, self.body())
    }

    /// The text after the field (`ErrorBody`): the type; with its bad value for the types
    /// that show one (`Required`, `Forbidden`, `TooLong`, `Internal` and omitted values do
    /// not); then `: <detail>` when there is a detail.
    pub fn body(&self) -> String {
        let shows_value = !matches!(
            self.error_type,
            ErrorType::Required | ErrorType::Forbidden | ErrorType::TooLong | ErrorType::Internal
        );
        let mut s = self.error_type.text().to_owned();
        if shows_value && let Some(value) = &self.bad_value {
            s.push_str(": ");
            s.push_str(&go_value(value));
        }
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }
}

/// The JSON Pointer of an API server field path (`spec.listeners[0].tls` →
/// `/spec/listeners/0/tls`; `""` for `<nil>` and the root).
pub fn field_pointer(field: &str) -> String {
    if field == "<nil>" {
        return String::new();
    }
    let mut out = String::new();
    for part in field.split('.').filter(|p| !p.is_empty()) {
        let (name, indices) = part.split_once('[').unwrap_or((part, ""));
        if !name.is_empty() {
            out.push('/');
            out.push_str(&name.replace('~', "~0").replace('/', "~1"));
        }
        for index in indices.split('[').filter(|i| !i.is_empty()) {
            out.push('/');
            out.push_str(
                index
                    .trim_end_matches(']')
                    .trim_matches('\'')
                    .trim_matches('"'),
            );
        }
    }
    out
}

/// A bad value as `ErrorBody` prints it: a string quoted as Go's `%q`, a number or boolean as
/// `%v`, `null` for nil, anything else as Go's `json.Marshal` writes it (`<`, `>`, `&`,
/// U+2028 and U+2029 escaped as `\u003c`…, which can only occur inside strings).
fn go_value(v: &Value) -> String {
    match v {
        Value::String(s) => quote(s),
        Value::Null => "null".to_owned(),
        Value::Bool(_) | Value::Number(_) => v.to_string(),
        other => marshal(other),
    }
}

/// The status of an object the API server refuses (`apierrors.NewInvalid(kind.group, name,
/// errors).Error()`): `<Kind>.<group> "<name>" is invalid: <error>`, or `[<e1>, <e2>…]` for
/// several, each text once.
pub fn invalid_status(kind_group: &str, name: &str, errors: &[FieldError]) -> String {
    let mut texts: Vec<String> = Vec::new();
    for e in errors {
        let text = e.message();
        if !texts.contains(&text) {
            texts.push(text);
        }
    }
    let body = match texts.as_slice() {
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    };
    format!("{kind_group} {} is invalid: {body}", quote(name))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn e(error_type: ErrorType, bad_value: Option<Value>, detail: &str) -> FieldError {
        FieldError {
            error_type,
            field: "spec.x".to_owned(),
            bad_value,
            detail: detail.to_owned(),
        }
    }

    #[test]
    fn texts_as_apimachinery_writes_them() {
        // Each text is one the API server recorded (`../shared/conformance/crd`).
        assert_eq!(
            e(ErrorType::Invalid, None, "must be unique").message(),
            "spec.x: Invalid value: must be unique"
        );
        assert_eq!(
            e(
                ErrorType::Invalid,
                Some(json!("")),
                "should be at least 1 chars long"
            )
            .message(),
            "spec.x: Invalid value: \"\": should be at least 1 chars long"
        );
        assert_eq!(
            e(
                ErrorType::Invalid,
                Some(json!(0)),
                "should have at least 1 items"
            )
            .message(),
            "spec.x: Invalid value: 0: should have at least 1 items"
        );
        assert_eq!(
            e(ErrorType::Duplicate, Some(json!({"name": "https"})), "").message(),
            "spec.x: Duplicate value: {\"name\":\"https\"}"
        );
        assert_eq!(
            e(
                ErrorType::TooLong,
                Some(json!("<value omitted>")),
                "may not be more than 63 bytes"
            )
            .message(),
            "spec.x: Too long: may not be more than 63 bytes"
        );
        assert_eq!(
            e(ErrorType::Duplicate, Some(json!({"v": "a<b&c>"})), "").message(),
            "spec.x: Duplicate value: {\"v\":\"a\\u003cb\\u0026c\\u003e\"}"
        );
        assert_eq!(
            e(ErrorType::Forbidden, None, "no").message(),
            "spec.x: Forbidden: no"
        );
        assert_eq!(
            e(ErrorType::Invalid, Some(Value::Null), "d").message(),
            "spec.x: Invalid value: null: d"
        );
    }

    #[test]
    fn field_paths_as_json_pointers() {
        assert_eq!(
            field_pointer("spec.listeners[0].tls"),
            "/spec/listeners/0/tls"
        );
        assert_eq!(field_pointer("spec.a/b[2][3]"), "/spec/a~1b/2/3");
        assert_eq!(field_pointer("<nil>"), "");
        assert_eq!(field_pointer(""), "");
    }

    #[test]
    fn statuses_join_several_errors() {
        let one = [e(ErrorType::Required, None, "")];
        assert_eq!(
            invalid_status("Gateway.gateway.networking.k8s.io", "g", &one),
            "Gateway.gateway.networking.k8s.io \"g\" is invalid: spec.x: Required value"
        );
        let two = [
            one[0].clone(),
            one[0].clone(),
            e(ErrorType::Forbidden, None, "f"),
        ];
        assert_eq!(
            invalid_status("A.b", "n", &two),
            "A.b \"n\" is invalid: [spec.x: Required value, spec.x: Forbidden: f]"
        );
    }
}
