//! Checking rule sets at build time: everything the reference would reject or fail whatever the
//! VM is a diagnostic, located in the template file and naming the rule.

use validgen_runtime::ir::{self, Check, Path, PathRole, Reason};
use validgen_runtime::kubevirt::rules;
use validgen_runtime::kubevirt::typed::schema::{AsInt, Schema};

use crate::diag::{Diagnostic, Diagnostics};
use crate::plan::{PathPlan, plan, terminal};
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

/// Parses and lowers one rule-set text; `origin` locates it for diagnostics.
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
            for message in rule_problems(r, raw) {
                let (line, column) = origin.locate(raw.location);
                let name = if r.name.is_empty() {
                    format!("#{}", r.origin.index + 1)
                } else {
                    r.name.clone()
                };
                diags.push(Diagnostic::at(
                    &origin.file,
                    line,
                    column,
                    Some(name),
                    message,
                ));
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

fn rule_problems(r: &ir::Rule, raw: &rules::ParsedRule) -> Vec<String> {
    let mut out = Vec::new();
    match &r.check {
        Check::Fail { reason, .. } => out.push(match reason {
            Reason::DuplicateName => format!(
                "duplicate rule name `{}`: the reference fails this rule with `duplicate Rule Name`",
                r.name
            ),
            Reason::UnknownKind => format!(
                "unknown rule kind `{}` (expected `integer`, `string`, `regex` or `enum`): the reference fails it with `unrecognized Rule type`",
                raw.rule
            ),
            Reason::MissingKey => {
                "empty `message`: the reference fails this rule with `missing required key`"
                    .to_owned()
            }
        }),
        Check::Pattern { regex: Err(e) } => out.push(format!("invalid regex: {e}")),
        _ => {}
    }
    if matches!(r.check, Check::Fail { .. }) {
        return out;
    }
    let Some(path) = &r.path else {
        out.push("missing `path`: the reference crashes on this rule".to_owned());
        return out;
    };
    let schema = Schema::kubevirt();
    let kind = raw.rule.as_str();
    for (role, p) in r.paths() {
        let role = match role {
            PathRole::Values => continue,
            PathRole::Guard => "`valid` path",
            PathRole::Argument => "argument path",
        };
        if let Some(problem) = path_problem(schema, p) {
            out.push(format!(
                "{role} `{}` does not exist in the KubeVirt VirtualMachine types: {problem}",
                p.expr
            ));
        }
    }
    match plan(schema, path) {
        PathPlan::Static(s) => match (s.problem, s.terminal) {
            (Some(problem), _) => out.push(format!(
                "path `{}` does not exist in the KubeVirt VirtualMachine types: {problem}",
                path.expr
            )),
            (None, Some(ty)) => {
                let t = terminal(schema, ty);
                match &r.check {
                    Check::IntRange { .. } if t.as_int == AsInt::Mismatch => out.push(format!(
                        "`{kind}` rule on `{}`, a `{}`: the reference fails it with `mismatching type: {}, not int or resource.Quantity`",
                        path.expr, t.go_type, t.go_type
                    )),
                    Check::LengthRange { .. } | Check::Pattern { .. } | Check::Enum { .. } => {
                        if let Some(text) = &t.rendered {
                            out.push(format!(
                                "`{kind}` rule on `{}`, a `{}`: the reference compares the text `{text}`, not the value",
                                path.expr, t.go_type
                            ));
                        }
                    }
                    _ => {}
                }
            }
            (None, None) => {}
        },
        PathPlan::Dynamic => {}
    }
    out
}

fn path_problem(schema: &Schema, p: &Path) -> Option<String> {
    match plan(schema, p) {
        PathPlan::Static(s) => s.problem,
        PathPlan::Dynamic => None,
    }
}
