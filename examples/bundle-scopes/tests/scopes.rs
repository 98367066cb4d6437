//! The update agent on the example descriptors: the add-ons under `addons/pass` may be
//! installed, each under `addons/fail` is refused with exactly the reasons listed here, and a
//! grammar the agent has not compiled in (interpreted at run time) gives the same reasons.

use std::path::{Path, PathBuf};

use bundle_scopes::{AgentError, check_addon};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(dir().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn reasons(base: &str, base_dir: &Path, addon: &str) -> Vec<String> {
    match check_addon(base, base_dir, &read(addon)) {
        Ok(r) => r.iter().map(ToString::to_string).collect(),
        Err(e) => panic!("{addon}: {e}"),
    }
}

const REFUSED: &[(&str, &[&str])] = &[
    (
        "root-in-normal.yaml",
        &["6:16: /containers/0/runAsRoot: only the realtime scope may run containers as root"],
    ),
    (
        "capadd-in-normal.yaml",
        &["7:13: /containers/0/capAdd: only the realtime scope may add capabilities (capAdd)"],
    ),
    (
        "realtime-flag-in-normal.yaml",
        &["6:15: /containers/0/realtime: only the realtime scope may set the realtime flag"],
    ),
    (
        "init-in-normal.yaml",
        &[
            "4:3: /initContainers: the normal-addon scope allows no init containers (the realtime scope does)",
        ],
    ),
    (
        "capability-outside-allow-list.yaml",
        &[
            "7:28: /containers/0/capAdd/1: the realtime scope may add only CAP_SYS_NICE, CAP_IPC_LOCK, CAP_NET_ADMIN, CAP_NET_RAW and CAP_SYS_RESOURCE",
        ],
    ),
    (
        "duplicate-capability.yaml",
        &["7:13: /containers/0/capAdd: capAdd lists a capability twice"],
    ),
    (
        "unknown-capability.yaml",
        &[
            "7:14: /containers/0/capAdd/0: not a Linux capability (see capabilities(7))",
            "7:14: /containers/0/capAdd/0: the realtime scope may add only CAP_SYS_NICE, CAP_IPC_LOCK, CAP_NET_ADMIN, CAP_NET_RAW and CAP_SYS_RESOURCE",
        ],
    ),
    (
        "base-bundle-scope.yaml",
        &[
            "4:8: /scope: scope `base-bundle` is not offered by base bundle robotics-base-bundle (it offers normal-addon, realtime)",
        ],
    ),
    (
        "unknown-scope-key.yaml",
        &[
            "3:13: /privileged: Additional properties are not allowed ('privileged' was unexpected)",
            "7:18: /containers/0/hostNetwork: Additional properties are not allowed ('hostNetwork' was unexpected)",
        ],
    ),
    (
        "many-reasons.yaml",
        &[
            "2:7: /name: name: lower-case letters, digits and '-', starting with a letter, 2 to 63 characters",
            "3:10: /version: version: MAJOR.MINOR.PATCH, e.g. 1.2.0",
            "9:5: /containers/0: a container needs an image",
            "11:13: /containers/0/capAdd: capAdd lists a capability twice",
            "10:16: /containers/0/runAsRoot: only the realtime scope may run containers as root",
            "11:13: /containers/0/capAdd: only the realtime scope may add capabilities (capAdd)",
            "6:3: /initContainers: the normal-addon scope allows no init containers (the realtime scope does)",
        ],
    ),
];

fn listed(sub: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir().join(sub))
        .unwrap_or_else(|e| panic!("{sub}: {e}"))
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    names
}

#[test]
fn add_ons_within_their_scope_may_be_installed() {
    let base = read("base-bundle.yaml");
    for name in listed("addons/pass") {
        assert_eq!(
            reasons(&base, &dir(), &format!("addons/pass/{name}")),
            Vec::<String>::new(),
            "{name}"
        );
    }
}

#[test]
fn each_broken_scope_key_is_refused_with_every_reason() {
    let base = read("base-bundle.yaml");
    let mut expected: Vec<&str> = REFUSED.iter().map(|(n, _)| *n).collect();
    expected.sort_unstable();
    assert_eq!(
        listed("addons/fail"),
        expected,
        "every failing descriptor has its reasons here"
    );
    for (name, want) in REFUSED {
        assert_eq!(
            reasons(&base, &dir(), &format!("addons/fail/{name}")),
            *want,
            "{name}"
        );
    }
}

#[test]
fn a_grammar_not_compiled_in_is_interpreted_with_the_same_reasons() {
    let tmp = std::env::temp_dir().join(format!("bundle-scopes-{}", std::process::id()));
    std::fs::create_dir_all(tmp.join("grammar")).expect("temp dir");
    std::fs::copy(
        dir().join("grammar/addon-bundle.schema.json"),
        tmp.join("grammar/renamed.schema.json"),
    )
    .expect("copy grammar");
    let base = read("base-bundle.yaml").replace("addon-bundle.schema.json", "renamed.schema.json");
    for (name, want) in REFUSED {
        assert_eq!(
            reasons(&base, &tmp, &format!("addons/fail/{name}")),
            *want,
            "{name}"
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_base_bundle_must_satisfy_its_grammar_and_name_one() {
    let addon = read("addons/pass/dashboard.yaml");
    let no_grammar = read("base-bundle.yaml").replace("addon-grammar:", "grammar:");
    assert!(matches!(
        check_addon(&no_grammar, &dir(), &addon),
        Err(AgentError::Grammar(m)) if m == "the base bundle names no addon-grammar"
    ));
    let broken = read("base-bundle.yaml").replace("CAP_SYS_ADMIN", "CAP_SYS_ADMINISTRATOR");
    match check_addon(&broken, &dir(), &addon) {
        Err(AgentError::BaseBundle(r)) => assert_eq!(
            r.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["15:42: /containers/0/capAdd/2: not a Linux capability (see capabilities(7))"]
        ),
        other => panic!("{other:?}"),
    }
    let missing = read("base-bundle.yaml").replace(
        "addon-grammar: grammar/addon-bundle.schema.json",
        "addon-grammar: grammar/nowhere.json",
    );
    assert!(
        matches!(check_addon(&missing, &dir(), &addon), Err(AgentError::Grammar(m)) if m.contains("nowhere.json"))
    );
}
