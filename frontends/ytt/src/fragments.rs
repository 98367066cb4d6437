//! Functions of YAML fragments: a `#@ def f():` whose body, up to its `#@ end`, is YAML
//! (ytt 0.48 compiles the body's nodes into the function, which returns them as a
//! `yamlfragment`: a map, an array, or a document set when the body holds `---` documents;
//! `pkg/template/compiled_template.go`, `pkg/yamltemplate`). The real educates `external-dns`
//! schema builds its `@schema/examples` so.
//!
//! validgen evaluates each such function once (its value is fixed: it takes no parameter and
//! its only code is `key: #@ expression` values), and puts the value in place, as a Starlark
//! literal, of each call `f()` in a `@schema/examples` or `@schema/default` annotation; a
//! document set is a list of its documents' values (`f()[0]` is the first document's value).
//! Anything else (parameters, `#@ if`/`#@ for` in the body, a call in another annotation or
//! in code) is refused, named and located.

use validgen_gotext::yaml::{self, Comment, DocumentSet, Node, Scalar};

use crate::starlark::functions::MAX_TEXT;
use crate::starlark::functions::literal;
use crate::starlark::{Value, evaluate_arguments, mentions};

/// A function of YAML fragments: its name and the lines of its `def` and `end`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Span {
    /// The function's name.
    pub name: String,
    /// The line of `#@ def name():`.
    pub line: usize,
    /// The line of its `#@ end`.
    pub end: usize,
}

/// Why a fragment function cannot be read: the line and validgen's account.
type Refusal = (usize, String);

/// Splits the code lines `code` of a file (`text`) into the functions of YAML fragments
/// (those whose body holds a line of YAML) and the other code lines; the code inside a
/// fragment's body is left with the fragment (its values are read from the YAML).
pub(crate) fn split(text: &str, code: Vec<(usize, String)>) -> (Vec<Span>, Vec<(usize, String)>) {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut spans = Vec::new();
    let mut rest = Vec::new();
    let mut k = 0;
    while k < code.len() {
        let Some(close) = closing(&code, k) else {
            rest.extend(code.get(k..).into_iter().flatten().cloned());
            break;
        };
        let group = code.get(k..=close).unwrap_or_default();
        let yaml = group.windows(2).any(|pair| {
            let (a, b) = (pair[0].0, pair[1].0);
            lines
                .get(a..b.saturating_sub(1))
                .unwrap_or_default()
                .iter()
                .any(|l| is_yaml(l))
        });
        match group.first() {
            Some((line, def)) if yaml && first_word(def) == "def" => spans.push(Span {
                name: def_name(def),
                line: *line,
                end: group.last().map_or(*line, |(l, _)| *l),
            }),
            _ => rest.extend(group.iter().cloned()),
        }
        k = close + 1;
    }
    (spans, rest)
}

/// A line of YAML (not blank, not a comment; a node with `#@` code after it counts).
fn is_yaml(line: &str) -> bool {
    let t = line.trim();
    !(t.is_empty() || t.starts_with('#'))
}

fn first_word(code: &str) -> &str {
    code.trim_start()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or_default()
}

/// The name of `def name(...):`.
fn def_name(code: &str) -> String {
    let rest = code.trim_start().strip_prefix("def").unwrap_or_default();
    rest.split('(').next().unwrap_or_default().trim().to_owned()
}

/// The index of the code line closing the block opened at `k` (itself when it opens none).
fn closing(code: &[(usize, String)], k: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, (_, c)) in code.iter().enumerate().skip(k) {
        match first_word(c) {
            "end" => depth = depth.checked_sub(1)?,
            "elif" | "else" => {}
            _ if c.trim_end().ends_with(':') => depth += 1,
            _ => {}
        }
        if depth == 0 {
            return Some(i);
        }
    }
    None
}

/// Each function's value as a Starlark literal, or the first refusal.
pub(crate) fn evaluate(
    text: &str,
    file: &str,
    spans: &[Span],
    code: &[(usize, String)],
) -> Result<Vec<(String, String)>, Refusal> {
    let file = File {
        text,
        name: file,
        spans,
        code,
    };
    let mut done: Vec<(String, Value)> = Vec::new();
    for span in spans {
        value(&file, span, &mut done, &mut Vec::new())?;
    }
    done.iter()
        .map(|(name, v)| {
            let span_line = spans.iter().find(|s| &s.name == name).map_or(0, |s| s.line);
            to_literal(v)
                .filter(|l| l.len() <= MAX_TEXT)
                .map(|l| (name.clone(), l))
                .ok_or_else(|| {
                    (
                        span_line,
                        format!("a function of YAML fragments whose value is not a Starlark literal of at most {MAX_TEXT} bytes (a non-finite float, or too long)"),
                    )
                })
        })
        .collect()
}

/// The file the functions are read from: its text and name, its functions of YAML fragments
/// and its code lines.
struct File<'f> {
    text: &'f str,
    name: &'f str,
    spans: &'f [Span],
    code: &'f [(usize, String)],
}

