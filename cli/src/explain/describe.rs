//! What a template's rules check, from their lowered IR, in plain words and as JSON.

use serde::Serialize;
use serde_json::{Value, json};
use validgen_core::ir::{self, Arg, Check, Reason, Severity};
use validgen_kubevirt::admission::{LEGACY_VALIDATIONS, Template, VALIDATIONS};
use validgen_kubevirt::rules;
use validgen_kubevirt::rules::words::{BoundUnit, range_words, value_words};
use validgen_quantity::Quantity;

/// A template and its rule sets.
#[derive(Debug, Serialize)]
pub struct ExplainedTemplate {
    /// `metadata.name`.
    pub name: String,
    /// `metadata.namespace`, when the file gives one.
    pub namespace: Option<String>,
    /// `<file>#<document index>`.
    pub source: String,
    /// One per annotation holding rules (one for both when they hold the same text); none when
    /// the template has no rules.
    pub rule_sets: Vec<ExplainedRuleSet>,
}

/// One rule-set annotation of a template.
#[derive(Debug, Serialize)]
pub struct ExplainedRuleSet {
    /// Where the text is, e.g. `objects[0].metadata.annotations["vm.kubevirt.io/validations"]`.
    pub annotations: Vec<String>,
    /// Which VMs it applies to.
    pub applies_to: String,
    /// Why the whole set is rejected (VMs then get code 400), if it is.
    pub error: Option<String>,
    /// Its rules, in order (none when rejected).
    pub rules: Vec<ExplainedRule>,
}

/// One rule.
#[derive(Debug, Serialize)]
pub struct ExplainedRule {
    /// 0-based position in the set.
    pub index: usize,
    /// `name`.
    pub name: String,
    /// `rule` as written.
    pub rule: String,
    /// The path checked (the causes' `field`), empty when the rule has none.
    pub field: String,
    /// `message`.
    pub message: String,
    /// `justWarning`: unsatisfied is a warning only.
    pub just_warning: bool,
    /// `valid`: the rule applies only when this path yields a value on the VM.
    pub valid: Option<String>,
    /// The check with its arguments.
    pub check: Value,
    /// What is wrong with the rule, if anything (it then fails whatever the VM).
    pub problem: Option<String>,
    /// The check in plain words, e.g. `.spec.domain.memory.guest at least 1.5Gi (1610612736
    /// bytes)`.
    pub description: String,
}

/// Explains the rule sets of `t`.
pub fn explain_template(t: &Template) -> ExplainedTemplate {
    let object = format!("objects[0].metadata.annotations[\"{VALIDATIONS}\"]");
    let legacy = format!("metadata.annotations[\"{LEGACY_VALIDATIONS}\"]");
    let carried = "every VM created from the template carries these rules";
    let named = "VMs that name this template and carry no rules of their own";
    let rule_sets = match (&t.object_validations, &t.validations) {
        (Some(a), Some(b)) if a == b => vec![explain_set(
            vec![object, legacy],
            format!("{carried}; also {named}"),
            a,
        )],
        (a, b) => [
            a.as_ref()
                .map(|a| explain_set(vec![object], carried.to_owned(), a)),
            b.as_ref()
                .map(|b| explain_set(vec![legacy], named.to_owned(), b)),
        ]
        .into_iter()
        .flatten()
        .collect(),
    };
    ExplainedTemplate {
        name: t.name.clone(),
        namespace: t.namespace.clone(),
        source: t.source.clone(),
        rule_sets,
    }
}

fn explain_set(annotations: Vec<String>, applies_to: String, text: &str) -> ExplainedRuleSet {
    let (error, rules) = match rules::parse_rule_set(text) {
        Ok(parsed) => {
            let lowered = rules::lower(&parsed);
            let rules = parsed
                .rules
                .iter()
                .zip(&lowered.rules)
                .map(|(p, l)| explain_rule(p, l))
                .collect();
            (None, rules)
        }
        Err(e) => (Some(e.to_string()), Vec::new()),
    };
    ExplainedRuleSet {
        annotations,
        applies_to,
        error,
        rules,
    }
}

