//! Data-values schemas (`#@data/values-schema` documents) as ytt 0.48 `pkg/schema` types them:
//! each node's type inferred from its value or declared by `@schema/type`, `@schema/nullable`,
//! its default (`@schema/default`) and its documentation; several schema documents overlaid
//! into one.

mod args;
mod build;
mod check;
mod model;
pub(crate) mod overlay;
mod report;

pub use check::{assign, check, check_value, kind_name, node_type_name, scalar_type_name};
pub use model::{Docs, Kind, Property, Schema, Type};
pub use report::{Failure, Problem, Report};

pub use build::MAX_FAULTS;
use build::{At, Collect, MAX_DEPTH, Place, node_type};

use super::annotations::{Annotation, annotations};
use super::starlark::{
    ArgumentsError, evaluate_arguments, evaluate_overlay_arguments, standard_load,
};
use validgen_gotext::yaml::{Document, DocumentSet, Node, Pos, Scalar};

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
    /// A schema overlay that validgen does not compute (a `via=` result that is a dict or a
    /// list, `@overlay/remove` of a whole document...): refused, located at its annotation.
    Unsupported {
        /// The annotation.
        pos: Pos,
        /// What it is.
        construct: String,
    },
}

impl From<overlay::OverlayError> for BuildError {
    fn from(e: overlay::OverlayError) -> Self {
        match e {
            overlay::OverlayError::Ytt(text) => BuildError::Message(text),
            overlay::OverlayError::Unsupported(pos, construct) => {
                BuildError::Unsupported { pos, construct }
            }
        }
    }
}

/// The schema of a schema file: its `#@data/values-schema` documents typed one by one, then
/// overlaid in order and typed again (as ytt 0.48 `DataValuesSchemaPreProcessing`). `set` is
/// the file read by [`validgen_gotext::yaml::parse`]; `source` its text, for the excerpts of errors.
///
/// # Errors
/// The first error in ytt's order: an annotation's Starlark, a non-schema document
/// (`Templating file 'schema.yml': Expected schema file 'schema.yml' to only have schema
/// documents`), a file without schema documents, then each document's schema errors and
/// invalid `@schema/validation` annotations (see [`BuildError`]), then the overlay's.
pub fn build(set: &DocumentSet, source: &str) -> Result<Schema, BuildError> {
    build_with(set, source, false)
}

/// [`build`], validations accepting the seed extensions when `seed_extensions` (see
/// [`crate::validation::validation_with`]).
///
/// # Errors
/// As [`build`].
pub fn build_with(
    set: &DocumentSet,
    source: &str,
    seed_extensions: bool,
) -> Result<Schema, BuildError> {
    build_files(&[(set, source)], seed_extensions)
}

/// The schema of several schema files (each file read by [`validgen_gotext::yaml::parse`],
/// with its text), in ytt's order: as ytt 0.48 `DataValuesSchemaPreProcessing`, each file is
/// evaluated and its documents typed in turn, then every `#@data/values-schema` document is
/// overlaid on the ones before it, and the result typed again.
///
/// # Errors
/// As [`build`], the first error of the first file that has one, then the overlay's.
pub fn build_files(
    files: &[(&DocumentSet, &str)],
    seed_extensions: bool,
) -> Result<Schema, BuildError> {
    let collect = || Collect {
        seed_extensions,
        ..Collect::default()
    };
    let texts: Vec<(&str, Vec<&str>)> = files
        .iter()
        .map(|(set, source)| (file_name(set), source.split('\n').collect()))
        .collect();
    let render = |problem| render(problem, &texts);
    let mut all = Vec::new();
    let mut built = None;
    for (set, _) in files {
        let module = overlay_module(set);
        for document in &set.documents {
            evaluate_all(&document.comments, &document.value, MAX_DEPTH, module, None)?;
        }
        let (schemas, others) = schema_documents(set);
        if let Some(other) = others.into_iter().next() {
            return Err(other.error);
        }
        for document in schemas {
            built = Some(document_schema(document, &mut collect()).map_err(render)?);
            all.push(document);
        }
    }
    let (Some(first), Some(built)) = (all.first(), built) else {
        return Err(no_schema());
    };
    if all.len() == 1 {
        return Ok(built);
    }
    let mut merged = (*first).clone();
    for document in &all[1..] {
        overlay::merge(&mut merged, document)?;
    }
    document_schema(&merged, &mut collect()).map_err(render)
}

