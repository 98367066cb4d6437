//! A semantic diff of two catalog releases, as data: templates added, removed and renamed
//! (`templates`, [`Rename`]); per template, the rule sets compared rule by rule in the rules' own terms
//! (`rules`); and the VMs whose admission verdict changes between the releases
//! ([`impact()`]).
//!
//! Rules are read with the annotation parser ([`crate::rules::parse_rule_set`]), so
//! two texts that differ only in layout, key order or key case are the same rule set, and a
//! rule set the reference rejects is reported as such ([`RuleSetProblem`]) while the rest of the
//! diff is still produced.

pub mod impact;
mod rules;
mod templates;

use serde::Serialize;

use crate::admission::{Catalog, LEGACY_VALIDATIONS, Template, VALIDATIONS};

pub use impact::{Flip, VmCause, VmImpact, VmVerdict, impact};

/// The diff of two catalogs.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct CatalogDiff {
    /// Templates of the new catalog only, in key order.
    pub added: Vec<TemplateRef>,
    /// Templates of the old catalog only, in key order.
    pub removed: Vec<TemplateRef>,
    /// Templates in both (renamed or not) whose rule sets or name differ, in new key order.
    pub changed: Vec<TemplateDiff>,
    /// Templates in both, under the same key, with the same rules.
    pub unchanged: usize,
    /// Every rule set of either catalog that does not parse (the reference answers 400 for
    /// every VM it applies to), in release and key order.
    pub problems: Vec<RuleSetProblem>,
}

impl CatalogDiff {
    /// `true` when the releases differ in any template or rule.
    pub fn has_changes(&self) -> bool {
        !(self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty())
    }

    /// Templates renamed (also those with no other change).
    pub fn renamed(&self) -> impl Iterator<Item = &TemplateDiff> {
        self.changed.iter().filter(|t| t.renamed.is_some())
    }
}

/// One template of one release.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TemplateRef {
    /// `namespace/name`, or `name` without a namespace (the catalog's key).
    pub key: String,
    /// `<file>#<document index>`.
    pub source: String,
    /// Number of rules VMs created from it carry (`objects[0]`'s rule set, else the
    /// Template's; 0 when it does not parse).
    pub rules: usize,
}

/// Which release something is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Release {
    /// The first catalog given.
    Old,
    /// The second catalog given.
    New,
}

/// Where a template holds a rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Annotation {
    /// `objects[0].metadata.annotations["vm.kubevirt.io/validations"]`: the rules every VM
    /// created from the template carries (common-templates v0.13.0 onwards).
    #[serde(rename = "objects[0]")]
    Object,
    /// `metadata.annotations["validations"]` of the Template: the rules the admission lookup
    /// applies to VMs that name the template and carry no rules (releases up to v0.12).
    #[serde(rename = "template")]
    Template,
}

impl std::fmt::Display for Annotation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Annotation::Object => write!(f, "objects[0].metadata.annotations[\"{VALIDATIONS}\"]"),
            Annotation::Template => write!(f, "metadata.annotations[\"{LEGACY_VALIDATIONS}\"]"),
        }
    }
}

/// How a removed and an added template were recognised as one template renamed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "by", content = "value")]
pub enum Rename {
    /// Both come from a file of this name (common-templates keeps `dist/templates/<name>.yaml`
    /// across releases while the template name changes).
    SameFile(String),
    /// Both have this name once a trailing release suffix `-v<major>.<minor>.<patch>` is
    /// dropped (early common-templates releases appended one, e.g. `-v0.7.0`).
    SameBaseName(String),
}

/// A template of both releases that changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TemplateDiff {
    /// The template in the old release.
    pub old: TemplateRef,
    /// The template in the new release.
    pub new: TemplateRef,
    /// How the two were matched, when their keys differ.
    pub renamed: Option<Rename>,
    /// Its rule sets compared; empty when only the name changed.
    pub rule_sets: Vec<RuleSetDiff>,
}

/// One rule set of a template compared across releases.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleSetDiff {
    /// Where the old release holds it (empty: it has none there).
    pub old_at: Vec<Annotation>,
    /// Where the new release holds it (empty: it has none there).
    pub new_at: Vec<Annotation>,
    /// Why the old text does not parse, if it does not (its rules then count as absent).
    pub old_error: Option<String>,
    /// Why the new text does not parse, if it does not.
    pub new_error: Option<String>,
    /// The rules added, removed and changed, in new rule order then removed ones.
    pub rules: Vec<RuleDiff>,
}

impl RuleSetDiff {
    /// `true` when the rule set moved between annotations.
    pub fn moved(&self) -> bool {
        !self.old_at.is_empty() && !self.new_at.is_empty() && self.old_at != self.new_at
    }
}