fn explain_rule(parsed: &rules::ParsedRule, rule: &ir::Rule) -> ExplainedRule {
    let field = if rule.path.is_some() {
        rule.field.clone()
    } else {
        "(no path)".to_owned()
    };
    let (check, description, mut problem) = describe(&field, parsed, &rule.check);
    if rule.path.is_none() && problem.is_none() {
        problem = Some(
            "no `path`: the rule fails with `missing required key` (the reference crashes)"
                .to_owned(),
        );
    }
    ExplainedRule {
        index: rule.origin.index,
        name: rule.name.clone(),
        rule: parsed.rule.clone(),
        field: rule.field.clone(),
        message: rule.message.clone(),
        just_warning: rule.severity == Severity::Warning,
        valid: parsed.valid.as_ref().map(|v| v.expr.clone()),
        check,
        problem,
        description,
    }
}

/// The check as JSON, in words, and what makes it always fail.
fn describe(
    field: &str,
    parsed: &rules::ParsedRule,
    check: &Check,
) -> (Value, String, Option<String>) {
    let memory = BoundUnit::for_path(field) == BoundUnit::Bytes;
    match check {
        Check::IntRange { min, max } => {
            let unit = BoundUnit::for_path(field);
            let words = range_words(field, min.as_ref(), max.as_ref(), unit)
                .unwrap_or_else(|| format!("{field} is an integer (no bounds)"));
            let json = json!({"min": bound_json(min.as_ref(), memory), "max": bound_json(max.as_ref(), memory)});
            (json, words + &never(min.as_ref(), max.as_ref()), None)
        }
        Check::LengthRange { min, max } => {
            let words = range_words(
                &format!("length in bytes of {field}"),
                min.as_ref(),
                max.as_ref(),
                BoundUnit::Plain,
            )
            .unwrap_or_else(|| format!("{field} is a string of any length"));
            let json = json!({"min_length": bound_json(min.as_ref(), false), "max_length": bound_json(max.as_ref(), false)});
            (json, words + &never(min.as_ref(), max.as_ref()), None)
        }
        Check::Pattern { regex } => {
            let json = json!({"regex": parsed.regex});
            match regex {
                Ok(re) if re.as_str().is_empty() => (
                    json,
                    format!("{field} matches anything (empty regex)"),
                    None,
                ),
                Ok(re) => (
                    json,
                    format!("{field} contains a match of the regex `{}`", re.as_str()),
                    None,
                ),
                Err(e) => (
                    json,
                    format!("always fails: {e}"),
                    Some("the regex does not compile (Go RE2 syntax)".to_owned()),
                ),
            }
        }
        Check::Enum { values } => {
            let words: Vec<String> = values.iter().map(value_words).collect();
            let json_values: Vec<Value> = values
                .iter()
                .map(|v| match v {
                    Arg::Literal(s) => json!({ "value": s }),
                    Arg::Path(p) => json!({ "path": p.expr }),
                })
                .collect();
            let words = if words.is_empty() {
                format!("{field} is one of no values (never satisfied)")
            } else {
                format!("{field} is one of {}", words.join(", "))
            };
            (json!({ "values": json_values }), words, None)
        }
        Check::Fail { reason, text } => {
            let error = text;
            let why = match reason {
                Reason::DuplicateName => {
                    format!("an earlier rule is also called {:?}", parsed.name)
                }
                Reason::UnknownKind => format!(
                    "`rule` {:?} is not integer, string, regex or enum",
                    parsed.rule
                ),
                Reason::MissingKey => "no `message`".to_owned(),
            };
            (
                json!({ "error": error }),
                format!("always fails: {error}"),
                Some(why),
            )
        }
        // KubeVirt rules lower to the checks above only; another frontend's rule set is shown
        // in the IR's own terms.
        other => (
            json!({ "check": format!("{other:?}") }),
            format!("{field}: {other:?}"),
            None,
        ),
    }
}

/// A note when literal bounds cannot both hold.
fn never(min: Option<&Arg<i64>>, max: Option<&Arg<i64>>) -> String {
    match (min, max) {
        (Some(Arg::Literal(a)), Some(Arg::Literal(z))) if a > z => {
            " (never satisfied: the minimum is above the maximum)".to_owned()
        }
        _ => String::new(),
    }
}

fn bound_json(arg: Option<&Arg<i64>>, memory: bool) -> Value {
    match arg {
        None => Value::Null,
        Some(Arg::Path(p)) => json!({ "path": p.expr }),
        Some(Arg::Literal(n)) if memory => {
            json!({ "value": n, "human": Quantity::humanize_bytes(*n) })
        }
        Some(Arg::Literal(n)) => json!({ "value": n }),
    }
}
