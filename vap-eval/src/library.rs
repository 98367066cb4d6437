//! JSON values bound as the API server binds them in an admission policy; the functions are
//! [`validgen_cel::env`]'s (re-exported here).

use std::collections::HashMap;
use std::sync::Arc;

use kube_cel::cel::Value as Cel;
use kube_cel::cel::objects::Map;
use serde_json::Value;

pub use validgen_cel::env::{Quantities, context, go_matches, go_quantity};

/// A JSON value as CEL, as the API server binds `object`: map keys unescaped (kube-cel's
/// `VapEvaluator` escapes them, VAP.md §1), and the nulls of objects pruned, as the API server
/// prunes nulls of non-nullable fields before admission. Integers are `int` (`uint` above
/// `i64::MAX`), other numbers `double`.
pub fn to_cel(v: &Value) -> Cel {
    match v {
        Value::Null => Cel::Null,
        Value::Bool(b) => Cel::Bool(*b),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => Cel::Int(i),
            (None, Some(u)) => Cel::UInt(u),
            _ => Cel::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Cel::String(Arc::new(s.clone())),
        Value::Array(items) => Cel::List(Arc::new(items.iter().map(to_cel).collect())),
        Value::Object(m) => {
            let map: HashMap<String, Cel> = m
                .iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), to_cel(v)))
                .collect();
            Cel::Map(Map::from(map))
        }
    }
}
