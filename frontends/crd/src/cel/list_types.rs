//! `==` and `!=` on `x-kubernetes-list-type: set` and `map` lists, as the API server's values
//! compare them (apiserver `pkg/cel/common/valuesunstructured.go`, v1.36): a set list equals a
//! list of the same size whose every element it holds (order ignored; elements compared as Go
//! compares the raw values: same type, same value); a map list equals a list of the same size
//! whose every element has the key of one of its items (the last of equal keys) and equals
//! that item; objects compare property by property, so the lists nested in them compare the
//! same way. cel-go dispatches `Equal` on the left operand: only a value of the object on the
//! left compares this way.
//!
//! cel 0.13 compares lists in order and its `==` cannot be replaced, and its values do not
//! keep their schema, so a rule is rewritten ([`rewrite`]) where the left operand of `==` or
//! `!=` is a value of the object whose schema holds such a list: a path from `self` or
//! `oldSelf` (fields, indexes, and the variables of `all`, `exists`, `map`, `filter` over such
//! a path). The comparison then calls [`EQUALS`] or [`NOT_EQUALS`] with that schema's JSON
//! Pointer. So does `a + b` where `a` is such a list ([`ADD`]): a union of sets, a merge of map
//! lists by key. Not mirrored: a set or map list inside a list or map *literal* on the left
//! (`{'t': self.tags} == …` compares in order here), and a map list compared with a list of
//! map literals (Go cannot read their keys and answers false; here their keys are read).

use std::collections::HashMap;
use std::sync::Arc;

use super::values::property;
use kube_cel::cel::common::ast::{CallExpr, EntryExpr, Expr, IdedExpr, LiteralValue};
use kube_cel::cel::objects::Key;
use kube_cel::cel::{ExecutionError, FunctionContext, ResolveResult, Value as Cel};
use serde_json::Value;
use validgen_cel::names::escape;

/// The function a rewritten `a == b` calls: `(a, b, pointer)`.
pub(super) const EQUALS: &str = "@validgen.list_type_equals";
/// The function a rewritten `a != b` calls.
pub(super) const NOT_EQUALS: &str = "@validgen.list_type_not_equals";
/// The function a rewritten `a + b` calls, `a` a `set` or `map` list.
pub(super) const ADD: &str = "@validgen.list_type_add";

/// A function of the CEL context (cel 0.13's `Function`).
pub(super) type Function = Box<dyn Fn(&mut FunctionContext) -> ResolveResult + Send + Sync>;

/// The variables in scope: name → JSON Pointer of its schema (`None`: not a value of the
/// object, or of no known schema).
type Scope = HashMap<String, Option<String>>;

/// `e`, a rule at the schema node `at` of `schema`, with every comparison whose left operand
/// holds a `set` or `map` list rewritten; `None` when none is.
pub(super) fn rewrite(e: &IdedExpr, schema: &Value, at: &str) -> Option<IdedExpr> {
    let mut out = e.clone();
    let scope: Scope = [("self", at), ("oldSelf", at)]
        .into_iter()
        .map(|(name, at)| (name.to_owned(), Some(at.to_owned())))
        .collect();
    rename(&mut out, schema, &scope).then_some(out)
}

/// Rewrites in place; whether anything was.
fn rename(e: &mut IdedExpr, schema: &Value, scope: &Scope) -> bool {
    let id = e.id;
    match &mut e.expr {
        Expr::Call(call) => {
            let mut found = false;
            if let Some(target) = &mut call.target {
                found |= rename(target, schema, scope);
            }
            for arg in &mut call.args {
                found |= rename(arg, schema, scope);
            }
            let function = match call.func_name.as_str() {
                "_==_" => EQUALS,
                "_!=_" => NOT_EQUALS,
                "_+_" => ADD,
                _ => return found,
            };
            let Some(left) = call.args.first().and_then(|a| type_of(a, schema, scope)) else {
                return found;
            };
            let node = pointed(schema, &left);
            let applies = if function == ADD {
                list_type(node).is_some()
            } else {
                holds_list_types(node, 0)
            };
            if !applies {
                return found;
            }
            call.func_name = function.to_owned();
            call.args.push(IdedExpr {
                id,
                expr: Expr::Literal(LiteralValue::String(left.into())),
            });
            true
        }
        Expr::Comprehension(c) => {
            let c = &mut **c;
            let mut found = rename(&mut c.iter_range, schema, scope);
            found |= rename(&mut c.accu_init, schema, scope);
            let mut inner = scope.clone();
            let element = type_of(&c.iter_range, schema, scope).and_then(|range| {
                let s = pointed(schema, &range)?;
                s.get("items").is_some().then(|| format!("{range}/items"))
            });
            inner.insert(c.iter_var.clone(), element);
            if let Some(second) = &c.iter_var2 {
                inner.insert(second.clone(), None);
            }
            inner.insert(c.accu_var.clone(), None);
            for part in [&mut c.loop_cond, &mut c.loop_step, &mut c.result] {
                found |= rename(part, schema, &inner);
            }
            found
        }
        Expr::List(list) => list
            .elements
            .iter_mut()
            .fold(false, |found, e| rename(e, schema, scope) | found),
        Expr::Map(map) => map.entries.iter_mut().fold(false, |found, entry| {
            rename_entry(&mut entry.expr, schema, scope) | found
        }),
        Expr::Struct(s) => s.entries.iter_mut().fold(false, |found, entry| {
            rename_entry(&mut entry.expr, schema, scope) | found
        }),
        Expr::Select(select) => rename(&mut select.operand, schema, scope),
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => false,
    }
}

