//! Matching the templates of two releases: by catalog key, then renames.
//!
//! A template removed and one added are the same template renamed when, among the templates
//! still unmatched, they are the only ones of their release to come from a file of the same
//! name ([`Rename::SameFile`]: common-templates writes `dist/templates/<name>.yaml` and keeps
//! it while the template name gains or loses a release suffix), else the only ones with the
//! same name once a trailing `-v<major>.<minor>.<patch>` is dropped ([`Rename::SameBaseName`]).
//! A criterion that names several templates on either side matches none of them: they stay
//! added and removed.

use std::collections::BTreeMap;

use super::{Rename, key};
use crate::admission::{Catalog, Template};

/// The templates of two catalogs matched.
pub(super) struct Matching<'a> {
    /// Pairs (old, new), with how they were matched when renamed; in new key order.
    pub pairs: Vec<(&'a Template, &'a Template, Option<Rename>)>,
    /// New templates matched with none, in key order.
    pub added: Vec<&'a Template>,
    /// Old templates matched with none, in key order.
    pub removed: Vec<&'a Template>,
}

/// Matches the templates of `old` and `new` (see the [module documentation](self)).
pub(super) fn match_templates<'a>(old: &'a Catalog, new: &'a Catalog) -> Matching<'a> {
    let old_by_key: BTreeMap<String, &Template> = old.templates().map(|t| (key(t), t)).collect();
    let new_by_key: BTreeMap<String, &Template> = new.templates().map(|t| (key(t), t)).collect();
    let mut pairs = Vec::new();
    let mut removed: Vec<&Template> = Vec::new();
    let mut added: Vec<&Template> = Vec::new();
    for (k, o) in &old_by_key {
        match new_by_key.get(k) {
            Some(n) => pairs.push((*o, *n, None)),
            None => removed.push(o),
        }
    }
    added.extend(
        new_by_key
            .iter()
            .filter(|(k, _)| !old_by_key.contains_key(*k))
            .map(|(_, t)| *t),
    );
    let single_old = template_files(old);
    let single_new = template_files(new);
    let by_file = |singles: &BTreeMap<String, usize>, t: &Template| {
        let file = source_file(t);
        (singles.get(file) == Some(&1))
            .then(|| {
                std::path::Path::new(file)
                    .file_name()?
                    .to_str()
                    .map(str::to_owned)
            })
            .flatten()
    };
    let old_file = |t: &Template| by_file(&single_old, t);
    let new_file = |t: &Template| by_file(&single_new, t);
    let old_base = |t: &Template| Some(base_name(t));
    let new_base = |t: &Template| Some(base_name(t));
    let criteria: [Criterion<'_>; 2] = [
        (&old_file, &new_file, Rename::SameFile),
        (&old_base, &new_base, Rename::SameBaseName),
    ];
    for (old_value, new_value, rename) in criteria {
        let olds = unique_by(&removed, old_value);
        let news = unique_by(&added, new_value);
        let mut matched = Vec::new();
        for (value, o) in &olds {
            if let Some(n) = news.get(value) {
                matched.push((*o, *n, Some(rename(value.clone()))));
            }
        }
        removed.retain(|t| !matched.iter().any(|(o, _, _)| std::ptr::eq(*o, *t)));
        added.retain(|t| !matched.iter().any(|(_, n, _)| std::ptr::eq(*n, *t)));
        pairs.extend(matched);
    }
    pairs.sort_by_key(|(_, n, _)| key(n));
    Matching {
        pairs,
        added,
        removed,
    }
}

/// A rename criterion: the value of an old template, of a new one, and the rename they make.
type Criterion<'c> = (
    &'c dyn Fn(&Template) -> Option<String>,
    &'c dyn Fn(&Template) -> Option<String>,
    fn(String) -> Rename,
);

/// The templates of `ts` keyed by `criterion`, keeping only values held by exactly one.
fn unique_by<'a>(
    ts: &[&'a Template],
    criterion: &dyn Fn(&Template) -> Option<String>,
) -> BTreeMap<String, &'a Template> {
    let mut by: BTreeMap<String, Vec<&Template>> = BTreeMap::new();
    for t in ts {
        if let Some(v) = criterion(t) {
            by.entry(v).or_default().push(t);
        }
    }
    by.into_iter()
        .filter_map(|(v, ts)| match ts.as_slice() {
            [one] => Some((v, *one)),
            _ => None,
        })
        .collect()
}

/// The file of the template's source (`<file>#<document index>`).
fn source_file(t: &Template) -> &str {
    t.source
        .rsplit_once('#')
        .map_or(t.source.as_str(), |(f, _)| f)
}

/// How many templates each file of `catalog` holds.
fn template_files(catalog: &Catalog) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for t in catalog.templates() {
        *counts.entry(source_file(t).to_owned()).or_insert(0) += 1;
    }
    counts
}

/// The key with a trailing `-v<major>.<minor>.<patch>` dropped, if it has one.
fn base_name(t: &Template) -> String {
    let k = key(t);
    let Some((base, version)) = k.rsplit_once("-v") else {
        return k;
    };
    let parts: Vec<&str> = version.split('.').collect();
    let numeric = parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if numeric { base.to_owned() } else { k }
}
