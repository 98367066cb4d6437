//! A JSON value as YAML text, printed by the go-yaml printer ([`super::print`], the one ytt's
//! data values use): block style, 2-space indentation, keys in the value's order, strings
//! quoted only when they would read back as something else. Kyverno test migrations and
//! ValidatingAdmissionPolicies are written with it.

use std::sync::Arc;

use serde_json::Value;

use super::build::MAX_DEPTH;
use super::{ArrayItem, MapItem, Node, Pos, Scalar, print};

/// `doc` as one YAML document (no `---`), ending with a line feed. Join the documents of a
/// multi-document file with `---\n`.
///
/// # Errors
/// `doc` nests deeper than 256 levels, or holds an integer beyond `i64` (the printer's
/// integers): the JSON Pointer of the value.
pub fn to_yaml(doc: &Value) -> Result<String, String> {
    let pos = Pos {
        file: Arc::from(""),
        line: 0,
    };
    let mut at = String::new();
    node(doc, &pos, MAX_DEPTH, &mut at).map(|n| print(&n))
}

/// `value` (at the JSON Pointer `at`) as a printer node, within `depth` more levels.
fn node(value: &Value, pos: &Pos, depth: usize, at: &mut String) -> Result<Node, String> {
    let Some(depth) = depth.checked_sub(1) else {
        return Err(format!("{at}: nests deeper than {MAX_DEPTH} levels"));
    };
    let within = |token: &str, v: &Value, at: &mut String| {
        let len = at.len();
        at.push('/');
        at.push_str(&token.replace('~', "~0").replace('/', "~1"));
        let n = node(v, pos, depth, at);
        at.truncate(len);
        n
    };
    Ok(match value {
        Value::Null => Node::Scalar(Scalar::Null),
        Value::Bool(b) => Node::Scalar(Scalar::Bool(*b)),
        Value::Number(n) => Node::Scalar(match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => Scalar::Int(i),
            (None, Some(f)) if !n.is_u64() => Scalar::Float(f),
            _ => return Err(format!("{at}: the integer {n} is beyond 64-bit signed")),
        }),
        Value::String(s) => Node::Scalar(Scalar::String(s.clone())),
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, v) in items.iter().enumerate() {
                out.push(ArrayItem {
                    pos: pos.clone(),
                    value: within(&i.to_string(), v, at)?,
                    comments: Vec::new(),
                });
            }
            Node::Array(out)
        }
        Value::Object(map) => {
            let mut out = Vec::with_capacity(map.len());
            for (k, v) in map {
                out.push(MapItem {
                    pos: pos.clone(),
                    key: Scalar::String(k.clone()),
                    value: within(k, v, at)?,
                    comments: Vec::new(),
                });
            }
            Node::Map(out)
        }
    })
}