/// One rule compared across releases, matched by `name` (the n-th rule of a name with the
/// n-th of the same name, when a set repeats a name).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "status")]
pub enum RuleDiff {
    /// Only in the new rule set.
    Added {
        /// `name`.
        name: String,
        /// What it checks, in words.
        summary: String,
    },
    /// Only in the old rule set.
    Removed {
        /// `name`.
        name: String,
        /// What it checked, in words.
        summary: String,
    },
    /// In both, with these differences.
    Changed {
        /// `name`.
        name: String,
        /// The differences, in field order.
        changes: Vec<RuleChange>,
    },
}

/// A bound of an `integer` or `string` rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum BoundKey {
    /// `min` (`integer`).
    #[serde(rename = "min")]
    Min,
    /// `max` (`integer`).
    #[serde(rename = "max")]
    Max,
    /// `minLength` (`string`).
    #[serde(rename = "minLength")]
    MinLength,
    /// `maxLength` (`string`).
    #[serde(rename = "maxLength")]
    MaxLength,
}

impl std::fmt::Display for BoundKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            BoundKey::Min => "min",
            BoundKey::Max => "max",
            BoundKey::MinLength => "minLength",
            BoundKey::MaxLength => "maxLength",
        })
    }
}

/// One difference of a rule, in the annotation's terms. Absent values are `None`; bounds and
/// enum values are in words ([`crate::rules::words`]): byte counts in binary units
/// with the exact bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "field")]
pub enum RuleChange {
    /// `rule` (the rule kind) as written.
    Kind {
        /// Old text.
        old: String,
        /// New text.
        new: String,
    },
    /// `path` (without `jsonpath::`).
    Path {
        /// Old path.
        old: Option<String>,
        /// New path.
        new: Option<String>,
    },
    /// `valid`: the guard the rule applies under.
    Valid {
        /// Old guard path.
        old: Option<String>,
        /// New guard path.
        new: Option<String>,
    },
    /// `message`.
    Message {
        /// Old text.
        old: String,
        /// New text.
        new: String,
    },
    /// `justWarning`.
    JustWarning {
        /// Old flag.
        old: bool,
        /// New flag.
        new: bool,
    },
    /// `min`, `max`, `minLength` or `maxLength`.
    Bound {
        /// Which bound.
        key: BoundKey,
        /// Old bound in words.
        old: Option<String>,
        /// New bound in words.
        new: Option<String>,
    },
    /// `values` (`enum`), as sets.
    Values {
        /// Values only in the new rule, in its order, in words (`"sata"`).
        added: Vec<String>,
        /// Values only in the old rule, in its order.
        removed: Vec<String>,
    },
    /// `regex`.
    Regex {
        /// Old pattern.
        old: String,
        /// New pattern.
        new: String,
    },
}

/// A rule set that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleSetProblem {
    /// The release it is in.
    pub release: Release,
    /// The template's key.
    pub template: String,
    /// `<file>#<document index>` of the template.
    pub source: String,
    /// Where in the template.
    pub annotation: Annotation,
    /// The parser's error, located in the annotation text (`at line L column C`).
    pub error: String,
}

/// Compares two catalogs: templates matched by key, then renames ([`Rename`]), then each
/// matched pair's rule sets rule by rule. Every rule set that does not parse is in
/// [`CatalogDiff::problems`]; the diff of everything else is still made.
pub fn diff_catalogs(old: &Catalog, new: &Catalog) -> CatalogDiff {
    let matching = templates::match_templates(old, new);
    let mut diff = CatalogDiff::default();
    for (release, catalog) in [(Release::Old, old), (Release::New, new)] {
        for t in catalog.templates() {
            diff.problems.extend(rules::problems(release, t));
        }
    }
    diff.added = matching.added.iter().map(|t| template_ref(t)).collect();
    diff.removed = matching.removed.iter().map(|t| template_ref(t)).collect();
    for (o, n, renamed) in matching.pairs {
        let rule_sets = rules::diff_template(o, n);
        if renamed.is_none() && rule_sets.is_empty() {
            diff.unchanged += 1;
            continue;
        }
        diff.changed.push(TemplateDiff {
            old: template_ref(o),
            new: template_ref(n),
            renamed,
            rule_sets,
        });
    }
    diff
}

/// The catalog key of `t`: `namespace/name`, or `name` without a namespace.
pub fn key(t: &Template) -> String {
    match t.namespace.as_deref() {
        Some(ns) if !ns.is_empty() => format!("{ns}/{}", t.name),
        _ => t.name.clone(),
    }
}

fn template_ref(t: &Template) -> TemplateRef {
    TemplateRef {
        key: key(t),
        source: t.source.clone(),
        rules: rules::rule_count(t),
    }
}

#[cfg(test)]
mod tests;
