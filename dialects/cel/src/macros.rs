//! The API server's macros that cel 0.13's parser leaves calls, run as cel-go's expansions run
//! (v0.26): the two-variable `all`, `exists`, `existsOne`/`exists_one`, `transformList`,
//! `transformMap`, `transformMapEntry` (`ext/comprehensions.go`, declared in the CRD
//! environment from compatibility version 1.32), `sortBy` (`ext/lists.go`) and `optMap`,
//! `optFlatMap` (`cel/library.go`). A two-variable macro over a list binds the index and the
//! element, over a map the key and the value (map keys in sorted order: cel 0.13's maps have
//! none of their own). The checker types and costs their expansions (`check::expand`).

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::Arc;

use kube_cel::cel::common::ast::{Expr, IdedExpr};
use kube_cel::cel::objects::{Key, Map, OptionalValue};
use kube_cel::cel::{Context, ExecutionError, FunctionContext, ResolveResult, Value as Cel};

/// One of the macros.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Macro {
    /// `r.all(a, b, p)`.
    All,
    /// `r.exists(a, b, p)`.
    Exists,
    /// `r.existsOne(a, b, p)`, `r.exists_one(a, b, p)`.
    ExistsOne,
    /// `r.transformList(a, b, [filter,] t)`.
    TransformList,
    /// `r.transformMap(a, b, [filter,] t)`.
    TransformMap,
    /// `r.transformMapEntry(a, b, [filter,] t)`.
    TransformMapEntry,
    /// `l.sortBy(v, key)`.
    SortBy,
    /// `o.optMap(v, t)`.
    OptMap,
    /// `o.optFlatMap(v, t)`.
    OptFlatMap,
}

/// The macro a call is, by its function, whether it has a receiver, and its argument count.
pub fn which(name: &str, member: bool, args: usize) -> Option<Macro> {
    if !member {
        return None;
    }
    Some(match (name, args) {
        ("all", 3) => Macro::All,
        ("exists", 3) => Macro::Exists,
        ("existsOne" | "exists_one", 3) => Macro::ExistsOne,
        ("transformList", 3 | 4) => Macro::TransformList,
        ("transformMap", 3 | 4) => Macro::TransformMap,
        ("transformMapEntry", 3 | 4) => Macro::TransformMapEntry,
        ("sortBy", 2) => Macro::SortBy,
        ("optMap", 2) => Macro::OptMap,
        ("optFlatMap", 2) => Macro::OptFlatMap,
        _ => return None,
    })
}

/// The functions whose errors are cel-go's own texts ([`crate::error_text`] shows them bare).
pub const ERRORS_AS_CEL_GO: [&str; 3] = ["cel.@mapInsert", "sortBy", "macro"];

/// The names the macros are called by.
const NAMES: [&str; 10] = [
    "all",
    "exists",
    "existsOne",
    "exists_one",
    "transformList",
    "transformMap",
    "transformMapEntry",
    "sortBy",
    "optMap",
    "optFlatMap",
];

/// Adds the macros to `ctx` as functions of their unevaluated arguments.
pub fn register(ctx: &mut Context<'_>) {
    for name in NAMES {
        ctx.add_function(name, run);
    }
}

/// The pairs a two-variable macro binds: index and element of a list, key and value of a map
/// (by key).
///
/// # Errors
/// `no such overload` for a value that is neither.
pub fn pairs(range: &Cel) -> Result<Vec<(Cel, Cel)>, ExecutionError> {
    match range {
        Cel::List(items) => Ok(items
            .iter()
            .enumerate()
            .map(|(i, v)| (Cel::Int(i64::try_from(i).unwrap_or(i64::MAX)), v.clone()))
            .collect()),
        Cel::Map(m) => {
            let mut entries: Vec<(&Key, &Cel)> = m.map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            Ok(entries
                .into_iter()
                .map(|(k, v)| (Cel::from(k), v.clone()))
                .collect())
        }
        _ => Err(ExecutionError::NoSuchOverload),
    }
}

/// A macro's variable: a simple name.
pub fn var(e: &IdedExpr) -> Result<&str, ExecutionError> {
    match &e.expr {
        Expr::Ident(name) => Ok(name),
        _ => Err(ExecutionError::function_error(
            "macro",
            "argument must be a simple name",
        )),
    }
}

