//! Keywords on any value and on numbers and strings: `type`, `enum`, `const`,
//! `multipleOf`, `minimum`/`maximum`/`exclusive*`, `minLength`/`maxLength`, `pattern`,
//! `format`.

use serde_json::{Number, Value};

use super::{Here, Lowerer, kind};
use validgen_core::ir::{Bound, Check, JsonType, Measure, Regex};
use validgen_ecmaregex::EcmaRegex;
use validgen_format::{Format, KubeFormat};
use validgen_goregex::GoRegex;

impl Lowerer<'_> {
    pub(super) fn value_keyword(&mut self, k: &str, v: &Value, here: &Here<'_>) -> Vec<Check> {
        match k {
            "type" => self.type_(v, here),
            "enum" => match v {
                Value::Array(values) => {
                    let mut values = values.clone();
                    if self.nullable(here) {
                        values.push(Value::Null);
                    }
                    vec![Check::AnyValue { values }]
                }
                other => {
                    self.error(
                        here,
                        k,
                        format!("`enum` must be an array, not {}", kind(other)),
                    );
                    Vec::new()
                }
            },
            "const" => vec![Check::Const { value: v.clone() }],
            "multipleOf" => match v.as_number() {
                Some(n) if n.as_f64().is_some_and(|x| x > 0.0) => {
                    vec![Check::MultipleOf { value: n.clone() }]
                }
                _ => {
                    self.error(here, k, "`multipleOf` must be a number greater than 0");
                    Vec::new()
                }
            },
            "maximum" | "exclusiveMaximum" | "minimum" | "exclusiveMinimum" => {
                if self.draft.boolean_exclusive_bounds() {
                    return self.modified_bound(k, v, here);
                }
                let Some(value) = v.as_number().cloned() else {
                    let hint = if v.is_boolean() {
                        format!(
                            " (a boolean `{k}` is draft-04's; this schema is read as {})",
                            self.draft.name()
                        )
                    } else {
                        String::new()
                    };
                    self.error(here, k, format!("`{k}` must be a number{hint}"));
                    return Vec::new();
                };
                vec![range(
                    k.ends_with("aximum"),
                    value,
                    k.starts_with("exclusive"),
                )]
            }
            "maxLength" | "minLength" => match self.count(k, v, here) {
                Some(n) => {
                    let (min, max) = if k == "minLength" {
                        (Some(n), None)
                    } else {
                        (None, Some(n))
                    };
                    vec![Check::Size {
                        measure: Measure::CodePoints,
                        min,
                        max,
                    }]
                }
                None => Vec::new(),
            },
            "pattern" => match self.regex(v, here, k) {
                Some(regex) => vec![Check::Matches { regex }],
                None => Vec::new(),
            },
            "format" => self.format(v, here),
            _ => Vec::new(),
        }
    }

    /// Bounds as draft-04 has them: `maximum`/`minimum` a number, made exclusive by a
    /// sibling `exclusiveMaximum`/`exclusiveMinimum` of `true`, which is a boolean and needs
    /// its bound (draft-04 §5.1.2 and §5.1.3 (validation spec)).
    fn modified_bound(&mut self, k: &str, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let (bound, flag) = match k {
            "maximum" | "exclusiveMaximum" => ("maximum", "exclusiveMaximum"),
            _ => ("minimum", "exclusiveMinimum"),
        };
        if k == flag {
            match v {
                Value::Bool(true) if !here.map.contains_key(bound) => {
                    self.error(
                        here,
                        k,
                        format!("`{k}: true` needs `{bound}` beside it in draft-04"),
                    );
                }
                Value::Bool(_) => {}
                other => self.error(
                    here,
                    k,
                    format!(
                        "`{k}` must be a boolean in draft-04 (modifying `{bound}`), not {}",
                        kind(other)
                    ),
                ),
            }
            return Vec::new();
        }
        let Some(value) = v.as_number().cloned() else {
            self.error(here, k, format!("`{k}` must be a number"));
            return Vec::new();
        };
        let exclusive = here.map.get(flag) == Some(&Value::Bool(true));
        vec![range(k == "maximum", value, exclusive)]
    }

    /// `type`: one name or a list of distinct names.
    fn type_(&mut self, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let names: Vec<&Value> = match v {
            Value::Array(list) => list.iter().collect(),
            one => vec![one],
        };
        let mut types = Vec::new();
        for name in names {
            let t = name.as_str().and_then(|s| match s {
                "null" => Some(JsonType::Null),
                "boolean" => Some(JsonType::Boolean),
                "integer" => Some(JsonType::Integer),
                "number" => Some(JsonType::Number),
                "string" => Some(JsonType::String),
                "array" => Some(JsonType::Array),
                "object" => Some(JsonType::Object),
                _ => None,
            });
            match t {
                Some(t) if !types.contains(&t) => types.push(t),
                Some(t) => self.error(here, "type", format!("`type` names `{}` twice", t.name())),
                None => self.error(
                    here,
                    "type",
                    format!("`type` {name} is not one of null, boolean, integer, number, string, array, object"),
                ),
            }
        }
        if self.nullable(here) && !types.contains(&JsonType::Null) {
            types.push(JsonType::Null);
        }
        vec![Check::Type { types }]
    }

    /// A non-negative integer keyword (`1.0` counts, as JSON Schema says).
    pub(super) fn count(&mut self, k: &str, v: &Value, here: &Here<'_>) -> Option<u64> {
        let n = v.as_u64().or_else(|| {
            v.as_f64()
                .filter(|x| *x >= 0.0 && x.fract() == 0.0 && *x < 1.8e19)
                .map(|x| x as u64)
        });
        if n.is_none() {
            self.error(here, k, format!("`{k}` must be a non-negative integer"));
        }
        n
    }

    /// An ECMA-262 pattern, compiled.
    pub(super) fn regex(&mut self, v: &Value, here: &Here<'_>, k: &str) -> Option<Regex> {
        let Some(p) = v.as_str() else {
            self.error(here, k, format!("`{k}` must be a string"));
            return None;
        };
        self.pattern_text(p, here, k)
    }

    /// The pattern `p` (of keyword `k`), compiled as ECMA-262; in a CRD's structural schema
    /// ([`crate::Options::openapi`]), as a Go regular expression, which kube-openapi compiles
    /// CRD patterns with (`regexp.MustCompile`: `(?i)` and the rest of RE2, no lookaround).
    pub(super) fn pattern_text(&mut self, p: &str, here: &Here<'_>, k: &str) -> Option<Regex> {
        if self.options.openapi {
            return match GoRegex::new(p) {
                Ok(re) => Some(Regex::Re2(re)),
                Err(e) => {
                    self.error(
                        here,
                        k,
                        format!(
                            "pattern `{p}` is not a Go regular expression, as CRD patterns are: {e}"
                        ),
                    );
                    None
                }
            };
        }
        match EcmaRegex::new(p) {
            Ok(re) => Some(Regex::Ecma(re)),
            Err(e) => {
                self.error(here, k, format!("pattern `{p}` is not accepted: {e}"));
                None
            }
        }
    }

    /// `format`: asserted for the formats validgen checks when asked; an annotation
    /// otherwise (CRD `int32`/`int64` are ranges, see the OpenAPI lowering).
    fn format(&mut self, v: &Value, here: &Here<'_>) -> Vec<Check> {
        let Some(name) = v.as_str() else {
            self.error(here, "format", "`format` must be a string");
            return Vec::new();
        };
        if self.options.openapi
            && let Some(range) = int_format(name)
        {
            return vec![range];
        }
        // CRD schemas assert kube-openapi's formats, with its semantics; any other name is
        // dropped by the API server (apiextensions-apiserver `formats.go`).
        let known = if self.options.openapi {
            KubeFormat::from_name(name).map(Format::Kube)
        } else {
            Format::from_name(name)
        };
        let warning = match known {
            Some(format) if self.asserts_formats() => return vec![Check::Format { format }],
            Some(_) => format!(
                "format `{name}` is not asserted (an annotation only; `assert_formats` asserts it)"
            ),
            None if self.options.openapi => {
                format!("format `{name}` is not asserted (an annotation only)")
            }
            None => format!(
                "format `{name}` is unknown: no JSON Schema draft defines it (an annotation only)"
            ),
        };
        self.warnings
            .push(super::SchemaError::at(here.pointer, "format", warning));
        Vec::new()
    }

    /// Whether the schema is OpenAPI `nullable: true` (CRD schemas).
    fn nullable(&self, here: &Here<'_>) -> bool {
        self.options.openapi && here.map.get("nullable") == Some(&Value::Bool(true))
    }
}

