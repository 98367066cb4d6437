//! `validate --schema` and `validate --crd`: the schemas loaded (every error of every schema
//! collected, located), and one document validated against them.
//!
//! With `--schema`, every document is validated against every schema, and is valid when it
//! is valid against all. With `--crd`, a document is validated against the one CRD version
//! its `apiVersion` (`<spec.group>/<version>`) and `kind` (`spec.names.kind`) name; a
//! document of a kind no CRD defines is skipped, one of a version its CRD does not define is
//! an error (the API server would refuse it as unknown).

use std::path::PathBuf;

use validgen_codegen::{Diagnostic, LoadedSchema, SchemaOptions, load_schemas};
use validgen_core::interpret::Outcome;
use validgen_core::model::YamlVersion;
use validgen_crd::CelRules;
use validgen_json_schema::annotate::AnnotationUnit;
use validgen_json_schema::{
    CEL_NOT_EVALUATED, LIST_MAP_KEYS_NOT_CHECKED, annotation_of, describe_in,
};

use super::parsed::Parsed;
use super::{DocVerdict, Item, SchemaViolation};

/// The schemas documents are validated against.
#[derive(Debug, Default)]
pub struct SchemaSet {
    schemas: Vec<LoadedSchema>,
    /// With `--crd`, each version's CEL rules, beside `schemas` (`None`: it has none).
    cel: Vec<Option<CelRules>>,
    /// With `--old`, the stored objects a document may update.
    old: Vec<serde_json::Value>,
    /// `--strict` with `--crd`: unknown fields get the API server's Strict answer.
    strict: bool,
    /// Documents pick their CRD version by `apiVersion` and `kind`.
    by_kind: bool,
    /// How YAML documents are read: `--yaml-version` with `--schema`; with `--crd`, YAML 1.1
    /// as `sigs.k8s.io/yaml` reads manifests (go-yaml v2).
    pub(super) yaml: YamlVersion,
    /// Collect the annotations of valid documents (`-o list|hierarchical` with `--schema`).
    annotate: bool,
}

/// The `--schema` or `--crd` paths loaded.
#[derive(Debug, Default)]
pub struct LoadedSet {
    /// The schemas.
    pub set: SchemaSet,
    /// Every problem that stops the run: the path given and the located message.
    pub errors: Vec<(String, String)>,
    /// What compiled but deserves a look, located.
    pub warnings: Vec<String>,
}

/// How the schemas are read.
#[derive(Debug, Clone, Copy)]
pub struct LoadOptions<'a> {
    /// The paths are CRDs (`--crd`), picked by `apiVersion` and `kind`.
    pub crd: bool,
    /// `--assert-formats`.
    pub assert_formats: bool,
    /// `--strict`: unknown keywords are errors, CRD versions reject unknown fields.
    pub strict: bool,
    /// `--old`: the stored objects documents may update.
    pub old: Option<&'a std::path::Path>,
    /// `--default-draft`: the draft of the schemas without `$schema`.
    pub default_draft: Option<validgen_codegen::Draft>,
    /// `--schema-map`: where the documents of `$ref`s to other URLs are read.
    pub schema_map: &'a [validgen_codegen::SchemaMap],
    /// `--yaml-version`: how YAML documents are read with `--schema`.
    pub yaml: YamlVersion,
    /// The output prints annotations (`-o list|hierarchical`): collect them.
    pub annotate: bool,
}

