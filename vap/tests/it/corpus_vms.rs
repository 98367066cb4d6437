//! The bundled VMs (`examples/vms/processed`, `examples/vms/derived`: VMs the catalog's
//! templates give, and variants) through the bundled catalog's policies offline, admitted, and
//! through validgen's admission decision: same verdicts, messages and warnings. A VM carrying
//! a rule text the catalog does not have (an older release's) matches no policy and is
//! allowed; those are listed.

use crate::common;

use common::{bundled_catalog, default_policies, root};

use validgen_vap_eval as offline;

use validgen_kubevirt::admission::{Mode, VALIDATIONS, decide};
use validgen_kubevirt::manifest::{DEFAULT_MAX_BYTES, read_file};
use validgen_kubevirt::typed::TypedVm;

#[test]
fn bundled_vms_get_validgens_answers() {
    let catalog = bundled_catalog();
    let policies = default_policies(&catalog);
    let compiled: Vec<&str> = catalog
        .templates()
        .filter_map(|t| t.object_validations.as_deref())
        .collect();
    let mut files = Vec::new();
    for dir in ["examples/vms/processed", "examples/vms/derived"] {
        let mut names: Vec<_> = std::fs::read_dir(root().join(dir))
            .expect("a folder")
            .map(|e| e.expect("an entry").path())
            .collect();
        names.sort();
        files.extend(names);
    }
    let mut lines = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        for doc in read_file(file, DEFAULT_MAX_BYTES).expect("a manifest") {
            let vm = &doc.value;
            let mut typed = TypedVm::decode(vm).expect("decodes");
            typed.canonicalize_quantities();
            let got = offline::admit(&policies, typed.json());
            let denied = got.denied.map(|d| d.message);
            let warnings: Vec<String> = got.warnings.into_iter().map(|d| d.message).collect();
            let text = vm["metadata"]["annotations"][VALIDATIONS]
                .as_str()
                .unwrap_or_default();
            if !compiled.contains(&text) {
                assert_eq!((&denied, warnings.len()), (&None, 0), "{name}");
                lines.push(format!("{name}: not compiled, allowed"));
                continue;
            }
            let d = decide(vm, &catalog, Mode::Admitted);
            assert_eq!(
                (&denied, &warnings),
                (&d.message.filter(|_| !d.allowed), &d.warnings),
                "{name}"
            );
            lines.push(format!(
                "{name}: {}, {} warning(s)",
                if denied.is_some() {
                    "denied"
                } else {
                    "allowed"
                },
                warnings.len()
            ));
        }
    }
    insta::assert_snapshot!("corpus_vms", lines.join("\n"));
}
