//! The other files Kyverno decodes strictly into its Go types, as it decodes the test
//! (`crate::decode`: field names matched exactly, else case-insensitively; then
//! `DisallowUnknownFields`): a values file into `v1alpha1.Values`, a user-info file into
//! `v1alpha1.UserInfo`, a context file into `v1alpha1.Context` (kyverno
//! `cmd/cli/kubectl-kyverno/apis/v1alpha1`, loaded by `values.Load`, `userinfo.Load`,
//! `context.Load` with `yaml.UnmarshalStrict`). Go's decoder keeps decoding after an unknown
//! field and Kyverno reports the first error; here every one is reported, each in Kyverno's
//! words. Values and user-info files without `apiVersion` or `kind` fail as Kyverno's
//! `deprecations.CheckValues`/`CheckUserInfo` make them fail.
//!
//! go-yaml v2 decodes only the first document of such a file: later ones are never read, a
//! warning.

use std::sync::OnceLock;

use serde_json::Value;

use crate::catalog;
use crate::decode::{self, Decoded};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::ir::{RuleSet, Severity};
use validgen_core::model::Plain;
use validgen_json_schema::{self as json_schema, Options};

/// A Go type a named file is decoded into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum GoType {
    /// `v1alpha1.Values`: `TypeMeta`, `metadata`, and the `ValuesSpec` a test's inline
    /// `values` also is.
    Values,
    /// `v1alpha1.UserInfo`: `TypeMeta`, `metadata`, and `kyvernov2.RequestInfo` inline.
    UserInfo,
    /// `v1alpha1.Context`: `TypeMeta`, `metadata`, `spec` (`ContextSpec`).
    Context,
}

/// `RequestInfo` (kyverno `api/kyverno/v2`) inline and `ContextSpec`, as `openAPIV3Schema`s
/// of their Go types (`apiVersion`, `kind` and `metadata` are added as for any resource).
const USER_INFO: &str = r#"{"type": "object", "properties": {
  "roles": {"type": "array", "items": {"type": "string"}},
  "clusterRoles": {"type": "array", "items": {"type": "string"}},
  "userInfo": {"type": "object", "properties": {
    "username": {"type": "string"}, "uid": {"type": "string"},
    "groups": {"type": "array", "items": {"type": "string"}},
    "extra": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}}}}}"#;

const CONTEXT: &str = r#"{"type": "object", "properties": {"spec": {"type": "object", "properties": {
  "resources": {"type": "array", "items": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}},
  "images": {"type": "array", "items": {"type": "object", "properties": {
    "image": {"type": "string"}, "resolvedImage": {"type": "string"}, "registry": {"type": "string"},
    "repository": {"type": "string"}, "tag": {"type": "string"}, "digest": {"type": "string"},
    "imageIndex": {"x-kubernetes-preserve-unknown-fields": true},
    "manifest": {"x-kubernetes-preserve-unknown-fields": true},
    "config": {"x-kubernetes-preserve-unknown-fields": true}}}}}}}}"#;

/// A type's schema, closed as strict decoding closes it, and its rule set.
struct Compiled {
    schema: Value,
    rules: RuleSet,
}