fn run(ftx: &FunctionContext) -> ResolveResult {
    let (Some(m), Some(target)) = (
        which(ftx.name, ftx.this.is_some(), ftx.args.len()),
        &ftx.this,
    ) else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let args = ftx.args;
    let eval = |bound: &[(&str, Cel)], e: &IdedExpr| {
        let mut scope = ftx.ptx.new_inner_scope();
        for (name, value) in bound {
            scope.add_variable_from_value(*name, value.clone());
        }
        Cel::resolve(e, &scope)
    };
    match m {
        Macro::OptMap | Macro::OptFlatMap => {
            let name = var(&args[0])?;
            let optional = <&OptionalValue>::try_from(target)?;
            let Some(value) = optional.value() else {
                return Ok(target.clone());
            };
            let out = eval(&[(name, value.clone())], &args[1])?;
            if m == Macro::OptMap {
                return Ok(Cel::Opaque(Arc::new(OptionalValue::of(out))));
            }
            <&OptionalValue>::try_from(&out)?;
            Ok(out)
        }
        Macro::SortBy => {
            let name = var(&args[0])?;
            let Cel::List(items) = target else {
                return Err(ExecutionError::NoSuchOverload);
            };
            let keys = items
                .iter()
                .map(|x| eval(&[(name, x.clone())], &args[1]))
                .collect::<Result<Vec<Cel>, _>>()?;
            sort_by_keys(items, &keys)
        }
        _ => {
            let (a, b) = (var(&args[0])?, var(&args[1])?);
            let entries = pairs(target)?;
            let mut step =
                |x: &Cel, y: &Cel, e: &IdedExpr| eval(&[(a, x.clone()), (b, y.clone())], e);
            match m {
                Macro::All | Macro::Exists => {
                    // `@result && p` (`||`) while not decided: an error is kept and
                    // absorbed by a later deciding value, as cel-go's logical operators do.
                    let decides = m == Macro::Exists;
                    let mut error = None;
                    for (x, y) in &entries {
                        match step(x, y, &args[2]) {
                            Ok(Cel::Bool(v)) if v == decides => return Ok(Cel::Bool(v)),
                            Ok(Cel::Bool(_)) => {}
                            Ok(_) => error = error.or(Some(ExecutionError::NoSuchOverload)),
                            Err(e) => error = error.or(Some(e)),
                        }
                    }
                    error.map_or(Ok(Cel::Bool(!decides)), Err)
                }
                Macro::ExistsOne => {
                    let mut count = 0;
                    for (x, y) in &entries {
                        match step(x, y, &args[2])? {
                            Cel::Bool(true) => count += 1,
                            Cel::Bool(false) => {}
                            _ => return Err(ExecutionError::NoSuchOverload),
                        }
                    }
                    Ok(Cel::Bool(count == 1))
                }
                _ => transform(m, &entries, &args[2..], &mut step),
            }
        }
    }
}