fn rename_entry(entry: &mut EntryExpr, schema: &Value, scope: &Scope) -> bool {
    match entry {
        EntryExpr::MapEntry(m) => {
            rename(&mut m.key, schema, scope) | rename(&mut m.value, schema, scope)
        }
        EntryExpr::StructField(f) => rename(&mut f.value, schema, scope),
    }
}

/// The JSON Pointer of the schema of `e`'s value when `e` is a value of the object: a
/// variable of known schema, a field of one, an item or map value of one.
fn type_of(e: &IdedExpr, schema: &Value, scope: &Scope) -> Option<String> {
    match &e.expr {
        Expr::Ident(name) => scope.get(name).cloned().flatten(),
        Expr::Select(select) if !select.test => {
            let at = type_of(&select.operand, schema, scope)?;
            let node = pointed(schema, &at)?;
            if let Some(properties) = node.get("properties").and_then(Value::as_object) {
                let (name, _) = property(properties, &select.field)?;
                let token = name.replace('~', "~0").replace('/', "~1");
                return Some(format!("{at}/properties/{token}"));
            }
            node.get("additionalProperties")
                .filter(|a| a.is_object())
                .map(|_| format!("{at}/additionalProperties"))
        }
        Expr::Call(CallExpr {
            func_name, args, ..
        }) if func_name == "_[_]" && args.len() == 2 => {
            let at = type_of(&args[0], schema, scope)?;
            let node = pointed(schema, &at)?;
            if node.get("items").is_some() {
                Some(format!("{at}/items"))
            } else {
                node.get("additionalProperties")
                    .filter(|a| a.is_object())
                    .map(|_| format!("{at}/additionalProperties"))
            }
        }
        _ => None,
    }
}

fn pointed<'s>(schema: &'s Value, pointer: &str) -> Option<&'s Value> {
    schema.pointer(pointer)
}

/// The node's `x-kubernetes-list-type` when `set` or `map`.
fn list_type(node: Option<&Value>) -> Option<&str> {
    node.and_then(|n| n.get("x-kubernetes-list-type"))
        .and_then(Value::as_str)
        .filter(|t| matches!(*t, "set" | "map"))
}

