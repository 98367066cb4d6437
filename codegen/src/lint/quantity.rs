//! Quantity warnings: values of `resource.Quantity` fields in a template's VM object
//! (`objects[0]`) that KubeVirt rewrites in canonical form (`1.5Gi` → `1536Mi`) when it stores
//! a VM created from the template, so that the validator sees another text (SEMANTICS §10).

use std::fmt;

use serde::Deserialize;
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_saphyr::Spanned;
use validgen_kubevirt::typed::schema::{GoKind, Leaf, Schema, TypeId};
use validgen_quantity::Quantity;

use super::{Lint, Warning};
use crate::diag::Diagnostic;

/// A YAML node with the location of every child.
enum Node {
    Map(Vec<(String, Spanned<Node>)>),
    Seq(Vec<Spanned<Node>>),
    Scalar(Value),
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Node, E> {
        Ok(Node::Scalar(Value::Bool(v)))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Node, E> {
        Ok(Node::Scalar(Value::from(v)))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Node, E> {
        Ok(Node::Scalar(Value::from(v)))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Node, E> {
        Ok(Node::Scalar(Value::from(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Node, E> {
        Ok(Node::Scalar(Value::String(v.to_owned())))
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Scalar(Value::Null))
    }

    fn visit_none<E>(self) -> Result<Node, E> {
        Ok(Node::Scalar(Value::Null))
    }

    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        Node::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Spanned<Node>>()? {
            items.push(item);
        }
        Ok(Node::Seq(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<Value>()? {
            let value = map.next_value::<Spanned<Node>>()?;
            // Keys that are not strings (`1: x`) cannot name a field.
            if let Value::String(k) = key {
                entries.push((k, value));
            }
        }
        Ok(Node::Map(entries))
    }
}

#[derive(Deserialize)]
struct Doc {
    kind: Option<String>,
    objects: Option<Vec<Spanned<Node>>>,
}

/// Warnings for the non-canonical quantities of every Template's `objects[0]` in a file's
/// text; `shown` names the file. A file that does not parse has none (reading it is an error of
/// [`crate::compile_dir`]).
pub(super) fn lint_file(text: &str, shown: &str) -> Vec<Warning> {
    let Ok(docs) = serde_saphyr::from_multiple::<Doc>(text) else {
        return Vec::new();
    };
    let schema = Schema::kubevirt();
    let mut out = Vec::new();
    for doc in docs {
        if doc.kind.as_deref() != Some("Template") {
            continue;
        }
        if let Some(vm) = doc.objects.as_ref().and_then(|o| o.first()) {
            let mut at = Walk {
                schema,
                shown,
                path: vec!["objects[0]".to_owned()],
                out: &mut out,
            };
            at.node(schema.root(), vm);
        }
    }
    out
}

struct Walk<'a> {
    schema: &'static Schema,
    shown: &'a str,
    /// Where the walk is, for messages (`objects[0].spec.template…`).
    path: Vec<String>,
    out: &'a mut Vec<Warning>,
}

impl Walk<'_> {
    fn node(&mut self, mut ty: TypeId, node: &Spanned<Node>) {
        while self.schema.get(ty).kind == GoKind::Ptr {
            match self.schema.get(ty).elem {
                Some(e) => ty = e,
                None => return,
            }
        }
        let t = self.schema.get(ty);
        match (&node.value, t.kind) {
            (Node::Scalar(v), GoKind::Struct) if t.leaf == Some(Leaf::Quantity) => {
                self.quantity(v, node);
            }
            (Node::Map(entries), GoKind::Struct) if t.leaf.is_none() => {
                for (key, child) in entries {
                    let field = self
                        .schema
                        .field_chain(ty, key)
                        .and_then(|chain| chain.last().map(|f| f.ty));
                    if let Some(fty) = field {
                        self.path.push(format!(".{key}"));
                        self.node(fty, child);
                        self.path.pop();
                    }
                }
            }
            (Node::Map(entries), GoKind::Map) => {
                if let Some(e) = t.elem {
                    for (key, child) in entries {
                        self.path.push(format!("[{key}]"));
                        self.node(e, child);
                        self.path.pop();
                    }
                }
            }
            (Node::Seq(items), GoKind::Slice) => {
                if let Some(e) = t.elem {
                    for (i, child) in items.iter().enumerate() {
                        self.path.push(format!("[{i}]"));
                        self.node(e, child);
                        self.path.pop();
                    }
                }
            }
            _ => {}
        }
    }

    fn quantity(&mut self, v: &Value, node: &Spanned<Node>) {
        let written = match v {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            _ => return,
        };
        // Template parameters (`${MEMORY}`) and invalid values are not quantities yet.
        let Ok(Some(q)) = Quantity::from_json(v) else {
            return;
        };
        let canonical = q.canonical();
        if canonical == written {
            return;
        }
        let field = self.path.concat();
        let mut message = format!(
            "quantity `{written}` at `{field}` is not canonical: KubeVirt stores it as `{canonical}`, so in the cluster the validator sees `{canonical}`, while VMs judged as written (`validate --raw`, `review`, `serve`) keep `{written}`"
        );
        let canonical_int = Quantity::parse(&canonical).ok().and_then(|c| c.as_i64());
        if q.as_i64().is_none() && canonical_int.is_some() {
            message.push_str(&format!(
                "; an `integer` rule cannot read `{written}` (the reference fails it with `mismatching type`)"
            ));
        }
        message.push_str(&format!("; write `{canonical}`"));
        let loc = &node.referenced;
        self.out.push(Warning {
            lint: Lint::NonCanonicalQuantity,
            diagnostic: Diagnostic::at(
                self.shown,
                loc.line() as usize,
                loc.column() as usize,
                None,
                message,
            ),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::lint_file;

    const TEMPLATE: &str = "\
kind: Template
metadata:
  name: t
objects:
- kind: VirtualMachine
  spec:
    template:
      spec:
        domain:
          memory:
            guest: 1.5Gi
          resources:
            requests:
              memory: ${MEMORY}
              cpu: 1536Mi
        unknown:
          guest: 1.5Gi
- kind: VirtualMachine
  spec:
    template:
      spec:
        domain:
          memory:
            guest: 1.5Gi
";

    #[test]
    fn non_canonical_quantities_of_the_first_object() {
        let w = lint_file(TEMPLATE, "t.yaml");
        let found: Vec<(usize, usize, &str)> = w
            .iter()
            .map(|w| {
                (
                    w.diagnostic.line,
                    w.diagnostic.column,
                    w.diagnostic.message.as_str(),
                )
            })
            .collect();
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!((found[0].0, found[0].1), (11, 20));
        assert!(found[0].2.starts_with("quantity `1.5Gi` at `objects[0].spec.template.spec.domain.memory.guest` is not canonical: KubeVirt stores it as `1536Mi`"), "{}", found[0].2);
        assert!(found[0].2.contains("an `integer` rule cannot read `1.5Gi`"));
    }

    #[test]
    fn unparsable_files_have_no_warnings() {
        assert!(lint_file("kind: [", "t.yaml").is_empty());
    }
}
