//! Checking rule sets at build time: everything the reference would reject or fail whatever the
//! VM is a diagnostic, located in the template file and naming the rule.

mod paths;

use validgen_core::ir::{self, Check, Reason};
use validgen_kubevirt::rules;
use validgen_kubevirt::typed::schema::{AsInt, Schema};

use crate::diag::locate::{Place, rule_paths};
use crate::diag::{Diagnostic, Diagnostics};
use crate::lint::{Lint, pcre_only};
use crate::plan::{PathPlan, StaticPath, Terminal, plan, terminal};
use crate::source::TextOrigin;

/// What the build accepts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Compile rules that the reference fails at run time whatever the VM (an unknown rule
    /// kind, an empty message, a duplicate name, a bad regex, a path the KubeVirt types do not
    /// have, a rule kind that cannot apply to its field, a missing `path`) into that failure,
    /// instead of a build error. A rule set that does not parse is always an error.
    pub reference_failures: bool,
}

/// Parses and lowers one rule-set text; `origin` locates it for diagnostics. Each problem of a
/// rule is located at the value of the key that is wrong (`path`, `rule`, `regex`, …), else at
/// the rule's `{`, and carries a hint when one can be given. This is the one place build
/// problems become diagnostics: the macro, `validgen check` and `validgen generate` show them.
///
/// # Errors
/// Every problem of the text (see [`Options`]).
pub fn analyze(text: &str, origin: &TextOrigin, opts: Options) -> Result<ir::RuleSet, Diagnostics> {
    let mut diags = Diagnostics::default();
    let parsed = match rules::parse_rule_set(text) {
        Ok(p) => p,
        Err(e) => {
            let (line, column) = origin.locate(e.location);
            let rule = e
                .rule_name
                .clone()
                .or(e.rule_index.map(|i| format!("#{}", i + 1)));
            diags.push(Diagnostic::at(
                &origin.file,
                line,
                column,
                rule,
                e.message.clone(),
            ));
            return Err(diags);
        }
    };
    let set = rules::lower(&parsed);
    if !opts.reference_failures {
        for (r, raw) in set.rules.iter().zip(&parsed.rules) {
            for p in rule_problems(r, raw) {
                let at = p
                    .key
                    .and_then(|key| key.locate(text, raw.location.offset))
                    .unwrap_or(raw.location);
                let (line, column) = origin.locate(at);
                let name = if r.name.is_empty() {
                    format!("#{}", r.origin.index + 1)
                } else {
                    r.name.clone()
                };
                diags.push(
                    Diagnostic::at(&origin.file, line, column, Some(name), p.message)
                        .with_hint(p.hint)
                        .with_code(p.code),
                );
            }
        }
    }
    diags.into_result(set)
}

/// Where the rule-set text of a template is, when it is not in a file (tests, the CLI on a
/// single annotation).
pub fn unlocated(name: &str) -> TextOrigin {
    TextOrigin {
        file: name.to_owned(),
        line: 1,
        column: 1,
        block: true,
    }
}

/// One problem of a rule.
struct Problem {
    /// The value that is wrong; `None` for the rule as a whole.
    key: Option<Place>,
    message: String,
    hint: Option<String>,
    /// The [`Lint::id`] naming this kind of problem, when one does.
    code: Option<&'static str>,
}

impl Problem {
    fn at(key: &'static str, message: String) -> Problem {
        Problem {
            key: Some(Place::value(key)),
            message,
            hint: None,
            code: None,
        }
    }
}