/// The value of the function `span` (memoised in `done`; `stack`: the functions being
/// evaluated, for recursion).
fn value(
    file: &File<'_>,
    span: &Span,
    done: &mut Vec<(String, Value)>,
    stack: &mut Vec<String>,
) -> Result<Value, Refusal> {
    if let Some((_, v)) = done.iter().find(|(n, _)| *n == span.name) {
        return Ok(v.clone());
    }
    if stack.contains(&span.name) {
        return Err((
            span.line,
            format!("function {} called recursively", span.name),
        ));
    }
    let head = file
        .code
        .iter()
        .find(|(l, _)| *l == span.line)
        .map(|(_, c)| c.as_str());
    if head.is_some_and(|h| !h.replace(' ', "").ends_with("():")) {
        return Err((
            span.line,
            "a function of YAML fragments with parameters".to_owned(),
        ));
    }
    let lines: Vec<&str> = file.text.split('\n').collect();
    if let Some((line, _)) = file.code.iter().find(|(l, _)| {
        *l > span.line
            && *l < span.end
            && lines
                .get(l.saturating_sub(1))
                .is_some_and(|t| t.trim_start().starts_with("#@"))
    }) {
        return Err((
            *line,
            "code lines (`#@ if`, `#@ for`, ...) inside a function of YAML fragments".to_owned(),
        ));
    }
    let body: Vec<&str> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if i >= span.line && i + 1 < span.end {
                *l
            } else {
                ""
            }
        })
        .collect();
    let set = yaml::parse(&body.join("\n"), file.name).map_err(|e| (span.line, e.to_string()))?;
    stack.push(span.name.clone());
    let v = fragment_value(&set, span, &mut |expr, line| {
        expression(file, expr, line, done, stack)
    });
    stack.pop();
    let v = v?;
    done.push((span.name.clone(), v.clone()));
    Ok(v)
}

/// The value of a body: its documents' values (a list) when it holds `---`, else the one
/// document's value.
fn fragment_value(
    set: &DocumentSet,
    span: &Span,
    eval: &mut dyn FnMut(&str, usize) -> Result<Value, Refusal>,
) -> Result<Value, Refusal> {
    let documents: Vec<_> = set
        .documents
        .iter()
        .filter(|d| d.pos.line > span.line && d.pos.line < span.end)
        .collect();
    if documents.is_empty() {
        let first = set.documents.first().map(|d| &d.value);
        return node_value(first.unwrap_or(&Node::Scalar(Scalar::Null)), eval);
    }
    documents
        .iter()
        .map(|d| node_value(&d.value, eval))
        .collect::<Result<_, _>>()
        .map(Value::List)
}

/// A YAML node as a value, each item carrying `#@ expression` replaced by the expression's.
fn node_value(
    node: &Node,
    eval: &mut dyn FnMut(&str, usize) -> Result<Value, Refusal>,
) -> Result<Value, Refusal> {
    Ok(match node {
        Node::Map(items) => Value::Dict(
            items
                .iter()
                .map(|item| {
                    let v = match code_of(&item.comments) {
                        Some((expr, line)) => eval(expr, line)?,
                        None => node_value(&item.value, eval)?,
                    };
                    Ok((scalar(&item.key), v))
                })
                .collect::<Result<_, Refusal>>()?,
        ),
        Node::Array(items) => Value::List(
            items
                .iter()
                .map(|item| match code_of(&item.comments) {
                    Some((expr, line)) => eval(expr, line),
                    None => node_value(&item.value, eval),
                })
                .collect::<Result<_, _>>()?,
        ),
        Node::Scalar(s) => scalar(s),
    })
}

/// The `#@ expression` among a node's comments, and its line.
fn code_of(comments: &[Comment]) -> Option<(&str, usize)> {
    comments.iter().find_map(|c| {
        let rest = c.text.strip_prefix('@')?;
        rest.starts_with(char::is_whitespace)
            .then(|| (rest.trim(), c.pos.line))
    })
}

fn scalar(s: &Scalar) -> Value {
    match s {
        Scalar::Null => Value::None,
        Scalar::Bool(b) => Value::Bool(*b),
        Scalar::Int(i) => Value::Int(*i),
        Scalar::Float(f) => Value::Float(*f),
        Scalar::String(s) => Value::String(s.clone()),
    }
}

/// The value of `key: #@ expression` in a body: the expression with the fragment functions it
/// calls put in place, evaluated as an annotation argument is.
fn expression(
    file: &File<'_>,
    expr: &str,
    line: usize,
    done: &mut Vec<(String, Value)>,
    stack: &mut Vec<String>,
) -> Result<Value, Refusal> {
    let mut expr = expr.to_owned();
    for span in file.spans {
        if !mentions(&expr, &span.name) {
            continue;
        }
        let v = value(file, span, done, stack)?;
        let lit = to_literal(&v).ok_or_else(|| (line, "a non-finite float".to_owned()))?;
        expr = replace_calls(&expr, &span.name, &lit).ok_or_else(|| {
            (
                line,
                format!(
                    "the function of YAML fragments `{}` other than called as `{}()`",
                    span.name, span.name
                ),
            )
        })?;
        if expr.len() > MAX_TEXT {
            return Err((line, format!("a value longer than {MAX_TEXT} bytes")));
        }
    }
    let args = evaluate_arguments(&expr).map_err(|e| (line, e.message))?;
    match (args.positional.as_slice(), args.keywords.is_empty()) {
        ([v], true) => Ok(v.clone()),
        _ => Err((line, format!("the value `#@ {expr}`"))),
    }
}

