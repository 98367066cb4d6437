//! The CRD fixtures: every measured create is judged exactly as the API server answered it,
//! from the object and from its bytes alike, interpreted and compiled, so the benchmark
//! measures the real work.

use validgen_benches::crd::crd_cases;

#[test]
fn the_measured_creates_get_the_api_servers_answers() {
    let cases = crd_cases();
    assert_eq!(cases.len(), 2);
    for case in &cases {
        assert_eq!(case.objects.len(), 62, "{}", case.label);
        for i in 0..case.objects.len() {
            assert_eq!(case.judge(i), case.expected[i], "{} #{i}", case.label);
            assert_eq!(case.judge_bytes(i), case.expected[i], "{} #{i}", case.label);
            let compiled = case.judge_compiled(i);
            assert_eq!(compiled, case.expected[i], "{} #{i}", case.label);
            assert_eq!(
                case.judge_compiled_bytes(i),
                compiled,
                "{} #{i}",
                case.label
            );
        }
        // Some of the rules run as Rust.
        assert!(!case.compiled.compiled.is_empty(), "{}", case.label);
        // Some objects break CEL rules, some the structural schema.
        assert!(
            (0..case.objects.len()).any(|i| case.cel(i) > 0),
            "{}",
            case.label
        );
        assert!(
            (0..case.objects.len()).any(|i| case.structural(i) > 0),
            "{}",
            case.label
        );
    }
}
