//! A catalog: the OpenShift `Template`s whose rules VMs are checked against, keyed by
//! `namespace/name` as the reference's informer cache.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::extract::Plan;
use crate::ir;
use crate::manifest::{self, ManifestError};

/// Annotation key of the rule set on a VM (and on a template's `objects[0]`).
pub const VALIDATIONS: &str = "vm.kubevirt.io/validations";
/// Legacy annotation key of the rule set on the Template itself (read by the admission lookup).
pub const LEGACY_VALIDATIONS: &str = "validations";

/// One template of a catalog.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// `metadata.name`.
    pub name: String,
    /// `metadata.namespace`; `None` when the file does not say (then it matches any namespace).
    pub namespace: Option<String>,
    /// `metadata.annotations["validations"]`: the rule set the admission lookup uses.
    pub validations: Option<String>,
    /// `objects[0].metadata.annotations["vm.kubevirt.io/validations"]`: the rules every VM
    /// created from the template carries.
    pub object_validations: Option<String>,
    /// The file it came from and its document index.
    pub source: String,
    /// The whole Template as JSON.
    pub json: Value,
}

impl Template {
    /// Reads a Template document; `None` when `doc` is not a `Template`.
    pub fn from_json(doc: Value, source: String) -> Option<Template> {
        if doc.get("kind").and_then(Value::as_str) != Some("Template") {
            return None;
        }
        let meta = doc.get("metadata");
        let s = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_owned);
        Some(Template {
            name: s(meta.and_then(|m| m.get("name")))?,
            namespace: s(meta.and_then(|m| m.get("namespace"))),
            validations: s(meta.and_then(|m| m.pointer("/annotations/validations"))),
            object_validations: s(doc
                .pointer("/objects/0/metadata/annotations")
                .and_then(|a| a.get(VALIDATIONS))),
            source,
            json: doc,
        })
    }

    /// The rule text a catalog compiler uses for this template: the VM object's annotation,
    /// else the legacy Template annotation.
    pub fn rule_text(&self) -> Option<&str> {
        self.object_validations
            .as_deref()
            .or(self.validations.as_deref())
    }
}

/// Why a catalog could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// A file could not be read or parsed.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// The folder could not be listed.
    #[error("{path}: {message}")]
    Io {
        /// The folder.
        path: String,
        /// The OS error.
        message: String,
    },
    /// No Template in the folder.
    #[error("{path}: no Template found (looked for *.yaml, *.yml and *.json files)")]
    NoTemplates {
        /// The folder.
        path: String,
    },
}

/// Templates keyed as the reference's informer cache keys them: `namespace/name`, or just
/// `name` for a template without a namespace.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    templates: BTreeMap<String, Template>,
    any_namespace: bool,
    /// What one pass over a review body extracts for these templates, made on first use.
    plan: OnceLock<Plan>,
    /// The templates' rule sets, parsed and lowered on first use.
    rule_sets: Prepared,
}

/// Rule-set texts parsed and lowered once (those that parse), so that a review does not parse
/// the rules of a template or of a VM created from one every time.
#[derive(Debug, Clone, Default)]
struct Prepared(OnceLock<BTreeMap<String, ir::RuleSet>>);

/// Made from the templates alone: equal whenever the catalogs' templates are.
impl PartialEq for Prepared {
    fn eq(&self, _: &Prepared) -> bool {
        true
    }
}

impl Catalog {
    /// An empty catalog.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) a template under its cache key.
    pub fn insert(&mut self, t: Template) {
        let key = match t.namespace.as_deref() {
            Some(ns) if !ns.is_empty() => format!("{ns}/{}", t.name),
            _ => t.name.clone(),
        };
        self.templates.insert(key, t);
        self.plan = OnceLock::new();
        self.rule_sets = Prepared::default();
    }

    /// The rule set `text` lowered, when it is the text of one of the templates (`validations`,
    /// or the rules of `objects[0]`) and parses; `None` otherwise.
    pub fn rule_set(&self, text: &str) -> Option<&ir::RuleSet> {
        let sets = self.rule_sets.0.get_or_init(|| {
            self.rule_texts()
                .filter_map(|text| {
                    let rules = crate::rules::parse_rule_set(text).ok()?;
                    Some((text.to_owned(), ir::lower(&rules)))
                })
                .collect()
        });
        sets.get(text)
    }

    /// The templates' rule texts: `validations` and the rules of `objects[0]`.
    fn rule_texts(&self) -> impl Iterator<Item = &str> {
        self.templates
            .values()
            .flat_map(|t| [&t.validations, &t.object_validations])
            .flatten()
            .map(String::as_str)
    }

