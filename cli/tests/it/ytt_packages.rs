//! The cases recorded from ytt 0.48.0 over real multi-file packages and schema overlays
//! (`tests/conformance/ytt/packages.jsonl`), run through `validgen ytt` in process on their
//! files as a tree (folders listed as ytt lists them): exit code, stdout and stderr byte for
//! byte. `YTT_CASE=<id prefix>` prints the differences of matching cases.

use crate::recorded::{Case, packages};

use validgen_cli::ytt::invocation_of;
use validgen_ytt::files::Memory;
use validgen_ytt::run::{Outcome, run_with};

/// A case's files by relative name, as [`Memory`] takes them (folders listed as ytt lists
/// them).
pub(crate) fn files(case: &Case) -> Vec<(&str, &str)> {
    case.files
        .iter()
        .map(|f| (f.name.as_str(), f.text.as_str()))
        .collect()
}

fn run(case: &Case) -> Outcome {
    let invocation =
        invocation_of(&case.args, &case.env).unwrap_or_else(|e| panic!("{}: {e}", case.id));
    run_with(&invocation, &Memory(&files(case)), None)
}

#[test]
fn every_package_case_conforms() {
    let cases = packages();
    assert_eq!(cases.len(), 401);
    let show = std::env::var("YTT_CASE").ok();
    let mut failing = Vec::new();
    for case in &cases {
        let got = run(case);
        let e = &case.expected;
        if (got.exit_code, got.stdout.as_str(), got.stderr.as_str())
            == (e.exit_code, e.stdout.as_str(), e.stderr.as_str())
        {
            continue;
        }
        failing.push(case.id.as_str());
        if show.as_deref().is_some_and(|p| case.id.starts_with(p)) {
            eprintln!(
                "=== {}\n--- expected exit {}\n{}{}\n--- got exit {}\n{}{}",
                case.id, e.exit_code, e.stdout, e.stderr, got.exit_code, got.stdout, got.stderr
            );
        }
    }
    assert!(failing.is_empty(), "failing: {failing:?}");
}

/// `-f -` and `--data-values-file -` read standard input, named `stdin.yml`, as ytt 0.48.0
/// does (its output recorded with `printf '...' | ytt -f s.yml -f - --data-values-inspect`,
/// the case format having no standard input).
#[test]
fn standard_input_is_named_stdin_yml() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("s.yml"),
        "#@data/values-schema\n---\na: 1\n",
    )
    .expect("written");
    let report = |order: &str, line: &str| {
        format!(
            "ytt: Error: Overlaying data values (in following order: {order}): \nOne or more data values were invalid\n====================================\n\nstdin.yml:\n    |\n  {line}\n    |\n\n    = found: string\n    = expected: integer (by s.yml:3)\n\n\n"
        )
    };
    for (args, stdin, expected) in [
        (
            ["-f", "-"],
            "#@data/values\n---\na: x\n",
            report("stdin.yml", "3 | a: x"),
        ),
        (
            ["--data-values-file", "-"],
            "a: x\n",
            report("additional data values", "1 | a: x"),
        ),
    ] {
        assert_cmd::Command::cargo_bin("validgen")
            .expect("binary")
            .current_dir(dir.path())
            .args(["ytt", "-f", "s.yml"])
            .args(args)
            .arg("--data-values-inspect")
            .write_stdin(stdin)
            .assert()
            .code(1)
            .stdout("")
            .stderr(expected);
    }
}

/// The cases recorded with an environment (`data-values-env`: `--data-values-env` and
/// `--data-values-env-yaml`) and those of go-yaml's syntax errors (`yaml-syntax`: every flag
/// that reads YAML) through the `validgen` binary, their files written to a folder and their
/// `env` the child's whole environment, in order (the test process's own never leaks in):
/// exit code, stdout and stderr byte for byte.
#[test]
fn environment_and_yaml_syntax_cases_through_the_binary() {
    let cases: Vec<Case> = packages()
        .into_iter()
        .filter(|c| !c.env.is_empty() || c.group == "yaml-syntax")
        .collect();
    assert_eq!(cases.len(), 32 + 38);
    for case in &cases {
        let dir = tempfile::tempdir().expect("temp dir");
        for f in &case.files {
            let path = dir.path().join(&f.name);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("folder");
            std::fs::write(path, &f.text).expect("written");
        }
        let e = &case.expected;
        // `env -i`, as the cases were recorded: `Command::envs` would sort the variables, and
        // their order is what ytt reads.
        let pairs = case.env.iter().map(|(k, v)| format!("{k}={v}"));
        assert_cmd::Command::new("env")
            .current_dir(dir.path())
            .arg("-i")
            .args(pairs)
            .arg(env!("CARGO_BIN_EXE_validgen"))
            .arg("ytt")
            .args(&case.args)
            .assert()
            .code(e.exit_code)
            .stdout(e.stdout.clone())
            .stderr(e.stderr.clone());
    }
}

