//! The `#@` comments of a node: annotations (`#@schema/nullable`, `#@schema/validation min=1`)
//! and code (`#@ load(...)`, `#@ def ...`), as ytt's template compiler splits them.

use validgen_gotext::yaml::{Comment, DocumentSet, Node, Pos};

/// One `#@` comment.
#[derive(Debug, Clone, PartialEq)]
pub struct Annotation {
    /// The annotation's name (`schema/validation`); empty for code (`#@ load(...)`).
    pub name: String,
    /// The text after the name: the arguments (`min=1, max=2`), or the code.
    pub args: String,
    /// Where the comment is.
    pub pos: Pos,
}

/// The `#@` comments among `comments`, in order (`#!` and other comments are left out).
pub fn annotations(comments: &[Comment]) -> Vec<Annotation> {
    comments
        .iter()
        .filter_map(|c| {
            let text = c.text.strip_prefix('@')?;
            let end = text.find(char::is_whitespace).unwrap_or(text.len());
            Some(Annotation {
                name: text[..end].to_owned(),
                args: text[end..].trim().to_owned(),
                pos: c.pos.clone(),
            })
        })
        .collect()
}

/// Every `#@` comment of a document set, in the order of their lines.
pub fn all(set: &DocumentSet) -> Vec<Annotation> {
    let mut found = Vec::new();
    for document in &set.documents {
        found.extend(annotations(&document.comments));
        collect(&document.value, &mut found);
    }
    found.sort_by_key(|a| a.pos.line);
    found
}

/// Calls `f` on every comment of a document set (of its documents and of their nodes, at any
/// depth), in no particular order.
pub(crate) fn each_comment(set: &mut DocumentSet, f: &mut dyn FnMut(&mut Comment)) {
    for document in &mut set.documents {
        document.comments.iter_mut().for_each(&mut *f);
        // An explicit stack: a deeply nested document must not exhaust the call stack.
        let mut stack = vec![&mut document.value];
        while let Some(node) = stack.pop() {
            match node {
                Node::Map(items) => {
                    for item in items {
                        item.comments.iter_mut().for_each(&mut *f);
                        stack.push(&mut item.value);
                    }
                }
                Node::Array(items) => {
                    for item in items {
                        item.comments.iter_mut().for_each(&mut *f);
                        stack.push(&mut item.value);
                    }
                }
                Node::Scalar(_) => {}
            }
        }
    }
}

fn collect(node: &Node, found: &mut Vec<Annotation>) {
    // An explicit stack: a deeply nested document must not exhaust the call stack.
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        match node {
            Node::Map(items) => {
                for item in items {
                    found.extend(annotations(&item.comments));
                    stack.push(&item.value);
                }
            }
            Node::Array(items) => {
                for item in items {
                    found.extend(annotations(&item.comments));
                    stack.push(&item.value);
                }
            }
            Node::Scalar(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn comment(text: &str, line: usize) -> Comment {
        Comment {
            text: text.to_owned(),
            pos: Pos {
                file: Arc::from("schema.yml"),
                line,
            },
        }
    }

    #[test]
    fn names_arguments_and_code() {
        let found = annotations(&[
            comment("@schema/validation min=1, max=2", 3),
            comment("! a note", 4),
            comment("@schema/nullable", 5),
            comment("@ load(\"x.star\", \"f\")", 6),
        ]);
        let got: Vec<(&str, &str, usize)> = found
            .iter()
            .map(|a| (a.name.as_str(), a.args.as_str(), a.pos.line))
            .collect();
        assert_eq!(
            got,
            [
                ("schema/validation", "min=1, max=2", 3),
                ("schema/nullable", "", 5),
                ("", "load(\"x.star\", \"f\")", 6),
            ]
        );
    }
}