/// `text` with each call `name()` (outside strings) replaced by `with`; `None` when `name`
/// appears otherwise.
pub(crate) fn replace_calls(text: &str, name: &str, with: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let mut quote: Option<char> = None;
    while let Some(&c) = chars.get(i) {
        if let Some(q) = quote {
            out.push(c);
            if c == '\\' {
                out.extend(chars.get(i + 1));
                i += 1;
            } else if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        if c == '"' || c == '\'' {
            quote = Some(c);
            out.push(c);
            i += 1;
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while chars
                .get(i)
                .is_some_and(|c| c.is_alphanumeric() || *c == '_')
            {
                i += 1;
            }
            let word: String = chars.get(start..i).into_iter().flatten().collect();
            if word != name {
                out.push_str(&word);
                continue;
            }
            let after: String = chars.get(i..).into_iter().flatten().collect();
            let rest = after
                .trim_start()
                .strip_prefix('(')?
                .trim_start()
                .strip_prefix(')')?;
            out.push_str(with);
            i = chars.len() - rest.chars().count();
            continue;
        }
        out.push(c);
        i += 1;
    }
    Some(out)
}

/// A value as a Starlark literal that reads back as the same value (`None` for a
/// non-finite float or a function).
pub(crate) fn to_literal(v: &Value) -> Option<String> {
    Some(match v {
        Value::None => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) if f.is_finite() => format!("{f:?}"),
        Value::String(s) => literal(s),
        Value::List(items) => format!("[{}]", join(items)?),
        Value::Tuple(items) => format!("({},)", join(items)?),
        Value::Dict(entries) => {
            let parts: Option<Vec<String>> = entries
                .iter()
                .map(|(k, v)| Some(format!("{}: {}", to_literal(k)?, to_literal(v)?)))
                .collect();
            format!("{{{}}}", parts?.join(", "))
        }
        Value::Float(_) | Value::Function(_) => return None,
    })
}

fn join(items: &[Value]) -> Option<String> {
    let parts: Option<Vec<String>> = items.iter().map(to_literal).collect();
    Some(parts?.join(", "))
}

/// Drops the documents of `set` that are bodies of the functions `spans` (ytt emits no
/// document for them): those starting inside one, or whose items all lie inside one.
pub(crate) fn drop_bodies(set: &mut DocumentSet, spans: &[Span]) {
    let inside = |line: usize| spans.iter().any(|s| line > s.line && line < s.end);
    set.documents.retain(|d| {
        let lines: Vec<usize> = match &d.value {
            Node::Map(items) => items.iter().map(|i| i.pos.line).collect(),
            Node::Array(items) => items.iter().map(|i| i.pos.line).collect(),
            Node::Scalar(_) => Vec::new(),
        };
        let body = inside(d.pos.line) || (!lines.is_empty() && lines.iter().all(|l| inside(*l)));
        !body
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "#@ def args():\n- a\n- 2\n#@ end\n\n#@ def doc():\n---\nx: #@ args()\nz: 1.0\n#@ end\n#@ def f(v):\n#@   return v\n#@ end\n";

    fn code() -> Vec<(usize, String)> {
        [
            (1, "def args():"),
            (4, "end"),
            (6, "def doc():"),
            (8, "args()"),
            (10, "end"),
            (11, "def f(v):"),
            (12, "return v"),
            (13, "end"),
        ]
        .iter()
        .map(|(l, c)| (*l, (*c).to_owned()))
        .collect()
    }

    #[test]
    fn splits_and_evaluates_fragment_functions() {
        let (spans, rest) = split(TEXT, code());
        let names: Vec<&str> = spans.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["args", "doc"]);
        assert_eq!(rest.len(), 3);
        let got = evaluate(TEXT, "s.yml", &spans, &code());
        assert_eq!(
            got,
            Ok(vec![
                ("args".to_owned(), "[\"a\", 2]".to_owned()),
                (
                    "doc".to_owned(),
                    "[{\"x\": [\"a\", 2], \"z\": 1.0}]".to_owned()
                ),
            ])
        );
    }

    #[test]
    fn replaces_calls_only() {
        assert_eq!(
            replace_calls("(\"f()\", f()[0])", "f", "[1]").as_deref(),
            Some("(\"f()\", [1][0])")
        );
        assert_eq!(replace_calls("g(f)", "f", "[1]"), None);
        assert_eq!(replace_calls("ff()", "f", "[1]").as_deref(), Some("ff()"));
    }
}
