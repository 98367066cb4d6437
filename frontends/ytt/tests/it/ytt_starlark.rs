//! The Starlark of ytt annotations against the recorded ytt 0.48.0 cases
//! (`tests/conformance/ytt/cases.jsonl`): every `#@` line evaluates without panicking, the
//! out-of-scope cases are refused by name, and ytt's `Templating file` and
//! `Invalid @... annotation` texts are reproduced.

use std::sync::Arc;

use serde_json::Value as Json;
use validgen_gotext::yaml::Pos;
use validgen_ytt::annotations::Annotation;
use validgen_ytt::checks::{self as ytt, Context};
use validgen_ytt::starlark::{ErrorKind, evaluate_arguments, refuse_code};
use validgen_ytt::validation::{ValidationError, validation};

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/ytt/cases.jsonl"
));

/// One recorded case.
struct Case {
    id: String,
    group: String,
    files: Vec<(String, String)>,
    stderr: String,
}

fn cases() -> Vec<Case> {
    CASES
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let c: Json = serde_json::from_str(line).expect("a JSON case");
            let text = |v: &Json| v.as_str().unwrap_or_default().to_owned();
            Case {
                id: text(&c["id"]),
                group: text(&c["group"]),
                files: c["files"]
                    .as_array()
                    .map(|fs| {
                        fs.iter()
                            .map(|f| (text(&f["name"]), text(&f["text"])))
                            .collect()
                    })
                    .unwrap_or_default(),
                stderr: text(&c["expected"]["stderr"]),
            }
        })
        .collect()
}

/// A `#@` comment of a line split as ytt's `NewAnnotationFromComment` does: the name up to the
/// first space, the rest as the content (empty name: code).
fn annotation(line: &str) -> Option<(&str, &str)> {
    let at = line.find("#@")?;
    let data = &line[at + 2..];
    Some(data.split_once(' ').unwrap_or((data, "")))
}

#[test]
fn every_annotation_line_evaluates_or_errors_without_panicking() {
    let mut lines = 0;
    let mut ok = 0;
    for case in cases() {
        for (_, text) in &case.files {
            for line in text.lines() {
                let Some((name, content)) = annotation(line) else {
                    continue;
                };
                lines += 1;
                if name.is_empty() {
                    let _ = refuse_code(content);
                }
                if evaluate_arguments(content).is_ok() {
                    ok += 1;
                }
            }
        }
    }
    // Measured on the recorded cases.
    assert_eq!((lines, ok), (16080, 16043));
}

#[test]
fn out_of_scope_cases_are_refused_naming_the_construct() {
    let mut refused = 0;
    let mut total = 0;
    for case in cases()
        .iter()
        .filter(|c| c.group == "starlark-out-of-scope")
    {
        total += 1;
        let mut named = Vec::new();
        for (name, text) in &case.files {
            if !name.ends_with(".yml") {
                continue;
            }
            for line in text.lines() {
                let Some((ann, content)) = annotation(line) else {
                    continue;
                };
                let err = if ann.is_empty() {
                    Some(refuse_code(content))
                } else {
                    evaluate_arguments(content).err()
                };
                if let Some(e) = err.filter(|e| e.kind == ErrorKind::Unsupported) {
                    named.push(e.message);
                }
            }
        }
        assert!(
            named
                .iter()
                .any(|m| m.contains("load()") || m.contains("`def`")),
            "{}: {named:?}",
            case.id
        );
        refused += 1;
    }
    assert_eq!((refused, total), (8, 8));
}

/// The `- ` line and the source line of a `Templating file` error.
fn templating_error(stderr: &str) -> Option<(String, usize)> {
    let rest = &stderr[stderr.find("Templating file '")?..];
    let mut lines = rest.lines().skip(1);
    let message = lines.next()?.strip_prefix("- ")?.to_owned();
    let source = lines.next()?.trim_start();
    let line: usize = source.split(['|', ':']).nth(1)?.trim().parse().ok()?;
    Some((message, line))
}

