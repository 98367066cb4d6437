//! Compiles every rule-set text of the conformance cases into validators (with
//! `reference_failures`, so malformed rules compile to the reference's failure), for the
//! compiled-versus-interpreted tests.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::Value;

#[path = "schemas/costly.rs"]
mod costly_schemas;
#[path = "documents/cases.rs"]
mod document_cases;
#[path = "schemas/random.rs"]
mod random_schemas;
#[path = "schemas/suite.rs"]
mod schema_suite;
// The build script reads the cases alone.
#[allow(dead_code)]
#[path = "schemas/annotation_suite.rs"]
mod annotation_suite;
#[path = "schemas/store.rs"]
mod schema_store;

fn main() {
    let manifest = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let mut text = String::new();
    // The recorded cases, and our own (`gaps/`, same format).
    for file in ["conformance/cases.jsonl", "gaps/cases.jsonl"] {
        let path = manifest.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        text += &std::fs::read_to_string(&path).expect("read a case file");
    }
    let mut texts = BTreeSet::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("case line");
        let vm_rules = case.pointer("/input/vm/metadata/annotations/vm.kubevirt.io~1validations");
        let template_rules = case
            .pointer("/input/templates")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|t| t.pointer("/metadata/annotations/validations"));
        for v in vm_rules.into_iter().chain(template_rules) {
            if let Some(s) = v.as_str()
                && validgen_kubevirt::rules::parse_rule_set(s).is_ok()
            {
                texts.insert(s.to_owned());
            }
        }
    }
    // The typed-VM oracle checks with repeated keys, which `reference_gaps.rs` reviews.
    let checks = manifest.join("../frontends/kubevirt/data/types-checks.jsonl");
    println!("cargo:rerun-if-changed={}", checks.display());
    let checks = std::fs::read_to_string(&checks).expect("read types-checks.jsonl");
    for line in checks.lines().filter(|l| l.contains("\"duplicate-")) {
        let row: Value = serde_json::from_str(line).expect("check line");
        let input = match row.pointer("/input/input_line_verbatim_has_duplicate_keys") {
            Some(Value::String(verbatim)) => serde_json::from_str(verbatim).expect("input line"),
            _ => row["input"].clone(),
        };
        if let Some(rules) = input["rules"].as_str() {
            texts.insert(rules.to_owned());
        }
    }
    let generated = generated_rule_sets(300);
    texts.extend(generated.iter().cloned());
    let opts = validgen_codegen::Options {
        reference_failures: true,
    };
    let tokens = validgen_codegen::compile_texts(texts.iter().map(String::as_str), opts)
        .unwrap_or_else(|d| panic!("conformance rule sets compile:\n{d}"));
    let code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("conformance_validators.rs"), code).expect("write generated code");
    let list = format!("&{generated:?}");
    std::fs::write(out.join("generated_rule_sets.rs"), list).expect("write generated list");
    // Without `large-suites` (the fuzz crate's build), only the first random schemas.
    if std::env::var_os("CARGO_FEATURE_LARGE_SUITES").is_none() {
        json_schema_random(&manifest, &out, FUZZ_RANDOM_SCHEMAS);
        return;
    }
    documents(&manifest, &out);
    json_schema_suite(&manifest, &out);
    json_schema_annotation_suite(&manifest, &out);
    json_schema_store(&manifest, &out);
    json_schema_random(&manifest, &out, random_schemas::COUNT);
    json_schema_costly(&manifest, &out);
    json_schema_annotations(&manifest, &out);
    ytt_schemas(&manifest, &out);
    ytt_packages(&manifest, &out);
}

/// How many random schemas a build without `large-suites` compiles (the fuzz crate's
/// `json_stream` target judges instances against them).
const FUZZ_RANDOM_SCHEMAS: usize = 16;

