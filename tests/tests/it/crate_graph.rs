//! The architecture, checked: the compiler already refuses a cycle between crates; this checks
//! the layering it cannot see, from `cargo metadata`. Dialects depend on no validgen crate
//! (Kubernetes CEL, made of Go's regexp, quantity and duration dialects, and the `regex`
//! format, an ECMA-262 pattern, aside);
//! the core only on dialects; a frontend on the core and dialects, never on another frontend
//! (Kyverno and CRDs on JSON Schema aside); the back ends and tools above. Dev-dependencies (tests may
//! read files as another frontend does) are not layering.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// The layer of each library crate of the workspace.
fn layer(name: &str) -> Option<&'static str> {
    Some(match name {
        "validgen-goregex" | "validgen-ecmaregex" | "validgen-jsonpath" | "validgen-quantity"
        | "validgen-format" | "validgen-gotext" | "validgen-cel" => "dialect",
        "validgen-core" => "core",
        "validgen-kubevirt"
        | "validgen-json-schema"
        | "validgen-ytt"
        | "validgen-kyverno"
        | "validgen-crd" => "frontend",
        "validgen-codegen" | "validgen-vap" | "validgen-vap-eval" => "back end",
        "validgen-macros" | "validgen" | "validgen-cli" => "tool",
        _ => return None,
    })
}

/// Whether `from` may depend on `to` (both validgen crates).
fn allowed(from: &str, to: &str) -> bool {
    let (Some(a), Some(b)) = (layer(from), layer(to)) else {
        return true;
    };
    match (a, b) {
        // A dialect made of others: Kubernetes CEL of Go's regexp, quantities and durations;
        // the `regex` format of ECMA-262 patterns, Kubernetes' `duration` of Go's.
        ("dialect", _) => matches!(
            (from, to),
            (
                "validgen-cel",
                "validgen-goregex" | "validgen-quantity" | "validgen-gotext"
            ) | ("validgen-format", "validgen-ecmaregex" | "validgen-gotext")
        ),
        ("core", b) => b == "dialect",
        ("frontend", "frontend") => {
            matches!(from, "validgen-kyverno" | "validgen-crd") && to == "validgen-json-schema"
        }
        ("frontend", b) => matches!(b, "dialect" | "core"),
        // The offline CEL evaluator judges policies, whatever wrote them: dialects only.
        ("back end", _) if from == "validgen-vap-eval" => b == "dialect",
        ("back end", b) => b != "tool",
        ("tool", _) => to != "validgen-cli",
        _ => false,
    }
}

/// `cargo metadata` of the workspace's own packages.
fn metadata() -> Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("metadata is JSON")
}

/// Each workspace package's normal and build dependencies on validgen crates.
fn graph() -> BTreeMap<String, Vec<String>> {
    let meta = metadata();
    let mut graph = BTreeMap::new();
    for package in meta["packages"].as_array().expect("packages") {
        let name = package["name"].as_str().expect("name").to_owned();
        let deps = package["dependencies"]
            .as_array()
            .expect("dependencies")
            .iter()
            .filter(|d| d["kind"].as_str() != Some("dev"))
            .filter_map(|d| d["name"].as_str())
            .filter(|d| layer(d).is_some())
            .map(str::to_owned)
            .collect();
        graph.insert(name, deps);
    }
    graph
}

#[test]
fn crates_depend_only_on_the_layers_below() {
    let graph = graph();
    for krate in [
        "validgen",
        "validgen-core",
        "validgen-goregex",
        "validgen-kubevirt",
        "validgen-json-schema",
        "validgen-ytt",
        "validgen-kyverno",
        "validgen-codegen",
        "validgen-cli",
    ] {
        assert!(graph.contains_key(krate), "{krate} is not in the workspace");
    }
    let wrong: Vec<String> = graph
        .iter()
        .filter(|(from, _)| layer(from).is_some())
        .flat_map(|(from, deps)| {
            deps.iter()
                .filter(|to| !allowed(from, to))
                .map(move |to| format!("{from} → {to}"))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "dependencies across the layers: {wrong:?}"
    );
}

#[test]
fn the_rule_itself_refuses_what_it_should() {
    assert!(!allowed("validgen-core", "validgen-kubevirt"));
    assert!(!allowed("validgen-ytt", "validgen-json-schema"));
    assert!(!allowed("validgen-goregex", "validgen-core"));
    assert!(!allowed("validgen-goregex", "validgen-cel"));
    assert!(!allowed("validgen-cel", "validgen-core"));
    assert!(allowed("validgen-cel", "validgen-quantity"));
    assert!(allowed("validgen-format", "validgen-ecmaregex"));
    assert!(!allowed("validgen-ecmaregex", "validgen-format"));
    assert!(!allowed("validgen-vap-eval", "validgen-core"));
    assert!(!allowed("validgen-codegen", "validgen-cli"));
    assert!(allowed("validgen-kyverno", "validgen-json-schema"));
    assert!(allowed("validgen-json-schema", "validgen-core"));
    assert!(allowed("validgen-cli", "validgen-codegen"));
}

/// A user's crate pays for the frontends it uses: the code generator and the macros reach
/// each frontend only through the cargo feature named after it, and the facade's feature of
/// that name turns the macro's on.
#[test]
fn each_frontend_reaches_the_macros_through_its_own_feature() {
    let meta = metadata();
    let package = |name: &str| -> Value {
        meta["packages"]
            .as_array()
            .expect("packages")
            .iter()
            .find(|p| p["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("{name} is not in the workspace"))
    };
    let (codegen, macros, facade) = (
        package("validgen-codegen"),
        package("validgen-macros"),
        package("validgen"),
    );
    for (feature, frontend) in [
        ("kubevirt", "validgen-kubevirt"),
        ("json-schema", "validgen-json-schema"),
        ("ytt", "validgen-ytt"),
    ] {
        let dep = codegen["dependencies"]
            .as_array()
            .expect("dependencies")
            .iter()
            .find(|d| d["name"] == frontend && d["kind"].is_null())
            .unwrap_or_else(|| panic!("validgen-codegen does not depend on {frontend}"));
        assert_eq!(dep["optional"], true, "{frontend} in validgen-codegen");
        let enables = |p: &Value, f: &str| -> Vec<String> {
            p["features"][f]
                .as_array()
                .unwrap_or_else(|| panic!("{} has no feature {f}", p["name"]))
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        };
        assert!(
            enables(&codegen, feature).contains(&format!("dep:{frontend}")),
            "validgen-codegen/{feature}"
        );
        for other in ["validgen-kubevirt", "validgen-json-schema", "validgen-ytt"] {
            if other != frontend {
                assert!(
                    !enables(&codegen, feature).contains(&format!("dep:{other}")),
                    "validgen-codegen/{feature} brings {other}"
                );
            }
        }
        assert_eq!(
            enables(&macros, feature),
            [format!("validgen-codegen/{feature}")],
            "validgen-macros/{feature}"
        );
        assert!(
            enables(&facade, feature).contains(&format!("validgen-macros?/{feature}")),
            "validgen/{feature}"
        );
    }
    let codegen_of_macros = macros["dependencies"]
        .as_array()
        .expect("dependencies")
        .iter()
        .find(|d| d["name"] == "validgen-codegen")
        .expect("validgen-macros depends on validgen-codegen");
    assert_eq!(
        codegen_of_macros["uses_default_features"], false,
        "validgen-macros takes validgen-codegen's formats from its own features"
    );
}
