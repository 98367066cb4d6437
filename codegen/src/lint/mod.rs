//! Warnings about catalogs: rules that compile, but whose meaning under the reference validator
//! differs from what the format document (common-templates `VALIDATION.md`) leads authors to
//! expect (`SEMANTICS.md` §9), and VM objects whose quantities KubeVirt rewrites (§10).
//!
//! Errors stay with [`crate::compile_dir`] ([`crate::analyze`]); a warning never stops a build,
//! and nothing the build rejects is warned about again. Every warning is located in the
//! template file: a rule's warnings at the value of the key concerned (`regex`, `valid`, …)
//! inside the annotation, a quantity's at its value in `objects[0]`.

mod paths;
mod quantity;
mod regex;

pub(crate) use regex::pcre_only;

use std::collections::BTreeSet;
use std::path::Path;

use validgen_kubevirt::rules::{self, RuleKind};

use crate::diag::Diagnostic;
use crate::diag::locate::{Place, rule_paths};
use crate::source::{TextOrigin, read_catalog};

/// The kinds of warning, and of the build errors that have a name of their own (an unknown
/// rule kind, a PCRE-only regex, a path written from the VM: [`Diagnostic::code`]), each with a
/// stable identifier (for SARIF rules and JSON output).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lint {
    /// A `regex` that uses PCRE-only syntax (lookaround, backreferences, possessive
    /// quantifiers, `\Z`, …): the format document says PCRE, the reference compiles it with
    /// Go's RE2 and fails the rule (a build error).
    PcreRegex,
    /// A `regex` written as if anchored: `^a|b$` (the anchors bind to one alternative each), or
    /// an alternation of plain words with no anchor at all (`q35|i440fx`, found anywhere in
    /// the value, as the reference searches unanchored).
    UnanchoredRegex,
    /// A `valid` path that the KubeVirt types make every VM satisfy, so it never skips its rule.
    ValidAlwaysPresent,
    /// A path that reads as if rooted at the VM (`.spec.template.…`, `.metadata.…`), where the
    /// reference roots rule paths at the VM's `spec.template`: a warning for `.metadata…`
    /// (which exists there), a build error for a path that exists only from the VM.
    VmRootedPath,
    /// A rule kind other than `integer`, `string`, `regex`, `enum`: the format document says
    /// such rules are ignored, the reference fails them (a build error).
    UnknownRuleKind,
    /// A quantity in `objects[0]` not in canonical form (`1.5Gi`), which KubeVirt rewrites
    /// (`1536Mi`) before the validator sees it.
    NonCanonicalQuantity,
    /// A template defined again in a later file (which replaces it), or rules on an object
    /// other than `objects[0]`: the reference works with the folder, but part of it has no
    /// effect (`validgen_kubevirt::admission::shape`).
    CatalogLayout,
}

impl Lint {
    /// Every kind, in a fixed order.
    pub const ALL: [Lint; 7] = [
        Lint::PcreRegex,
        Lint::UnanchoredRegex,
        Lint::ValidAlwaysPresent,
        Lint::VmRootedPath,
        Lint::UnknownRuleKind,
        Lint::NonCanonicalQuantity,
        Lint::CatalogLayout,
    ];