    /// What [`crate::extract`] keeps of a VM for the rule sets of these templates, both the
    /// lookup's and those of the VMs created from them (those that parse; the others are left
    /// to the whole-VM path, which reports their error).
    pub fn extraction_plan(&self) -> &Plan {
        self.plan.get_or_init(|| {
            let mut plan = Plan::new();
            // The lookup's rules, and those VMs created from the templates carry.
            for text in self.rule_texts() {
                plan.add_text(text);
            }
            plan
        })
    }

    /// When set, a lookup that finds no `namespace/name` falls back to a template stored
    /// without a namespace under that name: a catalog folder whose files name no namespace
    /// serves VMs of every namespace. Off by default (the reference's exact keys).
    pub fn set_any_namespace(&mut self, on: bool) {
        self.any_namespace = on;
    }

    /// Number of templates.
    pub fn len(&self) -> usize {
        self.templates.len()
    }

    /// `true` when there is no template.
    pub fn is_empty(&self) -> bool {
        self.templates.is_empty()
    }

    /// Templates in key order.
    pub fn templates(&self) -> impl Iterator<Item = &Template> {
        self.templates.values()
    }

    /// The template the reference finds for a VM naming `namespace` and `name`: the key
    /// `namespace/name` (string concatenation, so a `/` in either part is not special), else,
    /// with [`Catalog::set_any_namespace`], a template without a namespace called `name`.
    pub fn get(&self, namespace: &str, name: &str) -> Option<&Template> {
        self.templates
            .get(&format!("{namespace}/{name}"))
            .or_else(|| {
                self.templates.get(name).filter(|t| {
                    self.any_namespace && t.namespace.as_deref().unwrap_or("").is_empty()
                })
            })
    }

    /// Loads every Template in `*.yaml`, `*.yml` and `*.json` files under `dir` (recursively,
    /// in sorted path order); other documents are ignored. Templates without a namespace serve
    /// every namespace (see [`Catalog::set_any_namespace`]).
    ///
    /// # Errors
    /// The first unreadable or unparsable file, or no Template at all.
    pub fn load_dir(dir: &Path) -> Result<Catalog, CatalogError> {
        let mut files = Vec::new();
        collect_files(dir, &mut files)?;
        let mut catalog = Catalog::new();
        catalog.set_any_namespace(true);
        for f in files {
            for doc in manifest::read_file(&f, manifest::DEFAULT_MAX_BYTES)? {
                let source = format!("{}#{}", f.display(), doc.index);
                if let Some(t) = Template::from_json(doc.value, source) {
                    catalog.insert(t);
                }
            }
        }
        if catalog.is_empty() {
            return Err(CatalogError::NoTemplates {
                path: dir.display().to_string(),
            });
        }
        Ok(catalog)
    }
}

/// Lists manifest files (`*.yaml`, `*.yml`, `*.json`) under `dir`, recursively, sorted.
///
/// # Errors
/// [`CatalogError::Io`] when a folder cannot be listed.
pub fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), CatalogError> {
    let io = |e: std::io::Error| CatalogError::Io {
        path: dir.display().to_string(),
        message: e.to_string(),
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(io)?;
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect_files(&p, out)?;
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml" | "json")
        ) {
            out.push(p);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A template with `rules` as its own, and `rules` with its rule renamed as its VM's.
    fn template(name: &str, rules: &str) -> Template {
        let doc = json!({
            "kind": "Template",
            "metadata": {"name": name, "annotations": {"validations": rules}},
            "objects": [{"metadata": {"annotations": {
                "vm.kubevirt.io/validations": rules.replace("\"m\"", "\"vm\""),
            }}}],
        });
        Template::from_json(doc, name.to_owned()).expect("a template")
    }

    #[test]
    fn rule_sets_of_the_templates_are_prepared_once() {
        let rules = r#"[{"name":"m","path":"jsonpath::.spec.running","rule":"integer","min":1}]"#;
        let mut catalog = Catalog::new();
        catalog.insert(template("a", rules));
        catalog.insert(template("broken", "[{"));
        let set = catalog.rule_set(rules).expect("the template's rules");
        assert_eq!(set.rules.len(), 1);
        assert!(std::ptr::eq(set, catalog.rule_set(rules).expect("kept")));
        let vm_rules = rules.replace("\"m\"", "\"vm\"");
        assert_eq!(
            catalog.rule_set(&vm_rules).map(|s| s.rules.len()),
            Some(1),
            "the rules of objects[0]"
        );
        // Texts that do not parse, and texts of no template.
        assert!(catalog.rule_set("[{").is_none());
        assert!(catalog.rule_set("[]").is_none());
        // A template added later is seen.
        let other = r#"[{"name":"n","path":"jsonpath::.spec.running","rule":"integer","max":1}]"#;
        catalog.insert(template("b", other));
        assert!(catalog.rule_set(other).is_some());
    }
}
