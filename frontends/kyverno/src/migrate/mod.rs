//! A v1alpha1 `Test` rewritten as a v1beta1 `KyvernoTest` (`validgen kyverno migrate`),
//! losslessly: every v1alpha1 field has a place, and [`migrate`]'s output read back field by
//! field gives the input, up to the normalisations below.
//!
//! The mapping (v1alpha1 field → v1beta1 field; the v1alpha1 fields are those of kyverno
//! `cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go` and `test_result.go`):
//! - `apiVersion`, `kind` → `cli.kyverno.io/v1beta1`, `KyvernoTest`;
//! - `metadata` → `metadata`, as is; the deprecated top-level `name` → `metadata.name`;
//! - `policies`, `resources`, `targetResources`, `paramResources`, `clusterResources`,
//!   `exceptions`, `context`, `apiCallResponses`, `globalContextEntries` → the same names under
//!   `spec`, values as is;
//! - `jsonPayloads`, `httpPayloads`, `envoyPayloads` → `spec.payloads.json`, `.http`,
//!   `.envoy`; the deprecated `jsonPayload` → `spec.payloads.json: [<it>]`;
//! - `variables` (a file) → `spec.variablesFile`; `userinfo` (a file) → `spec.userInfoFile`;
//! - inline `values` → `spec.variables`: `globalValues` → `global`; `policies`,
//!   `namespaceSelector`, `namespaces`, `subresources` as is;
//! - `results[]` → `spec.results[]`: `patchedResources` → `patchedResource`; every other field
//!   as is.
//!
//! Normalisations (what the reverse mapping does not give back): `apiVersion` and `kind`
//! (the CLI never reads them; 14 real tests say `kyverno.io/v1`, one has none); `name` is
//! moved into `metadata.name`, and `jsonPayload` into `payloads.json`, as the CLI reads them
//! (`kyverno fix test`, `test/load.go`); a result's removed `resource` field (Kyverno 1.14
//! and before, still in the `test-deprecated` fixture) is appended to its `resources`, as
//! `kyverno fix test` did before kyverno#13481 removed it.
//!
//! Keys come in a fixed order: `apiVersion`, `kind`, `metadata`, `spec`; in `spec` and in
//! each result, the order of the v1beta1 CRD; inside values copied as is, their own order.

mod file;

use serde_json::{Map, Value};

pub use file::migrate_file;
pub use validgen_gotext::yaml::to_yaml;

/// The `apiVersion` of a migrated test.
pub const API_VERSION: &str = "cli.kyverno.io/v1beta1";

/// The `kind` of a migrated test.
pub const KIND: &str = "KyvernoTest";

/// v1alpha1 top-level fields copied under `spec` with their names, in `spec`'s order.
const SPEC_AS_IS_HEAD: [&str; 2] = ["policies", "resources"];
const SPEC_AS_IS_TAIL: [&str; 5] = [
    "targetResources",
    "paramResources",
    "clusterResources",
    "exceptions",
    "context",
];

/// v1alpha1 payload fields and their names under `spec.payloads`.
const PAYLOADS: [(&str, &str); 3] = [
    ("jsonPayloads", "json"),
    ("httpPayloads", "http"),
    ("envoyPayloads", "envoy"),
];

/// The v1beta1 result fields in order, each with its v1alpha1 name.
const RESULT_FIELDS: [(&str, &str); 20] = [
    ("policy", "policy"),
    ("rule", "rule"),
    ("resources", "resources"),
    ("resourceSpecs", "resourceSpecs"),
    ("namespace", "namespace"),
    ("kind", "kind"),
    ("result", "result"),
    ("operation", "operation"),
    ("patchedResource", "patchedResources"),
    ("generatedResource", "generatedResource"),
    ("generatedResources", "generatedResources"),
    ("cloneSourceResource", "cloneSourceResource"),
    ("failOnMissingResources", "failOnMissingResources"),
    ("isValidatingAdmissionPolicy", "isValidatingAdmissionPolicy"),
    ("isMutatingAdmissionPolicy", "isMutatingAdmissionPolicy"),
    ("isValidatingPolicy", "isValidatingPolicy"),
    ("isDeletingPolicy", "isDeletingPolicy"),
    ("isImageValidatingPolicy", "isImageValidatingPolicy"),
    ("isGeneratingPolicy", "isGeneratingPolicy"),
    ("isMutatingPolicy", "isMutatingPolicy"),
];

/// The result field Kyverno 1.14 and before read, appended to `resources` when migrated.
const REMOVED_RESOURCE: &str = "resource";

