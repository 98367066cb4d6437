//! YAML documents with the source position of every value, so that a report can say
//! `file:line:column` of an offending value. The document is read once with serde-saphyr
//! (`Spanned` values); rules read it as a [`Plain`] JSON document, and [`Yaml::locate`] gives
//! the violations of a report their positions from their JSON Pointer locations.

use std::collections::HashMap;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use serde_saphyr::Spanned;

use super::Plain;
use crate::ir::{At, Span};
use crate::report::DocumentReport;

/// A YAML document: its value as JSON, and the position of each value by JSON Pointer.
#[derive(Debug, Clone, PartialEq)]
pub struct Yaml {
    value: Value,
    spans: HashMap<String, Span>,
}

/// Why a YAML text is not a document validgen can judge.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line} column {column}: {message}")]
pub struct YamlError {
    /// 1-based line of the problem (0 when unknown).
    pub line: usize,
    /// 1-based column, in characters (0 when unknown).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl Yaml {
    /// Reads one YAML document (JSON is YAML too). Values must be JSON's: a mapping key is a
    /// string, a number is finite.
    ///
    /// # Errors
    /// The text is not YAML, holds several documents, or a value has no JSON form.
    ///
    /// ```
    /// use validgen_core::model::Yaml;
    ///
    /// let doc = Yaml::parse("a:\n  b: [1, x]\n")?;
    /// assert_eq!(doc.value()["a"]["b"][1], "x");
    /// let at = doc.span("/a/b/1").map(|s| (s.line, s.column));
    /// assert_eq!(at, Some((2, 10)));
    /// # Ok::<(), validgen_core::model::YamlError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Yaml, YamlError> {
        let root: Spanned<Tree> = serde_saphyr::from_str(text).map_err(|e| {
            let (line, column) = e
                .location()
                .map_or((0, 0), |l| (l.line() as usize, l.column() as usize));
            let message = yaml_message(&e.to_string());
            YamlError {
                line,
                column,
                message,
            }
        })?;
        let mut spans = HashMap::new();
        let mut at = At::new("");
        let value = into_value(root, &mut at, &mut spans);
        Ok(Yaml { value, spans })
    }

    /// Reads every document of a YAML stream (documents separated by `---`), each with the
    /// positions of its values in the whole text; empty documents are left out.
    ///
    /// # Errors
    /// As [`Yaml::parse`], for the first document that is not one validgen can judge.
    pub fn parse_all(text: &str) -> Result<Vec<Yaml>, YamlError> {
        let roots: Vec<Spanned<Tree>> = serde_saphyr::from_multiple(text).map_err(|e| {
            let (line, column) = e
                .location()
                .map_or((0, 0), |l| (l.line() as usize, l.column() as usize));
            YamlError {
                line,
                column,
                message: yaml_message(&e.to_string()),
            }
        })?;
        Ok(roots
            .into_iter()
            .filter(|root| !matches!(root.value, Tree::Null))
            .map(|root| {
                let mut spans = HashMap::new();
                let mut at = At::new("");
                let value = into_value(root, &mut at, &mut spans);
                Yaml { value, spans }
            })
            .collect())
    }

    /// A document read by another parser: its value, and no positions.
    pub fn unlocated(value: Value) -> Yaml {
        Yaml {
            value,
            spans: HashMap::new(),
        }
    }

    /// The document as JSON.
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// The document as rules read it.
    pub fn document(&self) -> Plain<'_> {
        Plain::new(&self.value)
    }

    /// The position of the value at a JSON Pointer (`""`: the document).
    pub fn span(&self, pointer: &str) -> Option<Span> {
        self.spans.get(pointer).copied()
    }

    /// Gives every violation of `report` whose location is a JSON Pointer of this document its
    /// position.
    pub fn locate(&self, report: &mut DocumentReport) {
        for v in &mut report.violations {
            v.span = self.span(&v.location);
        }
    }
}