/// A path as the user named it, without a trailing `/`.
pub fn display_path(path: &std::path::Path) -> String {
    let shown = path.to_string_lossy();
    let trimmed = shown.trim_end_matches('/');
    if trimmed.is_empty() && !shown.is_empty() {
        "/".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// Loads the `--schema` (or `--crd`) paths, collecting every error of every path.
pub fn load(paths: &[PathBuf], opts: LoadOptions<'_>) -> LoadedSet {
    let options = SchemaOptions {
        // kube-openapi asserts the formats of a CRD's schema.
        assert_formats: opts.assert_formats || opts.crd,
        strict: opts.strict,
        // With `--crd`, unknown fields are pruned and answered as the API server does.
        reject_unknown_fields: opts.strict && !opts.crd,
        default_draft: opts.default_draft,
        schema_map: opts.schema_map.to_vec(),
        // `--crd` judges with `validgen_crd::judge`, which compiles the rules itself.
        cel_rules: false,
    };
    let mut out = LoadedSet::default();
    out.set.by_kind = opts.crd;
    out.set.yaml = if opts.crd {
        YamlVersion::Yaml11
    } else {
        opts.yaml
    };
    out.set.strict = opts.crd && opts.strict;
    out.set.annotate = opts.annotate && !opts.crd;
    if let Some(old) = opts.old {
        let name = display_path(old);
        let read = std::fs::read(old)
            .map_err(|e| format!("{name}: {e}"))
            .and_then(|bytes| validgen_core::model::parse_stream(&name, &bytes));
        match read {
            Ok(docs) => out.set.old = docs,
            Err(e) => out.errors.push((name, e)),
        }
    }
    for path in paths {
        let name = display_path(path);
        let catalog = load_schemas(path, &name, options.clone());
        let mut errors: Vec<Diagnostic> = catalog.errors.0;
        if path.is_dir() && catalog.files.is_empty() {
            errors.push(Diagnostic::file(
                &name,
                "no schema files found (looked for *.yaml, *.yml and *.json files)".to_owned(),
            ));
        }
        // CRD versions' CEL rules and list uniqueness are checked here (`validgen-crd`), not
        // by the rule set.
        out.warnings.extend(
            catalog
                .warnings
                .iter()
                .filter(|w| {
                    !(opts.crd
                        && (w.message.contains(CEL_NOT_EVALUATED)
                            || w.message.contains(LIST_MAP_KEYS_NOT_CHECKED)))
                })
                .map(ToString::to_string),
        );
        for schema in catalog.schemas {
            let problem = opts
                .crd
                .then(|| crd_problem(&schema, &out.set.schemas))
                .flatten();
            if let Some(problem) = problem {
                // One report per file (a file that is not a CRD has one schema anyway).
                if !errors
                    .iter()
                    .any(|e| e.file == schema.file && e.message == problem)
                {
                    errors.push(Diagnostic::file(&schema.file, problem));
                }
                continue;
            }
            let cel = if opts.crd {
                match CelRules::compile(&schema.schema) {
                    Ok(rules) => (!rules.is_empty()).then_some(rules),
                    Err(problems) => {
                        // The API server refuses such a CRD: so does the run, each problem at
                        // its rule's `rule:` in the file.
                        for p in problems {
                            let what = if p.refusal.is_some() {
                                "the API server refuses the CRD"
                            } else {
                                "the CEL rule does not compile"
                            };
                            let (line, column) = rule_position(&schema, &p.pointer);
                            errors.push(Diagnostic::at(
                                &schema.file,
                                line,
                                column,
                                None,
                                format!("{}{}: {what}: {}", schema.base, p.pointer, p.message),
                            ));
                        }
                        continue;
                    }
                }
            } else {
                None
            };
            out.set.schemas.push(schema);
            out.set.cel.push(cel);
        }
        out.errors
            .extend(errors.iter().map(|e| (name.clone(), e.to_string())));
    }
    out
}

/// The line and column of the rule at `pointer` (in the schema) of a CRD version: its `rule:`
/// value, else the rule, else the schema; `(0, 0)` when the file cannot be read again.
fn rule_position(schema: &LoadedSchema, pointer: &str) -> (usize, usize) {
    let Ok(text) = std::fs::read_to_string(&schema.file) else {
        return (0, 0);
    };
    let Ok(docs) = validgen_core::model::Yaml::parse_all(&text) else {
        return (0, 0);
    };
    let crd = schema.crd.as_ref();
    let at = format!("{}{pointer}", schema.base);
    docs.iter()
        .filter(|d| {
            let v = d.value();
            crd.is_none_or(|c| {
                v.pointer("/spec/group").and_then(serde_json::Value::as_str) == Some(&c.group)
                    && v.pointer("/spec/names/kind")
                        .and_then(serde_json::Value::as_str)
                        == Some(&c.kind)
            })
        })
        .find_map(|d| d.span(&format!("{at}/rule")).or_else(|| d.span(&at)))
        .map_or((0, 0), |s| (s.line, s.column))
}

/// Why `schema` cannot serve as a `--crd` version next to `loaded`: not a CRD, no group or
/// kind, its kind defined by another CRD file too, or its version twice.
fn crd_problem(schema: &LoadedSchema, loaded: &[LoadedSchema]) -> Option<String> {
    let Some(crd) = &schema.crd else {
        return Some("not a CustomResourceDefinition (use --schema for JSON Schemas)".to_owned());
    };
    if crd.group.is_empty() || crd.kind.is_empty() {
        return Some(
            "a CustomResourceDefinition needs `spec.group` and `spec.names.kind`".to_owned(),
        );
    }
    let other = loaded.iter().find(|o| {
        o.crd.as_ref().is_some_and(|c| {
            c.group == crd.group
                && c.kind == crd.kind
                && (o.file != schema.file || c.version == crd.version)
        })
    })?;
    Some(if other.file == schema.file {
        format!("version `{}` of {} is defined twice", crd.version, crd.kind)
    } else {
        format!(
            "{} of group {} is defined by another --crd file too: {}",
            crd.kind, crd.group, other.file
        )
    })
}

impl SchemaSet {
    /// Whether documents pick their CRD version by `apiVersion` and `kind` (`--crd`).
    pub(super) fn by_kind(&self) -> bool {
        self.by_kind
    }

    /// The item of document number `index` of stream `file`, whose piece starts on line
    /// `first_line` of the stream.
    pub(super) fn validate(
        &self,
        file: &str,
        index: usize,
        first_line: usize,
        doc: &Parsed<'_>,
    ) -> Item {
        let source = format!("{file}#{index}");
        let line = doc.span("").map_or(first_line, |s| first_line + s.line - 1);
        let schemas: Vec<&LoadedSchema> = if self.by_kind {
            match self.pick(doc, &source, file, line) {
                Ok(s) => vec![s],
                Err(item) => return item,
            }
        } else {
            self.schemas.iter().collect()
        };
        let meta = |k: &str| doc.string(&["metadata", k]).map(str::to_owned);
        let name = match (meta("namespace"), meta("name")) {
            (Some(ns), Some(n)) => Some(format!("{ns}/{n}")),
            (_, n) => n,
        };
        let (mut violations, mut warnings) = if self.by_kind {
            let mut found = (Vec::new(), Vec::new());
            for s in &schemas {
                let (v, w) = self.crd_violations(s, doc, first_line, line);
                found.0.extend(v);
                found.1.extend(w);
            }
            found
        } else {
            let found: Vec<SchemaViolation> = schemas
                .iter()
                .flat_map(|s| violations(s, doc, first_line, line))
                .collect();
            (found, Vec::new())
        };
        // In document order (stable: equal positions keep schema and keyword order).
        violations.sort_by_key(|v| (v.line, v.column));
        warnings.sort_by_key(|v| (v.line, v.column));
        let annotations = if self.annotate && violations.is_empty() {
            let value = doc.value();
            schemas
                .iter()
                .flat_map(|s| annotations(s, &value))
                .collect()
        } else {
            Vec::new()
        };
        Item::Document(Box::new(DocVerdict {
            source,
            line,
            name,
            schemas: schemas.iter().map(|s| schema_name(s)).collect(),
            violations,
            warnings,
            annotations,
        }))
    }

    /// `doc` judged as the API server judges a custom resource (`validgen_crd`): decoded
    /// (unknown fields pruned: with `--strict`, the Strict answer and nothing else; otherwise
    /// warnings), `metadata.name`, the structural schema on the pruned and defaulted object,
    /// list uniqueness, then the CEL rules unless an earlier error blocks them; a create, or
    /// an update of the `--old` object of the same name. Each error worded as the API server
    /// returns it and located at its field; the violations, then the warnings.
    fn crd_violations(
        &self,
        schema: &LoadedSchema,
        doc: &Parsed<'_>,
        first_line: usize,
        line: usize,
    ) -> (Vec<SchemaViolation>, Vec<SchemaViolation>) {
        let name = schema_name(schema);
        let locate = |instance: String, keyword: String, message: String| {
            let span = doc.span(&instance);
            SchemaViolation {
                line: span.map_or(line, |s| first_line + s.line - 1),
                column: span.map_or(0, |s| s.column),
                instance,
                schema: name.clone(),
                keyword,
                message,
                ..SchemaViolation::default()
            }
        };
        let value = doc.value();
        let old = self.old_of(&value);
        let cel = self
            .schemas
            .iter()
            .position(|s| std::ptr::eq(s, schema))
            .and_then(|i| self.cel.get(i))
            .and_then(Option::as_ref);
        let subresources = schema
            .crd
            .as_ref()
            .map(|c| validgen_crd::Subresources::of(&c.subresources))
            .unwrap_or_default();
        let answer = validgen_crd::judge_version(
            &schema.schema,
            &schema.rules,
            cel,
            &subresources,
            &value,
            old,
        );
        let unknown = answer.unknown_fields;
        let unknown_at = |path: &String| validgen_crd::field_pointer(path);
        if self.strict && !unknown.is_empty() {
            let kind = schema.crd.as_ref().map_or("", |c| c.kind.as_str());
            let version = schema.crd.as_ref().map_or("", |c| c.version.as_str());
            let errors = unknown
                .iter()
                .map(|path| {
                    locate(
                        unknown_at(path),
                        String::new(),
                        format!(
                            "{kind} in version \"{version}\" cannot be handled as a {kind}: strict decoding error: unknown field \"{path}\""
                        ),
                    )
                })
                .collect();
            return (errors, Vec::new());
        }
        let warnings = unknown
            .iter()
            .map(|path| {
                locate(
                    unknown_at(path),
                    String::new(),
                    format!("unknown field \"{path}\""),
                )
            })
            .collect();
        // Located at the field, or where the field would be, at the value checked.
        let errors = answer
            .errors
            .into_iter()
            .map(|f| {
                let at = f.error.pointer();
                let instance = if f.error.field != "<nil>" && doc.span(&at).is_some() {
                    at
                } else {
                    f.instance
                };
                locate(instance, f.keyword, f.error.message())
            })
            .collect();
        (errors, warnings)
    }

    /// The stored object `doc` updates: the `--old` document of the same `apiVersion`,
    /// `kind`, namespace and name.
    fn old_of(&self, doc: &serde_json::Value) -> Option<&serde_json::Value> {
        let key = |v: &serde_json::Value| {
            let text = |p: &str| {
                v.pointer(p)
                    .and_then(serde_json::Value::as_str)
                    .unwrap_or("")
                    .to_owned()
            };
            (
                text("/apiVersion"),
                text("/kind"),
                text("/metadata/namespace"),
                text("/metadata/name"),
            )
        };
        let wanted = key(doc);
        self.old.iter().find(|o| key(o) == wanted)
    }

    /// The CRD version of `doc`; otherwise the item saying why there is none.
    fn pick(
        &self,
        doc: &Parsed<'_>,
        source: &str,
        file: &str,
        line: usize,
    ) -> Result<&LoadedSchema, Item> {
        let api_version = doc.string(&["apiVersion"]);
        let kind = doc.string(&["kind"]);
        let (Some(api_version), Some(kind)) = (api_version, kind) else {
            return Err(Item::Skipped {
                source: source.to_owned(),
                kind: "a document without apiVersion and kind".to_owned(),
                why: "not a custom resource".to_owned(),
            });
        };
        let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
        let of_kind: Vec<&LoadedSchema> = self
            .schemas
            .iter()
            .filter(|s| {
                s.crd
                    .as_ref()
                    .is_some_and(|c| c.group == group && c.kind == kind)
            })
            .collect();
        if let Some(found) = of_kind
            .iter()
            .find(|s| s.crd.as_ref().is_some_and(|c| c.version == version))
        {
            return Ok(found);
        }
        let Some(first) = of_kind.first() else {
            return Err(Item::Skipped {
                source: source.to_owned(),
                kind: format!("{kind} {api_version}"),
                why: "not a kind of the --crd files".to_owned(),
            });
        };
        let versions: Vec<&str> = of_kind
            .iter()
            .filter_map(|s| s.crd.as_ref().map(|c| c.version.as_str()))
            .collect();
        Err(Item::Error {
            source: format!("{file}:{line}"),
            message: format!(
                "{file}:{line}: {kind} {api_version}: no version `{version}` in {} (it defines {})",
                first.file,
                versions.join(", ")
            ),
        })
    }
}

/// How a schema is named in reports: its file, with `#<pointer>` for a CRD version.
pub(crate) fn schema_name(s: &LoadedSchema) -> String {
    if s.base.is_empty() {
        s.file.clone()
    } else {
        format!("{}#{}", s.file, s.base)
    }
}

/// The annotations the valid document `value` collects from `schema`
/// (`json_schema::Annotating::collect`), each keyword located in its schema file as the
/// violations' are.
fn annotations(schema: &LoadedSchema, value: &serde_json::Value) -> Vec<AnnotationUnit> {
    let name = schema_name(schema);
    let mut found = schema.annotating.collect(value);
    for unit in &mut found {
        if !unit.keyword.contains('#') {
            unit.keyword = format!("{name}#{}", unit.keyword);
        }
    }
    found
}

/// The violations of the document `doc` (whose piece starts on stream line `first_line`,
/// and whose value on `line`) against `schema`.
fn violations(
    schema: &LoadedSchema,
    doc: &Parsed<'_>,
    first_line: usize,
    line: usize,
) -> Vec<SchemaViolation> {
    let report = doc.evaluate(&schema.rules);
    // Built from a tape only when a violation quotes it.
    let value = (!report.violations.is_empty()).then(|| doc.value());
    let name = schema_name(schema);
    let mut out: Vec<SchemaViolation> = report
        .violations
        .iter()
        .map(|v| SchemaViolation {
            line: v.span.map_or(line, |s| first_line + s.line - 1),
            column: v.span.map_or(0, |s| s.column),
            instance: v.location.clone(),
            schema: name.clone(),
            keyword: v.keyword.clone(),
            message: value
                .as_ref()
                .map(|value| describe_in(v, value, &schema.schema, &schema.documents))
                .unwrap_or_default(),
            annotations: annotation_of(&schema.rules.annotations, v).cloned(),
            ..SchemaViolation::default()
        })
        .collect();
    // A rule that failed without a violation (an error at run time) is reported too.
    if out.is_empty() {
        let failed = report.report.rules.iter().filter(|r| {
            r.outcome == Outcome::Error || (r.outcome == Outcome::Unsatisfied && !r.just_warning)
        });
        out.extend(failed.map(|r| SchemaViolation {
            line,
            column: 0,
            instance: String::new(),
            schema: name.clone(),
            keyword: String::new(),
            message: r.detail.clone(),
            ..SchemaViolation::default()
        }));
    }
    out
}