fn rule_problems(r: &ir::Rule, raw: &rules::ParsedRule) -> Vec<Problem> {
    let mut out = Vec::new();
    match &r.check {
        Check::Fail { reason, .. } => out.push(match reason {
            Reason::DuplicateName => Problem::at(
                "name",
                format!(
                    "duplicate rule name `{}`: the reference fails this rule with `duplicate Rule Name`",
                    r.name
                ),
            ),
            Reason::UnknownKind => unknown_kind(&raw.rule),
            Reason::MissingKey => Problem::at(
                "message",
                "empty `message`: the reference fails this rule with `missing required key`"
                    .to_owned(),
            ),
        }),
        Check::Pattern { regex: Err(e) } => out.push(match pcre_only(&raw.regex) {
            Some(message) => Problem {
                code: Some(Lint::PcreRegex.id()),
                ..Problem::at("regex", message)
            },
            None => Problem::at("regex", format!("invalid regex: {e}")),
        }),
        _ => {}
    }
    if matches!(r.check, Check::Fail { .. }) {
        return out;
    }
    let Some(path) = &r.path else {
        out.push(Problem {
            key: None,
            ..Problem::at(
                "path",
                "missing `path`: the reference crashes on this rule".to_owned(),
            )
        });
        return out;
    };
    for (key, p) in rule_paths(raw) {
        let role = match key.name {
            "path" => "path".to_owned(),
            name => format!("`{name}` path"),
        };
        if let Some(e) = paths::explain(&role, p) {
            out.push(Problem {
                key: Some(key),
                message: e.message,
                hint: e.hint,
                code: e.code,
            });
        }
    }
    let schema = Schema::kubevirt();
    let PathPlan::Static(StaticPath {
        problem: None,
        terminal: Some(ty),
        ..
    }) = plan(schema, path)
    else {
        return out;
    };
    let t = terminal(schema, ty);
    let kind = raw.rule.as_str();
    let message = match &r.check {
        Check::IntRange { .. } if t.as_int == AsInt::Mismatch => format!(
            "`{kind}` rule on `{}`, a `{}`: the reference fails it with `mismatching type: {}, not int or resource.Quantity`",
            path.expr, t.go_type, t.go_type
        ),
        Check::LengthRange { .. } | Check::Pattern { .. } | Check::Enum { .. } => {
            let Some(text) = &t.rendered else {
                return out;
            };
            format!(
                "`{kind}` rule on `{}`, a `{}`: the reference compares the text `{text}`, not the value",
                path.expr, t.go_type
            )
        }
        _ => return out,
    };
    out.push(Problem {
        hint: Some(kinds_for(&t)),
        ..Problem::at("rule", message)
    });
    out
}

/// The rule kinds that check the value of a field of the terminal type `t`, in words.
fn kinds_for(t: &Terminal) -> String {
    let mut kinds = Vec::new();
    if t.as_int != AsInt::Mismatch {
        kinds.push("`integer`");
    }
    if t.rendered.is_none() {
        kinds.extend(["`string`", "`regex`", "`enum`"]);
    }
    let ty = &t.go_type;
    match kinds.as_slice() {
        [] => format!("no rule kind checks the value of a `{ty}`"),
        [one] => format!("the kind that applies to a `{ty}` is {one}"),
        [init @ .., last] => format!(
            "the kinds that apply to a `{ty}` are {} and {last}",
            init.join(", ")
        ),
    }
}

/// An unknown rule kind, at its `rule` key, with the kind probably meant.
fn unknown_kind(kind: &str) -> Problem {
    let consequence = "the format document says rules of unknown kinds are ignored, but the reference fails the rule (`unrecognized Rule type`) and denies every VM";
    let code = Some(Lint::UnknownRuleKind.id());
    if kind.is_empty() {
        return Problem {
            key: None,
            message: format!("rule without a `rule` kind: {consequence}"),
            hint: Some(KINDS.to_owned()),
            code,
        };
    }
    let lower = kind.to_ascii_lowercase();
    let meant = match lower.as_str() {
        "integer" | "int" | "number" | "range" => Some("integer"),
        "string" | "str" | "length" => Some("string"),
        "regex" | "regexp" | "pattern" => Some("regex"),
        "enum" | "enumeration" | "oneof" | "value-set" | "values" => Some("enum"),
        _ => None,
    };
    let hint = match meant {
        Some(k) => format!("did you mean `{k}`? (kinds are exact and case-sensitive)"),
        None => KINDS.to_owned(),
    };
    Problem {
        hint: Some(hint),
        code,
        ..Problem::at("rule", format!("unknown rule kind `{kind}`: {consequence}"))
    }
}

/// The rule kinds the reference knows.
const KINDS: &str = "the rule kinds are `integer`, `string`, `regex` and `enum`";