/// A folder of 10 000 files (a schema among text files ytt passes over) is read as ytt reads
/// it; one more file is an error, not a long run (ytt has no bound).
#[test]
fn a_folder_of_ten_thousand_files_and_one_more() {
    let dir = tempfile::tempdir().expect("temp dir");
    let many = dir.path().join("many");
    std::fs::create_dir(&many).expect("folder");
    std::fs::write(many.join("schema.yml"), "#@data/values-schema\n---\na: 1\n").expect("written");
    for i in 1..validgen_ytt::files::MAX_FILES {
        std::fs::write(many.join(format!("{i}.txt")), "").expect("written");
    }
    let run = || {
        assert_cmd::Command::cargo_bin("validgen")
            .expect("binary")
            .current_dir(dir.path())
            .args(["ytt", "-f", "many", "--data-values-inspect"])
            .assert()
    };
    run().code(0).stdout("a: 1\n").stderr("");
    std::fs::write(many.join("one-more.txt"), "").expect("written");
    run().code(1).stdout("").stderr(
        "ytt: Error: Listing files 'many':\n  validgen: more than 10000 files under many\n",
    );
}

/// Starlark validgen does not run is refused, named and located, and what it runs stays
/// bounded: a `load()` cycle of `.star` files (ytt 0.48 overflows its stack), ytt's `pass`,
/// recursion (starlark-go's error), a loop that never ends (the step budget), a function
/// whose text doubles with each call.
#[test]
fn starlark_refusals_and_bounds() {
    let schema = "#@ load(\"h.star\", \"f\")\n#@data/values-schema\n---\n#@schema/validation (\"f\", f)\na: 1\n";
    // Each function calls the one before twice: inlined (`and`), the text doubles with each;
    // run (`+`, which the interpreter runs), the calls do.
    let doubling = |op: &str| -> String {
        (1..40)
            .map(|i| {
                format!(
                    "def f{i}(v):\n  return f{}(v) {op} f{}(v)\nend\n",
                    i - 1,
                    i - 1
                )
            })
            .collect()
    };
    let refused = "ytt: Error: schema.yml:1: unsupported: ";
    let cases = [
        (
            "def f(v):\n  return v > 0\nend\nload(\"g.star\", \"g\")\n".to_owned(),
            refused,
            "a load() cycle or a chain of more than 32 loads (h.star -> g.star -> h.star; ytt 0.48 overflows its stack)",
        ),
        (
            "def f(v):\n  for x in v:\n    pass\n  end\n  return True\nend\n".to_owned(),
            refused,
            "use of reserved keyword 'pass' is not allowed, in `h.star` (line 3)",
        ),
        (
            "def f(v):\n  return g(v)\nend\ndef g(v):\n  return f(v)\nend\n".to_owned(),
            "ytt: Error: Validating final data values:",
            "found: function f called recursively",
        ),
        (
            "def f(v):\n  for i in range(1000000000000):\n    v += 1\n  end\n  return True\nend\n"
                .to_owned(),
            "ytt: Error: Validating final data values:",
            "found: validgen: h.star:2: the function f ran more than 100000 steps",
        ),
        (
            format!(
                "def f0(v):\n  return v\nend\n{}def f(v):\n  return f39(v)\nend\n",
                doubling("and")
            ),
            "ytt: Error: schema.yml:4: unsupported: ",
            "longer than 65536 bytes",
        ),
        (
            format!(
                "def f0(v):\n  return v\nend\n{}def f(v):\n  return f39(v)\nend\n",
                doubling("+")
            ),
            "ytt: Error: Validating final data values:",
            "ran more than 100000 steps",
        ),
    ];
    for (star, starts, says) in &cases {
        let g = "load(\"h.star\", \"f\")\ndef g(v):\n  return v\nend\n";
        let files = [
            ("schema.yml", schema),
            ("h.star", star.as_str()),
            ("g.star", g),
        ];
        let args = [
            "-f",
            "schema.yml",
            "-f",
            "h.star",
            "-f",
            "g.star",
            "--data-values-inspect",
        ]
        .map(str::to_owned);
        let invocation = invocation_of(&args, &[]).expect("flags");
        let got = run_with(&invocation, &Memory(&files), None);
        assert_eq!(got.exit_code, 1, "{says}");
        assert!(
            got.stderr.starts_with(starts) && got.stderr.contains(says),
            "{says}: {}",
            got.stderr
        );
    }
}
