//! The final data values, as ytt 0.48 computes them before validations
//! (`pkg/workspace/data_values_pre_processing.go`): the schema's defaults, then each `-f`
//! `#@data/values` document as an overlay (`pkg/yttlibrary/overlay`), then each
//! `--data-values-file` document as a plain merge; after each step the result is typed
//! against the schema, missing keys filled with their defaults, and checked
//! (`pkg/schema/assign.go`, `check.go`); the first step with type errors stops with ytt's
//! report (`pkg/schema/error.go`).
//!
//! - [`final_values`]: the computation and its error texts;
//! - `overlay`: applying one document over the data values (ytt's overlay, as schema
//!   documents are overlaid, or the plain merge);
//! - `typecheck`: typing against the schema (defaults filled) and checking;
//! - `report`: the type-error report; `multiline`: the command's line breaking;
//! - `assertions`: the `@assert/validate` annotations that survive (the schema's validations
//!   are lowered from the schema itself, [`crate::lower`]);
//! - `keys`: map keys hashed as ytt compares them; `gofmt`: Go's printing of keys.

mod assertions;
mod gofmt;
mod keys;
pub(crate) mod multiline;
mod overlay;
mod report;
mod typecheck;

#[cfg(test)]
mod tests;

use std::fmt;

use super::annotations::{Annotation, annotations};
use super::schema::Schema;
use overlay::Mode;
use report::Texts;
use validgen_gotext::yaml::{Comment, Document, DocumentSet, Node, Pos, Scalar};

/// How a data-values file came on ytt's command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    /// `--data-values-file`: plain YAML merged over the values (maps merged, keys added,
    /// arrays and scalars replaced); `#@` comments are refused.
    PlainFile,
    /// `-f` with `#@data/values` documents: each document an overlay (keys must exist unless
    /// `@overlay/match missing_ok=True`, array items appended, `@assert/validate` read).
    Overlay,
    /// `-v`/`--data-value-yaml`: one overlay document built from the argument (its keys
    /// `missing_ok`, its last key replaced or added), applied after the plain files; its text
    /// is the argument, the line its type errors quote.
    KeyValue,
    /// `--data-value-file`: as [`SourceKind::KeyValue`], its text the file's, which a type
    /// error quotes whole as line 1.
    KeyValueFile,
}

/// One data-values file.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// Its name as given on the command line (`values.yml`); positions name it.
    pub name: &'a str,
    /// Its text (type-error excerpts quote its lines).
    pub text: &'a str,
    /// Its parsed documents.
    pub documents: &'a DocumentSet,
    /// How it was given.
    pub kind: SourceKind,
}

/// The schema and the texts of its files (type-error excerpts may quote a default's line).
#[derive(Debug, Clone)]
pub struct SchemaFile<'a> {
    /// The schema.
    pub schema: &'a Schema,
    /// The name and text of each file that declared it.
    pub texts: Vec<(&'a str, &'a str)>,
}

/// The final data values, before validation.
#[derive(Debug, Clone, PartialEq)]
pub struct DataValues {
    /// The document: its position (the schema's document, or with no schema the first
    /// values document), and its value, every map item and array item at the position of the
    /// node that set it (the schema's for a default; the item in the values file that set or
    /// replaced a scalar or array; a merged map's item keeps its first position).
    pub document: Document,
    /// The `@assert/validate` annotations on the final nodes, in pre-order: those on nodes an
    /// overlay added (all of them with no schema, for the first values document).
    pub assertions: Vec<Assertion>,
}

/// An `@assert/validate` annotation and the node it is on.
#[derive(Debug, Clone, PartialEq)]
pub struct Assertion {
    /// The node: keys and indices from the document's value (empty for the document).
    pub path: Vec<Step>,
    /// The annotation (for `@assert/validate`, the last of the node's comments).
    pub annotation: Annotation,
}

/// One step of a path into the data values.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A map key.
    Key(Scalar),
    /// An array index, from 0.
    Index(usize),
}

/// Prints a path as ytt's validation report does (`pkg/validations/validate.go`): keys joined
/// with `.` (a non-string key as Go's `%s` prints it, `%!s(int=80)`), indices as `[i]`, the
/// document as `(document)`.
pub struct PathDisplay<'a>(pub &'a [Step]);

impl fmt::Display for PathDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(document)");
        }
        for (i, step) in self.0.iter().enumerate() {
            match step {
                Step::Key(key) => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    f.write_str(&gofmt::go_s(key))?;
                }
                Step::Index(index) => write!(f, "[{index}]")?,
            }
        }
        Ok(())
    }
}

/// Nodes nested deeper than this are refused (the walks recurse).
pub const MAX_DEPTH: usize = 512;