/// A [`Check::NumberRange`] with one bound: an upper one when `upper`.
fn range(upper: bool, value: Number, exclusive: bool) -> Check {
    let bound = Some(Bound { value, exclusive });
    if upper {
        Check::NumberRange {
            min: None,
            max: bound,
        }
    } else {
        Check::NumberRange {
            min: bound,
            max: None,
        }
    }
}

/// The range of an OpenAPI integer format, as the Kubernetes API server checks it.
fn int_format(name: &str) -> Option<Check> {
    let (min, max) = match name {
        "int32" => (Number::from(i32::MIN), Number::from(i32::MAX)),
        "int64" => (Number::from(i64::MIN), Number::from(i64::MAX)),
        _ => return None,
    };
    let bound = |value| {
        Some(Bound {
            value,
            exclusive: false,
        })
    };
    Some(Check::NumberRange {
        min: bound(min),
        max: bound(max),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use validgen_core::interpret::{Explain, evaluate_document};
    use validgen_core::model::Plain;

    use crate::{Options, compile};

    fn valid(schema: &serde_json::Value, openapi: bool, doc: &serde_json::Value) -> bool {
        let options = Options {
            openapi,
            ..Options::default()
        };
        let compiled = compile(schema, &options).expect("compiles");
        evaluate_document(&compiled.rules, &Plain::new(doc), Explain::Failures)
            .violations
            .is_empty()
    }

    /// A real Kueue CRD's pattern: Go's `(?i)`, which ECMA-262 has not.
    #[test]
    fn crd_patterns_are_go_regular_expressions() {
        let kueue = json!({"type": "string", "pattern": "^(?i)[a-z]([-a-z0-9]*[a-z0-9])?$"});
        assert!(valid(&kueue, true, &json!("Team-A")));
        assert!(!valid(&kueue, true, &json!("-a")));
        assert!(
            compile(&kueue, &Options::default()).is_err(),
            "not ECMA-262"
        );
        let lookahead = json!({"type": "string", "pattern": "^(?=a)"});
        let errors = compile(
            &lookahead,
            &Options {
                openapi: true,
                ..Options::default()
            },
        )
        .expect_err("Go has no lookahead");
        assert!(
            errors[0]
                .to_string()
                .contains("is not a Go regular expression"),
            "{}",
            errors[0]
        );
    }
}
