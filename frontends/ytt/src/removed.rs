//! `@schema/removed`, a seed extension (the data-values schema proposal: "If the user provides
//! a value, an error is returned, and evaluation stops"; ytt never shipped it, and 0.48 ignores
//! the annotation). A removed key keeps its place in the schema, so that its default still
//! fills the final data values; a value the data values give for it (at the key, or anywhere
//! under it) stops the run before the validations, reported as ytt reports a validation.

use std::fmt::Write as _;

use super::data::{key_text, locate};
use super::run::{Violation, ViolationKind};
use super::schema::{Kind, Type};
use validgen_gotext::yaml::{Node, Pos};

/// The rule of the report (`- must be: …`).
const EXPECTED: &str = "absent: the key was removed from the schema (@schema/removed)";

/// The violations of the final data values `root` (the document at `root_pos`) for the schema
/// root type `ty`, read from the files `schema_files`: one per removed key whose value (or a
/// value under it) comes from another file than the schema's; in pre-order.
pub fn violations(ty: &Type, schema_files: &[&str], root: &Node, root_pos: &Pos) -> Vec<Violation> {
    let mut found = Vec::new();
    walk(ty, root, schema_files, "", &mut found);
    found
        .into_iter()
        .filter_map(|Given { pointer, by, from }| {
            let at = locate(root, root_pos, &pointer)?;
            Some(Violation {
                kind: ViolationKind::Validation,
                path: at.path,
                pos: from,
                expected: EXPECTED.to_owned(),
                found: "a value from the data values".to_owned(),
                by: by.to_string(),
                notes: Vec::new(),
            })
        })
        .collect()
}

/// ytt's validation report of `violations` (the text after `ytt: Error: `).
pub fn report(violations: &[Violation]) -> String {
    let mut text = String::from("Validating final data values:\n");
    for v in violations {
        let _ = writeln!(
            text,
            "  {}\n    from: {}\n    - must be: {} (by: {})\n      found: {}\n",
            v.path, v.pos, v.expected, v.by, v.found
        );
    }
    text.push('\n');
    text
}

/// A removed key the data values give.
struct Given {
    /// Its JSON Pointer in the final data values.
    pointer: String,
    /// The schema node that declared it.
    by: Pos,
    /// Where the data values give it (the first value under it from another file).
    from: Pos,
}

/// Collects each removed key under `node` that the data values give.
fn walk(ty: &Type, node: &Node, schema_files: &[&str], at: &str, out: &mut Vec<Given>) {
    match (&ty.kind, node) {
        (Kind::Map(properties), Node::Map(items)) => {
            for item in items {
                let Some(p) = properties.iter().find(|p| p.key == item.key) else {
                    continue;
                };
                let key = key_text(&item.key).replace('~', "~0").replace('/', "~1");
                let pointer = format!("{at}/{key}");
                if p.ty.removed {
                    let from = if schema_files.contains(&&*item.pos.file) {
                        given(&item.value, schema_files)
                    } else {
                        Some(item.pos.clone())
                    };
                    if let Some(from) = from {
                        out.push(Given {
                            pointer,
                            by: p.ty.pos.clone(),
                            from,
                        });
                    }
                } else {
                    walk(&p.ty, &item.value, schema_files, &pointer, out);
                }
            }
        }
        (Kind::Array(item_type), Node::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                walk(
                    item_type,
                    &item.value,
                    schema_files,
                    &format!("{at}/{i}"),
                    out,
                );
            }
        }
        _ => {}
    }
}

/// Where the first node under `node` written by another file than the schema's is (a merged
/// map keeps its first position, so a key set under it shows only on its own item).
fn given(node: &Node, schema_files: &[&str]) -> Option<Pos> {
    let items: Vec<(&Pos, &Node)> = match node {
        Node::Map(items) => items.iter().map(|i| (&i.pos, &i.value)).collect(),
        Node::Array(items) => items.iter().map(|i| (&i.pos, &i.value)).collect(),
        Node::Scalar(_) => return None,
    };
    items.into_iter().find_map(|(pos, value)| {
        if schema_files.contains(&&*pos.file) {
            given(value, schema_files)
        } else {
            Some(pos.clone())
        }
    })
}