/// The final data values of `sources` over `schema`'s defaults, as `ytt --data-values-inspect`
/// computes them before validating (ytt 0.48 `pkg/workspace/data_values_pre_processing.go`).
///
/// `sources` may come in command-line order: as ytt, every [`SourceKind::Overlay`] file is
/// applied (in its order) before every [`SourceKind::PlainFile`] (in its order). Without a
/// schema nothing is typed: the first document is taken as is (its annotations all kept).
///
/// # Errors
/// The text after `ytt: Error: `, as ytt prints it (lines broken and indented as the command
/// does; the command prints `ytt: Error: `, this text, and a line break): a plain file with `#@` comments; under `Overlaying data values (in following order:
/// values.yml, additional data values): `, a `-f` file with a document that is not data
/// values, an overlay error (`Document on line values.yml:1:` / `Map item (key 'app') on line
/// values.yml:1:` / `Expected map, but was string`), or the type-error report of the first
/// step that has any (`One or more data values were invalid`); an overlay validgen does not
/// compute (`@overlay/remove` on the document) is refused with its own text.
pub fn final_values(
    schema: Option<&SchemaFile<'_>>,
    sources: &[Source<'_>],
) -> Result<DataValues, String> {
    let mut texts = Texts::new(schema, sources);
    let overlays: Vec<&Source<'_>> = sources
        .iter()
        .filter(|s| s.kind == SourceKind::Overlay)
        .collect();
    let plain: Vec<&Source<'_>> = sources
        .iter()
        .filter(|s| s.kind == SourceKind::PlainFile)
        .collect();
    let key_values: Vec<&Source<'_>> = sources
        .iter()
        .filter(|s| matches!(s.kind, SourceKind::KeyValue | SourceKind::KeyValueFile))
        .collect();

    // The flags' files are read first (`pkg/cmd/template/data_values_flags.go`). A step may
    // name the text its type errors quote (a key-value argument's own line).
    let mut steps: Vec<(&Document, Mode, Option<&Source<'_>>)> = Vec::new();
    let mut plain_steps = Vec::new();
    for source in &plain {
        for document in &source.documents.documents {
            if is_null(&document.value) {
                continue;
            }
            if has_templating(document) {
                return Err(multiline::multi_line(&format!(
                    "Extracting data value from file: Checking data values file '{}': Expected \
                     to be plain YAML, having no annotations (hint: remove comments starting \
                     with `#@`)",
                    source.name
                )));
            }
            plain_steps.push((document, Mode::Plain, None));
        }
    }

    let mut names: Vec<&str> = overlays.iter().map(|s| s.name).collect();
    if !plain_steps.is_empty() || !key_values.is_empty() {
        names.push("additional data values");
    }
    let header = format!(
        "Overlaying data values (in following order: {}): ",
        names.join(", ")
    );
    let fail = |message: String| multiline::multi_line(&format!("{header}{message}"));

    for source in &overlays {
        for document in &source.documents.documents {
            if is_data_values(document) {
                steps.push((document, Mode::Annotated, None));
            } else if !is_null(&document.value) {
                return Err(fail(format!(
                    "Templating file '{0}': Expected data values file '{0}' to only have data \
                     values documents",
                    source.name
                )));
            }
        }
    }
    steps.extend(plain_steps);
    for source in &key_values {
        for document in &source.documents.documents {
            steps.push((document, Mode::Annotated, Some(*source)));
        }
    }

    let mut values: Option<Document> = schema.map(|s| defaults(s.schema));
    if let (Some(values), Some(schema)) = (values.as_mut(), schema) {
        type_and_check(values, schema.schema, &texts).map_err(&fail)?;
    }
    for (document, mode, quoted) in steps {
        if let Some(source) = quoted {
            // ytt's position of a key-value argument carries the whole argument (a file's
            // text), line breaks included, as its line 1.
            texts.set_whole(source.name, source.text);
            if source.kind == SourceKind::KeyValue {
                // A YAML value's nodes are at lines of the unnamed file, its text the value.
                let value = source.text.split_once('=').map_or("", |(_, v)| v);
                texts.set("", value);
            }
        }
        match values.as_mut() {
            None => values = Some(document.clone()),
            Some(values) => overlay::apply_document(values, document, mode).map_err(&fail)?,
        }
        if let (Some(values), Some(schema)) = (values.as_mut(), schema) {
            type_and_check(values, schema.schema, &texts).map_err(&fail)?;
        }
    }
    let document = values.unwrap_or_else(empty_document);
    let assertions = assertions::surviving(&document)?;
    Ok(DataValues {
        document,
        assertions,
    })
}

/// Types `values` (filling defaults) and checks them; ytt's report if anything is wrong.
fn type_and_check(values: &mut Document, schema: &Schema, texts: &Texts) -> Result<(), String> {
    let violations = typecheck::assign(values, &schema.root)?;
    let violations = if violations.is_empty() {
        typecheck::check(values, &schema.root)?
    } else {
        violations
    };
    if violations.is_empty() {
        return Ok(());
    }
    Err(report::render(
        "One or more data values were invalid",
        &violations,
        texts,
    ))
}

/// The schema's defaults as a document at the schema's position (its comments, which are the
/// schema's own annotations, left out: ytt builds the defaults afresh).
fn defaults(schema: &Schema) -> Document {
    Document {
        pos: schema.pos.clone(),
        comments: Vec::new(),
        value: schema.root.default.clone(),
    }
}

/// The data values when there are none: an empty document.
fn empty_document() -> Document {
    Document {
        pos: Pos {
            file: "".into(),
            line: 0,
        },
        comments: Vec::new(),
        value: Node::Scalar(Scalar::Null),
    }
}

fn is_null(node: &Node) -> bool {
    matches!(node, Node::Scalar(Scalar::Null))
}

/// Whether a `-f` document is annotated `@data/values`.
fn is_data_values(document: &Document) -> bool {
    annotations(&document.comments)
        .iter()
        .any(|a| a.name == "data/values")
}

/// Whether a document has a `#@` comment anywhere (ytt `yamltemplate.HasTemplating`).
fn has_templating(document: &Document) -> bool {
    fn templated(comments: &[Comment]) -> bool {
        comments.iter().any(|c| c.text.starts_with('@'))
    }
    // An explicit stack: the document may be deep.
    let mut stack = vec![&document.value];
    if templated(&document.comments) {
        return true;
    }
    while let Some(node) = stack.pop() {
        match node {
            Node::Map(items) => {
                for item in items {
                    if templated(&item.comments) {
                        return true;
                    }
                    stack.push(&item.value);
                }
            }
            Node::Array(items) => {
                for item in items {
                    if templated(&item.comments) {
                        return true;
                    }
                    stack.push(&item.value);
                }
            }
            Node::Scalar(_) => {}
        }
    }
    false
}
