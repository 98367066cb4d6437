//! A catalog: the OpenShift `Template`s whose rules VMs are checked against, keyed by
//! `namespace/name` as the reference's informer cache.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use super::shape::{self, ObjectShape, Part, Severity, ShapeProblem};
use crate::capture::ExtractionPlan;
use crate::manifest::{self, ManifestError};
use validgen_core::ir;

pub use crate::keys::{LEGACY_VALIDATIONS, VALIDATIONS};

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

/// Why a catalog (or part of one) could not be loaded.
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
    /// A document that is meant to be a Template but cannot be one (see [`shape`]).
    #[error("{document}: {message}")]
    Document {
        /// `<file>#<document index>`.
        document: String,
        /// What is wrong.
        message: String,
    },
}

/// Every problem of a catalog folder, in path order (one file's error does not hide another's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogErrors(pub Vec<CatalogError>);

/// One error per line.
impl std::fmt::Display for CatalogErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CatalogErrors {}

/// Templates keyed as the reference's informer cache keys them: `namespace/name`, or just
/// `name` for a template without a namespace.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    templates: BTreeMap<String, Template>,
    any_namespace: bool,
    /// What one pass over a review body extracts for these templates, made on first use.
    plan: OnceLock<ExtractionPlan>,
    /// The templates' rule sets, parsed and lowered on first use.
    rule_sets: Prepared,
    /// What [`Catalog::load_dir`] found that has no effect on verdicts but is probably not
    /// meant (e.g. a template defined twice), each naming its `<file>#<index>`.
    warnings: Vec<String>,
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

    /// Adds (or replaces) a template under its cache key; returns the template it replaces.
    pub fn insert(&mut self, t: Template) -> Option<Template> {
        let key = match t.namespace.as_deref() {
            Some(ns) if !ns.is_empty() => format!("{ns}/{}", t.name),
            _ => t.name.clone(),
        };
        self.plan = OnceLock::new();
        self.rule_sets = Prepared::default();
        self.templates.insert(key, t)
    }

    /// What loading found that changes no verdict but is probably not meant: templates defined
    /// twice in one folder, rules on an object other than `objects[0]` (see [`shape`]). Each
    /// names its `<file>#<document index>`.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The rule set `text` lowered, when it is the text of one of the templates (`validations`,
    /// or the rules of `objects[0]`) and parses; `None` otherwise.
    pub fn rule_set(&self, text: &str) -> Option<&ir::RuleSet> {
        let sets = self.rule_sets.0.get_or_init(|| {
            self.rule_texts()
                .filter_map(|text| {
                    let rules = crate::rules::parse_rule_set(text).ok()?;
                    Some((text.to_owned(), crate::rules::lower(&rules)))
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
    pub fn extraction_plan(&self) -> &ExtractionPlan {
        self.plan.get_or_init(|| {
            let mut plan = ExtractionPlan::new();
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
    /// every namespace (see [`Catalog::set_any_namespace`]). A template defined again in a
    /// later file replaces the earlier one, as `kubectl apply -R -f <dir>` (which walks the
    /// folder in lexical order, Go `filepath.Walk`) leaves the cluster; that is a warning.
    ///
    /// # Errors
    /// Every unreadable or unparsable file, every document meant to be a Template that cannot
    /// be one (a `kind` close to `Template`, a Template without `metadata.name`), or no
    /// Template at all. A folder with any error is not loaded: a VM must not be allowed
    /// because its template was in a file that failed.
    pub fn load_dir(dir: &Path) -> Result<Catalog, CatalogErrors> {
        let mut files = Vec::new();
        collect_files(dir, &mut files).map_err(|e| CatalogErrors(vec![e]))?;
        let mut catalog = Catalog::new();
        catalog.set_any_namespace(true);
        let mut errors = Vec::new();
        for f in files {
            let docs = match manifest::read_file(&f, manifest::DEFAULT_MAX_BYTES) {
                Ok(docs) => docs,
                Err(e) => {
                    errors.push(e.into());
                    continue;
                }
            };
            for doc in docs {
                let source = format!("{}#{}", f.display(), doc.index);
                catalog.load_document(doc.value, source, &mut errors);
            }
        }
        if errors.is_empty() && catalog.is_empty() {
            errors.push(CatalogError::NoTemplates {
                path: dir.display().to_string(),
            });
        }
        if errors.is_empty() {
            Ok(catalog)
        } else {
            Err(CatalogErrors(errors))
        }
    }

    /// Adds one document of a catalog file, if it is a Template, with its shape problems.
    fn load_document(&mut self, doc: Value, source: String, errors: &mut Vec<CatalogError>) {
        let kind = doc.get("kind").and_then(Value::as_str);
        let mut problems: Vec<ShapeProblem> = shape::kind_problem(kind).into_iter().collect();
        if kind == Some(shape::TEMPLATE_KIND) {
            let objects = doc.get("objects").and_then(Value::as_array);
            let objects: Vec<ObjectShape<'_>> = objects
                .into_iter()
                .flatten()
                .map(|o| ObjectShape {
                    kind: o.get("kind").and_then(Value::as_str),
                    has_rules: o
                        .pointer("/metadata/annotations")
                        .and_then(|a| a.get(VALIDATIONS))
                        .is_some(),
                })
                .collect();
            problems.extend(shape::object_problems(&objects));
        }
        for p in problems {
            let at = match p.part {
                Part::Kind => String::new(),
                Part::Object(i) => format!(" objects[{i}]:"),
            };
            let message = format!("{at} {}", p.message).trim_start().to_owned();
            match p.severity {
                Severity::Error => errors.push(CatalogError::Document {
                    document: source.clone(),
                    message,
                }),
                Severity::Warning => self.warnings.push(format!("{source}: {message}")),
            }
        }
        if kind != Some(shape::TEMPLATE_KIND) {
            return;
        }
        let Some(t) = Template::from_json(doc, source.clone()) else {
            errors.push(CatalogError::Document {
                document: source,
                message: "a Template without `metadata.name`".to_owned(),
            });
            return;
        };
        if let Some(earlier) = self.insert(t) {
            self.warnings.push(format!(
                "{source}: template `{}` is also defined in {}; this later definition replaces it, as `kubectl apply -R` would",
                earlier.name, earlier.source
            ));
        }
    }
}

/// Lists manifest files (`*.yaml`, `*.yml`, `*.json`) under `dir`, recursively, sorted
/// ([`validgen_core::files::manifest_files`]).
///
/// # Errors
/// [`CatalogError::Io`] when a folder cannot be listed.
pub fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), CatalogError> {
    validgen_core::files::manifest_files(dir, out).map_err(|e| CatalogError::Io {
        path: e.path.display().to_string(),
        message: e.source.to_string(),
    })
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

#[cfg(test)]
mod load_tests {
    use super::*;

    const RULES: &str =
        r#"'[{"name":"m","path":"jsonpath::.spec.running","rule":"integer","min":1}]'"#;

    /// A fresh folder under the system's temporary folder with `files` written in it.
    fn folder(name: &str, files: &[(&str, String)]) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("validgen-catalog-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (file, text) in files {
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        }
        dir
    }

    fn template(name: &str, kind: &str) -> String {
        format!(
            "kind: {kind}\nmetadata:\n  name: {name}\n  annotations:\n    validations: {RULES}\nobjects:\n- kind: VirtualMachine\n"
        )
    }

    #[test]
    fn every_bad_file_is_reported_and_nothing_loads() {
        let dir = folder(
            "bad",
            &[
                ("a.yaml", "kind: Template\nmetadata: [\n".to_owned()),
                ("b.yaml", template("good", "Template")),
                ("c.yaml", template("typo", "Tempalte")),
                (
                    "d.json",
                    "{\"kind\": \"Template\", \"metadata\": {}}".to_owned(),
                ),
                ("e.yaml", ": : :\n".to_owned()),
            ],
        );
        let errors = Catalog::load_dir(&dir)
            .expect_err("a folder with bad files fails")
            .0;
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 4, "{text:#?}");
        assert!(text[0].contains("a.yaml:"), "{text:#?}");
        assert!(
            text[1].contains("c.yaml#0: `kind: Tempalte` is not `Template`"),
            "{text:#?}"
        );
        assert!(
            text[2].contains("d.json#0: a Template without `metadata.name`"),
            "{text:#?}"
        );
        assert!(text[3].contains("e.yaml:"), "{text:#?}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_template_defined_twice_and_rules_off_objects_0_are_warnings() {
        let off = format!(
            "{}- kind: VirtualMachine\n  metadata:\n    annotations:\n      vm.kubevirt.io/validations: {RULES}\n",
            template("other", "Template")
        );
        let dir = folder(
            "twice",
            &[
                ("a/t.yaml", template("t", "Template")),
                ("b.yaml", template("t", "Template")),
                ("c.yaml", off),
            ],
        );
        let catalog = Catalog::load_dir(&dir).expect("loads");
        assert_eq!(catalog.len(), 2);
        assert_eq!(
            catalog
                .get("any", "t")
                .map(|t| t.source.ends_with("b.yaml#0")),
            Some(true),
            "the later file wins"
        );
        let w = catalog.warnings();
        assert_eq!(w.len(), 2, "{w:#?}");
        assert!(
            w[0].contains("b.yaml#0: template `t` is also defined in"),
            "{w:#?}"
        );
        assert!(w[0].contains("t.yaml#0"), "{w:#?}");
        assert!(w[1].contains("c.yaml#0: objects[1]: rules"), "{w:#?}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