/// The non-null documents of a YAML stream (JSON is YAML too), for readers that need values
/// and no positions (the files a Kyverno test names, a test file to migrate).
///
/// # Errors
/// `<name>:<line>:<column>: <what>`: the bytes are not UTF-8, or the text is not YAML (with
/// serde-saphyr's default budgets).
pub fn parse_stream(name: &str, bytes: &[u8]) -> Result<Vec<Value>, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let before = &bytes[..e.valid_up_to()];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = before.len() - line_start + 1;
        format!(
            "{name}:{line}:{column}: not UTF-8 text (invalid byte at offset {})",
            e.valid_up_to()
        )
    })?;
    let docs = serde_saphyr::from_multiple::<Value>(text).map_err(|e| {
        let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
        format!("{name}:{line}:{column}: {}", yaml_message(&e.to_string()))
    })?;
    Ok(docs.into_iter().filter(|d| !d.is_null()).collect())
}

/// The message of a serde-saphyr error without its position: serde-saphyr writes
/// `error: line L column C: <what>` (and a snippet on later lines); callers keep `<what>` and
/// print the position in front.
pub fn yaml_message(msg: &str) -> String {
    let first = msg.lines().next().unwrap_or_default();
    let rest = first.strip_prefix("error: ").unwrap_or(first);
    let what = match rest.strip_prefix("line ").and_then(|r| r.split_once(": ")) {
        Some((pos, what)) if pos.contains(" column ") => what,
        _ => rest,
    };
    limit_message(what).unwrap_or_else(|| what.to_owned())
}

/// The reader's limits in words (serde-saphyr writes its budget breaches as Rust debug text,
/// `budget breached: Depth { depth: 65 }`).
fn limit_message(what: &str) -> Option<String> {
    if what.starts_with("recursion limit exceeded") {
        return Some(format!(
            "nested more than the YAML reader accepts ({what}; at most {MAX_DEPTH} levels)"
        ));
    }
    let breach = what.strip_prefix("budget breached: ")?;
    Some(match breach.split([' ', '{']).next().unwrap_or_default() {
        "Depth" => {
            format!("nested more than {MAX_DEPTH} levels deep (the most the YAML reader accepts)")
        }
        "Nodes" => format!(
            "more than {MAX_NODES} values in one document (the most the YAML reader accepts)"
        ),
        "ScalarBytes" => format!(
            "more than {MAX_SCALAR_BYTES} bytes of scalar text in one document (the most the YAML reader accepts)"
        ),
        _ => format!("beyond a limit of the YAML reader ({breach})"),
    })
}

/// How deep the YAML reader lets collections nest (serde-saphyr's default budget).
const MAX_DEPTH: usize = 64;
/// How many values (collections and scalars) the YAML reader accepts in one document
/// (serde-saphyr's default budget).
const MAX_NODES: usize = 250_000;
/// How many bytes of scalar text (strings, numbers, keys) the YAML reader accepts in one
/// document (serde-saphyr's default budget).
const MAX_SCALAR_BYTES: usize = 64 << 20;

/// A YAML value with its children's positions, as serde-saphyr reads it.
enum Tree {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Spanned<Tree>>),
    Object(Vec<(String, Spanned<Tree>)>),
}

fn into_value(node: Spanned<Tree>, at: &mut At, spans: &mut HashMap<String, Span>) -> Value {
    let line = usize::try_from(node.referenced.line()).unwrap_or(usize::MAX);
    let column = usize::try_from(node.referenced.column()).unwrap_or(usize::MAX);
    if line > 0 {
        spans.insert(at.as_str().to_owned(), Span { line, column });
    }
    match node.value {
        Tree::Null => Value::Null,
        Tree::Bool(b) => Value::Bool(b),
        Tree::Number(n) => Value::Number(n),
        Tree::String(s) => Value::String(s),
        Tree::Array(items) => Value::Array(
            items
                .into_iter()
                .enumerate()
                .map(|(i, item)| {
                    let mark = at.mark();
                    at.index(i);
                    let v = into_value(item, at, spans);
                    at.truncate(mark);
                    v
                })
                .collect(),
        ),
        Tree::Object(entries) => {
            let mut map = Map::new();
            for (k, item) in entries {
                let mark = at.mark();
                at.key(&k);
                let v = into_value(item, at, spans);
                at.truncate(mark);
                map.insert(k, v);
            }
            Value::Object(map)
        }
    }
}

