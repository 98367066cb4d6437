//! The CRD fixtures: every measured create is judged exactly as the API server answered it,
//! from the object and from its bytes alike, interpreted and (with the `crd-judges` feature)
//! compiled, so the benchmark measures the real work.

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
        }
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

#[cfg(feature = "crd-judges")]
#[test]
fn the_compiled_judges_give_the_api_servers_answers() {
    for case in &crd_cases() {
        for i in 0..case.objects.len() {
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
    }
}
