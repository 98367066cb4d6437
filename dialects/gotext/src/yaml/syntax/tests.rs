//! go-yaml's first error on small texts, as ytt 0.48.0's go-yaml gave it (recorded with
//! `ytt --data-values-file t.yml`, whose text is `yaml: line N: problem` before ytt's line
//! correction: these texts carry the `---\n` ytt prepends, so N is one more than ytt prints).

use super::{SyntaxError, check};

fn error(source: &str) -> (usize, String) {
    let e = check(source).expect_err(source);
    (e.line, e.problem)
}

#[test]
fn scanner_errors_name_the_line_of_the_problem() {
    for (source, line, problem) in [
        (
            "---\na:\n\tb: 1\n",
            3,
            "found character that cannot start any token",
        ),
        (
            "---\na: b: c\n",
            2,
            "mapping values are not allowed in this context",
        ),
        ("---\na: 'x\n", 3, "found unexpected end of stream"),
        (
            "---\na: @x\n",
            2,
            "found character that cannot start any token",
        ),
        ("---\na: \"\\q\"\n", 2, "found unknown escape character"),
        (
            "---\na: |0\n  x\n",
            2,
            "found an indentation indicator equal to 0",
        ),
        (
            "---\na: [\n'x\n---\n'\n",
            4,
            "found unexpected document indicator",
        ),
    ] {
        assert_eq!(error(source), (line, problem.to_owned()), "{source:?}");
    }
}

#[test]
fn parser_errors_name_the_line_before_the_token() {
    // go-yaml prints a parser error's 0-based line (`decode.go` `fail`).
    for (source, line, problem) in [
        ("---\n[1,2\n", 2, "did not find expected ',' or ']'"),
        ("---\n{a: 1\n", 2, "did not find expected ',' or '}'"),
        ("---\na:\n  b: 1\n c: 2\n", 3, "did not find expected key"),
        ("---\n- a\nb: c\n", 2, "did not find expected '-' indicator"),
        ("---\na: 1\n]\n", 2, "did not find expected key"),
        ("---\na: !e!x 1\n", 1, "found undefined tag handle"),
        (
            "---\na: 1\n...\nb: 2\n",
            3,
            "did not find expected <document start>",
        ),
        (
            "%YAML 1.1\n%YAML 1.1\n---\n",
            1,
            "found duplicate %YAML directive",
        ),
        (
            "---\na: 1\n...\n%YAML 1.2\n---\n",
            3,
            "found incompatible YAML document",
        ),
        (
            "---\n- a: 1\n  b: 2\n c\n",
            3,
            "did not find expected '-' indicator",
        ),
    ] {
        assert_eq!(error(source), (line, problem.to_owned()), "{source:?}");
    }
}

#[test]
fn an_alias_needs_an_anchor_of_its_document_before_it() {
    let unknown = |name: &str| (0, format!("unknown anchor '{name}' referenced"));
    assert_eq!(error("---\na: *x\n"), unknown("x"));
    assert_eq!(error("---\na: &x 1\n---\nb: *x\n"), unknown("x"));
    assert_eq!(check("---\na: &x 1\nb: *x\n"), Ok(()));
    // An anchor is known from its node's start (its own value may name it: the decoder's error).
    assert_eq!(check("---\na: &x [*x]\n"), Ok(()));
}

#[test]
fn the_failing_document_is_counted_from_zero() {
    let e = check("---\na: 1\n---\nb: [\n").expect_err("second document");
    assert_eq!(
        e,
        SyntaxError {
            line: 4,
            problem: "did not find expected node content".to_owned(),
            document: 1,
        }
    );
}

#[test]
fn what_go_yaml_reads_passes() {
    for source in [
        "---\na: 1\nb: [1, {c: d}]\nc: |\n  x\n  y\nd: >-\n  z\n",
        "---\n- a\n- b: c\n  d: e\n-\n  - f\n",
        "---\na: !!str 1\nb: !<tag:x> 2\nc: ! 3\nd: 'it''s'\ne: \"\\x41\\u00e9\"\n",
        "---\n? a\n: b\n[x]: 1\n",
        "%TAG !e! tag:example.com,2000:\n---\na: !e!x 1\n",
        "---\na: [b: 1, c: 2]\nb: {c, d: 1}\nc: [? e : f]\n",
        "---\na: x # comment\n# another\n",
    ] {
        assert_eq!(check(source), Ok(()), "{source:?}");
    }
}

#[test]
fn nesting_is_checked_up_to_the_builders_limit() {
    let open = |depth: usize| format!("---\n{}\n", "[".repeat(depth));
    assert_eq!(error(&open(256)).1, "did not find expected node content");
    // Deeper, the builder refuses the text (`build::MAX_DEPTH`): the checker stops in time.
    assert_eq!(check(&open(100_000)), Ok(()));
}