/// The annotation tables `include_schemas!` emits, for the real schemas of
/// `corpus/json-schema` (`*values.schema.json`, CRD `openAPIV3Schema`s, the OLM bundle
/// config schema), and `CORPUS_ANNOTATIONS` listing them by path in the corpus.
fn json_schema_annotations(manifest: &std::path::Path, out: &std::path::Path) {
    fn walk(dir: &std::path::Path, out: &mut Vec<(PathBuf, bool)>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("read the corpus")
            .map(|e| e.expect("read the corpus").path())
            .collect();
        entries.sort();
        for p in entries {
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if p.is_dir() {
                walk(&p, out);
            } else if name.ends_with("openAPIV3Schema.json") {
                out.push((p, true));
            } else if name == "values.schema.json" || name == "registryv1bundleconfig.json" {
                out.push((p, false));
            }
        }
    }
    let root = manifest.join("corpus/json-schema");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    walk(&root, &mut files);
    let mut code = String::from(
        "/// Each corpus schema's annotation table, as generated code holds it.\npub const CORPUS_ANNOTATIONS: &[(&str, bool, &[(&str, &str)])] = &[\n",
    );
    for (path, openapi) in files {
        let text = std::fs::read_to_string(&path).expect("read a corpus schema");
        let schema: Value = serde_json::from_str(&text).expect("a corpus schema is JSON");
        let options = validgen_json_schema::Options {
            openapi,
            ..Default::default()
        };
        let compiled = validgen_json_schema::compile(&schema, &options)
            .unwrap_or_else(|e| panic!("{} refused: {e:?}", path.display()));
        let table = validgen_codegen::emit::schemas::annotation_table(&compiled.rules.annotations);
        let rel = path
            .strip_prefix(&root)
            .expect("under the corpus")
            .to_string_lossy()
            .into_owned();
        code += &format!("    ({rel:?}, {openapi}, {table}),\n");
    }
    code += "];\n";
    std::fs::write(out.join("json_schema_annotations.rs"), code).expect("write generated code");
}

/// A validator for the `@schema/validation`s of every distinct schema of the recorded ytt
/// cases that ytt accepts (`schema.yml`), and `YTT` listing them by the schema's text.
fn ytt_schemas(manifest: &std::path::Path, out: &std::path::Path) {
    use validgen_gotext::yaml;
    use validgen_ytt::{lower, schema};
    let path = manifest.join("conformance/ytt/cases.jsonl");
    println!("cargo:rerun-if-changed={}", path.display());
    let text = std::fs::read_to_string(&path).expect("read the ytt cases");
    let mut texts = BTreeSet::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("case line");
        let files = case["files"].as_array().into_iter().flatten();
        for file in files.filter(|f| f["name"] == "schema.yml") {
            if let Some(t) = file["text"].as_str() {
                texts.insert(t.to_owned());
            }
        }
    }
    let mut sets = Vec::new();
    let mut keys = Vec::new();
    for text in &texts {
        let Ok(set) = yaml::parse(text, "schema.yml") else {
            continue;
        };
        let Ok(built) = schema::build(&set, text) else {
            continue;
        };
        let Ok(checks) = lower::schema_checks(&built) else {
            continue;
        };
        let name = format!("ytt_{}", sets.len());
        sets.push((name.clone(), lower::rule_set(checks, Vec::new())));
        keys.push((text.clone(), name));
    }
    let tokens = validgen_codegen::compile_documents(&sets);
    let mut code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    code += "\n/// Every validator, by the text of its schema.\n";
    code += "pub const YTT: &[(&str, fn(&::validgen::serde_json::Value, ::validgen::interpret::Explain) -> ::validgen::interpret::DocumentReport)] = &[\n";
    for (text, name) in &keys {
        code += &format!("    ({text:?}, {name}),\n");
    }
    code += "];\n";
    std::fs::write(out.join("ytt_schemas.rs"), code).expect("write generated code");
}