/// The node's `x-kubernetes-list-map-keys`.
fn map_keys(node: Option<&Value>) -> Vec<&str> {
    node.and_then(|s| s.get("x-kubernetes-list-map-keys"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

/// Whether the schema node holds a `set` or `map` list, itself or below.
pub(super) fn holds_list_types(node: Option<&Value>, depth: usize) -> bool {
    let Some(Value::Object(map)) = node else {
        return false;
    };
    if depth > 512 {
        return false;
    }
    if list_type(node).is_some() {
        return true;
    }
    let children = map
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|p| p.values())
        .chain(map.get("items"))
        .chain(map.get("additionalProperties"));
    children
        .into_iter()
        .any(|c| holds_list_types(Some(c), depth + 1))
}

/// The function named `name` ([`EQUALS`], [`NOT_EQUALS`] or [`ADD`]) for the rules of
/// `schema`: `a == b` as cel-go's `types.Equal` with the API server's values, or `a + b` as
/// their `Add`, `a` of the schema node the third argument points at.
pub(super) fn function(schema: Arc<Value>, name: &'static str) -> Function {
    Box::new(move |ftx: &mut FunctionContext| -> ResolveResult {
        if ftx.args.len() != 3 {
            return Err(ExecutionError::invalid_argument_count(3, ftx.args.len()));
        }
        let a = Cel::resolve(&ftx.args[0], ftx.ptx)?;
        let b = Cel::resolve(&ftx.args[1], ftx.ptx)?;
        let Cel::String(at) = Cel::resolve(&ftx.args[2], ftx.ptx)? else {
            return Err(ExecutionError::NoSuchOverload);
        };
        let node = schema.pointer(&at);
        match name {
            ADD => add(&a, &b, node),
            _ => equals(&a, &b, node, 0).map(|eq| Cel::Bool(eq == (name == EQUALS))),
        }
    })
}

/// `unstructuredSetList.Add` (a union: `b`'s elements not in `a` appended, in order) and
/// `unstructuredMapList.Add` (a merge: an element of `b` replaces the item of `a` with its
/// key in place, or is appended).
fn add(a: &Cel, b: &Cel, schema: Option<&Value>) -> ResolveResult {
    let (Cel::List(items), Cel::List(other)) = (a, b) else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let mut out: Vec<Cel> = items.to_vec();
    if list_type(schema) == Some("map") {
        let keys = map_keys(schema);
        let item_keys: Vec<Vec<Cel>> = items.iter().map(|t| map_key(t, &keys)).collect();
        for v in other.iter() {
            let key = map_key(v, &keys);
            match item_keys.iter().rposition(|k| keys_equal(k, &key)) {
                Some(i) => out[i] = v.clone(),
                None => out.push(v.clone()),
            }
        }
    } else {
        for v in other.iter() {
            if !out.iter().any(|x| raw_equals(x, v)) {
                out.push(v.clone());
            }
        }
    }
    Ok(Cel::List(Arc::new(out)))
}

/// Bounds the recursion (values are at most as deep as the object, itself bounded).
const MAX_DEPTH: usize = 600;

/// `a == b`, `a` a value of the object of schema `schema`, dispatched on `a` as cel-go
/// dispatches `Equal`.
fn equals(a: &Cel, b: &Cel, schema: Option<&Value>, depth: usize) -> Result<bool, ExecutionError> {
    if depth > MAX_DEPTH {
        return Err(ExecutionError::function_error(
            "==",
            "values nested too deeply",
        ));
    }
    let child = |k: &str| schema.and_then(|s| s.get(k)).filter(|c| c.is_object());
    match (a, b) {
        (Cel::Null, _) | (_, Cel::Null) => Ok(matches!((a, b), (Cel::Null, Cel::Null))),
        (Cel::List(items), Cel::List(other)) => {
            let item_schema = child("items");
            let list_type = schema
                .and_then(|s| s.get("x-kubernetes-list-type"))
                .and_then(Value::as_str);
            if other.len() != items.len() {
                return Ok(false);
            }
            match list_type {
                Some("set") => Ok(other.iter().all(|e| items.iter().any(|x| raw_equals(x, e)))),
                Some("map") => {
                    let keys = map_keys(schema);
                    for v in other.iter() {
                        let key = map_key(v, &keys);
                        let found = items
                            .iter()
                            .rev()
                            .find(|t| keys_equal(&map_key(t, &keys), &key));
                        match found {
                            Some(t) if equals(t, v, item_schema, depth + 1)? => {}
                            _ => return Ok(false),
                        }
                    }
                    Ok(true)
                }
                _ => {
                    for (x, y) in items.iter().zip(other.iter()) {
                        if !equals(x, y, item_schema, depth + 1)? {
                            return Ok(false);
                        }
                    }
                    Ok(true)
                }
            }
        }
        (Cel::Map(map), Cel::Map(other)) => {
            if map.map.len() != other.map.len() {
                return Ok(false);
            }
            let properties = schema
                .and_then(|s| s.get("properties"))
                .and_then(Value::as_object);
            for (k, v) in map.map.iter() {
                let sub = match (properties, k) {
                    (Some(p), Key::String(name)) => property(p, name).map(|(_, s)| s),
                    _ => child("additionalProperties"),
                };
                match other.map.get(k) {
                    Some(w) if equals(v, w, sub, depth + 1)? => {}
                    _ => return Ok(false),
                }
            }
            Ok(true)
        }
        // The API server's lists and objects have no `Equal` for other types.
        (Cel::List(_) | Cel::Map(_), _) => Err(ExecutionError::NoSuchOverload),
        _ => Ok(a == b),
    }
}

/// `toMapKey`: the values of the key properties, looked up (as the API server does) by
/// their escaped names among the object's own: a name that escaping changes is never found
/// (`null`), nor is anything in a value that is not an object.
fn map_key(element: &Cel, keys: &[&str]) -> Vec<Cel> {
    keys.iter()
        .map(|k| match element {
            Cel::Map(map) if escape(k) == *k => map
                .map
                .get(&Key::String(Arc::new((*k).to_owned())))
                .cloned()
                .unwrap_or(Cel::Null),
            _ => Cel::Null,
        })
        .collect()
}

fn keys_equal(a: &[Cel], b: &[Cel]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| raw_equals(x, y))
}

/// Go's `==` on the raw values behind two CEL scalars: same type, same value.
fn raw_equals(a: &Cel, b: &Cel) -> bool {
    match (a, b) {
        (Cel::Int(x), Cel::Int(y)) => x == y,
        (Cel::UInt(x), Cel::UInt(y)) => x == y,
        (Cel::Float(x), Cel::Float(y)) => x == y,
        (Cel::String(x), Cel::String(y)) => x == y,
        (Cel::Bool(x), Cel::Bool(y)) => x == y,
        (Cel::Null, Cel::Null) => true,
        (Cel::Timestamp(x), Cel::Timestamp(y)) => x == y,
        (Cel::Duration(x), Cel::Duration(y)) => x == y,
        (Cel::Bytes(x), Cel::Bytes(y)) => x == y,
        _ => false,
    }
}
