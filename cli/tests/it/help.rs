//! `--help` of the tool and of every command.

use crate::common;

use common::run;

#[test]
fn help_of_every_command() {
    for (name, args) in [
        ("validgen", vec!["--help"]),
        ("validate", vec!["validate", "--help"]),
        ("review", vec!["review", "--help"]),
        ("explain", vec!["explain", "--help"]),
        ("serve", vec!["serve", "--help"]),
        ("generate", vec!["generate", "--help"]),
        ("check", vec!["check", "--help"]),
        ("ytt", vec!["ytt", "--help"]),
        ("export", vec!["export", "--help"]),
        ("diff", vec!["diff", "--help"]),
        ("vap", vec!["vap", "--help"]),
        ("vap_test", vec!["vap", "test", "--help"]),
        ("kyverno", vec!["kyverno", "--help"]),
        ("kyverno_migrate", vec!["kyverno", "migrate", "--help"]),
        ("kyverno_schema", vec!["kyverno", "schema", "--help"]),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{name}: {err}");
        insta::assert_snapshot!(format!("help_{name}"), out);
    }
}
