//! The JSON-Schema-Test-Suite groups compiled with the code emitter, shared by `build.rs`
//! (which compiles each group's schema with `validgen-codegen`) and
//! `tests/json_schema_compiled.rs` (which runs the tests on the compiled validators and on the
//! interpreter). Refused groups are left out here;
//! `frontends/json-schema/tests/it/json_schema_suite.rs` runs every group of all five drafts
//! through the interpreter and checks that each refusal is justified.
//!
//! Draft 2020-12 and draft-07 are compiled whole (every keyword file, the optional files run,
//! the asserted formats). Of draft-04, draft-06 and 2019-09 only [`DRAFT_FILES`] are: the
//! files of what each draft reads differently (draft-04's boolean `exclusive*`, `id`,
//! `additionalItems: false` and `dependencies`; draft-06's `const`, `contains`,
//! `propertyNames`, numeric `exclusive*` and boolean schemas; 2019-09's array `items`,
//! `minContains` and `unevaluated*` (where `contains` evaluates no item) and its
//! `$vocabulary`; `$ref` and its siblings in each, with the draft's meta-schema bundled;
//! `refRemote`, through the suite's `remotes/` as [`remotes`] registers them). The emitter sees only the IR, which those drafts lower into the checks the whole
//! drafts already compile. Compiling all their groups too (1 382 groups instead of 610) took a
//! fresh build of the tests crate's build script, library and test binary from 130 to 171
//! CPU-seconds on the 2-core machine of issue #32; these files (775 groups) took it to 136,
//! before `unevaluated*` and `refRemote` compiled.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use validgen_json_schema::{Draft, Options, Registry, SchemaMap, compile};

/// Optional files run besides every top-level file (not `content.json`, which asserts
/// `contentMediaType`/`contentEncoding`: validgen keeps them as annotations).
pub const OPTIONAL: &[&str] = &[
    "anchor.json",
    "bignum.json",
    "cross-draft.json",
    "dependencies-compatibility.json",
    "ecmascript-regex.json",
    "float-overflow.json",
    "format-assertion.json",
    "id.json",
    "no-schema.json",
    "non-bmp-regex.json",
    "refOfUnknownKeyword.json",
    "unknownKeyword.json",
];

/// The formats asserted (`optional/format/<name>.json`, with `assert_formats`): every format
/// the drafts define.
pub const FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uri-template",
    "uuid",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// The files of draft-04, draft-06 and 2019-09 compiled with the emitter (see the module
/// docs), by draft folder.
pub const DRAFT_FILES: &[(&str, &[&str])] = &[
    (
        "draft4",
        &[
            "additionalItems.json",
            "dependencies.json",
            "maximum.json",
            "minimum.json",
            "ref.json",
            "refRemote.json",
            "optional/id.json",
        ],
    ),
    (
        "draft6",
        &[
            "boolean_schema.json",
            "const.json",
            "contains.json",
            "exclusiveMaximum.json",
            "exclusiveMinimum.json",
            "propertyNames.json",
            "ref.json",
            "refRemote.json",
        ],
    ),
    (
        "draft2019-09",
        &[
            "additionalItems.json",
            "items.json",
            "minContains.json",
            "ref.json",
            "refRemote.json",
            "unevaluatedItems.json",
            "unevaluatedProperties.json",
            "vocabulary.json",
        ],
    ),
];

/// One compiled group.
pub struct Group {
    /// The validator's name (a Rust identifier).
    pub name: String,
    /// `<draft dir>/<file>#<index>: <description>`, for messages.
    pub label: String,
    /// The schema.
    pub schema: Value,
    /// How it is compiled.
    pub options: Options,
    /// `(description, data, valid)` of each test (read by the test, not by `build.rs`).
    #[allow(dead_code)]
    pub tests: Vec<(String, Value, bool)>,
}

/// The suite's `remotes/` (beside its `tests/` folder, whose draft folder is `base`), served
/// at `http://localhost:1234/` as the suite's README says; read as `draft` where a document
/// has no `$schema`.
pub fn remotes(base: &Path, draft: Draft) -> Arc<Registry> {
    let mut registry = Registry::new(Some(draft));
    let dir = base.join("../../remotes");
    if let Err(e) = registry.add_map(SchemaMap {
        prefix: "http://localhost:1234/".to_owned(),
        path: dir,
    }) {
        panic!("the vendored remotes: {e}");
    }
    Arc::new(registry)
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
}

/// The files of one draft compiled, each with the prefix of its validators' names and its
/// options: every file of a whole draft, or those [`DRAFT_FILES`] lists.
fn runs(base: &Path, dir: &str, draft: Draft) -> Vec<(PathBuf, &'static str, Options)> {
    let plain = Options {
        default_draft: Some(draft),
        registry: Some(remotes(base, draft)),
        ..Options::default()
    };
    if let Some((_, listed)) = DRAFT_FILES.iter().find(|(d, _)| *d == dir) {
        return listed
            .iter()
            .map(|f| {
                let prefix = if f.starts_with("optional/") {
                    "opt_"
                } else {
                    ""
                };
                (base.join(f), prefix, plain.clone())
            })
            .collect();
    }
    let formats = Options {
        assert_formats: true,
        ..plain.clone()
    };
    let mut runs: Vec<(PathBuf, &str, Options)> = files(base)
        .into_iter()
        .map(|f| (f, "", plain.clone()))
        .collect();
    runs.extend(
        OPTIONAL
            .iter()
            .map(|n| (base.join("optional").join(n), "opt_", plain.clone())),
    );
    runs.extend(FORMATS.iter().map(|n| {
        let f = base.join("optional/format").join(format!("{n}.json"));
        (f, "format_", formats.clone())
    }));
    runs
}

/// Every group of the suite under `suite` (the vendored `tests/` folder) that compiles, of
/// the files compiled with the emitter (see the module docs).
pub fn groups(suite: &Path) -> Vec<Group> {
    let mut out = Vec::new();
    for (dir, tag, draft) in [
        ("draft2020-12", "d2020", Draft::Draft2020),
        ("draft7", "d7", Draft::Draft7),
        ("draft2019-09", "d2019", Draft::Draft2019),
        ("draft6", "d6", Draft::Draft6),
        ("draft4", "d4", Draft::Draft4),
    ] {
        let base = suite.join(dir);
        for (file, prefix, options) in runs(&base, dir, draft) {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            let list: Vec<Value> = serde_json::from_str(&text).unwrap_or_default();
            let stem: String = file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '_'
                    }
                })
                .collect();
            for (i, g) in list.iter().enumerate() {
                if compile(&g["schema"], &options).is_err() {
                    continue;
                }
                let tests = g["tests"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|t| {
                        (
                            t["description"].as_str().unwrap_or_default().to_owned(),
                            t["data"].clone(),
                            t["valid"].as_bool().unwrap_or_default(),
                        )
                    })
                    .collect();
                out.push(Group {
                    name: format!("{tag}_{prefix}{stem}_{i}"),
                    label: format!(
                        "{dir}/{}#{i}: {}",
                        file.file_name()
                            .map(|f| f.to_string_lossy())
                            .unwrap_or_default(),
                        g["description"].as_str().unwrap_or_default()
                    ),
                    schema: g["schema"].clone(),
                    options: options.clone(),
                    tests,
                });
            }
        }
    }
    out
}
