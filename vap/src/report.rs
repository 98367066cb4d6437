//! The translatability report: per rule, whether its policy reproduces the reference exactly,
//! approximately or not at all, with reasons (VAP.md §2.3), as data and as a text table.

use std::fmt::Write as _;

use serde::Serialize;

/// How faithfully a rule (or a rule set) is carried by its policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// Same verdict and same status message as the reference, on every VM the API server
    /// admits to the webhook.
    Exact,
    /// Same verdict; the message or the status code differs on some inputs (the reasons say
    /// which).
    Approximate,
    /// Not translated: no policy carries it (the webhook must stay for it).
    Untranslatable,
}

impl Class {
    /// The name the report uses (`exact`, `approximate`, `untranslatable`).
    pub fn name(self) -> &'static str {
        match self {
            Class::Exact => "exact",
            Class::Approximate => "approximate",
            Class::Untranslatable => "untranslatable",
        }
    }
}

/// Why a rule is not exact: a stable code and a sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reason {
    /// Stable code (`dynamic-path`, `jsonpath-argument`, `message-newline`, …).
    pub code: String,
    /// What it means for this rule.
    pub detail: String,
}

impl Reason {
    /// A reason with its code and detail.
    pub fn new(code: &str, detail: impl Into<String>) -> Reason {
        Reason {
            code: code.to_owned(),
            detail: detail.into(),
        }
    }
}

/// One rule of a rule set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleReport {
    /// 0-based position in the rule set.
    pub index: usize,
    /// `name`.
    pub name: String,
    /// `rule` (`integer`, `enum`, …) as written.
    pub kind: String,
    /// The path without `jsonpath::` (empty without one).
    pub path: String,
    /// `justWarning`.
    pub just_warning: bool,
    /// The class.
    pub class: Class,
    /// Why it is not exact (empty when exact).
    pub reasons: Vec<Reason>,
}

/// One distinct rule text of the catalog.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleSetReport {
    /// SHA-256 of the text, hex.
    pub sha256: String,
    /// The Deny policy, when emitted.
    pub policy: Option<String>,
    /// The Warn twin, when emitted (the set has `justWarning` rules).
    pub warn_policy: Option<String>,
    /// The Warn policy naming the untranslatable rules, emitted instead of the Deny policy
    /// when the set has some.
    pub untranslatable_policy: Option<String>,
    /// The templates carrying the text, sorted (`namespace/name` for a Template's own rules).
    pub templates: Vec<String>,
    /// The worst class of its rules (of the set itself for a text that does not parse).
    pub class: Class,
    /// Reasons of the set itself (a text that does not parse or has no rules, a Template's own
    /// rules found by lookup, a Template without a usable namespace or name).
    pub reasons: Vec<Reason>,
    /// The rules, in order.
    pub rules: Vec<RuleReport>,
}

/// The counts of rules per class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Rule sets: the distinct rule texts of the templates' VM objects, and one per Template
    /// with rules of its own.
    pub rule_sets: usize,
    /// Policies written (Deny, Warn, the catch-all).
    pub policies: usize,
    /// Rules classified exact.
    pub exact: usize,
    /// Rules classified approximate.
    pub approximate: usize,
    /// Rules classified untranslatable.
    pub untranslatable: usize,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Counts.
    pub summary: Summary,
    /// What every policy differs in from the reference webhook, whatever the rules (VAP.md §4).
    pub notes: Vec<Reason>,
    /// The rule sets, sorted by hash.
    pub rule_sets: Vec<RuleSetReport>,
}

impl Report {
    /// Whether any rule (or rule set) is worse than exact.
    pub fn worst(&self) -> Class {
        self.rule_sets
            .iter()
            .map(|s| s.class)
            .max()
            .unwrap_or(Class::Exact)
    }

    /// The report as a text table: one line per rule (set hash, index, name, kind, class,
    /// reason codes), then the reasons' details and the notes.
    pub fn table(&self) -> String {
        let mut rows = vec![[
            "RULE SET".to_owned(),
            "#".to_owned(),
            "NAME".to_owned(),
            "KIND".to_owned(),
            "CLASS".to_owned(),
            "REASONS".to_owned(),
        ]];
        let mut details = Vec::new();
        for set in &self.rule_sets {
            let short = set.sha256.get(..10).unwrap_or(&set.sha256).to_owned();
            if !set.reasons.is_empty() {
                rows.push([
                    short.clone(),
                    "-".to_owned(),
                    "-".to_owned(),
                    "-".to_owned(),
                    set.class.name().to_owned(),
                    codes(&set.reasons),
                ]);
                details.extend(set.reasons.iter().map(|r| format!("{short}: {}", r.detail)));
            }
            for r in &set.rules {
                rows.push([
                    short.clone(),
                    r.index.to_string(),
                    r.name.clone(),
                    r.kind.clone(),
                    r.class.name().to_owned(),
                    codes(&r.reasons),
                ]);
                details.extend(
                    r.reasons
                        .iter()
                        .map(|x| format!("{short} #{}: {}", r.index, x.detail)),
                );
            }
        }
        let widths: Vec<usize> = (0..6)
            .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
            .collect();
        let mut out = String::new();
        for row in &rows {
            let mut line = String::new();
            for (c, cell) in row.iter().enumerate() {
                let _ = write!(line, "{cell:<w$}  ", w = widths[c]);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let s = &self.summary;
        let _ = writeln!(
            out,
            "\n{} rule sets, {} policies; rules: {} exact, {} approximate, {} untranslatable",
            s.rule_sets, s.policies, s.exact, s.approximate, s.untranslatable
        );
        for d in details {
            let _ = writeln!(out, "- {d}");
        }
        if !self.notes.is_empty() {
            out.push_str("\nEvery policy:\n");
            for n in &self.notes {
                let _ = writeln!(out, "- {}: {}", n.code, n.detail);
            }
        }
        out
    }
}

fn codes(reasons: &[Reason]) -> String {
    if reasons.is_empty() {
        return "-".to_owned();
    }
    reasons
        .iter()
        .map(|r| r.code.as_str())
        .collect::<Vec<_>>()
        .join(",")
}