#[test]
fn templating_file_errors_have_ytts_texts() {
    let mut checked = 0;
    for case in cases() {
        let Some((message, line)) = templating_error(&case.stderr) else {
            continue;
        };
        let (_, text) = case
            .files
            .iter()
            .find(|(n, _)| n == "schema.yml")
            .expect("a schema");
        let source = text.lines().nth(line - 1).expect("the line");
        let (_, content) = annotation(source).expect("an annotation");
        let err = evaluate_arguments(content).expect_err(&case.id);
        assert_eq!(err.ytt_message(), message, "{}", case.id);
        assert_ne!(err.kind, ErrorKind::Unsupported, "{}", case.id);
        checked += 1;
    }
    assert_eq!(checked, 9);
}

/// The `Invalid @... annotation - ...` line of a case, with the annotation's name.
fn invalid_line(stderr: &str) -> Option<(&'static str, String)> {
    for name in ["schema/validation", "assert/validate"] {
        let prefix = format!("Invalid @{name} annotation - ");
        if let Some(at) = stderr.find(&prefix) {
            let line = stderr[at..].lines().next()?.to_owned();
            return Some((name, line));
        }
    }
    None
}

/// The `file:line` a message ends with (`(by schema.yml:5)`, `(at values.yml:3)`).
fn named_position(line: &str) -> Option<(String, usize)> {
    let inner = line.strip_suffix(')')?;
    let pos = inner
        .rsplit_once(" (by ")
        .or_else(|| inner.rsplit_once(" (at "))?
        .1;
    let (file, n) = pos.rsplit_once(':')?;
    Some((file.to_owned(), n.parse().ok()?))
}

fn annotation_at(name: &str, file: &str, line: usize, source: &str) -> Option<Annotation> {
    let text = source.lines().nth(line.checked_sub(1)?)?;
    let (found, content) = annotation(text)?;
    (found == name).then(|| Annotation {
        name: name.to_owned(),
        args: content.trim().to_owned(),
        pos: Pos {
            file: Arc::from(file),
            line,
        },
    })
}

#[test]
fn invalid_annotation_lines_are_ytts() {
    let mut checked = 0;
    for case in cases() {
        let Some((name, expected)) = invalid_line(&case.stderr) else {
            continue;
        };
        let got = if let Some((file, line)) = named_position(&expected) {
            let (_, source) = case
                .files
                .iter()
                .find(|(n, _)| *n == file)
                .expect("the file");
            let ann = annotation_at(name, &file, line, source).expect("the annotation");
            validation(&ann).err()
        } else {
            // No position: the first malformed one in document order, as ytt reports it.
            case.files.iter().find_map(|(file, source)| {
                (1..=source.lines().count()).find_map(|line| {
                    annotation_at(name, file, line, source).and_then(|a| validation(&a).err())
                })
            })
        };
        assert_eq!(got, Some(ValidationError::Invalid(expected)), "{}", case.id);
        checked += 1;
    }
    assert_eq!(checked, 61);
}

