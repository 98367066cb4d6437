//! The annotations of one schema node, their evaluated arguments, and Starlark values turned
//! into YAML values (as ytt's `yamlmeta.NewASTFromInterfaceWithPosition` does for
//! `@schema/default` and `@schema/examples`).

use crate::annotations::{Annotation, annotations};
use crate::starlark::{Arguments, ArgumentsError, Value, evaluate_arguments};
use validgen_gotext::yaml::{ArrayItem, Comment, MapItem, Node, Pos, Scalar};

/// The `#@` annotations of one node. When a name appears twice, the one nearest the node
/// (the last) counts, as ytt keeps one annotation per name.
pub(crate) struct NodeAnnotations(Vec<Annotation>);

impl NodeAnnotations {
    pub(crate) fn of(comments: &[Comment]) -> Self {
        NodeAnnotations(annotations(comments))
    }

    /// The annotation named `name` (`schema/nullable`), if any.
    pub(crate) fn get(&self, name: &str) -> Option<&Annotation> {
        self.0.iter().rev().find(|a| a.name == name)
    }
}

/// The evaluated arguments of `annotation`.
pub(crate) fn arguments(annotation: &Annotation) -> Result<Arguments, ArgumentsError> {
    evaluate_arguments(&annotation.args)
}

/// A Starlark value's Go type as `%T` prints it under ytt (`starlark.String`), for ytt's
/// `@schema/type` error.
pub(crate) fn go_type(value: &Value) -> &'static str {
    match value {
        Value::None => "starlark.NoneType",
        Value::Bool(_) => "starlark.Bool",
        Value::Int(_) => "starlark.Int",
        Value::Float(_) => "starlark.Float",
        Value::String(_) => "starlark.String",
        Value::List(_) => "*starlark.List",
        Value::Tuple(_) => "starlark.Tuple",
        Value::Dict(_) => "*starlark.Dict",
        Value::Function(_) => "*starlark.Function",
    }
}

/// `value` as a YAML value whose items all sit at `pos`; `None` for a function (ytt cannot
/// convert one either), or past `depth` levels.
pub(crate) fn to_node(value: &Value, pos: &Pos, depth: usize) -> Option<Node> {
    let depth = depth.checked_sub(1)?;
    Some(match value {
        Value::List(items) | Value::Tuple(items) => Node::Array(
            items
                .iter()
                .map(|v| {
                    Some(ArrayItem {
                        pos: pos.clone(),
                        value: to_node(v, pos, depth)?,
                        comments: Vec::new(),
                    })
                })
                .collect::<Option<_>>()?,
        ),
        Value::Dict(entries) => Node::Map(
            entries
                .iter()
                .map(|(k, v)| {
                    let Node::Scalar(key) = to_node(k, pos, depth)? else {
                        return None;
                    };
                    Some(MapItem {
                        pos: pos.clone(),
                        key,
                        value: to_node(v, pos, depth)?,
                        comments: Vec::new(),
                    })
                })
                .collect::<Option<_>>()?,
        ),
        Value::None => Node::Scalar(Scalar::Null),
        Value::Bool(b) => Node::Scalar(Scalar::Bool(*b)),
        Value::Int(i) => Node::Scalar(Scalar::Int(*i)),
        Value::Float(f) => Node::Scalar(Scalar::Float(*f)),
        Value::String(s) => Node::Scalar(Scalar::String(s.clone())),
        Value::Function(_) => return None,
    })
}
