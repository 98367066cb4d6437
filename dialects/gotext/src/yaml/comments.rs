//! Attaching comments to documents, map items and array items, as ytt's `yamlmeta` parser does
//! (`pkg/yamlmeta/parser.go`, `assignComments`).
//!
//! Each document is read with the comments met while reading it (from its `---` to the next
//! `---`). A comment goes to the first node (in pre-order: the document, then each item before
//! its value) on the nearest line at or below it: on its own line, that line's first (outermost)
//! node; on the same line, that line's last (innermost) node. A comment with no node at or below
//! it in its document (a comment after a document's last node, e.g. an annotation above the next
//! `---`) goes to the next document; after the last document, ytt appends a document of its own
//! for them (value null, no position in ytt: here the first such comment's line).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::build::{Built, RawComment};
use super::{Comment, Document, Node, Pos};

/// The documents of a file with their comments attached.
pub(super) fn assemble(built: Built, file: &Arc<str>) -> Vec<Document> {
    let Built {
        documents,
        mut comments,
    } = built;
    comments.sort_by_key(|c| c.index);
    let mut comments = comments.into_iter().peekable();
    let starts: Vec<usize> = documents.iter().map(|d| d.start).collect();
    let mut carried: Vec<Comment> = Vec::new();
    let mut out = Vec::with_capacity(documents.len() + 1);
    for (k, raw) in documents.into_iter().enumerate() {
        let next_start = starts.get(k + 1).copied().unwrap_or(usize::MAX);
        let mut read: Vec<Comment> = Vec::new();
        while let Some(c) = comments.next_if(|c| c.index < next_start) {
            read.push(comment(c, file));
        }
        let mut document = Document {
            pos: Pos {
                file: Arc::clone(file),
                // ytt places the document it prepends `---` for at line 1.
                line: raw.line.unwrap_or(1),
            },
            comments: std::mem::take(&mut carried),
            value: raw.value,
        };
        carried = attach(&mut document, raw.line.is_some(), read);
        out.push(document);
    }
    if let Some(first) = carried.first() {
        out.push(Document {
            pos: first.pos.clone(),
            comments: carried,
            value: Node::Scalar(super::Scalar::Null),
        });
    }
    out
}

fn comment(raw: RawComment, file: &Arc<str>) -> Comment {
    Comment {
        text: raw.text,
        pos: Pos {
            file: Arc::clone(file),
            line: raw.line,
        },
    }
}

/// Attaches `comments` to `document` (to the document itself only if `has_line`: ytt's
/// prepended `---` has no position) and returns those with no owner.
fn attach(document: &mut Document, has_line: bool, comments: Vec<Comment>) -> Vec<Comment> {
    let mut lines = Vec::new();
    if has_line {
        lines.push(document.pos.line);
    }
    node_lines(&document.value, &mut lines);
    // For each line: its first and last node in pre-order.
    let mut by_line: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for (id, &line) in lines.iter().enumerate() {
        by_line.entry(line).or_insert((id, id)).1 = id;
    }
    let mut owned: Vec<Vec<Comment>> = vec![Vec::new(); lines.len()];
    let mut unowned = Vec::new();
    for c in comments {
        let owner = by_line
            .range(c.pos.line..)
            .next()
            .map(|(&line, &(first, last))| if line == c.pos.line { last } else { first });
        match owner.and_then(|id| owned.get_mut(id)) {
            Some(list) => list.push(c),
            None => unowned.push(c),
        }
    }
    let mut owned = owned.into_iter();
    if has_line {
        document.comments.extend(owned.next().into_iter().flatten());
    }
    distribute(&mut document.value, &mut owned);
    unowned
}

/// The lines of the items under `node`, in pre-order.
fn node_lines(node: &Node, lines: &mut Vec<usize>) {
    match node {
        Node::Map(items) => {
            for item in items {
                lines.push(item.pos.line);
                node_lines(&item.value, lines);
            }
        }
        Node::Array(items) => {
            for item in items {
                lines.push(item.pos.line);
                node_lines(&item.value, lines);
            }
        }
        Node::Scalar(_) => {}
    }
}

/// Hands the items under `node`, in the pre-order of [`node_lines`], their comments.
fn distribute(node: &mut Node, owned: &mut impl Iterator<Item = Vec<Comment>>) {
    match node {
        Node::Map(items) => {
            for item in items {
                item.comments.extend(owned.next().into_iter().flatten());
                distribute(&mut item.value, owned);
            }
        }
        Node::Array(items) => {
            for item in items {
                item.comments.extend(owned.next().into_iter().flatten());
                distribute(&mut item.value, owned);
            }
        }
        Node::Scalar(_) => {}
    }
}