/// A validator for the schema of each case of `conformance/ytt/packages.jsonl` that ytt
/// accepts: its `-f` files compiled as one schema, as `include_ytt_schemas!(name = [...])`
/// compiles them (`validgen_ytt::compiled::compilable`); `YTT_PACKAGES` lists each with the
/// files it is made of.
fn ytt_packages(manifest: &std::path::Path, out: &std::path::Path) {
    use std::collections::BTreeMap;
    use validgen_ytt::compiled::compilable;
    use validgen_ytt::files::Memory;
    let path = manifest.join("conformance/ytt/packages.jsonl");
    println!("cargo:rerun-if-changed={}", path.display());
    let text = std::fs::read_to_string(&path).expect("read the ytt package cases");
    let mut schemas = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("case line");
        let files: Vec<(&str, &str)> = case["files"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| Some((f["name"].as_str()?, f["text"].as_str()?)))
            .collect();
        let args: Vec<&str> = case["args"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let f_args: Vec<String> = args
            .windows(2)
            .filter(|w| w[0] == "-f")
            .map(|w| w[1].to_owned())
            .collect();
        if let Ok(c) = compilable(&f_args, &Memory(&files), false) {
            schemas.entry(c.files).or_insert(c.rules);
        }
    }
    let sets: Vec<(String, validgen_core::ir::RuleSet)> = schemas
        .values()
        .enumerate()
        .map(|(i, rules)| (format!("ytt_package_{i}"), rules.clone()))
        .collect();
    let tokens = validgen_codegen::compile_documents(&sets);
    let mut code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    code += "\n/// Every validator, with the files (name, text) of its schema.\n";
    code += "pub const YTT_PACKAGES: &[(&[(&str, &str)], fn(&::validgen::serde_json::Value, ::validgen::interpret::Explain) -> ::validgen::interpret::DocumentReport)] = &[\n";
    for (files, (name, _)) in schemas.keys().zip(&sets) {
        code += &format!("    (&{files:?}, {name}),\n");
    }
    code += "];\n";
    std::fs::write(out.join("ytt_packages.rs"), code).expect("write generated code");
}

/// A validator for each of the first `count` random schemas of `schemas/random.rs` that
/// compiles (all should), `RANDOM` listing them by name and `REFUSED` counting the others.
fn json_schema_random(manifest: &std::path::Path, out: &std::path::Path, count: usize) {
    println!(
        "cargo:rerun-if-changed={}",
        manifest.join("schemas/random.rs").display()
    );
    let options = validgen_json_schema::Options::default();
    let mut refused = 0;
    let items: Vec<validgen_codegen::emit::schemas::SchemaItem> = random_schemas::schemas()
        .into_iter()
        .take(count)
        .filter_map(
            |(name, schema)| match validgen_json_schema::compile(&schema, &options) {
                Ok(c) => Some(validgen_codegen::emit::schemas::SchemaItem {
                    file: name.clone(),
                    name,
                    annotating: c.annotating(&schema),
                    schema,
                    rules: c.rules,
                }),
                Err(e) => {
                    println!("cargo:warning={name} refused: {e:?}");
                    refused += 1;
                    None
                }
            },
        )
        .collect();
    // A schema catalog: `SCHEMAS` (in the same order) gives the bytes and verdict entry points.
    let tokens = validgen_codegen::emit::schemas::catalog(&items);
    let sets: Vec<(String, validgen_core::ir::RuleSet)> =
        items.into_iter().map(|i| (i.name, i.rules)).collect();
    let mut code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    code += "\n/// Every validator, by the name of its schema.\n";
    code += "pub const RANDOM: &[(&str, fn(&::validgen::serde_json::Value, ::validgen::interpret::Explain) -> ::validgen::interpret::DocumentReport)] = &[\n";
    for (name, _) in &sets {
        code += &format!("    ({name:?}, {name}),\n");
    }
    code += "];\n";
    code += &format!(
        "\n/// How many random schemas validgen refused.\npub const REFUSED: usize = {refused};\n"
    );
    std::fs::write(out.join("json_schema_random.rs"), code).expect("write generated code");
}

