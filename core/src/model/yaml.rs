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

/// Which YAML version's schema types the plain (unquoted) scalars of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum YamlVersion {
    /// The YAML 1.2 core schema (YAML 1.2.2 §10.3), as YAML 1.2 tools read JSON Schema
    /// instances: booleans are `true`/`false` (`True`, `TRUE`…) only, so `yes`, `on`, `y`,
    /// `NO` are strings; integers are decimal (`010` is 10, `+1` is 1), `0o10` octal, `0x10`
    /// hexadecimal; `1_000` and `0b10` are strings; `.inf` and `.nan` are floats, which
    /// JSON has no form for (an error).
    #[default]
    Core12,
    /// YAML 1.1 (its type repository), as go-yaml v2 reads it, and with it
    /// `sigs.k8s.io/yaml`, kubectl and the API server: `y`, `yes`, `on` (and `n`, `no`,
    /// `off`) are booleans, whatever their case; `010` is octal (8), `0o10` octal, `0x10`
    /// hexadecimal, `0b10` binary, `1_000` is 1000; timestamps stay strings (go-yaml v2
    /// `decode.go` keeps a timestamp decoded into an `interface{}` as its text); `.inf` and
    /// `.nan` are floats JSON has no form for (an error, as `json.Marshal` fails on them in
    /// `sigs.k8s.io/yaml`'s `YAMLToJSON`).
    Yaml11,
}