fn compiled(go_type: GoType) -> Result<&'static Compiled, &'static str> {
    static CELLS: [OnceLock<Result<Compiled, String>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let (cell, build): (_, fn() -> Result<Value, String>) = match go_type {
        GoType::Values => (&CELLS[0], values_schema),
        GoType::UserInfo => (&CELLS[1], || text_schema(USER_INFO)),
        GoType::Context => (&CELLS[2], || text_schema(CONTEXT)),
    };
    cell.get_or_init(|| {
        let mut schema = build()?;
        json_schema::reject_unknown_fields(&mut schema);
        let options = Options {
            openapi: true,
            ..Options::default()
        };
        let rules = json_schema::compile(&schema, &options)
            .map_err(|e| {
                e.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            })?
            .rules;
        Ok(Compiled { schema, rules })
    })
    .as_ref()
    .map_err(String::as_str)
}

/// The v1alpha1 `Test` CRD's `values` (the `ValuesSpec`), as written upstream, but for the
/// `metadata` of `namespaces[]`: the CRD says an object without properties, Go decodes a
/// `corev1.Namespace`'s `ObjectMeta` (real values files give namespaces names and labels).
fn values_schema() -> Result<Value, String> {
    let test = catalog::crd_schema(catalog::V1ALPHA1_CRD)?;
    let mut values = test
        .pointer("/properties/values")
        .cloned()
        .ok_or_else(|| "the Test CRD has no `values`".to_owned())?;
    if let Some(meta) = values.pointer_mut("/properties/namespaces/items/properties/metadata") {
        let fields: serde_json::Map<String, Value> = json_schema::OBJECT_META_FIELDS
            .iter()
            .map(|f| ((*f).to_owned(), Value::Object(serde_json::Map::new())))
            .collect();
        *meta = serde_json::json!({"type": "object", "properties": fields});
    }
    Ok(values)
}

fn text_schema(text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// The file's first document as Go decodes it into `go_type`, and what Kyverno fails on or
/// never reads, each `(JSON Pointer in the file as written, severity, message)`. `name` is
/// the file as the test names it (Kyverno's texts quote it).
pub(super) fn check(
    go_type: GoType,
    name: &str,
    docs: &[Value],
) -> (Option<Decoded>, Vec<(String, Severity, String)>) {
    let mut out = Vec::new();
    let Some(first) = docs.first() else {
        return (None, out);
    };
    if docs.len() > 1 {
        out.push((
            String::new(),
            Severity::Warning,
            format!(
                "{} documents: kyverno reads only the first (go-yaml v2 `Unmarshal`)",
                docs.len()
            ),
        ));
    }
    let compiled = match compiled(go_type) {
        Ok(c) => c,
        Err(why) => {
            out.push((
                String::new(),
                Severity::Error,
                format!("the built-in schema of {go_type:?} is broken: {why}"),
            ));
            return (None, out);
        }
    };
    let decoded = decode::decode(first, &compiled.schema);
    let report = evaluate_document(
        &compiled.rules,
        &Plain::new(&decoded.value),
        Explain::Failures,
    );
    for v in &report.violations {
        // Go decodes `null` into any field.
        if decoded
            .value
            .pointer(&v.location)
            .is_some_and(Value::is_null)
        {
            continue;
        }
        let text = catalog::decoder_text(v, &decoded.value, &compiled.schema);
        out.push((
            decoded.original(&v.location),
            Severity::Error,
            kyverno_text(
                go_type,
                name,
                &format!("error unmarshaling JSON: while decoding JSON: {text}"),
            ),
        ));
    }
    let unset = |k: &str| {
        decoded
            .value
            .get(k)
            .and_then(Value::as_str)
            .is_none_or(str::is_empty)
    };
    let what = match go_type {
        GoType::Values => Some("values"),
        GoType::UserInfo => Some("userInfo"),
        GoType::Context => None,
    };
    if let Some(what) = what
        && (unset("apiVersion") || unset("kind"))
        && first.is_object()
    {
        out.push((
            String::new(),
            Severity::Error,
            format!(
                "{what} file {name} uses a deprecated schema — please migrate to the latest format"
            ),
        ));
    }
    out.extend(
        decoded
            .warnings
            .iter()
            .map(|w| (w.instance.clone(), w.severity, w.message.clone())),
    );
    (Some(decoded), out)
}

/// Kyverno's error for a decoding failure `why` of the file `name` (kyverno
/// `commands/test/test.go` and the loaders it calls).
fn kyverno_text(go_type: GoType, name: &str, why: &str) -> String {
    match go_type {
        GoType::Values => {
            format!("failed to decode yaml (unable to load variable file: {name} ({why}))")
        }
        GoType::UserInfo => {
            format!("error: failed to load request info (failed to decode yaml ({why}))")
        }
        GoType::Context => why.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn every_type_compiles() {
        for t in [GoType::Values, GoType::UserInfo, GoType::Context] {
            let c = compiled(t).unwrap_or_else(|e| panic!("{t:?}: {e}"));
            assert_eq!(c.schema["additionalProperties"], false, "{t:?}");
        }
    }

    #[test]
    fn unknown_fields_fail_in_kyvernos_words_and_cases_fold() {
        let doc = json!({"apiVersion": "cli.kyverno.io/v1alpha1", "kind": "UserInfo",
                         "ClusterRoles": ["admin"], "userInfo": {"username": "u", "grups": []}});
        let (decoded, found) = check(GoType::UserInfo, "user.yaml", &[doc]);
        assert_eq!(
            decoded.map(|d| d.value["clusterRoles"].clone()),
            Some(json!(["admin"]))
        );
        assert_eq!(
            found,
            [
                (
                    "/userInfo/grups".to_owned(),
                    Severity::Error,
                    "error: failed to load request info (failed to decode yaml (error unmarshaling JSON: while decoding JSON: json: unknown field \"grups\" (did you mean \"groups\"?)))".to_owned()
                ),
                (
                    "/ClusterRoles".to_owned(),
                    Severity::Warning,
                    "`ClusterRoles` is read as the field `clusterRoles`: Go's decoder matches field names case-insensitively; write `clusterRoles`".to_owned()
                ),
            ]
        );
    }

    #[test]
    fn the_deprecated_layout_and_later_documents() {
        let (_, found) = check(
            GoType::Values,
            "values.yaml",
            &[json!({"policies": []}), json!({"policies": []})],
        );
        let messages: Vec<&str> = found.iter().map(|(_, _, m)| m.as_str()).collect();
        assert_eq!(
            messages,
            [
                "2 documents: kyverno reads only the first (go-yaml v2 `Unmarshal`)",
                "values file values.yaml uses a deprecated schema — please migrate to the latest format"
            ]
        );
        let (_, found) = check(
            GoType::Context,
            "context.yaml",
            &[
                json!({"spec": {"images": [{"image": "x", "tags": "y"}], "resources": [{"kind": "Pod", "any": 1}]}}),
            ],
        );
        assert_eq!(
            found,
            [(
                "/spec/images/0/tags".to_owned(),
                Severity::Error,
                "error unmarshaling JSON: while decoding JSON: json: unknown field \"tags\" (did you mean \"tag\"?)".to_owned()
            )]
        );
    }
}
