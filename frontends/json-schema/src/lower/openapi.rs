//! OpenAPI v3 structural-schema keywords, as Kubernetes CRD schemas use them (with
//! [`Options::openapi`](crate::Options::openapi)): `nullable` (read by `type`
//! and `enum`), `x-kubernetes-int-or-string`, `x-kubernetes-list-type: set`; the other
//! `x-kubernetes-*` extensions shape storage, not validity, and CEL rules
//! (`x-kubernetes-validations`) are reported as not evaluated.

use serde_json::Value;

use super::{Here, Lowerer};
use crate::error::SchemaError;
use validgen_core::ir::{Check, JsonType};

impl Lowerer<'_> {
    /// The checks of OpenAPI keyword `k`, or `None` when `k` is not one (or not in OpenAPI
    /// mode).
    pub(super) fn openapi(&mut self, k: &str, v: &Value, here: &Here<'_>) -> Option<Vec<Check>> {
        if !self.options.openapi {
            return None;
        }
        let checks = match (k, v) {
            ("nullable", Value::Bool(_)) => Vec::new(),
            ("x-kubernetes-int-or-string", Value::Bool(true)) => {
                let mut types = vec![JsonType::Integer, JsonType::String];
                if here.map.get("nullable") == Some(&Value::Bool(true)) {
                    types.push(JsonType::Null);
                }
                vec![Check::Type { types }]
            }
            ("x-kubernetes-list-type", Value::String(t)) if t == "set" => vec![Check::Unique],
            ("x-kubernetes-list-type", Value::String(t)) if t == "map" => {
                self.warnings.push(SchemaError::at(
                    here.pointer,
                    k,
                    crate::LIST_MAP_KEYS_NOT_CHECKED,
                ));
                Vec::new()
            }
            ("x-kubernetes-validations", _) => {
                self.warnings
                    .push(SchemaError::at(here.pointer, k, crate::CEL_NOT_EVALUATED));
                Vec::new()
            }
            ("x-kubernetes-int-or-string", Value::Bool(false))
            | ("x-kubernetes-preserve-unknown-fields", Value::Bool(_))
            | ("x-kubernetes-embedded-resource", Value::Bool(_))
            | ("x-kubernetes-list-type", Value::String(_))
            | ("x-kubernetes-list-map-keys", Value::Array(_))
            | ("x-kubernetes-map-type", Value::String(_)) => Vec::new(),
            _ => return None,
        };
        Some(checks)
    }
}
