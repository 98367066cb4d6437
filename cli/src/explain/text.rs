//! `explain -o text`: one block per template.

use std::fmt::Write as _;

use super::describe::{ExplainedRule, ExplainedTemplate};

/// The blocks of `templates`, separated by blank lines, after `heading` when given.
pub(super) fn render(heading: Option<&str>, templates: &[ExplainedTemplate]) -> String {
    let mut blocks: Vec<String> = heading.map(str::to_owned).into_iter().collect();
    blocks.extend(templates.iter().map(template));
    let mut out = blocks.join("\n\n");
    out.push('\n');
    out
}

fn template(t: &ExplainedTemplate) -> String {
    let name = match &t.namespace {
        Some(ns) if !ns.is_empty() => format!("{ns}/{}", t.name),
        _ => t.name.clone(),
    };
    let count: usize = t.rule_sets.iter().map(|s| s.rules.len()).sum();
    let rejected = t.rule_sets.iter().any(|s| s.error.is_some());
    let mut s = match count {
        _ if t.rule_sets.is_empty() => format!("{name}: no rules"),
        0 if rejected => format!("{name}: rule set rejected"),
        1 => format!("{name}: 1 rule"),
        n => format!("{name}: {n} rules"),
    };
    let _ = write!(s, "\n  from {}", t.source);
    for set in &t.rule_sets {
        let _ = write!(
            s,
            "\n  rules in {} ({})",
            set.annotations.join(" and "),
            set.applies_to
        );
        if let Some(e) = &set.error {
            let _ = write!(s, "\n    rejected, VMs get code 400: {}", indent(e));
        }
        for r in &set.rules {
            s.push_str(&rule(r));
        }
    }
    s
}

fn rule(r: &ExplainedRule) -> String {
    let mut kind = if r.rule.is_empty() {
        "no rule type".to_owned()
    } else {
        r.rule.clone()
    };
    if r.just_warning {
        kind.push_str(", warning only");
    }
    let mut s = format!(
        "\n  {}. {} ({kind}): {}",
        r.index + 1,
        r.name,
        indent(&r.description)
    );
    if let Some(valid) = &r.valid {
        let _ = write!(s, "\n       only when {valid} yields a value on the VM");
    }
    if r.message.is_empty() {
        s.push_str("\n       message: (none)");
    } else {
        let _ = write!(s, "\n       message: {}", indent(&r.message));
    }
    if let Some(problem) = &r.problem {
        let _ = write!(s, "\n       malformed: {}", indent(problem));
    }
    s
}

/// Continuation lines of a multi-line text, indented under the rule.
fn indent(text: &str) -> String {
    text.replace('\n', "\n         ")
}