/// Every `- must be: X (by: file:N)` line of every report: the annotation at `file:N` states
/// an assertion whose expected text is `X`.
#[test]
fn must_be_texts_are_ytts() {
    let mut checked = 0;
    // Out of scope: their rules are functions of loaded `.star` files or `#@ def`s.
    for case in cases()
        .iter()
        .filter(|c| c.group != "starlark-out-of-scope")
    {
        for line in case.stderr.lines() {
            let Some(rest) = line.trim_start().strip_prefix("- must be: ") else {
                continue;
            };
            let Some((text, pos)) = rest.rsplit_once(" (by: ") else {
                continue;
            };
            let Some((file, n)) = pos.trim_end_matches(')').rsplit_once(':') else {
                continue;
            };
            let n: usize = n.parse().expect("a line number");
            let (_, source) = case
                .files
                .iter()
                .find(|(f, _)| f == file)
                .expect("the file");
            let ann = ["schema/validation", "assert/validate"]
                .iter()
                .find_map(|name| annotation_at(name, file, n, source))
                .expect("a validation annotation");
            let v = validation(&ann).unwrap_or_else(|e| panic!("{}: {e}", case.id));
            assert!(
                v.assertions.iter().any(|a| a.expected == text),
                "{}: {text:?} not in {:?}",
                case.id,
                v.assertions.iter().map(|a| &a.expected).collect::<Vec<_>>()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 448);
}

/// A plain one-line YAML value whose reading does not depend on YAML 1.1 (`yes`, `0x1F`,
/// `017`, `1_000` are left out): an int, a float, a bool, null, a simple quoted or plain
/// string, or a one-level flow sequence of those.
fn simple_scalar(text: &str) -> Option<Json> {
    let text = text.split(" #").next()?.trim();
    if let Some(flow) = flow(text) {
        return flow;
    }
    if text.is_empty() || text.starts_with(['[', '{', '&', '*', '!', '|', '>']) {
        return None;
    }
    let quoted = |q: char| {
        text.strip_prefix(q)
            .and_then(|t| t.strip_suffix(q))
            .filter(|t| !t.contains(['\\', q]))
    };
    if let Some(s) = quoted('"').or_else(|| quoted('\'')) {
        return Some(Json::String(s.to_owned()));
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    if digits(unsigned) && (unsigned == "0" || !unsigned.starts_with('0')) {
        return text.parse::<i64>().ok().map(Json::from);
    }
    if let Some((whole, frac)) = unsigned.split_once('.')
        && digits(whole)
        && digits(frac)
    {
        return text.parse::<f64>().ok().map(Json::from);
    }
    match text {
        "true" => return Some(Json::Bool(true)),
        "false" => return Some(Json::Bool(false)),
        "null" | "~" => return Some(Json::Null),
        _ => {}
    }
    let plain = text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./".contains(&b));
    let yaml11 = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off",
        "OFF", "True", "TRUE", "False", "FALSE", "Null", "NULL",
    ];
    (plain && !yaml11.contains(&text)).then(|| Json::String(text.to_owned()))
}

/// A one-level flow sequence of simple scalars (`[a, 1]`); `None` when `text` is not one,
/// `Some(None)` when it is one this reading does not cover. (Flow maps are left out: values
/// files' maps merge with the defaults.)
fn flow(text: &str) -> Option<Option<Json>> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    if inner.contains(['[', '{', '"', '\'', ']', '}']) {
        return Some(None);
    }
    let items: Vec<&str> = inner
        .split(',')
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .collect();
    Some(
        items
            .iter()
            .map(|i| simple_scalar(i))
            .collect::<Option<Vec<_>>>()
            .map(Json::Array),
    )
}

/// The scalar written on a `key: value` or `- value` line.
fn value_on_line(line: &str) -> Option<Json> {
    let t = line.trim_start();
    let rest = match t.strip_prefix("- ") {
        // An array item that is a map: not a scalar.
        Some(item) if item.contains(": ") => return None,
        Some(item) => item,
        None => t.split_once(": ")?.1,
    };
    simple_scalar(rest)
}

/// Each violation of a value written on its `from:` line (a scalar or a flow sequence) (cases without
/// `@schema/default`, files without `@schema/nullable`): the annotation at `by:` states a rule with that `must be:` text whose
/// function, applied to the value, gives the recorded `found:` (or none).
#[test]
fn found_texts_of_scalar_values_are_ytts() {
    let mut checked = 0;
    for case in cases().iter().filter(|c| {
        c.group != "starlark-out-of-scope"
            && !c.files.iter().any(|(_, t)| t.contains("@schema/default"))
    }) {
        let lines: Vec<&str> = case.stderr.lines().collect();
        let mut value: Option<Json> = None;
        for (i, line) in lines.iter().enumerate() {
            let line = line.trim_start();
            if let Some(pos) = line.strip_prefix("from: ") {
                // An item of a flow sequence points at the sequence's line.
                let item: Option<usize> =
                    i.checked_sub(1)
                        .and_then(|p| lines.get(p))
                        .and_then(|path| {
                            path.trim()
                                .strip_suffix(']')?
                                .rsplit_once('[')?
                                .1
                                .parse()
                                .ok()
                        });
                value = pos.rsplit_once(':').and_then(|(file, n)| {
                    let (_, text) = case.files.iter().find(|(f, _)| f == file)?;
                    // A nullable schema value defaults to null, not to what is written.
                    if text.contains("@schema/nullable") {
                        return None;
                    }
                    let v =
                        value_on_line(text.lines().nth(n.parse::<usize>().ok()?.checked_sub(1)?)?)?;
                    // A whole sequence is the final value only in a plain values file (a
                    // schema's array defaults to empty; an overlay appends).
                    let plain = file != "schema.yml" && !text.contains("#@data/values");
                    match (item, v) {
                        (Some(i), Json::Array(items)) => items.get(i).cloned(),
                        (_, Json::Array(_)) if !plain => None,
                        (_, v) => Some(v),
                    }
                });
                continue;
            }
            let (Some(v), Some(rest)) = (&value, line.strip_prefix("- must be: ")) else {
                continue;
            };
            let Some((text, by)) = rest.rsplit_once(" (by: ") else {
                continue;
            };
            let Some((file, n)) = by.trim_end_matches(')').rsplit_once(':') else {
                continue;
            };
            let (_, source) = case
                .files
                .iter()
                .find(|(f, _)| f == file)
                .expect("the file");
            let n: usize = n.parse().expect("a line");
            let ann = ["schema/validation", "assert/validate"]
                .iter()
                .find_map(|name| annotation_at(name, file, n, source))
                .expect("the annotation");
            let validation = validation(&ann).expect("a validation");
            let rule = validation
                .assertions
                .iter()
                .find(|a| a.expected == text)
                .map(|a| &a.rule)
                .expect("the rule");
            let want = lines
                .get(i + 1)
                .and_then(|l| l.trim_start().strip_prefix("found: "))
                .map(str::to_owned);
            let root = Json::Null;
            let ctx = Context {
                parent: None,
                root: &root,
            };
            let got = ytt::assertion(rule, v, ctx);
            assert_eq!(got, Some(want), "{}: {text} on {v}", case.id);
            checked += 1;
        }
    }
    assert_eq!(checked, 317);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Any text of Starlark-looking pieces evaluates or fails without panicking, and a lambda
    /// it yields runs on data without panicking.
    #[test]
    fn arbitrary_arguments_never_panic(pieces in proptest::collection::vec(
        proptest::sample::select(vec![
            "lambda", "v", "ctx", ":", ",", "(", ")", "[", "]", "{", "}", "=", "==", "!=", "<",
            ">=", "in", "not", "and", "or", "len", ".", "parent", "root", "\"a\"", "'b'", "0",
            "1", "-", "2.5", "0x1F", "None", "True", "min", "when", "*", "**", "if", "else",
            "#", "\\", "\"", "017", "1e999", "for", "x", " ",
        ]),
        0..24,
    ), as_lambda in proptest::bool::ANY) {
        // Half of the texts are lambda bodies, to reach evaluation.
        let prefix = if as_lambda { "when=lambda v, ctx: " } else { "" };
        let text = format!("{prefix}{}", pieces.join(" "));
        if let Ok(args) = evaluate_arguments(&text) {
            let data = serde_json::json!({"a": [1, "x", null], "b": {"c": true}});
            let ctx = Context { parent: Some(&data), root: &data };
            for value in args.positional.iter().chain(args.keywords.iter().map(|(_, v)| v)) {
                if let validgen_ytt::starlark::Value::Function(f) = value {
                    let _ = ytt::when(&data, ctx, f);
                    let _ = ytt::custom(&data["a"], ctx, f);
                }
            }
        }
    }
}