/// A validator for every schema of `schemas/costly.rs`, `COSTLY` listing them by name.
fn json_schema_costly(manifest: &std::path::Path, out: &std::path::Path) {
    println!(
        "cargo:rerun-if-changed={}",
        manifest.join("schemas/costly.rs").display()
    );
    let options = validgen_json_schema::Options::default();
    let items: Vec<validgen_codegen::emit::schemas::SchemaItem> = costly_schemas::schemas()
        .into_iter()
        .map(
            |(name, schema)| match validgen_json_schema::compile(&schema, &options) {
                Ok(c) => validgen_codegen::emit::schemas::SchemaItem {
                    name,
                    file: String::new(),
                    annotating: c.annotating(&schema),
                    schema,
                    rules: c.rules,
                },
                Err(e) => panic!("{name} refused: {e:?}"),
            },
        )
        .collect();
    // A schema catalog: `SCHEMAS` (in the same order) gives the bytes and streamed verdicts.
    let tokens = validgen_codegen::emit::schemas::catalog(&items);
    let mut code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    code += "\n/// Every validator, by the name of its schema.\n";
    code += "pub const COSTLY: &[(&str, fn(&::validgen::serde_json::Value, ::validgen::interpret::Explain) -> ::validgen::interpret::DocumentReport)] = &[\n";
    for item in &items {
        code += &format!("    ({:?}, {}),\n", item.name, item.name);
    }
    code += "];\n";
    std::fs::write(out.join("json_schema_costly.rs"), code).expect("write generated code");
}

/// A validator for every 2020-12 case of the Annotations Test Suite
/// (`schemas/annotation_suite.rs`), in the suite's order.
fn json_schema_annotation_suite(manifest: &std::path::Path, out: &std::path::Path) {
    let dir = manifest.join("corpus/json-schema-test-suite/annotations/tests");
    println!("cargo:rerun-if-changed={}", dir.display());
    println!(
        "cargo:rerun-if-changed={}",
        manifest.join("schemas/annotation_suite.rs").display()
    );
    let options = validgen_json_schema::Options::default();
    let items: Vec<validgen_codegen::emit::schemas::SchemaItem> =
        annotation_suite::cases(&dir, 2020)
            .into_iter()
            .map(|case| {
                let c = validgen_json_schema::compile(&case.schema, &options)
                    .unwrap_or_else(|e| panic!("{}: {e:?}", case.label));
                validgen_codegen::emit::schemas::SchemaItem {
                    name: case.name,
                    file: case.label,
                    annotating: c.annotating(&case.schema),
                    schema: case.schema,
                    rules: c.rules,
                }
            })
            .collect();
    let tokens = validgen_codegen::emit::schemas::catalog(&items);
    let code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    std::fs::write(out.join("json_schema_annotation_suite.rs"), code)
        .expect("write generated code");
}

/// A validator for every JSON-Schema-Test-Suite group that compiles, and `SUITE` listing them
/// by name.
fn json_schema_suite(manifest: &std::path::Path, out: &std::path::Path) {
    let suite = manifest.join("corpus/json-schema-test-suite/tests");
    println!("cargo:rerun-if-changed={}", suite.display());
    println!(
        "cargo:rerun-if-changed={}",
        manifest.join("schemas/suite.rs").display()
    );
    let groups = schema_suite::groups(&suite);
    let compiled: Vec<validgen_json_schema::CompiledSchema> = groups
        .iter()
        .map(|g| {
            validgen_json_schema::compile(&g.schema, &g.options)
                .unwrap_or_else(|e| panic!("{}: {e:?}", g.label))
        })
        .collect();
    let sets: Vec<(String, validgen_core::ir::RuleSet)> = groups
        .iter()
        .zip(&compiled)
        .map(|(g, c)| (g.name.clone(), c.rules.clone()))
        .collect();
    // A schema catalog, so that `SCHEMAS` (in the same order) gives the bytes and verdict
    // entry points too.
    let items: Vec<validgen_codegen::emit::schemas::SchemaItem> = groups
        .iter()
        .zip(&sets)
        .zip(&compiled)
        .map(
            |((g, (name, rules)), c)| validgen_codegen::emit::schemas::SchemaItem {
                name: name.clone(),
                file: g.label.clone(),
                schema: g.schema.clone(),
                rules: rules.clone(),
                annotating: c.annotating(&g.schema),
            },
        )
        .collect();
    let tokens = validgen_codegen::emit::schemas::catalog(&items);
    let mut code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    code += "\n/// Every validator, by the name of its group.\n";
    code += "pub const SUITE: &[(&str, fn(&::validgen::serde_json::Value, ::validgen::interpret::Explain) -> ::validgen::interpret::DocumentReport)] = &[\n";
    for (name, _) in &sets {
        code += &format!("    ({name:?}, {name}),\n");
    }
    code += "];\n";
    std::fs::write(out.join("json_schema_suite.rs"), code).expect("write generated code");
}

