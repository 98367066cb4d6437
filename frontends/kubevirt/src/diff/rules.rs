//! The rule sets of one template compared across releases, rule by rule.
//!
//! A template's rule sets are its annotations holding rules, one set per distinct text (both
//! annotations holding the same text are one set). Old and new sets are paired by the same
//! annotations, then by a shared annotation, then the remaining ones in order (the set moved);
//! a set left unpaired is one added or removed, all its rules with it.

use std::collections::{BTreeMap, BTreeSet};

use super::{Annotation, BoundKey, Release, RuleChange, RuleDiff, RuleSetDiff, RuleSetProblem};
use crate::admission::Template;
use crate::rules::words::{BoundUnit, bound_words, range_words, value_words};
use crate::rules::{ParsedRule, ParsedRuleSet, RuleKind, parse_rule_set};
use validgen_core::ir::{Arg, Path};

/// One rule set of a template: the annotations holding the text, and the text.
struct Site<'a> {
    at: Vec<Annotation>,
    text: &'a str,
}

/// The annotations of `t` holding rules, with their texts.
fn annotations(t: &Template) -> impl Iterator<Item = (Annotation, &str)> {
    [
        (Annotation::Object, t.object_validations.as_deref()),
        (Annotation::Template, t.validations.as_deref()),
    ]
    .into_iter()
    .filter_map(|(a, text)| Some((a, text?)))
}

/// The rule sets of `t`, one per distinct text.
fn sites(t: &Template) -> Vec<Site<'_>> {
    let mut sites: Vec<Site<'_>> = Vec::new();
    for (a, text) in annotations(t) {
        match sites.iter_mut().find(|s| s.text == text) {
            Some(s) => s.at.push(a),
            None => sites.push(Site { at: vec![a], text }),
        }
    }
    sites
}

/// The rule sets of `t` that do not parse, one per annotation.
pub(super) fn problems(release: Release, t: &Template) -> Vec<RuleSetProblem> {
    annotations(t)
        .filter_map(|(annotation, text)| {
            let e = parse_rule_set(text).err()?;
            Some(RuleSetProblem {
                release,
                template: super::key(t),
                source: t.source.clone(),
                annotation,
                error: e.to_string(),
            })
        })
        .collect()
}

/// The number of rules VMs created from `t` carry (`objects[0]`'s set, else the template's);
/// 0 when it does not parse.
pub(super) fn rule_count(t: &Template) -> usize {
    t.rule_text()
        .and_then(|text| parse_rule_set(text).ok())
        .map_or(0, |set| set.len())
}

/// The rule sets of a template compared: only those that differ or moved.
pub(super) fn diff_template(old: &Template, new: &Template) -> Vec<RuleSetDiff> {
    let mut olds: Vec<Option<Site<'_>>> = sites(old).into_iter().map(Some).collect();
    let mut news: Vec<Option<Site<'_>>> = sites(new).into_iter().map(Some).collect();
    let mut pairs = Vec::new();
    let same = |a: &Site<'_>, b: &Site<'_>| a.at == b.at;
    let shared = |a: &Site<'_>, b: &Site<'_>| a.at.iter().any(|x| b.at.contains(x));
    let any = |_: &Site<'_>, _: &Site<'_>| true;
    for pairs_with in [
        &same as &dyn Fn(&Site<'_>, &Site<'_>) -> bool,
        &shared,
        &any,
    ] {
        for o in &mut olds {
            let Some(os) = o.as_ref() else { continue };
            let found = news
                .iter_mut()
                .find(|n| n.as_ref().is_some_and(|ns| pairs_with(os, ns)));
            if let Some(n) = found {
                pairs.push((o.take(), n.take()));
            }
        }
    }
    pairs.extend(olds.into_iter().flatten().map(|o| (Some(o), None)));
    pairs.extend(news.into_iter().flatten().map(|n| (None, Some(n))));
    pairs
        .into_iter()
        .filter_map(|(o, n)| diff_sites(o.as_ref(), n.as_ref()))
        .collect()
}

/// Two rule sets compared; `None` when they hold the same rules at the same annotations.
fn diff_sites(old: Option<&Site<'_>>, new: Option<&Site<'_>>) -> Option<RuleSetDiff> {
    let parse = |s: Option<&Site<'_>>| match s.map(|s| parse_rule_set(s.text)) {
        None => (ParsedRuleSet { rules: Vec::new() }, None),
        Some(Ok(set)) => (set, None),
        Some(Err(e)) => (ParsedRuleSet { rules: Vec::new() }, Some(e.to_string())),
    };
    let (old_set, old_error) = parse(old);
    let (new_set, new_error) = parse(new);
    let at = |s: Option<&Site<'_>>| s.map(|s| s.at.clone()).unwrap_or_default();
    let diff = RuleSetDiff {
        old_at: at(old),
        new_at: at(new),
        rules: diff_rules(&old_set.rules, &new_set.rules),
        old_error,
        new_error,
    };
    let same_errors = diff.old_error == diff.new_error;
    (diff.old_at != diff.new_at || !diff.rules.is_empty() || !same_errors).then_some(diff)
}

