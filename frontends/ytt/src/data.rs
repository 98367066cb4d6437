//! Data values as the rule core reads them: a ytt YAML value as JSON, and back from a JSON
//! Pointer to the node, its path as ytt prints it and its position.

use serde_json::{Map, Number, Value};

use validgen_gotext::yaml::{Node, Pos, Scalar, parse};

/// `node` as JSON. Keys become strings (`80` and `true` as written: ytt's int and bool keys
/// are rare, and a rule reading one by its string form finds it); a float that JSON cannot
/// hold (`.inf`, `.nan`) becomes its YAML text.
pub fn to_json(node: &Node) -> Value {
    match node {
        Node::Map(items) => {
            let mut map = Map::with_capacity(items.len());
            for item in items {
                map.entry(key_text(&item.key))
                    .or_insert_with(|| to_json(&item.value));
            }
            Value::Object(map)
        }
        Node::Array(items) => Value::Array(items.iter().map(|i| to_json(&i.value)).collect()),
        Node::Scalar(s) => scalar_json(s),
    }
}

fn scalar_json(s: &Scalar) -> Value {
    match s {
        Scalar::Null => Value::Null,
        Scalar::Bool(b) => Value::Bool(*b),
        Scalar::Int(i) => Value::Number((*i).into()),
        Scalar::Float(f) => {
            Number::from_f64(*f).map_or_else(|| Value::String(float_text(*f)), Value::Number)
        }
        Scalar::String(s) => Value::String(s.clone()),
    }
}

fn float_text(f: f64) -> String {
    if f.is_nan() {
        ".nan".to_owned()
    } else if f > 0.0 {
        ".inf".to_owned()
    } else {
        "-.inf".to_owned()
    }
}

/// A key as a JSON object key.
pub fn key_text(key: &Scalar) -> String {
    match key {
        Scalar::Null => "null".to_owned(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(f) => f.to_string(),
        Scalar::String(s) => s.clone(),
    }
}

/// A key as ytt prints it in a path: strings as they are, other scalars as Go's `%s` prints a
/// non-string (`%!s(int=80)`, `%!s(bool=true)`), as ytt 0.48 `pkg/validations` does.
fn key_path(key: &Scalar) -> String {
    match key {
        Scalar::String(s) => s.clone(),
        Scalar::Int(i) => format!("%!s(int={i})"),
        Scalar::Bool(b) => format!("%!s(bool={b})"),
        Scalar::Float(f) => format!("%!s(float64={f})"),
        Scalar::Null => "%!s(<nil>)".to_owned(),
    }
}

/// A node found by its JSON Pointer.
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    /// Its path as ytt prints it: keys joined with `.`, items as `[i]`, empty for the document.
    pub path: String,
    /// Where its value was written (its map item's or array item's position; the document's
    /// for the document).
    pub pos: Pos,
    /// Its position in a pre-order walk, as the indices taken at each level: sorting by it
    /// puts a node before its children and siblings in document order.
    pub order: Vec<usize>,
}

/// The node at `pointer` (RFC 6901) in the document value `root`, whose own position is
/// `root_pos`; `None` if there is none.
pub fn locate(root: &Node, root_pos: &Pos, pointer: &str) -> Option<Located> {
    let mut found = Located {
        path: String::new(),
        pos: root_pos.clone(),
        order: Vec::new(),
    };
    let mut node = root;
    if pointer.is_empty() {
        return Some(found);
    }
    for raw in pointer.strip_prefix('/')?.split('/') {
        let token = raw.replace("~1", "/").replace("~0", "~");
        match node {
            Node::Map(items) => {
                let (i, item) = items
                    .iter()
                    .enumerate()
                    .find(|(_, item)| key_text(&item.key) == token)?;
                if !found.path.is_empty() {
                    found.path.push('.');
                }
                found.path.push_str(&key_path(&item.key));
                found.pos = item.pos.clone();
                found.order.push(i);
                node = &item.value;
            }
            Node::Array(items) => {
                let i: usize = token.parse().ok()?;
                let item = items.get(i)?;
                found.path.push_str(&format!("[{i}]"));
                found.pos = item.pos.clone();
                found.order.push(i);
                node = &item.value;
            }
            Node::Scalar(_) => return None,
        }
    }
    Some(found)
}

/// The data values a Kubernetes `Secret` carries for kapp-controller (`stringData` key
/// `values.yaml` or `values.yml`, as Carvel packages' tests pass them), when `text` is such a
/// Secret; `None` for any other text.
pub fn secret_values(text: &str) -> Option<String> {
    let set = parse(text, "values.yml").ok()?;
    let get = |node: &'_ Node, key: &str| match node {
        Node::Map(items) => items
            .iter()
            .find(|i| i.key == Scalar::String(key.to_owned()))
            .map(|i| i.value.clone()),
        _ => None,
    };
    set.documents.iter().find_map(|document| {
        let kind = get(&document.value, "kind")?;
        if kind != Node::Scalar(Scalar::String("Secret".to_owned())) {
            return None;
        }
        let data = get(&document.value, "stringData")?;
        match get(&data, "values.yaml").or_else(|| get(&data, "values.yml"))? {
            Node::Scalar(Scalar::String(values)) => Some(values),
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use validgen_gotext::yaml::{ArrayItem, MapItem};

    fn pos(line: usize) -> Pos {
        Pos {
            file: Arc::from("values.yml"),
            line,
        }
    }

    fn item(key: Scalar, line: usize, value: Node) -> MapItem {
        MapItem {
            pos: pos(line),
            key,
            value,
            comments: Vec::new(),
        }
    }

    #[test]
    fn paths_positions_and_order() {
        let root = Node::Map(vec![
            item(Scalar::String("a".into()), 1, Node::Scalar(Scalar::Int(1))),
            item(
                Scalar::String("ports".into()),
                2,
                Node::Map(vec![item(
                    Scalar::Int(80),
                    3,
                    Node::Array(vec![ArrayItem {
                        pos: pos(4),
                        value: Node::Scalar(Scalar::Float(0.5)),
                        comments: Vec::new(),
                    }]),
                )]),
            ),
        ]);
        let json = to_json(&root);
        assert_eq!(json, serde_json::json!({"a": 1, "ports": {"80": [0.5]}}));
        let found = locate(&root, &pos(0), "/ports/80/0").expect("found");
        assert_eq!(found.path, "ports.%!s(int=80)[0]");
        assert_eq!(found.pos.line, 4);
        assert_eq!(found.order, [1, 0, 0]);
        assert_eq!(locate(&root, &pos(7), "").map(|l| l.pos.line), Some(7));
        assert_eq!(locate(&root, &pos(7), "/nope"), None);
    }
}
