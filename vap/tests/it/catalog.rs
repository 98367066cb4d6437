//! The bundled catalog (`examples/common-templates/templates`, 172 templates) compiled to
//! policies: 7 Deny and 3 Warn policies, each under 10 KB, every rule exact, names stable.

use std::path::Path;

use validgen_kubevirt::admission::Catalog;
use validgen_vap::{Class, Options, compile, to_yaml};

fn catalog() -> Catalog {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/common-templates/templates");
    Catalog::load_dir(&dir).expect("the bundled catalog loads")
}

#[test]
fn bundled_catalog_gives_seven_deny_and_three_warn_policies() {
    let out = compile(&catalog(), &Options::default());
    let policies: Vec<&serde_json::Value> = out
        .documents
        .iter()
        .filter(|d| d["kind"] == "ValidatingAdmissionPolicy")
        .collect();
    let warn = policies
        .iter()
        .filter(|p| {
            p["metadata"]["name"]
                .as_str()
                .is_some_and(|n| n.ends_with("-warn"))
        })
        .count();
    assert_eq!((policies.len() - warn, warn), (7, 3));
    assert_eq!(out.documents.len(), 20, "one binding per policy");
    for p in &policies {
        let size = to_yaml(std::slice::from_ref(*p)).expect("prints").len();
        assert!(size < 10_000, "{}: {size} bytes", p["metadata"]["name"]);
    }
    assert_eq!(out.report.summary.rule_sets, 7);
    assert_eq!(out.report.summary.policies, 10);
    assert_eq!(
        (
            out.report.summary.exact,
            out.report.summary.approximate,
            out.report.summary.untranslatable
        ),
        (17, 0, 0)
    );
    assert_eq!(out.report.worst(), Class::Exact);
    let templates: usize = out.report.rule_sets.iter().map(|s| s.templates.len()).sum();
    assert_eq!(templates, 172);
}

#[test]
fn policies_of_the_bundled_catalog() {
    let out = compile(&catalog(), &Options::default());
    let yaml = to_yaml(&out.documents).expect("prints");
    assert_eq!(
        yaml,
        to_yaml(&compile(&catalog(), &Options::default()).documents).expect("prints"),
        "deterministic"
    );
    insta::assert_snapshot!("policies", yaml);
}

#[test]
fn report_of_the_bundled_catalog() {
    let out = compile(&catalog(), &Options::default());
    insta::assert_snapshot!("report", out.report.table());
}
