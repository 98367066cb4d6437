//! The compiled catalog against the interpreter on every bundled VM manifest: identical
//! decisions, in both modes.

use std::path::PathBuf;

use validgen::admission::{self, Catalog, Explain, Mode, collect_files};
use validgen::manifest::{DEFAULT_MAX_BYTES, read_file};

fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn compiled_catalog_decides_as_the_interpreter_on_every_bundled_vm() {
    let interpreter =
        Catalog::load_dir(&examples().join("common-templates/templates")).expect("catalog");
    let mut files = Vec::new();
    collect_files(&examples().join("vms"), &mut files).expect("vms");
    let mut vms = 0;
    for f in &files {
        for doc in read_file(f, DEFAULT_MAX_BYTES).expect("manifest") {
            if doc.value.get("kind").and_then(|k| k.as_str()) != Some("VirtualMachine") {
                continue;
            }
            vms += 1;
            for mode in [Mode::Raw, Mode::Admitted] {
                let compiled = common_templates::CATALOG.decide(&doc.value, mode);
                let interpreted = admission::decide(&doc.value, &interpreter, mode);
                assert_eq!(
                    compiled,
                    interpreted,
                    "{}#{} {mode:?}",
                    f.display(),
                    doc.index
                );
            }
        }
    }
    assert!(vms >= 35, "{vms} VMs");
}

#[test]
fn each_template_function_matches_the_interpreter_on_the_processed_vms() {
    let dir = examples().join("vms/processed");
    let mut files = Vec::new();
    collect_files(&dir, &mut files).expect("vms");
    let vms: Vec<(PathBuf, validgen::typed::TypedVm)> = files
        .iter()
        .map(|f| {
            let doc = &read_file(f, DEFAULT_MAX_BYTES).expect("manifest")[0];
            (
                f.clone(),
                validgen::typed::TypedVm::decode(&doc.value).expect("decodes"),
            )
        })
        .collect();
    let interpreter =
        Catalog::load_dir(&examples().join("common-templates/templates")).expect("catalog");
    for t in interpreter.templates() {
        let Some(text) = t.rule_text() else { continue };
        for (f, vm) in &vms {
            let want = admission::interpret_text(text, vm).expect("rules parse");
            let got = common_templates::CATALOG.compiled(text).expect("compiled")(
                vm.json(),
                Explain::All,
            );
            assert_eq!(got, want, "{} on {}", t.name, f.display());
        }
    }
}
