//! Which requests a policy (`spec.matchConstraints`) or a binding (`spec.matchResources`)
//! selects, as K8s `apiserver/pkg/admission/plugin/policy/matching` and `webhook/predicates/rules`
//! decide it: resource rules, excluded rules, and the object selector.

use serde_json::Value;

use crate::request::Request;

/// A `MatchResources` object.
#[derive(Debug, Clone, Default)]
pub struct MatchResources {
    resource_rules: Vec<Rule>,
    exclude_resource_rules: Vec<Rule>,
    object_selector: Selector,
}

/// A `NamedRuleWithOperations`.
#[derive(Debug, Clone)]
struct Rule {
    api_groups: Vec<String>,
    api_versions: Vec<String>,
    operations: Vec<String>,
    resources: Vec<String>,
    resource_names: Vec<String>,
    scope: String,
}

/// A label selector: `matchLabels` and `matchExpressions` (`In`, `NotIn`, `Exists`,
/// `DoesNotExist`), all of which must hold; empty selects everything.
#[derive(Debug, Clone, Default)]
struct Selector {
    requirements: Vec<(String, String, Vec<String>)>,
}

/// The strings of `v[key]`, which must be a list of strings when present.
fn strings(v: &Value, key: &str, at: &str) -> Result<Vec<String>, String> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|i| {
                i.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| format!("{at}.{key}: not a list of strings"))
            })
            .collect(),
        Some(_) => Err(format!("{at}.{key}: not a list of strings")),
    }
}

impl MatchResources {
    /// Reads a `MatchResources` object found at `at` (e.g. `spec.matchConstraints`).
    ///
    /// # Errors
    /// A located message for a mistyped field, an unknown operator, a `namespaceSelector` that
    /// selects anything (offline there are no Namespace objects to select), or an unknown key.
    pub fn parse(v: &Value, at: &str) -> Result<MatchResources, String> {
        let Some(map) = v.as_object() else {
            return Err(format!("{at}: not an object"));
        };
        for key in map.keys() {
            if ![
                "resourceRules",
                "excludeResourceRules",
                "matchPolicy",
                "namespaceSelector",
                "objectSelector",
            ]
            .contains(&key.as_str())
            {
                return Err(format!(
                    "{at}.{key}: not supported by the offline evaluator"
                ));
            }
        }
        let namespaces =
            Selector::parse(&v["namespaceSelector"], &format!("{at}.namespaceSelector"))?;
        if !namespaces.requirements.is_empty() {
            return Err(format!(
                "{at}.namespaceSelector: not supported offline (no Namespace objects to select)"
            ));
        }
        let rules = |key: &str| -> Result<Vec<Rule>, String> {
            match v.get(key) {
                None | Some(Value::Null) => Ok(Vec::new()),
                Some(Value::Array(items)) => items
                    .iter()
                    .enumerate()
                    .map(|(i, r)| Rule::parse(r, &format!("{at}.{key}[{i}]")))
                    .collect(),
                Some(_) => Err(format!("{at}.{key}: not a list")),
            }
        };
        Ok(MatchResources {
            resource_rules: rules("resourceRules")?,
            exclude_resource_rules: rules("excludeResourceRules")?,
            object_selector: Selector::parse(
                &v["objectSelector"],
                &format!("{at}.objectSelector"),
            )?,
        })
    }

    /// Whether `request` is selected: some resource rule matches, no excluded rule matches,
    /// and the object selector selects the object or the old object. `every_resource` is what
    /// an empty `resourceRules` means (a binding's: all; a policy's: none).
    pub fn matches(&self, request: &Request, every_resource: bool) -> bool {
        let selected = if self.resource_rules.is_empty() {
            every_resource
        } else {
            self.resource_rules.iter().any(|r| r.matches(request))
        };
        selected
            && !self
                .exclude_resource_rules
                .iter()
                .any(|r| r.matches(request))
            && (self.object_selector.selects(&request.object)
                || self.object_selector.selects(&request.old_object))
    }
}

impl Rule {
    fn parse(v: &Value, at: &str) -> Result<Rule, String> {
        Ok(Rule {
            api_groups: strings(v, "apiGroups", at)?,
            api_versions: strings(v, "apiVersions", at)?,
            operations: strings(v, "operations", at)?,
            resources: strings(v, "resources", at)?,
            resource_names: strings(v, "resourceNames", at)?,
            scope: v["scope"].as_str().unwrap_or("*").to_owned(),
        })
    }

    /// As K8s `webhook/predicates/rules.Matcher.Matches`.
    fn matches(&self, r: &Request) -> bool {
        let has = |list: &[String], value: &str| list.iter().any(|x| x == "*" || x == value);
        let scope = match self.scope.as_str() {
            "Cluster" => r.namespace.is_empty(),
            "Namespaced" => !r.namespace.is_empty(),
            _ => true,
        };
        let resource = self.resources.iter().any(|x| {
            let (res, sub) = x.split_once('/').unwrap_or((x, ""));
            (res == "*" || res == r.resource) && (sub == "*" || sub == r.sub_resource)
        });
        has(&self.api_groups, &r.group)
            && has(&self.api_versions, &r.version)
            && has(&self.operations, &r.operation)
            && resource
            && (self.resource_names.is_empty() || self.resource_names.contains(&r.name))
            && scope
    }
}

impl Selector {
    fn parse(v: &Value, at: &str) -> Result<Selector, String> {
        let mut requirements = Vec::new();
        if let Some(labels) = v.get("matchLabels").and_then(Value::as_object) {
            for (k, value) in labels {
                let value = value
                    .as_str()
                    .ok_or_else(|| format!("{at}.matchLabels.{k}: not a string"))?;
                requirements.push((k.clone(), "In".to_owned(), vec![value.to_owned()]));
            }
        }
        if let Some(exprs) = v.get("matchExpressions").and_then(Value::as_array) {
            for (i, e) in exprs.iter().enumerate() {
                let here = format!("{at}.matchExpressions[{i}]");
                let key = e["key"]
                    .as_str()
                    .ok_or_else(|| format!("{here}.key: required"))?;
                let op = e["operator"].as_str().unwrap_or_default();
                if !["In", "NotIn", "Exists", "DoesNotExist"].contains(&op) {
                    return Err(format!(
                        "{here}.operator: {op:?} is not In, NotIn, Exists or DoesNotExist"
                    ));
                }
                requirements.push((key.to_owned(), op.to_owned(), strings(e, "values", &here)?));
            }
        }
        Ok(Selector { requirements })
    }

    /// As apimachinery `labels.Selector.Matches` on `object.metadata.labels`; a null object
    /// has no labels.
    fn selects(&self, object: &Value) -> bool {
        let labels = &object["metadata"]["labels"];
        self.requirements.iter().all(|(key, op, values)| {
            let value = labels.get(key).and_then(Value::as_str);
            match op.as_str() {
                "In" => value.is_some_and(|v| values.iter().any(|x| x == v)),
                "NotIn" => value.is_none_or(|v| !values.iter().any(|x| x == v)),
                "Exists" => value.is_some(),
                _ => value.is_none(),
            }
        })
    }
}
