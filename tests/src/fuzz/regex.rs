//! The ECMA-262 pattern translation (`validgen-ecmaregex`) against `regress`, an ECMA-262
//! engine, on match results.

use validgen::serde_json::Value;
use validgen_ecmaregex::EcmaRegex;

use super::{each_value, first_line, text};

/// Longest subject given to `regress`, in characters: it backtracks without a step limit
/// (ridiculousfish/regress#140), so a short subject bounds its time on a pattern such as
/// `(a+)+b`; validgen also matches the whole subject.
const ORACLE_SUBJECT_CHARS: usize = 12;

/// Patterns where validgen's documented differences from ECMA-262 apply
/// (`dialects/ecmaregex/src/lib.rs`, "Known differences"): backreferences (a capture kept
/// across iterations, a backreference in a lookbehind), lone surrogates, and Unicode data
/// (property escapes, group names), which may be of another version in `regress`.
fn known_difference(pattern: &str) -> bool {
    let lower = pattern.to_ascii_lowercase();
    let backreference = pattern
        .as_bytes()
        .windows(2)
        .any(|w| w[0] == b'\\' && (w[1].is_ascii_digit() && w[1] != b'0' || w[1] == b'k'));
    backreference
        || [
            "\\ud8", "\\ud9", "\\uda", "\\udb", "\\udc", "\\udd", "\\ude", "\\udf",
        ]
        .iter()
        .any(|s| lower.contains(s))
        || lower.contains("\\p{")
        || !pattern.is_ascii()
}

/// Whether `regress` may backtrack exponentially even on [`ORACLE_SUBJECT_CHARS`] characters:
/// a pattern with an empty alternative (`||`, `(|`, `|)`) and a repeated group. Found by the
/// campaign of 2026-11-30 (`fuzz/regressions/ecmaregex/`, `oracle-backtracks-on-…`):
/// `(…|…||…|…){6,}` took `regress` 5.5 s on 12 characters in a release build, 71 s under the
/// fuzzer, each iteration matching empty in several ways; validgen answered at once.
fn oracle_may_explode(pattern: &str) -> bool {
    let empty_alternative = ["||", "(|", "|)"].iter().any(|s| pattern.contains(s));
    let repeated_group = [")*", ")+", "){", ")?"].iter().any(|s| pattern.contains(s));
    empty_alternative && repeated_group
}

/// The first line is a pattern, the rest a subject. A pattern validgen compiles is matched
/// against the subject (no panic, bounded time: the automaton's size limit, the backtracking
/// step limit); where `regress` compiles it too (flag `u`, as validgen reads patterns) and no
/// known difference applies, both find a match in the subject's first
/// [`ORACLE_SUBJECT_CHARS`] characters alike (unless validgen's step limit stops it, or the
/// pattern is one `regress` may take minutes on: [`oracle_may_explode`]).
pub fn ecmaregex(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let (pattern, subject) = first_line(text);
    let Ok(re) = EcmaRegex::new(pattern) else {
        return;
    };
    let _ = re.is_match(subject);
    if known_difference(pattern) || oracle_may_explode(pattern) {
        return;
    }
    let Ok(oracle) = regress::Regex::with_flags(pattern, "u") else {
        return;
    };
    let short: String = subject.chars().take(ORACLE_SUBJECT_CHARS).collect();
    if let Ok(ours) = re.is_match(&short) {
        let theirs = oracle.find(&short).is_some();
        assert_eq!(ours, theirs, "/{pattern}/u on {short:?}: validgen, regress");
    }
}

/// Seeds from the JSON-Schema-Test-Suite's groups (schema, instances): each `pattern` and
/// `patternProperties` key of a schema, on each string its tests hold (or on nothing).
pub(super) fn seeds(suite: &[(Value, Vec<Value>)]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (schema, data) in suite {
        let mut patterns = Vec::new();
        each_value(schema, usize::MAX, &mut |pointer, v| {
            if pointer.ends_with("/pattern") {
                patterns.extend(v.as_str().map(str::to_owned));
            } else if pointer.ends_with("/patternProperties") {
                patterns.extend(v.as_object().into_iter().flat_map(|m| m.keys().cloned()));
            }
        });
        let mut subjects: Vec<String> = vec![String::new()];
        for d in data {
            each_value(d, 100, &mut |_, v| {
                subjects.extend(v.as_str().map(str::to_owned))
            });
        }
        for p in patterns.iter().filter(|p| !p.contains('\n')) {
            out.extend(subjects.iter().map(|s| format!("{p}\n{s}").into_bytes()));
        }
    }
    out
}
