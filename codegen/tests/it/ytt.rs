//! `compile_ytt_schemas`: named schemas of several files or a folder, read as `ytt -f` reads
//! them (`tests/data/ytt_package/`).

use std::path::{Path, PathBuf};

use validgen_codegen::{YttEntry, compile_ytt_schemas};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ytt_package")
        .join(rel)
}

fn entry(name: &str, paths: &[&str]) -> YttEntry {
    YttEntry {
        name: name.to_owned(),
        paths: paths.iter().map(|p| data(p)).collect(),
        display: paths.join(", "),
    }
}

#[test]
fn a_folder_is_one_schema_with_its_files_named_as_ytt_names_them() {
    let generated =
        compile_ytt_schemas(&[entry("app", &["config"])], false).expect("the folder compiles");
    let code = validgen_codegen::pretty(&generated.tokens).expect("parses");
    // Its schema and data-values files, named relative to the folder, in ytt's order; the
    // text file is not among them.
    let at = |name: &str| code.find(&format!("\"{name}\",")).unwrap_or(usize::MAX);
    let order = [
        at("schema.yml"),
        at("services/schema.extra.yml"),
        at("values.yml"),
    ];
    assert!(
        order[0] < order[1] && order[1] < order[2] && order[2] < usize::MAX,
        "{order:?}\n{code}"
    );
    assert!(!code.contains("not read"), "{code}");
    assert!(code.contains("pub fn app("), "{code}");
    // Every file read is tracked for rebuilds.
    assert_eq!(generated.files.len(), 3, "{:?}", generated.files);
}

#[test]
fn an_overlay_that_matches_nothing_is_ytts_error() {
    let err = compile_ytt_schemas(
        &[entry("app", &["config/schema.yml", "unmatched.yml"])],
        false,
    )
    .expect_err("ytt refuses the overlay");
    let text = err.to_string();
    assert!(
        text.contains("config/schema.yml, unmatched.yml: ytt: Error: Overlaying data values schema (in following order: schema.yml, unmatched.yml):")
            && text.contains("Expected number of matched nodes to be 1, but was 0"),
        "{text}"
    );
}

#[test]
fn two_schemas_of_one_name_are_an_error() {
    let err = compile_ytt_schemas(
        &[
            entry("app", &["config/schema.yml"]),
            entry("app", &["config"]),
        ],
        false,
    )
    .expect_err("a clash");
    assert!(
        err.to_string().contains("two schemas are named `app`"),
        "{err}"
    );
}
