//! The real catalogs through the generator: the current one compiles; every historical
//! release either compiles or fails with located diagnostics.

use std::path::PathBuf;

use validgen_codegen::{Options, compile_dir, pretty};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn current_catalog_compiles() {
    let dir = root().join("examples/common-templates/templates");
    let generated = compile_dir(&dir, "templates", Options::default()).expect("catalog compiles");
    assert_eq!(generated.templates.len(), 172);
    let text = pretty(&generated.tokens).expect("generated code parses");
    assert!(
        text.contains("pub fn rhel9_server_small("),
        "one function per template"
    );
    assert!(text.contains("pub static CATALOG"));
    // Identical rule texts share one function: far fewer rule sets than templates.
    let sets = text.matches("\nfn __rule_set_").count();
    assert!(sets > 0 && sets < 40, "{sets} rule sets");
}

/// Every historical release (v0.8.0 to v0.25.0, 400 templates) compiles, or fails with
/// diagnostics that name the file, the line and column inside it, and the rule; the trailing-comma
/// releases point at the comma.
#[test]
fn historical_catalogs_compile_or_fail_located() {
    let history = root().join("tests/corpus/common-templates-history");
    let mut releases: Vec<_> = std::fs::read_dir(&history)
        .expect("history")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    releases.sort();
    let mut outcomes = Vec::new();
    for release in &releases {
        let name = release
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        match compile_dir(release, &name, Options::default()) {
            Ok(g) => outcomes.push(format!("{name}: {} templates compiled", g.templates.len())),
            Err(diags) => {
                for d in &diags.0 {
                    assert!(d.line > 0 && d.column > 0, "located: {d}");
                    let file = release.join(d.file.trim_start_matches(&format!("{name}/")));
                    let text = std::fs::read_to_string(&file).expect("diagnostic names a file");
                    let line = text.lines().nth(d.line - 1).expect("line exists");
                    let at = line.chars().nth(d.column - 1);
                    if d.message.contains("trailing comma") {
                        assert_eq!(at, Some(','), "points at the comma: {d}");
                    }
                }
                outcomes.push(format!(
                    "{name}: {} diagnostics, first: {}",
                    diags.0.len(),
                    diags.0[0]
                ));
            }
        }
    }
    insta::assert_snapshot!(outcomes.join("\n"));
}

/// Two templates whose names become one function: located at the second one's name.
#[test]
fn a_function_name_collision_is_located_at_the_template_name() {
    let dir = root().join("codegen/tests/data/name_collision");
    let diags = compile_dir(&dir, "templates/", Options::default()).expect_err("a collision");
    let shown: Vec<String> = diags.0.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        ["templates/b.yaml:4:9: templates `rhel-9` and `rhel_9` both become the function `rhel_9`"]
    );
}