/// Rules matched by `name` (the n-th of a name with the n-th of that name) and compared.
fn diff_rules(old: &[ParsedRule], new: &[ParsedRule]) -> Vec<RuleDiff> {
    let mut by_name: BTreeMap<&str, Vec<&ParsedRule>> = BTreeMap::new();
    for r in old {
        by_name.entry(r.name.as_str()).or_default().push(r);
    }
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut matched = vec![false; old.len()];
    let mut out = Vec::new();
    for n in new {
        let nth = seen.entry(n.name.as_str()).or_insert(0);
        let o = by_name.get(n.name.as_str()).and_then(|rs| rs.get(*nth));
        *nth += 1;
        match o {
            Some(o) => {
                matched[o.index] = true;
                let changes = rule_changes(o, n);
                if !changes.is_empty() {
                    out.push(RuleDiff::Changed {
                        name: n.name.clone(),
                        changes,
                    });
                }
            }
            None => out.push(RuleDiff::Added {
                name: n.name.clone(),
                summary: summary(n),
            }),
        }
    }
    out.extend(
        old.iter()
            .filter(|o| !matched[o.index])
            .map(|o| RuleDiff::Removed {
                name: o.name.clone(),
                summary: summary(o),
            }),
    );
    out
}

fn expr(p: Option<&Path>) -> Option<String> {
    p.map(|p| p.expr.clone())
}

/// The differences of two rules of the same name, in the annotation's field order.
fn rule_changes(o: &ParsedRule, n: &ParsedRule) -> Vec<RuleChange> {
    let mut out = Vec::new();
    if o.rule != n.rule {
        out.push(RuleChange::Kind {
            old: o.rule.clone(),
            new: n.rule.clone(),
        });
    }
    let (op, np) = (expr(o.path.as_ref()), expr(n.path.as_ref()));
    if op != np {
        out.push(RuleChange::Path { old: op, new: np });
    }
    let (ov, nv) = (expr(o.valid.as_ref()), expr(n.valid.as_ref()));
    if ov != nv {
        out.push(RuleChange::Valid { old: ov, new: nv });
    }
    if o.message != n.message {
        out.push(RuleChange::Message {
            old: o.message.clone(),
            new: n.message.clone(),
        });
    }
    if o.just_warning != n.just_warning {
        out.push(RuleChange::JustWarning {
            old: o.just_warning,
            new: n.just_warning,
        });
    }
    // Both bounds in the unit of the new path (else the old), so that they read alike.
    let path = n.path.as_ref().or(o.path.as_ref());
    let bytes = BoundUnit::for_path(path.map_or("", |p| p.expr.as_str()));
    for (key, ob, nb, unit) in [
        (BoundKey::Min, &o.min, &n.min, bytes),
        (BoundKey::Max, &o.max, &n.max, bytes),
        (
            BoundKey::MinLength,
            &o.min_length,
            &n.min_length,
            BoundUnit::Plain,
        ),
        (
            BoundKey::MaxLength,
            &o.max_length,
            &n.max_length,
            BoundUnit::Plain,
        ),
    ] {
        if ob != nb {
            let words = |b: &Option<Arg<i64>>| b.as_ref().map(|b| bound_words(b, unit));
            out.push(RuleChange::Bound {
                key,
                old: words(ob),
                new: words(nb),
            });
        }
    }
    let values =
        |r: &ParsedRule| -> Vec<String> { r.values.iter().flatten().map(value_words).collect() };
    let (ovs, nvs) = (values(o), values(n));
    let (added, removed) = (only_in(&nvs, &ovs), only_in(&ovs, &nvs));
    if !added.is_empty() || !removed.is_empty() {
        out.push(RuleChange::Values { added, removed });
    }
    if o.regex != n.regex {
        out.push(RuleChange::Regex {
            old: o.regex.clone(),
            new: n.regex.clone(),
        });
    }
    out
}

/// What a rule checks, in one line: the check in words (bounds as [`bound_words`]), then
/// `valid` and `justWarning` when set.
fn summary(r: &ParsedRule) -> String {
    let field = r.path.as_ref().map_or("(no path)", |p| p.expr.as_str());
    let check = match r.kind() {
        RuleKind::Integer => range_words(
            field,
            r.min.as_ref(),
            r.max.as_ref(),
            BoundUnit::for_path(field),
        )
        .unwrap_or_else(|| format!("{field} is an integer (no bounds)")),
        RuleKind::String => range_words(
            &format!("length in bytes of {field}"),
            r.min_length.as_ref(),
            r.max_length.as_ref(),
            BoundUnit::Plain,
        )
        .unwrap_or_else(|| format!("{field} is a string of any length")),
        RuleKind::Regex => format!("{field} contains a match of the regex `{}`", r.regex),
        RuleKind::Enum => {
            let values: Vec<String> = r.values.iter().flatten().map(value_words).collect();
            format!("{field} is one of {}", values.join(", "))
        }
        RuleKind::Unrecognized => format!(
            "`rule` {:?} is not integer, string, regex or enum (always fails)",
            r.rule
        ),
    };
    let mut out = format!("{}: {check}", r.rule);
    if let Some(v) = &r.valid {
        out.push_str(&format!("; only where {} has a value", v.expr));
    }
    if r.just_warning {
        out.push_str("; justWarning");
    }
    out
}

/// The values of `a` not in `b`, each once, in `a`'s order (sets: a rule may hold many values).
fn only_in(a: &[String], b: &[String]) -> Vec<String> {
    let b: BTreeSet<&String> = b.iter().collect();
    let mut seen = BTreeSet::new();
    a.iter()
        .filter(|v| !b.contains(v) && seen.insert(*v))
        .cloned()
        .collect()
}
