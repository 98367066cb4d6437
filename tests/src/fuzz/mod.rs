//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*.rs`), one function per target taking
//! arbitrary bytes, and the seeds they start from ([`seeds`]). Each body panics only when an
//! invariant breaks (a panic inside validgen, two paths that must agree disagreeing, a cost
//! bound not honoured), so the same functions serve `cargo fuzz` and the bounded run in
//! `cargo test` (`tests/tests/it/fuzz_regress.rs`).
//!
//! Where a body needs several inputs, it splits the bytes: the first line and the rest
//! ([`first_line`]), the first byte and the rest, or files ([`files`]); each body says which.

mod cel;
mod json;
mod kubevirt;
mod kyverno;
mod regex;
mod seeds;
mod webhook;
mod yaml;
mod ytt;

pub use cel::{cel, crd};
pub use json::{json_schema, json_stream, json_tape};
pub use kubevirt::{decision, goregex, jsonpath, manifest, quantity, rule_set, single_pass};
pub use kyverno::kyverno;
pub use regex::ecmaregex;
pub use seeds::seeds;
pub use webhook::webhook;
pub use yaml::yaml;
pub use ytt::ytt;

use validgen::serde_json::Value;

/// A fuzz target's body: any bytes in, a panic on a finding.
pub type Target = fn(&[u8]);

/// The fuzz targets, by name (the file names under `fuzz/fuzz_targets/`).
pub const TARGETS: &[(&str, Target)] = &[
    ("rule_set", rule_set),
    ("jsonpath", jsonpath),
    ("quantity", quantity),
    ("goregex", goregex),
    ("manifest", manifest),
    ("single_pass", single_pass),
    ("decision", decision),
    ("json_tape", json_tape),
    ("json_stream", json_stream),
    ("json_schema", json_schema),
    ("ecmaregex", ecmaregex),
    ("yaml", yaml),
    ("ytt", ytt),
    ("kyverno", kyverno),
    ("cel", cel),
    ("crd", crd),
    ("webhook", webhook),
];

/// Largest input a body looks at, in bytes: libFuzzer's default `-max_len` for a corpus of
/// reviews is larger, but nothing the invariants check needs more, and it bounds each run.
const MAX_INPUT: usize = 64 * 1024;

/// The first [`MAX_INPUT`] bytes of `data`.
fn capped(data: &[u8]) -> &[u8] {
    &data[..data.len().min(MAX_INPUT)]
}

/// The first [`MAX_INPUT`] bytes of `data` as text, if they are UTF-8.
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(capped(data)).ok()
}

/// Runs `body` under std's default panic hook instead of libFuzzer's, which aborts on every
/// panic, a caught one included: `validgen-cel` catches the CEL library's panics (cel 0.13
/// has a few, `validgen_cel::PARSER_PANICKED`) and turns them into errors, as it should. A
/// panic `body` lets through still fails the run, with its message (libfuzzer-sys aborts when
/// a target unwinds).
fn caught_panics_allowed(body: impl FnOnce()) {
    let fuzzer_hook = std::panic::take_hook();
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body));
    std::panic::set_hook(fuzzer_hook);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// The first line of `text` and the rest (empty when there is no newline).
fn first_line(text: &str) -> (&str, &str) {
    text.split_once('\n').unwrap_or((text, ""))
}

/// The line that starts a file of a multi-file input: `==> name <==` (as `head` prints files).
const FILE_MARK: (&str, &str) = ("==> ", " <==");

/// The files of a multi-file input: the text before the first [`FILE_MARK`] line is a file
/// named `first`, each marked line starts a file of that name. A name is kept to
/// `[A-Za-z0-9._-]` (other characters dropped, at most 40, never `.` or `..` alone), so that
/// a file written to disk stays in its folder; files with the same name are both kept.
fn files(text: &str, first: &str) -> Vec<(String, String)> {
    let mut out = vec![(first.to_owned(), String::new())];
    for line in text.split_inclusive('\n') {
        let name = line
            .trim_end_matches(['\n', '\r'])
            .strip_prefix(FILE_MARK.0)
            .and_then(|l| l.strip_suffix(FILE_MARK.1));
        match name {
            Some(name) => out.push((file_name(name), String::new())),
            None => out.last_mut().map_or((), |f| f.1.push_str(line)),
        }
    }
    out
}

/// `name` kept to the characters a file name may safely have (see [`files`]).
fn file_name(name: &str) -> String {
    let kept: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "._-".contains(*c))
        .take(40)
        .collect();
    match kept.as_str() {
        "" | "." | ".." => "file".to_owned(),
        _ => kept,
    }
}

/// `files` written back as one input ([`files`] reads it): the seeds of multi-file targets.
fn join_files(files: &[(&str, &str)]) -> Vec<u8> {
    let mut out = String::new();
    for (i, (name, text)) in files.iter().enumerate() {
        if i > 0 {
            out += &format!("{}{name}{}\n", FILE_MARK.0, FILE_MARK.1);
        }
        out += text;
        if i + 1 < files.len() && !text.ends_with('\n') {
            out.push('\n');
        }
    }
    out.into_bytes()
}

/// Calls `f` on the first `budget` values of `value` in document order, each with its JSON
/// Pointer (bounds the checks of a body on large inputs).
fn each_value(value: &Value, budget: usize, f: &mut dyn FnMut(&str, &Value)) {
    fn walk(v: &Value, pointer: &mut String, left: &mut usize, f: &mut dyn FnMut(&str, &Value)) {
        if *left == 0 {
            return;
        }
        *left -= 1;
        f(pointer, v);
        let len = pointer.len();
        let children: Box<dyn Iterator<Item = (String, &Value)>> = match v {
            Value::Array(items) => {
                Box::new(items.iter().enumerate().map(|(i, x)| (i.to_string(), x)))
            }
            Value::Object(map) => Box::new(
                map.iter()
                    .map(|(k, x)| (k.replace('~', "~0").replace('/', "~1"), x)),
            ),
            _ => Box::new(std::iter::empty()),
        };
        for (token, child) in children {
            pointer.push('/');
            pointer.push_str(&token);
            walk(child, pointer, left, f);
            pointer.truncate(len);
        }
    }
    walk(value, &mut String::new(), &mut { budget }, f);
}
