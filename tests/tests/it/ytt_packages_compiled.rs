//! Every recorded ytt package case (`conformance/ytt/packages.jsonl`: real multi-file packages,
//! schema overlays, folders, every data-values flag) whose schema ytt accepts, run with the
//! schema's validations compiled (`build.rs`, each case's `-f` files compiled as one schema as
//! `include_ytt_schemas!(name = [...])` compiles them) instead of interpreted: ytt's exit code,
//! stdout and stderr byte for byte.

use crate::ytt_recorded as recorded;

use validgen::ytt::compiled::compilable;
use validgen::ytt::files::Memory;
use validgen::ytt::run::run_with;
use validgen_tests::ytt_packages::YTT_PACKAGES;

#[test]
fn package_cases_through_compiled_schemas_are_ytts() {
    let mut compiled = 0;
    let mut failing = Vec::new();
    for case in recorded::packages() {
        let files: Vec<(&str, &str)> = case
            .files
            .iter()
            .map(|f| (f.name.as_str(), f.text.as_str()))
            .collect();
        let f_args: Vec<String> = case
            .args
            .windows(2)
            .filter(|w| w[0] == "-f")
            .map(|w| w[1].clone())
            .collect();
        let Ok(schema) = compilable(&f_args, &Memory(&files), false) else {
            continue;
        };
        let validate = YTT_PACKAGES
            .iter()
            .find(|(fs, _)| {
                fs.len() == schema.files.len()
                    && fs
                        .iter()
                        .zip(&schema.files)
                        .all(|((n, t), (m, u))| n == m && t == u)
            })
            .map(|(_, f)| *f)
            .unwrap_or_else(|| panic!("{}: build.rs compiled no validator", case.id));
        let invocation = validgen_cli::ytt::invocation_of(&case.args, &case.env)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let got = run_with(&invocation, &Memory(&files), Some(validate));
        compiled += 1;
        let e = &case.expected;
        if (got.exit_code, got.stdout.as_str(), got.stderr.as_str())
            != (e.exit_code, e.stdout.as_str(), e.stderr.as_str())
        {
            failing.push(format!(
                "{}: got exit {}\n{}{}",
                case.id, got.exit_code, got.stdout, got.stderr
            ));
        }
    }
    assert!(failing.is_empty(), "{}", failing.join("\n"));
    // Measured: the cases whose schema ytt accepts, of 401 (the others stop at the schema, at a
    // YAML error of an `-f` file, or have none; 21 of the 38 `yaml-syntax` cases compile).
    assert_eq!(compiled, 308);
}
