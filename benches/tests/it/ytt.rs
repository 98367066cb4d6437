//! The ytt fixtures: the compiled and the interpreted paths agree on the real values.

use validgen::ytt::check::judge;

use validgen::ytt::values::SchemaFile;
use validgen_benches::ytt::*;

#[test]
fn compiled_and_interpreted_ytt_paths_agree_on_the_real_values() {
    let cases = ytt_cases();
    assert_eq!(cases.len(), compiled::YTT_SCHEMAS.len());
    for case in &cases {
        let id = case.label;
        let interpreted = case.run_interpreted(&case.invocation());
        assert_eq!(interpreted.exit_code, 0, "{id}: {}", interpreted.stderr);
        assert!(!interpreted.stdout.is_empty(), "{id}: no data values");
        assert_eq!(case.run_compiled(), interpreted, "{id}");
        let judged = judge(
            &[case.schema.files[0].0.to_owned()],
            &[VALUES.to_owned()],
            &|n: &str| case.read(n),
            false,
        );
        assert_eq!(judged.map(|j| j.violations), Ok(Vec::new()), "{id}");

        let (built, rules) = build(case.schema.files[0].0, case.schema.files[0].1);
        let file = SchemaFile {
            schema: &built,
            texts: vec![(case.schema.files[0].0, case.schema.files[0].1)],
        };
        let validate = case.schema.validate;
        assert_eq!(
            values_check(&file, &case.values, Some(&rules), validate),
            None
        );
        assert_eq!(values_check(&file, &case.values, None, validate), None);
    }
}

#[test]
fn a_broken_value_gets_the_same_report_from_both_validators() {
    // `namespace` has `min_len=1`.
    let case = &ytt_cases()[0];
    let (built, rules) = build(case.schema.files[0].0, case.schema.files[0].1);
    let file = SchemaFile {
        schema: &built,
        texts: vec![(case.schema.files[0].0, case.schema.files[0].1)],
    };
    let broken = "namespace: \"\"\n";
    let interpreted = values_check(&file, broken, Some(&rules), case.schema.validate);
    assert!(
        interpreted
            .as_deref()
            .is_some_and(|r| r.contains("namespace")),
        "{interpreted:?}"
    );
    assert_eq!(
        values_check(&file, broken, None, case.schema.validate),
        interpreted
    );
}