impl YamlVersion {
    /// serde-saphyr's options for this version.
    fn options(self) -> serde_saphyr::Options {
        let mut options = serde_saphyr::Options::default();
        match self {
            YamlVersion::Core12 => {
                options.strict_booleans = true;
                // Read as strings, then typed here: `010` is the decimal 10 in YAML 1.2, where
                // serde-saphyr reads a float, and `1_000` is a string.
                options.leading_zero_numbers_as_strings = true;
                options.underscored_numbers_as_strings = true;
            }
            YamlVersion::Yaml11 => options.legacy_octal_numbers = true,
        }
        options
    }
}

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
        Self::read(text, serde_saphyr::Options::default(), None)
    }

    /// Reads one YAML document with the plain scalars typed as `version` says (see
    /// [`YamlVersion`]); a text with no document (only comments, or only `---`) is one `null`
    /// document, as YAML 1.2 tools read it.
    ///
    /// # Errors
    /// As [`Yaml::parse`].
    ///
    /// ```
    /// use validgen_core::model::{Yaml, YamlVersion};
    ///
    /// let doc = Yaml::parse_as("a: yes\nb: 010\n", YamlVersion::Core12)?;
    /// assert_eq!(doc.value()["a"], "yes");
    /// assert_eq!(doc.value()["b"], 10);
    /// let doc = Yaml::parse_as("a: yes\nb: 010\n", YamlVersion::Yaml11)?;
    /// assert_eq!(doc.value()["a"], true);
    /// assert_eq!(doc.value()["b"], 8);
    /// # Ok::<(), validgen_core::model::YamlError>(())
    /// ```
    pub fn parse_as(text: &str, version: YamlVersion) -> Result<Yaml, YamlError> {
        Self::read(text, version.options(), Some(version))
    }

    fn read(
        text: &str,
        options: serde_saphyr::Options,
        version: Option<YamlVersion>,
    ) -> Result<Yaml, YamlError> {
        let root: Spanned<Tree> =
            serde_saphyr::from_str_with_options(text, options).map_err(|e| {
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
        let mut value = into_value(root, &mut at, &mut spans);
        if version == Some(YamlVersion::Core12) {
            let mut source = Source { text, lines: None };
            core_integers(&mut value, &mut source, &spans, &mut At::new(""));
        }
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

/// Types as the YAML 1.2 core schema does the decimal integers with leading zeros (`010`,
/// `-007`) that serde-saphyr handed over as strings: a plain scalar (its text in the source,
/// at its span, is not quoted, tagged or a block scalar) is the integer; a quoted one stays a
/// string.
fn core_integers(
    value: &mut Value,
    text: &mut Source<'_>,
    spans: &HashMap<String, Span>,
    at: &mut At,
) {
    match value {
        Value::String(s) => {
            let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
            if digits.len() < 2
                || !digits.starts_with('0')
                || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return;
            }
            let plain = spans
                .get(at.as_str())
                .and_then(|span| text.char_at(*span))
                .is_some_and(|c| !matches!(c, '"' | '\'' | '!' | '|' | '>'));
            if let (true, Ok(n)) = (plain, s.trim_start_matches('+').parse::<i64>()) {
                *value = Value::Number(n.into());
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                let mark = at.mark();
                at.index(i);
                core_integers(item, text, spans, at);
                at.truncate(mark);
            }
        }
        Value::Object(map) => {
            for (k, item) in map.iter_mut() {
                let mark = at.mark();
                at.key(k);
                core_integers(item, text, spans, at);
                at.truncate(mark);
            }
        }
        _ => {}
    }
}

/// A document's text, cut into lines when first needed.
struct Source<'t> {
    text: &'t str,
    lines: Option<Vec<&'t str>>,
}

impl Source<'_> {
    /// The character at `span` (1-based line and column, in characters).
    fn char_at(&mut self, span: Span) -> Option<char> {
        let text = self.text;
        self.lines
            .get_or_insert_with(|| text.split('\n').collect())
            .get(span.line.checked_sub(1)?)?
            .chars()
            .nth(span.column.checked_sub(1)?)
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
    use serde_json::json;

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
    fn plain_scalars_are_typed_by_the_yaml_version() {
        let text = "a: yes\nb: ON\nc: y\nd: NO\ne: 010\nf: 0o10\ng: 0x10\nh: '010'\n\
                    i: -007\nj: 1_000\nk: True\nl: 2024-01-31\nm: \"0x10\"\nn: [010, off]\no: 0b10\n";
        let core = Yaml::parse_as(text, YamlVersion::Core12).unwrap_or_else(|e| panic!("{e}"));
        let v = core.value();
        for (k, want) in [
            ("a", json!("yes")),
            ("b", json!("ON")),
            ("c", json!("y")),
            ("d", json!("NO")),
            ("e", json!(10)),
            ("f", json!(8)),
            ("g", json!(16)),
            ("h", json!("010")),
            ("i", json!(-7)),
            ("j", json!("1_000")),
            ("k", json!(true)),
            ("l", json!("2024-01-31")),
            ("m", json!("0x10")),
            ("n", json!([10, "off"])),
            ("o", json!(2)),
        ] {
            assert_eq!(v[k], want, "YAML 1.2 core: {k}");
        }
        let old = Yaml::parse_as(text, YamlVersion::Yaml11).unwrap_or_else(|e| panic!("{e}"));
        let v = old.value();
        for (k, want) in [
            ("a", json!(true)),
            ("b", json!(true)),
            ("c", json!(true)),
            ("d", json!(false)),
            ("e", json!(8)),
            ("f", json!(8)),
            ("g", json!(16)),
            ("h", json!("010")),
            ("j", json!(1000)),
            ("l", json!("2024-01-31")),
            ("n", json!([8, false])),
        ] {
            assert_eq!(v[k], want, "YAML 1.1: {k}");
        }
        for version in [YamlVersion::Core12, YamlVersion::Yaml11] {
            for text in ["a: .inf\n", "a: .nan\n", "a: -.Inf\n"] {
                let e = Yaml::parse_as(text, version).err();
                assert!(e.is_some_and(|e| e.column == 4), "{version:?} {text:?}");
            }
        }
    }

    #[test]
    fn a_text_without_a_document_is_null_in_yaml_1_2() {
        for text in ["", "# only a comment\n", "---\n", "---\n# x\n...\n"] {
            let doc = Yaml::parse_as(text, YamlVersion::Core12)
                .unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(doc.value(), &Value::Null, "{text:?}");
        }
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