    /// The stable identifier, e.g. `pcre-regex`.
    pub fn id(self) -> &'static str {
        match self {
            Lint::PcreRegex => "pcre-regex",
            Lint::UnanchoredRegex => "unanchored-regex",
            Lint::ValidAlwaysPresent => "valid-always-present",
            Lint::VmRootedPath => "vm-rooted-path",
            Lint::UnknownRuleKind => "unknown-rule-kind",
            Lint::NonCanonicalQuantity => "non-canonical-quantity",
            Lint::CatalogLayout => "catalog-layout",
        }
    }

    /// One sentence on what the warning is about.
    pub fn summary(self) -> &'static str {
        match self {
            Lint::PcreRegex => {
                "A regex uses PCRE-only syntax: the reference compiles regexes with Go's RE2, which rejects it, so the rule always fails."
            }
            Lint::UnanchoredRegex => {
                "A regex looks anchored but is not: the reference searches unanchored, and `^`/`$` bind to one alternative only."
            }
            Lint::ValidAlwaysPresent => {
                "A `valid` path that every VM satisfies (the KubeVirt types always yield a value there), so it never skips the rule."
            }
            Lint::VmRootedPath => {
                "A path that looks rooted at the VM: the reference evaluates rule paths from the VM's `spec.template`."
            }
            Lint::UnknownRuleKind => {
                "An unknown rule kind: the format document says such rules are ignored, the reference fails them."
            }
            Lint::NonCanonicalQuantity => {
                "A quantity in the template's VM object that KubeVirt rewrites in canonical form before the validator sees it."
            }
            Lint::CatalogLayout => {
                "A template defined in several files (the last one wins), or rules on an object other than `objects[0]`: part of the catalog has no effect."
            }
        }
    }
}

/// One warning: its kind, and where and what (the diagnostic's `rule` names the rule
/// concerned, when it is about a rule).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The kind.
    pub lint: Lint,
    /// Where, and the explanation.
    pub diagnostic: Diagnostic,
}

/// Lints every template of the catalog folder `dir` that can be read; `display` names it in
/// locations (as for [`crate::compile_dir`], which reports the files that cannot be read).
/// Warnings are sorted by file, line and column.
pub fn lint_dir(dir: &Path, display: &str) -> Vec<Warning> {
    let read = read_catalog(dir, display);
    let templates = &read.templates;
    let mut out: Vec<Warning> = read
        .warnings
        .iter()
        .map(|d| Warning {
            lint: Lint::CatalogLayout,
            diagnostic: d.clone(),
        })
        .collect();
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    for t in templates {
        for r in t.rules.iter().chain(t.legacy_rules.iter()) {
            if seen.insert((&r.text, &r.origin.file)) {
                out.extend(lint_rules(&r.text, &r.origin));
            }
        }
    }
    let files: BTreeSet<&str> = templates.iter().map(|t| t.file.as_str()).collect();
    for rel in files {
        let shown = format!("{}/{rel}", display.trim_end_matches('/'));
        // A file that cannot be read again is one `compile_dir` reports.
        if let Ok(text) = std::fs::read_to_string(dir.join(rel)) {
            out.extend(quantity::lint_file(&text, &shown));
        }
    }
    out.sort_by(|a, b| {
        let key = |w: &Warning| {
            (
                w.diagnostic.file.clone(),
                w.diagnostic.line,
                w.diagnostic.column,
                w.lint,
            )
        };
        key(a).cmp(&key(b))
    });
    out
}

/// Lints one rule-set text (an annotation's value); `origin` locates it in its file. A text
/// that does not parse has no warnings (it is an error of [`crate::compile_dir`]).
pub fn lint_rules(text: &str, origin: &TextOrigin) -> Vec<Warning> {
    let Ok(set) = rules::parse_rule_set(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for rule in &set.rules {
        let name = if rule.name.is_empty() {
            format!("#{}", rule.index + 1)
        } else {
            rule.name.clone()
        };
        let mut warn = |lint: Lint, key: Place, message: String| {
            let at = key
                .locate(text, rule.location.offset)
                .unwrap_or(rule.location);
            let (line, column) = origin.locate(at);
            out.push(Warning {
                lint,
                diagnostic: Diagnostic::at(&origin.file, line, column, Some(name.clone()), message),
            });
        };
        if rule.kind() == RuleKind::Regex
            && let Some(m) = regex::misanchored(&rule.regex)
        {
            warn(Lint::UnanchoredRegex, Place::value("regex"), m);
        }
        if let Some(v) = &rule.valid
            && let Some(m) = paths::always_present(v)
        {
            warn(Lint::ValidAlwaysPresent, Place::value("valid"), m);
        }
        for (key, p) in rule_paths(rule) {
            if let Some(m) = paths::vm_rooted(p) {
                warn(Lint::VmRootedPath, key, m);
            }
        }
    }
    out
}