/// A validator for every schema of the SchemaStore collection (`schemas/store.rs`) but
/// those it leaves out for suite time that compiles (all should), and `REFUSED` naming the
/// others with their first error.
fn json_schema_store(manifest: &std::path::Path, out: &std::path::Path) {
    let corpus = manifest.join("corpus/schemastore");
    println!(
        "cargo:rerun-if-changed={}",
        schema_store::schema_dir(&corpus).display()
    );
    println!(
        "cargo:rerun-if-changed={}",
        manifest.join("schemas/store.rs").display()
    );
    let registry = schema_store::registry(&corpus);
    let mut refused = Vec::new();
    let mut items = Vec::new();
    for file in schema_store::schema_names(&corpus) {
        let schema = schema_store::read_schema(&corpus, &file);
        match validgen_json_schema::compile(&schema, &schema_store::options(&file, &registry)) {
            Ok(c) => items.push(validgen_codegen::emit::schemas::SchemaItem {
                // Named as `include_schemas!` names a file's validator.
                name: format!(
                    "store_{}",
                    validgen_codegen::names::function_name(file.trim_end_matches(".json"))
                ),
                file,
                annotating: c.annotating(&schema),
                schema,
                rules: c.rules,
            }),
            Err(e) => refused.push(format!("{file}: {}", e[0])),
        }
    }
    // `SCHEMAS` is sorted by name, as `include_schemas!` sorts it.
    items.sort_by(|a, b| a.name.cmp(&b.name));
    let names: BTreeSet<&str> = items.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(
        names.len(),
        items.len(),
        "two schema files, one validator name"
    );
    let tokens = validgen_codegen::emit::schemas::catalog(&items);
    let mut code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    code += &format!(
        "\n/// The schemas validgen refused, each with its first error.\npub const REFUSED: &[&str] = &{refused:?};\n"
    );
    std::fs::write(out.join("json_schema_store.rs"), code).expect("write generated code");
}

/// The plain-document validators of `documents/cases.rs`, and `ALL`, each by name.
fn documents(manifest: &std::path::Path, out: &std::path::Path) {
    println!(
        "cargo:rerun-if-changed={}",
        manifest.join("documents/cases.rs").display()
    );
    let sets = document_cases::cases();
    let tokens = validgen_codegen::compile_documents(&sets);
    let mut code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    code += "\n/// Every validator, by the name of its rule set.\n";
    code += "pub const ALL: &[(&str, fn(&::validgen::serde_json::Value, ::validgen::interpret::Explain) -> ::validgen::interpret::DocumentReport)] = &[\n";
    for (name, _) in &sets {
        code += &format!("    ({name:?}, {name}),\n");
    }
    code += "];\n";
    std::fs::write(out.join("document_validators.rs"), code).expect("write generated code");
}