/// The v1alpha1 `values` fields and their v1beta1 names under `spec.variables`.
const VALUES_FIELDS: [(&str, &str); 5] = [
    ("globalValues", "global"),
    ("policies", "policies"),
    ("namespaceSelector", "namespaceSelector"),
    ("namespaces", "namespaces"),
    ("subresources", "subresources"),
];

/// The v1beta1 `KyvernoTest` of the v1alpha1 `Test` `doc`, as the module docs map it, `doc`
/// read as Go decodes it first ([`crate::decode`]: a key in another case is its field), so the
/// output names every field as v1beta1 does.
///
/// # Errors
/// The reasons `doc` cannot be migrated without loss, each `<JSON Pointer>: <why>` (just
/// `<why>` at the document): it is not
/// a mapping; a field v1alpha1 does not have at the top level, in `values` or in a result (as
/// Kyverno's strict decoding would reject it); `metadata`, `values` or a result that is not a
/// mapping; a top-level `name` that differs from `metadata.name`; both `jsonPayload` and
/// `jsonPayloads` (the CLI ignores the first then); a result with both `resource` and
/// `resources` that is not a list; a test v1beta1 forbids though v1alpha1 allows it (the
/// proposal's checks: a result of two policy types, duplicate variable names…), each
/// `the migrated KyvernoTest would be invalid at <v1beta1 pointer>: <why>`. So every `Ok` is
/// a `KyvernoTest` the v1beta1 catalog accepts.
pub fn migrate(doc: &Value) -> Result<Value, Vec<String>> {
    // Read as Kyverno reads it: `Results:` is `results` (`decode.rs`).
    let decoded = crate::decode::test(crate::Version::V1alpha1, doc);
    let Value::Object(test) = &decoded.value else {
        return Err(vec!["a test is a mapping".to_owned()]);
    };
    let mut errors = Vec::new();
    let known = |k: &str| {
        matches!(
            k,
            "apiVersion"
                | "kind"
                | "metadata"
                | "name"
                | "jsonPayload"
                | "variables"
                | "userinfo"
                | "values"
                | "results"
                | "apiCallResponses"
                | "globalContextEntries"
        ) || SPEC_AS_IS_HEAD.contains(&k)
            || SPEC_AS_IS_TAIL.contains(&k)
            || PAYLOADS.iter().any(|(from, _)| *from == k)
    };
    unknown_fields(test, "", known, &mut errors);

    let mut out = Map::new();
    out.insert("apiVersion".to_owned(), Value::from(API_VERSION));
    out.insert("kind".to_owned(), Value::from(KIND));
    if let Some(metadata) = metadata(test, &mut errors) {
        out.insert("metadata".to_owned(), metadata);
    }

    let mut spec = Map::new();
    copy(test, &mut spec, &SPEC_AS_IS_HEAD);
    if let Some(payloads) = payloads(test, &mut errors) {
        spec.insert("payloads".to_owned(), payloads);
    }
    copy(test, &mut spec, &SPEC_AS_IS_TAIL);
    rename(test, "variables", &mut spec, "variablesFile");
    rename(test, "userinfo", &mut spec, "userInfoFile");
    copy(
        test,
        &mut spec,
        &["apiCallResponses", "globalContextEntries"],
    );
    if let Some(results) = test.get("results") {
        spec.insert("results".to_owned(), self::results(results, &mut errors));
    }
    if let Some(values) = test.get("values") {
        spec.insert("variables".to_owned(), variables(values, &mut errors));
    }
    out.insert("spec".to_owned(), Value::Object(spec));
    let out = Value::Object(out);
    if errors.is_empty() {
        // What v1alpha1 allows but v1beta1's proposal forbids (a result of two policy types,
        // duplicate variable names…) is refused rather than written as an invalid test.
        let yaml = validgen_core::model::Yaml::unlocated(out.clone());
        for f in crate::validate(crate::Version::V1beta1, "", &yaml) {
            if f.severity == validgen_core::ir::Severity::Error {
                let at = if f.instance.is_empty() {
                    "(document)"
                } else {
                    &f.instance
                };
                errors.push(format!(
                    "the migrated KyvernoTest would be invalid at {at}: {}",
                    f.message
                ));
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        // Pointers name the keys as written.
        Err(errors
            .into_iter()
            .map(|e| match e.split_once(": ") {
                Some((at, why)) if at.starts_with('/') => {
                    format!("{}: {why}", decoded.original(at))
                }
                _ => e,
            })
            .collect())
    }
}

/// `metadata`, with the deprecated top-level `name` moved in; `None` when there is neither.
fn metadata(test: &Map<String, Value>, errors: &mut Vec<String>) -> Option<Value> {
    let mut metadata = match test.get("metadata") {
        None => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => {
            errors.push("/metadata: metadata is a mapping".to_owned());
            return None;
        }
    };
    if let Some(name) = test.get("name") {
        match metadata.get("name") {
            Some(existing) if existing != name => errors.push(format!(
                "/name: the deprecated name {name} differs from metadata.name {existing}"
            )),
            _ => {
                metadata.insert("name".to_owned(), name.clone());
            }
        }
    }
    (test.contains_key("metadata") || !metadata.is_empty()).then_some(Value::Object(metadata))
}

/// `spec.payloads` of the payload fields; `None` when there is none.
fn payloads(test: &Map<String, Value>, errors: &mut Vec<String>) -> Option<Value> {
    let mut payloads = Map::new();
    for (from, to) in PAYLOADS {
        if let Some(v) = test.get(from) {
            payloads.insert(to.to_owned(), v.clone());
        }
    }
    if let Some(single) = test.get("jsonPayload") {
        if payloads.contains_key("json") {
            errors.push(
                "/jsonPayload: both jsonPayload and jsonPayloads are set, and the CLI ignores \
                 jsonPayload then (test/load.go): remove one"
                    .to_owned(),
            );
        } else {
            payloads.insert("json".to_owned(), Value::Array(vec![single.clone()]));
        }
    }
    (!payloads.is_empty()).then_some(Value::Object(payloads))
}

/// `spec.results`: each result's fields in the v1beta1 order, renamed.
fn results(results: &Value, errors: &mut Vec<String>) -> Value {
    let Value::Array(items) = results else {
        // Not a list: the v1beta1 schema says so.
        return results.clone();
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = format!("/results/{i}");
        let Value::Object(result) = item else {
            errors.push(format!("{at}: a result is a mapping"));
            continue;
        };
        unknown_fields(
            result,
            &at,
            |k| k == REMOVED_RESOURCE || RESULT_FIELDS.iter().any(|(_, from)| *from == k),
            errors,
        );
        let mut migrated = Map::new();
        for (to, from) in RESULT_FIELDS {
            let value = match (from, result.get(from), result.get(REMOVED_RESOURCE)) {
                ("resources", None, Some(single)) => Value::Array(vec![single.clone()]),
                ("resources", Some(Value::Array(list)), Some(single)) => {
                    Value::Array(list.iter().chain([single]).cloned().collect())
                }
                ("resources", Some(_), Some(_)) => {
                    errors.push(format!(
                        "{at}/resource: resources is not a list to add the resource to"
                    ));
                    continue;
                }
                (_, Some(v), _) => v.clone(),
                (_, None, _) => continue,
            };
            migrated.insert(to.to_owned(), value);
        }
        out.push(Value::Object(migrated));
    }
    Value::Array(out)
}

/// `spec.variables` of the inline `values`.
fn variables(values: &Value, errors: &mut Vec<String>) -> Value {
    let Value::Object(values) = values else {
        errors.push("/values: values is a mapping".to_owned());
        return Value::Null;
    };
    unknown_fields(
        values,
        "/values",
        |k| VALUES_FIELDS.iter().any(|(from, _)| *from == k),
        errors,
    );
    let mut out = Map::new();
    for (from, to) in VALUES_FIELDS {
        if let Some(v) = values.get(from) {
            out.insert(to.to_owned(), v.clone());
        }
    }
    Value::Object(out)
}

/// Copies the fields `names` of `from` that are set into `to`, in that order.
fn copy(from: &Map<String, Value>, to: &mut Map<String, Value>, names: &[&str]) {
    for name in names {
        if let Some(v) = from.get(*name) {
            to.insert((*name).to_owned(), v.clone());
        }
    }
}

/// Copies the field `name` of `from`, when set, into `to` as `new_name`.
fn rename(from: &Map<String, Value>, name: &str, to: &mut Map<String, Value>, new_name: &str) {
    if let Some(v) = from.get(name) {
        to.insert(new_name.to_owned(), v.clone());
    }
}

/// An error for each field of `map` (at `at`) that `known` does not know, with the text of
/// Kyverno's strict decoding (`json: unknown field "<f>"`).
fn unknown_fields(
    map: &Map<String, Value>,
    at: &str,
    known: impl Fn(&str) -> bool,
    errors: &mut Vec<String>,
) {
    for key in map.keys().filter(|k| !known(k)) {
        let field = format!("unknown field {key:?}");
        errors.push(if at.is_empty() {
            field
        } else {
            format!("{at}: {field}")
        });
    }
}