impl<'de> Deserialize<'de> for Tree {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(TreeVisitor)
    }
}

struct TreeVisitor;

impl<'de> Visitor<'de> for TreeVisitor {
    type Value = Tree;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a YAML value with a JSON form")
    }

    fn visit_unit<E>(self) -> Result<Tree, E> {
        Ok(Tree::Null)
    }

    fn visit_none<E>(self) -> Result<Tree, E> {
        Ok(Tree::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Tree, D::Error> {
        Tree::deserialize(d)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Tree, E> {
        Ok(Tree::Bool(b))
    }

    fn visit_i64<E>(self, i: i64) -> Result<Tree, E> {
        Ok(Tree::Number(i.into()))
    }

    fn visit_u64<E>(self, u: u64) -> Result<Tree, E> {
        Ok(Tree::Number(u.into()))
    }

    fn visit_f64<E: de::Error>(self, f: f64) -> Result<Tree, E> {
        Number::from_f64(f)
            .map(Tree::Number)
            .ok_or_else(|| E::custom(format!("{f} is not a JSON number")))
    }

    fn visit_str<E>(self, s: &str) -> Result<Tree, E> {
        Ok(Tree::String(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Tree, E> {
        Ok(Tree::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tree, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Spanned<Tree>>()? {
            items.push(item);
        }
        Ok(Tree::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tree, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            entries.push((key, map.next_value::<Spanned<Tree>>()?));
        }
        Ok(Tree::Object(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_document_of_a_stream_is_read_with_positions_in_the_whole_text() {
        let docs = Yaml::parse_all("a: 1\n---\n---\nb:\n  - x\n").expect("a stream");
        assert_eq!(docs.len(), 2, "the empty document is left out");
        assert_eq!(docs[1].value()["b"][0], "x");
        assert_eq!(
            docs[1].span("/b/0").map(|s| (s.line, s.column)),
            Some((5, 5))
        );
        let bad = Yaml::parse_all("a: 1\n---\nb: [\n").expect_err("not YAML");
        assert!(bad.line >= 3, "{bad:?}");
    }

    #[test]
    fn values_keep_their_positions() {
        let text = "name: web\nports:\n  - 80\n  - port: 8080\n    tls: true\nempty: ~\n";
        let doc = Yaml::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let at = |p: &str| doc.span(p).map(|s| (s.line, s.column));
        assert_eq!(at("/name"), Some((1, 7)));
        assert_eq!(at("/ports/0"), Some((3, 5)));
        assert_eq!(at("/ports/1/port"), Some((4, 11)));
        assert_eq!(at("/ports/1/tls"), Some((5, 10)));
        assert_eq!(at("/empty"), Some((6, 8)));
        assert_eq!(doc.value()["ports"][1]["port"], 8080);
        assert_eq!(doc.value()["empty"], Value::Null);
    }

    #[test]
    fn bad_yaml_is_located() {
        let e = Yaml::parse("a: [1, 2\n").err();
        assert!(e.as_ref().is_some_and(|e| e.line > 0), "{e:?}");
        let budget = serde_saphyr::Budget::default();
        assert_eq!(
            (
                budget.max_depth,
                budget.max_nodes,
                budget.max_total_scalar_bytes
            ),
            (MAX_DEPTH, MAX_NODES, MAX_SCALAR_BYTES)
        );
        let deep = "[".repeat(100) + &"]".repeat(100);
        let e = Yaml::parse(&deep).err();
        assert!(
            e.as_ref().is_some_and(|e| e.line == 1
                && e.message
                    == "nested more than 64 levels deep (the most the YAML reader accepts)"),
            "{e:?}"
        );
        let many = format!("[{}]", vec!["1"; MAX_NODES].join(","));
        let e = Yaml::parse(&many).err();
        assert!(
            e.as_ref().is_some_and(|e| e.message
                == "more than 250000 values in one document (the most the YAML reader accepts)"),
            "{e:?}"
        );
        let e = Yaml::parse("a: .nan\n").err();
        assert!(
            e.as_ref()
                .is_some_and(|e| e.message.starts_with("non-finite float") && e.column == 4),
            "{e:?}"
        );
    }
}