/// The name of the file `set` was read from (its documents' positions name it).
fn file_name(set: &DocumentSet) -> &str {
    set.documents.first().map_or("", |d| &*d.pos.file)
}

/// One error of a schema file, located, in a report of all of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    /// Where: the annotation at fault, else the node (the document for a file-wide error).
    pub pos: Pos,
    /// The error, as [`build`] returns it when it is the first.
    pub error: BuildError,
}

/// Every error of a schema file where [`build`] stops at the first (for `validgen check`): each
/// annotation whose Starlark does not evaluate, each document that is not a schema, each
/// node's errors in walk order (a node that does not type is taken as `any`, a default that
/// does not check as the implied one, a malformed validation as none, and the walk goes on),
/// then the overlay of several schema documents (when they typed). One fault per line: a
/// later error on a line already reported (the same annotation seen again while typing) is
/// left out. At most [`MAX_FAULTS`] are kept (a document's walk stops at its next error once
/// it has kept that many). Empty when [`build`] succeeds. With `seed_extensions`, the
/// validations accept the seed extensions (as [`build_with`]).
pub fn build_all(set: &DocumentSet, source: &str, seed_extensions: bool) -> Vec<Fault> {
    let texts = [(file_name(set), source.split('\n').collect::<Vec<&str>>())];
    let mut faults = Vec::new();
    let module = overlay_module(set);
    for document in &set.documents {
        let mut found = Vec::new();
        if let Err(e) = evaluate_all(
            &document.comments,
            &document.value,
            MAX_DEPTH,
            module,
            Some(&mut found),
        ) {
            found.push((document.pos.clone(), e));
        }
        faults.extend(found.into_iter().map(|(pos, error)| Fault { pos, error }));
    }
    let (schemas, others) = schema_documents(set);
    faults.extend(others);
    let mut typed = true;
    for document in &schemas {
        let mut c = Collect {
            on: true,
            seed_extensions,
            ..Collect::default()
        };
        if let Err(problem) = document_schema(document, &mut c) {
            c.faults.push((document.pos.clone(), problem));
        }
        typed &= c.faults.is_empty();
        faults.extend(c.faults.into_iter().map(|(pos, problem)| Fault {
            pos: located(&pos, &problem),
            error: render(problem, &texts),
        }));
    }
    match schemas.split_first() {
        None => {
            if let Some(document) = set.documents.first() {
                faults.push(Fault {
                    pos: Pos {
                        file: document.pos.file.clone(),
                        line: 0,
                    },
                    error: no_schema(),
                });
            }
        }
        Some((first, rest)) if typed && !rest.is_empty() => {
            let mut merged = (*first).clone();
            for document in rest {
                if let Err(e) = overlay::merge(&mut merged, document) {
                    faults.push(Fault {
                        pos: document.pos.clone(),
                        error: e.into(),
                    });
                    break;
                }
            }
        }
        Some(_) => {}
    }
    let mut seen = std::collections::HashSet::new();
    faults.retain(|f| seen.insert((f.pos.file.clone(), f.pos.line)));
    faults.truncate(MAX_FAULTS);
    faults
}

fn is_schema(document: &Document) -> bool {
    annotations(&document.comments)
        .iter()
        .any(|a| a.name == "data/values-schema")
}

/// The `#@data/values-schema` documents of `set`, and an error for each other non-empty
/// document.
fn schema_documents(set: &DocumentSet) -> (Vec<&Document>, Vec<Fault>) {
    let mut schemas = Vec::new();
    let mut others = Vec::new();
    for document in &set.documents {
        if is_schema(document) {
            schemas.push(document);
        } else if document.value != Node::Scalar(Scalar::Null) {
            let file = &document.pos.file;
            others.push(Fault {
                pos: document.pos.clone(),
                error: BuildError::Message(format!(
                    "Templating file '{file}': Expected schema file '{file}' to only have schema documents"
                )),
            });
        }
    }
    (schemas, others)
}

fn no_schema() -> BuildError {
    BuildError::Message("no #@data/values-schema document".to_owned())
}