/// Paths for generated rules: static ones (fields, pointers, maps, lists, slices), and ones the
/// runtime evaluates (filters, recursion, wildcards, unions).
const PATHS: &[&str] = &[
    ".spec.domain.cpu.cores",
    ".spec.domain.cpu.sockets",
    ".spec.domain.cpu.model",
    ".spec.domain.cpu",
    ".spec.domain.memory.guest",
    ".spec.domain.resources.requests.memory",
    ".spec.domain.resources.requests",
    ".spec.domain.machine.type",
    ".spec.domain.devices.disks[*].disk.bus",
    ".spec.domain.devices.disks[*].cdrom.bus",
    ".spec.domain.devices.disks[*].name",
    ".spec.domain.devices.disks[0].name",
    ".spec.domain.devices.disks[-1].name",
    ".spec.domain.devices.disks[1:].name",
    ".spec.domain.devices.disks[*].bootOrder",
    ".spec.domain.devices.disks",
    ".spec.domain.devices.interfaces[*].model",
    ".spec.domain.features.smm.enabled",
    ".metadata.labels.app",
    ".metadata.labels",
    ".spec.domain.CPU.Cores",
    ".spec.domain.devices.disks[?(@.name=='rootdisk')].disk.bus",
    ".spec.domain.devices.disks[*].*",
    ".spec.domain..bus",
    ".spec.domain.devices.disks[0,1].name",
    "$.spec.domain.cpu.threads",
    ".spec.domain.nosuchfield",
];

const PATTERNS: &[&str] = &["^virtio$", "q35", "^[a-z]+$", "", "(?i)SATA", "\\d"];
const WORDS: &[&str] = &[
    "virtio",
    "sata",
    "scsi",
    "q35",
    "rootdisk",
    "",
    "<uint32 Value>",
];

/// A small deterministic generator (64-bit LCG): the rule sets are the same on every build.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }

    fn path(&mut self) -> String {
        format!("jsonpath::{}", PATHS[self.next(PATHS.len())])
    }

    fn bound(&mut self) -> Option<String> {
        match self.next(5) {
            0 => None,
            1 => Some(format!("\"{}\"", self.path())),
            2 => Some("1610612736".to_owned()),
            _ => Some(format!("{}", self.next(6))),
        }
    }
}

/// `n` rule sets of one to four rules: every kind, literal and path arguments, `valid`,
/// `justWarning`.
fn generated_rule_sets(n: usize) -> Vec<String> {
    let mut g = Lcg(0x5eed);
    (0..n)
        .map(|i| {
            let rules: Vec<String> = (0..1 + g.next(4))
                .map(|j| {
                    let mut fields = vec![
                        format!("\"name\": \"r{i}-{j}\""),
                        format!("\"path\": \"{}\"", g.path()),
                        "\"message\": \"m\"".to_owned(),
                    ];
                    match g.next(4) {
                        0 => {
                            fields.push("\"rule\": \"integer\"".to_owned());
                            for key in ["min", "max"] {
                                if let Some(b) = g.bound() {
                                    fields.push(format!("\"{key}\": {b}"));
                                }
                            }
                        }
                        1 => {
                            fields.push("\"rule\": \"string\"".to_owned());
                            for key in ["minLength", "maxLength"] {
                                if let Some(b) = g.bound() {
                                    fields.push(format!("\"{key}\": {b}"));
                                }
                            }
                        }
                        2 => {
                            fields.push("\"rule\": \"regex\"".to_owned());
                            let p = PATTERNS[g.next(PATTERNS.len())].replace('\\', "\\\\");
                            fields.push(format!("\"regex\": \"{p}\""));
                        }
                        _ => {
                            fields.push("\"rule\": \"enum\"".to_owned());
                            let values: Vec<String> = (0..g.next(4))
                                .map(|_| match g.next(5) {
                                    0 => format!("\"{}\"", g.path()),
                                    _ => format!("\"{}\"", WORDS[g.next(WORDS.len())]),
                                })
                                .collect();
                            fields.push(format!("\"values\": [{}]", values.join(", ")));
                        }
                    }
                    if g.next(4) == 0 {
                        fields.push(format!("\"valid\": \"{}\"", g.path()));
                    }
                    if g.next(3) == 0 {
                        fields.push("\"justWarning\": true".to_owned());
                    }
                    format!("{{{}}}", fields.join(", "))
                })
                .collect();
            format!("[{}]", rules.join(",\n"))
        })
        .collect()
}
