//! CEL text: string literals and field selections, written in the portable subset that cel-go
//! (the API server) and kube-cel both parse: no optional syntax (`.?`), no `type()`, no
//! `cel.bind` (VAP.md §5); `dyn()` only where the API server's homogeneous list literals need
//! it (`validgen-cel` declares it for kube-cel).

use std::fmt::Write as _;

use validgen_cel::names::RESERVED;

/// `s` as a single-quoted CEL string literal: `\\`, `'` and control characters escaped (cel-spec
/// escape sequences), everything else as is.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// A list literal of quoted strings: `['a', 'b']`.
pub fn string_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| quote(s)).collect();
    format!("[{}]", quoted.join(", "))
}

/// Whether `key` can be selected as `x.key` unchanged: a CEL identifier, not a reserved word,
/// and without `__` (the API server rewrites property names with `__`, `.`, `-`, `/` and
/// reserved words; K8s `apiserver/pkg/cel` escaping).
pub fn is_plain_field(key: &str) -> bool {
    let mut chars = key.chars();
    let starts = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    starts
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !key.contains("__")
        && !RESERVED.contains(&key)
}

/// One step of a selection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A field, `.name` (a plain field name).
    Field(String),
    /// A map entry, `['key']` (the API server escapes declared properties only, never map
    /// keys).
    Entry(String),
    /// A list element, `[n]`; a negative `n` counts from the end.
    Index(i64),
}

/// `root.k1['k2'][0]…` for the first `n` steps.
pub fn select(root: &str, steps: &[Step], n: usize) -> String {
    let mut out = root.to_owned();
    for (i, s) in steps[..n].iter().enumerate() {
        match s {
            Step::Field(name) => {
                out.push('.');
                out.push_str(name);
            }
            Step::Entry(key) => out = format!("{out}[{}]", quote(key)),
            Step::Index(k) if *k >= 0 => out = format!("{out}[{k}]"),
            Step::Index(k) => {
                out = format!(
                    "{out}[size({}) - {}]",
                    select(root, steps, i),
                    k.unsigned_abs()
                );
            }
        }
    }
    out
}

/// `has(root.k1) && 'k2' in root.k1 && …` for the first `n` steps: each of them present (`true`
/// for none; an index within the list). A `has()` on an absent parent is an error in CEL,
/// hence the chain.
pub fn has_chain(root: &str, steps: &[Step], n: usize) -> String {
    if n == 0 {
        return "true".to_owned();
    }
    (1..=n)
        .map(|i| {
            let parent = select(root, steps, i - 1);
            match &steps[i - 1] {
                Step::Field(_) => format!("has({})", select(root, steps, i)),
                Step::Entry(key) => format!("{} in {parent}", quote(key)),
                Step::Index(k) if *k >= 0 => format!("size({parent}) > {k}"),
                Step::Index(k) => format!("size({parent}) >= {}", k.unsigned_abs()),
            }
        })
        .collect::<Vec<_>>()
        .join(" && ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_escape_what_cel_needs() {
        assert_eq!(quote("it's a\\b\n\u{1}é"), r"'it\'s a\\b\n\u0001é'");
    }

    #[test]
    fn plain_fields_are_identifiers_the_api_server_leaves_alone() {
        assert!(is_plain_field("memory"));
        assert!(is_plain_field("_x1"));
        for k in ["", "1a", "a-b", "a.b", "a__b", "in", "namespace"] {
            assert!(!is_plain_field(k), "{k}");
        }
    }

    #[test]
    fn has_chains_test_every_parent() {
        let keys = vec![
            Step::Field("a".to_owned()),
            Step::Field("b".to_owned()),
            Step::Entry("nvidia.com/gpu".to_owned()),
        ];
        assert_eq!(has_chain("o", &keys, 0), "true");
        assert_eq!(has_chain("o", &keys, 2), "has(o.a) && has(o.a.b)");
        assert_eq!(
            has_chain("o", &keys, 3),
            "has(o.a) && has(o.a.b) && 'nvidia.com/gpu' in o.a.b"
        );
        assert_eq!(select("o", &keys, 1), "o.a");
        assert_eq!(select("o", &keys, 3), "o.a.b['nvidia.com/gpu']");
        let keys = vec![
            Step::Field("l".to_owned()),
            Step::Index(-2),
            Step::Field("x".to_owned()),
        ];
        assert_eq!(
            has_chain("o", &keys, 3),
            "has(o.l) && size(o.l) >= 2 && has(o.l[size(o.l) - 2].x)"
        );
        assert_eq!(select("o", &keys, 2), "o.l[size(o.l) - 2]");
    }
}