/// A problem as a [`BuildError`], its report's excerpts quoting the lines of `texts` (each
/// file's name and lines).
fn render(problem: Problem, texts: &[(&str, Vec<&str>)]) -> BuildError {
    match problem {
        Problem::Report(r) => BuildError::Report(r.render(&|pos| {
            texts
                .iter()
                .find(|(name, _)| *name == &*pos.file)
                .and_then(|(_, lines)| lines.get(pos.line.saturating_sub(1)))
                .copied()
                .unwrap_or("")
                .to_owned()
        })),
        Problem::Text(t) => BuildError::Message(t),
    }
}

/// Where a problem is: its report's first annotation or node (a wrapped report's own), else
/// `pos`.
fn located(pos: &Pos, problem: &Problem) -> Pos {
    let Problem::Report(report) = problem else {
        return pos.clone();
    };
    match report.failures.first() {
        Some(f) => f.annotations.first().unwrap_or(&f.position).clone(),
        None => report
            .misc
            .first()
            .map_or_else(|| pos.clone(), |inner| located(pos, inner)),
    }
}

fn document_schema(document: &Document, c: &mut Collect) -> Result<Schema, Problem> {
    let at = At {
        place: Place::Document,
        pos: &document.pos,
        comments: &document.comments,
        value: &document.value,
    };
    Ok(Schema {
        pos: document.pos.clone(),
        root: node_type(&at, MAX_DEPTH, c)?,
        seed_extensions: c.seed_extensions,
    })
}

/// `overlay` when the file `set` loads `@ytt:overlay` under that name (`#@ load("@ytt:overlay",
/// "overlay")`), which its `@overlay/...` annotations may then use.
fn overlay_module(set: &DocumentSet) -> Option<&'static str> {
    crate::annotations::all(set)
        .iter()
        .filter(|a| a.name.is_empty())
        .find_map(|a| standard_load(&a.args).filter(|m| *m == "overlay"))
}

/// Evaluates the arguments of every `@overlay/...` annotation of the data-values file `set`
/// in file order, as ytt evaluates them when it templates the file: `overlay` is known only
/// where the file loads `@ytt:overlay` under that name.
///
/// # Errors
/// The first annotation whose arguments do not evaluate ([`BuildError::Arguments`]).
pub(crate) fn overlay_arguments(set: &DocumentSet) -> Result<(), BuildError> {
    let module = overlay_module(set);
    for annotation in crate::annotations::all(set) {
        if !annotation.name.starts_with("overlay/") {
            continue;
        }
        if let Err(error) = evaluate_overlay_arguments(&annotation.args, module) {
            return Err(BuildError::Arguments {
                annotation: Box::new(annotation),
                error: Box::new(error),
            });
        }
    }
    Ok(())
}

/// Evaluates every annotation's arguments in file order (a node's, then its children's): the
/// first error stops, or (with `all`) each is kept there with its annotation's position.
/// `@overlay/...` annotations may use the `@ytt:overlay` module the file loads as `overlay`.
fn evaluate_all(
    comments: &[validgen_gotext::yaml::Comment],
    value: &Node,
    depth: usize,
    overlay: Option<&str>,
    mut all: Option<&mut Vec<(Pos, BuildError)>>,
) -> Result<(), BuildError> {
    for annotation in annotations(comments) {
        // `#@ code` (no name) is not an argument list.
        if annotation.name.is_empty() {
            continue;
        }
        let evaluated = if annotation.name.starts_with("overlay/") {
            evaluate_overlay_arguments(&annotation.args, overlay).map(|_| ())
        } else {
            evaluate_arguments(&annotation.args).map(|_| ())
        };
        if let Err(error) = evaluated {
            let pos = annotation.pos.clone();
            let error = BuildError::Arguments {
                annotation: Box::new(annotation),
                error: Box::new(error),
            };
            match all.as_deref_mut() {
                Some(found) => found.push((pos, error)),
                None => return Err(error),
            }
        }
    }
    let Some(depth) = depth.checked_sub(1) else {
        return Err(BuildError::Message(format!(
            "schema nested deeper than {MAX_DEPTH} levels"
        )));
    };
    match value {
        Node::Map(items) => items.iter().try_for_each(|i| {
            evaluate_all(&i.comments, &i.value, depth, overlay, all.as_deref_mut())
        }),
        Node::Array(items) => items.iter().try_for_each(|i| {
            evaluate_all(&i.comments, &i.value, depth, overlay, all.as_deref_mut())
        }),
        Node::Scalar(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests;
