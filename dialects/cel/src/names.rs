//! Names in Kubernetes CEL: CEL's reserved words and how the API server escapes property names
//! so that rules can select them.

/// CEL's reserved words (cel-spec `langdef.md`, "Syntax"): not usable as field names in a
/// selection; the API server escapes a property named so as `__<word>__`.
pub const RESERVED: [&str; 21] = [
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

/// A property name as CEL reads it (apiserver `pkg/cel/escaping.go`, as the Kubernetes docs'
/// "Escaping" section states it): a reserved word as `__<word>__`; otherwise, left to right,
/// `__` as `__underscores__`, `.` as `__dot__`, `-` as `__dash__`, `/` as `__slash__`.
pub fn escape(name: &str) -> String {
    if RESERVED.contains(&name) {
        return format!("__{name}__");
    }
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("__") {
            out.push_str("__underscores__");
            rest = after;
            continue;
        }
        match c {
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn names_escape_as_the_api_server_escapes_them() {
        assert_eq!(escape("namespace"), "__namespace__");
        assert_eq!(escape("a_b.c-d/e"), "a_b__dot__c__dash__d__slash__e");
        assert_eq!(escape("redact__d"), "redact__underscores__d");
        assert_eq!(escape("plain"), "plain");
    }
}
