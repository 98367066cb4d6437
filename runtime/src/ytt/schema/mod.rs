//! Data-values schemas (`#@data/values-schema` documents) as ytt 0.48 `pkg/schema` types them:
//! each node's type inferred from its value or declared by `@schema/type`, `@schema/nullable`,
//! its default (`@schema/default`) and its documentation; several schema documents overlaid
//! into one.

mod args;
mod build;
mod check;
mod model;
mod overlay;
mod report;

pub use check::{assign, check, check_value, kind_name, node_type_name, scalar_type_name};
pub use model::{Docs, Kind, Property, Schema, Type};
pub use report::{Failure, Problem, Report};

use build::{At, MAX_DEPTH, Place, node_type};

use super::annotations::{Annotation, annotations};
use super::starlark::{ArgumentsError, evaluate_arguments};
use super::yaml::{Document, DocumentSet, Node, Scalar};

/// Why a schema file does not give a schema.
#[derive(Debug, Clone, PartialEq)]
pub enum BuildError {
    /// An annotation's arguments are not Starlark ytt evaluates (the first in file order:
    /// ytt evaluates the whole file before it reads any schema). ytt prints `ytt: Error:
    /// Overlaying data values schema (in following order: schema.yml):`, then `  Templating
    /// file 'schema.yml': `, `- <error>` and `    schema.yml:5 | <the annotation's line>`.
    Arguments {
        /// The annotation.
        annotation: Box<Annotation>,
        /// Starlark's error.
        error: Box<ArgumentsError>,
    },
    /// ytt's schema report (`Invalid schema - null value not allowed here` with its
    /// excerpts). The text starts with a line break and ends with two, exactly as ytt's
    /// error: ytt's stderr is `ytt: Error: Overlaying data values schema (in following
    /// order: schema.yml): ` (with the trailing space), this text, and one line break.
    Report(String),
    /// Another error, as ytt's one-line Go error text (`Invalid @schema/validation
    /// annotation - ...`, `Document on line schema.yml:5: Map item (key 'b') on line
    /// schema.yml:7: Expected number of matched nodes to be 1, but was 0`). ytt prints
    /// `ytt: Error: Overlaying data values schema (in following order: schema.yml): ` + this
    /// text through go-cli-ui's `MultiLineError`, which breaks the line after each `: ` and
    /// indents each part two more spaces (`...schema.yml):\n  Document on line
    /// schema.yml:5:\n    Map item (key 'b') on line schema.yml:7:\n      Expected ...\n`).
    Message(String),
}

/// The schema of a schema file: its `#@data/values-schema` documents typed one by one, then
/// overlaid in order and typed again (as ytt 0.48 `DataValuesSchemaPreProcessing`). `set` is
/// the file read by [`super::yaml::parse`]; `source` its text, for the excerpts of errors.
///
/// # Errors
/// The first error in ytt's order: an annotation's Starlark, a non-schema document
/// (`Templating file 'schema.yml': Expected schema file 'schema.yml' to only have schema
/// documents`), a file without schema documents, then each document's schema errors and
/// invalid `@schema/validation` annotations (see [`BuildError`]), then the overlay's.
pub fn build(set: &DocumentSet, source: &str) -> Result<Schema, BuildError> {
    for document in &set.documents {
        evaluate_all(&document.comments, &document.value, MAX_DEPTH)?;
    }
    let mut schemas = Vec::new();
    for document in &set.documents {
        let is_schema = annotations(&document.comments)
            .iter()
            .any(|a| a.name == "data/values-schema");
        if is_schema {
            schemas.push(document);
        } else if document.value != Node::Scalar(Scalar::Null) {
            let file = &document.pos.file;
            return Err(BuildError::Message(format!(
                "Templating file '{file}': Expected schema file '{file}' to only have schema documents"
            )));
        }
    }
    let render = |problem: Problem| match problem {
        Problem::Report(r) => BuildError::Report(r.render(&|pos| {
            source
                .split('\n')
                .nth(pos.line.saturating_sub(1))
                .unwrap_or("")
                .to_owned()
        })),
        Problem::Text(t) => BuildError::Message(t),
    };
    let mut built = None;
    for document in &schemas {
        built = Some(document_schema(document).map_err(render)?);
    }
    let (Some(first), Some(built)) = (schemas.first(), built) else {
        return Err(BuildError::Message(
            "no #@data/values-schema document".to_owned(),
        ));
    };
    if schemas.len() == 1 {
        return Ok(built);
    }
    let mut merged = (*first).clone();
    for document in &schemas[1..] {
        overlay::merge(&mut merged, document).map_err(BuildError::Message)?;
    }
    document_schema(&merged).map_err(render)
}

fn document_schema(document: &Document) -> Result<Schema, Problem> {
    let at = At {
        place: Place::Document,
        pos: &document.pos,
        comments: &document.comments,
        value: &document.value,
    };
    Ok(Schema {
        pos: document.pos.clone(),
        root: node_type(&at, MAX_DEPTH)?,
    })
}

/// Evaluates every annotation's arguments in file order (a node's, then its children's).
fn evaluate_all(
    comments: &[super::yaml::Comment],
    value: &Node,
    depth: usize,
) -> Result<(), BuildError> {
    for annotation in annotations(comments) {
        // `#@ code` (no name) is not an argument list.
        if annotation.name.is_empty() {
            continue;
        }
        if let Err(error) = evaluate_arguments(&annotation.args) {
            return Err(BuildError::Arguments {
                annotation: Box::new(annotation),
                error: Box::new(error),
            });
        }
    }
    let Some(depth) = depth.checked_sub(1) else {
        return Err(BuildError::Message(format!(
            "schema nested deeper than {MAX_DEPTH} levels"
        )));
    };
    match value {
        Node::Map(items) => items
            .iter()
            .try_for_each(|i| evaluate_all(&i.comments, &i.value, depth)),
        Node::Array(items) => items
            .iter()
            .try_for_each(|i| evaluate_all(&i.comments, &i.value, depth)),
        Node::Scalar(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests;