/// `transformList`, `transformMap`, `transformMapEntry`: the kept entries' results, as a list
/// or a map (cel-go's `cel.@mapInsert`: a key inserted twice is an error).
fn transform(
    m: Macro,
    entries: &[(Cel, Cel)],
    args: &[IdedExpr],
    step: &mut dyn FnMut(&Cel, &Cel, &IdedExpr) -> ResolveResult,
) -> ResolveResult {
    let (filter, body) = match args {
        [filter, body] => (Some(filter), body),
        [body] => (None, body),
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    let mut list = Vec::new();
    let mut map: HashMap<Key, Cel> = HashMap::new();
    for (x, y) in entries {
        if let Some(filter) = filter {
            match step(x, y, filter)? {
                Cel::Bool(true) => {}
                Cel::Bool(false) => continue,
                _ => return Err(ExecutionError::NoSuchOverload),
            }
        }
        let out = step(x, y, body)?;
        match m {
            Macro::TransformList => list.push(out),
            Macro::TransformMap => insert(&mut map, x.clone(), out)?,
            _ => {
                let Cel::Map(more) = out else {
                    return Err(ExecutionError::NoSuchOverload);
                };
                for (k, v) in more.map.iter() {
                    insert(&mut map, Cel::from(k), v.clone())?;
                }
            }
        }
    }
    Ok(match m {
        Macro::TransformList => Cel::List(list.into()),
        _ => Cel::Map(Map { map: Arc::new(map) }),
    })
}

fn insert(map: &mut HashMap<Key, Cel>, key: Cel, value: Cel) -> Result<(), ExecutionError> {
    let shown = key_text(&key);
    let key: Key = key.try_into().map_err(|_| ExecutionError::NoSuchOverload)?;
    if map.contains_key(&key) {
        return Err(ExecutionError::function_error(
            "cel.@mapInsert",
            format!("insert failed: key {shown} already exists"),
        ));
    }
    map.insert(key, value);
    Ok(())
}

fn key_text(k: &Cel) -> String {
    match k {
        Cel::String(s) => s.to_string(),
        Cel::Int(i) => i.to_string(),
        Cel::UInt(u) => u.to_string(),
        Cel::Bool(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

/// `items` ordered by their keys (cel-go `sortListByAssociatedKeys`): keys of one comparable
/// type, equal keys in their order.
fn sort_by_keys(items: &[Cel], keys: &[Cel]) -> ResolveResult {
    let Some(first) = keys.first() else {
        return Ok(Cel::List(items.to_vec().into()));
    };
    let comparable = |k: &Cel| {
        matches!(
            k,
            Cel::Int(_)
                | Cel::UInt(_)
                | Cel::Float(_)
                | Cel::Bool(_)
                | Cel::String(_)
                | Cel::Bytes(_)
                | Cel::Duration(_)
                | Cel::Timestamp(_)
        )
    };
    if !comparable(first) {
        return Err(ExecutionError::function_error(
            "sortBy",
            "list elements must be comparable",
        ));
    }
    let same = |k: &Cel| std::mem::discriminant(k) == std::mem::discriminant(first);
    if !keys.iter().all(same) {
        return Err(ExecutionError::function_error(
            "sortBy",
            "list elements must have the same type",
        ));
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&i, &j| keys[i].partial_cmp(&keys[j]).unwrap_or(Ordering::Equal));
    Ok(Cel::List(
        order
            .into_iter()
            .map(|i| items[i].clone())
            .collect::<Vec<_>>()
            .into(),
    ))
}

#[cfg(test)]
mod tests {
    use kube_cel::cel::Value as Cel;

    fn run(source: &str) -> Result<Cel, String> {
        let mut ctx = crate::context(crate::Quantities::Go);
        let this = serde_json::json!({"tags": ["b", "a", "cc"], "m": {"x": 1, "y": 2}});
        ctx.add_variable_from_value("self", kube_cel::cel::to_value(this).expect("a value"));
        let e = crate::parse_to_run(source).map_err(|e| e.to_string())?;
        crate::execute_expression(&e, &ctx).map_err(|e| crate::error_text(&e))
    }

    #[test]
    fn an_exploding_macro_is_stopped_by_the_budget_before_it_runs() {
        let mut ctx = crate::context(crate::Quantities::Go);
        let items: Vec<Cel> = (0..1_500).map(Cel::Int).collect();
        ctx.add_variable_from_value("self", Cel::List(items.into()));
        let e = crate::parse_to_run("self.all(i, x, self.exists(j, y, i != j && y == x))")
            .expect("parses");
        let mut budget = crate::Budget::new(100_000);
        assert_eq!(
            budget.charge(&e, &ctx),
            Err(crate::OUT_OF_BUDGET.to_owned())
        );
        assert!(budget.spent() >= 100_000);
    }

    #[test]
    fn the_macros_run_as_cel_gos_expansions_run() {
        for source in [
            "self.tags.all(i, t, i < 3 && t != '')",
            "self.tags.exists(i, t, i == 2 && t == 'cc')",
            "self.tags.existsOne(i, t, t.size() == 2)",
            "!self.m.exists_one(k, v, k != '')",
            "self.tags.transformList(i, t, i > 0, t) == ['a', 'cc']",
            "self.m.transformMap(k, v, k + '!') == {'x': 'x!', 'y': 'y!'}",
            "self.tags.transformMapEntry(i, t, {t: i}) == {'b': 0, 'a': 1, 'cc': 2}",
            "self.tags.sortBy(t, t) == ['a', 'b', 'cc']",
            "self.tags.sortBy(t, -t.size()) == ['cc', 'b', 'a']",
            "self.?tags.optMap(t, t.size()) == optional.of(3)",
            "self.?m.?x != optional.none()",
            "!self.?nosuch.optMap(t, t.size()).hasValue()",
            "self.?m.optFlatMap(m, m.?x).hasValue()",
            "self.tags[?5].orValue('none') == 'none'",
            "[?self.?nosuch, ?self.tags[?1]] == ['a']",
            "{?'a': self.?nosuch, 'b': 2} == {'b': 2}",
            "optional.ofNonZeroValue('').or(optional.of(1)).value() == 1",
        ] {
            assert_eq!(run(source), Ok(Cel::Bool(true)), "{source}");
        }
        // An error is absorbed by a deciding element, as `&&` absorbs it.
        assert!(run("self.tags.all(i, t, t + 1 > 0)").is_err());
        assert_eq!(
            run("self.tags.all(i, t, i == 9 && t + 1 > 0)"),
            Ok(Cel::Bool(false))
        );
        assert_eq!(
            run("self.tags.transformMapEntry(i, t, {'k': t})"),
            Err("insert failed: key k already exists".to_owned())
        );
    }
}
