//! Keywords on objects: `properties`, `patternProperties`, `additionalProperties`,
//! `propertyNames`, `required`, `minProperties`/`maxProperties`, `dependentRequired`,
//! `dependentSchemas` and draft-04 to draft-07 `dependencies`.

use serde_json::{Map, Value};

use super::{Here, Lowerer, keyword, kind};
use crate::error::child;
use validgen_core::ir::{Check, JsonType, Measure};

impl Lowerer<'_> {
    pub(super) fn object_keyword(&mut self, k: &str, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let at = child(here.pointer, k);
        match k {
            "properties" => {
                let Some(map) = self.schema_map(k, v, here) else {
                    return Vec::new();
                };
                let mut properties = Vec::new();
                for (name, sub) in map {
                    let p = child(&at, name);
                    let mut checks = self.schema(sub, &p);
                    if let Some(text) = here.messages.properties.get(name) {
                        checks = vec![keyword(p, Some(text.clone()), checks)];
                    }
                    properties.push((name.clone(), checks));
                }
                vec![Check::Properties { properties }]
            }
            "patternProperties" => {
                let Some(map) = self.schema_map(k, v, here) else {
                    return Vec::new();
                };
                let mut patterns = Vec::new();
                for (p, sub) in map {
                    let checks = self.schema(sub, &child(&at, p));
                    if let Some(re) = self.pattern_text(p, here, k) {
                        patterns.push((re, checks));
                    }
                }
                vec![Check::PatternProperties { patterns }]
            }
            "additionalProperties" => {
                let checks = self.schema_or_boolean(v, &at);
                if checks.is_empty() && !self.annotating {
                    return Vec::new();
                }
                let known = here
                    .map
                    .get("properties")
                    .and_then(Value::as_object)
                    .map(|m| m.keys().cloned().collect())
                    .unwrap_or_default();
                // The sibling's patterns, compiled again here (their errors are reported there).
                let patterns = here
                    .map
                    .get("patternProperties")
                    .and_then(Value::as_object)
                    .map(|m| {
                        m.keys()
                            .filter_map(|p| validgen_ecmaregex::EcmaRegex::new(p).ok())
                            .map(validgen_core::ir::Regex::Ecma)
                            .collect()
                    })
                    .unwrap_or_default();
                vec![Check::AdditionalProperties {
                    known,
                    patterns,
                    checks,
                }]
            }
            "propertyNames" => {
                let checks = self.schema(v, &at);
                if checks.is_empty() {
                    return Vec::new();
                }
                vec![Check::PropertyNames { checks }]
            }
            "required" => self.required(v, here),
            "maxProperties" | "minProperties" => match self.count(k, v, here) {
                Some(n) => {
                    let (min, max) = if k == "minProperties" {
                        (Some(n), None)
                    } else {
                        (None, Some(n))
                    };
                    vec![Check::Size {
                        measure: Measure::Entries,
                        min,
                        max,
                    }]
                }
                None => Vec::new(),
            },
            "dependentRequired" | "dependentSchemas" | "dependencies" => {
                let Some(map) = self.schema_map_any(k, v, here) else {
                    return Vec::new();
                };
                let mut out = Vec::new();
                for (name, dep) in map {
                    let p = child(&at, name);
                    let then = match (k, dep) {
                        ("dependentRequired" | "dependencies", Value::Array(keys)) => {
                            match self.key_list(keys, here, k) {
                                Some(keys) => vec![Check::Required { keys }],
                                None => continue,
                            }
                        }
                        (
                            "dependentSchemas" | "dependencies",
                            schema @ (Value::Object(_) | Value::Bool(_)),
                        ) => self.schema(schema, &p),
                        _ => {
                            self.error(
                                here,
                                k,
                                format!("`{k}`.`{name}` has the wrong shape ({})", kind(dep)),
                            );
                            continue;
                        }
                    };
                    if then.is_empty() && !(self.annotating && k != "dependentRequired") {
                        continue;
                    }
                    out.push(keyword(
                        p,
                        None,
                        vec![Check::IfThenElse {
                            condition: vec![
                                Check::Type {
                                    types: vec![JsonType::Object],
                                },
                                Check::Required {
                                    keys: vec![name.clone()],
                                },
                            ],
                            then,
                            otherwise: Vec::new(),
                        }],
                    ));
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// `required`: one check, or one per key where `errorMessage.required` names keys.
    fn required(&mut self, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let Some(keys) = v
            .as_array()
            .and_then(|list| self.key_list(list, here, "required"))
        else {
            if !v.is_array() {
                self.error(here, "required", "`required` must be an array of strings");
            }
            return Vec::new();
        };
        if keys.is_empty() {
            return Vec::new();
        }
        if here.messages.required.is_empty() {
            return vec![Check::Required { keys }];
        }
        let at = child(here.pointer, "required");
        keys.into_iter()
            .map(|key| {
                let text = here
                    .messages
                    .required
                    .get(&key)
                    .cloned()
                    .or_else(|| here.messages.for_keyword("required"));
                keyword(at.clone(), text, vec![Check::Required { keys: vec![key] }])
            })
            .collect()
    }

    /// A list of distinct strings.
    fn key_list(&mut self, list: &[Value], here: &Here<'_>, k: &str) -> Option<Vec<String>> {
        let mut keys: Vec<String> = Vec::new();
        for item in list {
            match item.as_str() {
                Some(s) if !keys.iter().any(|x| x == s) => keys.push(s.to_owned()),
                Some(s) => {
                    self.error(here, k, format!("`{k}` names `{s}` twice"));
                    return None;
                }
                None => {
                    self.error(here, k, format!("`{k}` must hold strings only"));
                    return None;
                }
            }
        }
        Some(keys)
    }

    /// The object of schemas of keyword `k`.
    fn schema_map<'v>(
        &mut self,
        k: &str,
        v: &'v Value,
        here: &Here<'_>,
    ) -> Option<&'v Map<String, Value>> {
        self.schema_map_any(k, v, here)
    }

    fn schema_map_any<'v>(
        &mut self,
        k: &str,
        v: &'v Value,
        here: &Here<'_>,
    ) -> Option<&'v Map<String, Value>> {
        match v {
            Value::Object(map) => Some(map),
            other => {
                self.error(
                    here,
                    k,
                    format!("`{k}` must be an object, not {}", kind(other)),
                );
                None
            }
        }
    }
}
