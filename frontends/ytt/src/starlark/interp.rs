//! The interpreter of lambdas: calls with starlark-go's argument checks (`eval.go` `setArgs`)
//! and evaluation of [`Expr`] by dispatching each operation to its function in [`super::ops`].

use std::borrow::Cow;

use super::ops::{self, Cmp};
use super::val::Val;
use super::{Expr, Lambda};

/// Calls `f` with positional arguments.
///
/// # Errors
/// starlark-go's text: `function lambda missing 1 argument (ctx)`,
/// `function lambda accepts no arguments (1 given)`, `function lambda accepts 1 positional
/// argument (2 given)`, or the body's error.
pub fn call<'a>(f: &'a Lambda, args: &[Val<'a>]) -> Result<Val<'a>, String> {
    if let Some(def) = &f.def {
        return def.module.call(&def.name, args.to_vec());
    }
    arity(&f.params, args.len())?;
    eval(&f.body, args)
}

/// Whether a lambda with `params` accepts `given` positional arguments.
///
/// # Errors
/// starlark-go's text, as [`call`].
pub fn arity<S: AsRef<str>>(params: &[S], given: usize) -> Result<(), String> {
    let want = params.len();
    if given > want {
        return Err(if want == 0 {
            format!("function lambda accepts no arguments ({given} given)")
        } else {
            format!(
                "function lambda accepts {want} positional argument{} ({given} given)",
                if want == 1 { "" } else { "s" }
            )
        });
    }
    if given < want {
        let missing: Vec<&str> = params
            .get(given..)
            .unwrap_or_default()
            .iter()
            .map(AsRef::as_ref)
            .collect();
        return Err(format!(
            "function lambda missing {} argument{} ({})",
            missing.len(),
            if missing.len() > 1 { "s" } else { "" },
            missing.join(", ")
        ));
    }
    Ok(())
}

/// Parameter `i` of a call whose arity was checked.
///
/// # Errors
/// `no parameter i` (not reached after [`arity`]).
pub fn param<'a>(params: &[Val<'a>], i: usize) -> Result<Val<'a>, String> {
    params
        .get(i)
        .cloned()
        .ok_or_else(|| format!("no parameter {i}"))
}

/// Evaluates `e` with `params` as the values of the parameters.
///
/// # Errors
/// The Starlark error of the first failing operation.
pub fn eval<'a>(e: &'a Expr, params: &[Val<'a>]) -> Result<Val<'a>, String> {
    let bin = |x: &'a Expr, y: &'a Expr| -> Result<(Val<'a>, Val<'a>), String> {
        Ok((eval(x, params)?, eval(y, params)?))
    };
    let cmp = |op: Cmp, x: &'a Expr, y: &'a Expr| -> Result<Val<'a>, String> {
        let (x, y) = bin(x, y)?;
        ops::compare(op, &x, &y).map(Val::Bool)
    };
    match e {
        Expr::Param(i) => param(params, *i),
        Expr::None => Ok(Val::None),
        Expr::Bool(b) => Ok(Val::Bool(*b)),
        Expr::Int(i) => Ok(Val::Int(*i)),
        Expr::Float(f) => Ok(Val::Float(*f)),
        Expr::Str(s) => Ok(Val::Str(Cow::Borrowed(s))),
        Expr::List(items) => items
            .iter()
            .map(|i| eval(i, params))
            .collect::<Result<_, _>>()
            .map(Val::List),
        Expr::Tuple(items) => items
            .iter()
            .map(|i| eval(i, params))
            .collect::<Result<_, _>>()
            .map(Val::Tuple),
        Expr::Dict(entries) => dict(entries, params),
        Expr::Attr(x, name) => ops::attr(&eval(x, params)?, name),
        Expr::Index(x, k) => {
            let (x, k) = bin(x, k)?;
            ops::index(&x, &k)
        }
        Expr::Len(x) => ops::len(&eval(x, params)?).map(Val::Int),
        Expr::Neg(x) => ops::neg(&eval(x, params)?),
        Expr::Not(x) => Ok(Val::Bool(ops::not(&eval(x, params)?))),
        Expr::And(x, y) => {
            let x = eval(x, params)?;
            if x.truth() { eval(y, params) } else { Ok(x) }
        }
        Expr::Or(x, y) => {
            let x = eval(x, params)?;
            if x.truth() { Ok(x) } else { eval(y, params) }
        }
        Expr::Eq(x, y) => cmp(Cmp::Eq, x, y),
        Expr::Ne(x, y) => cmp(Cmp::Ne, x, y),
        Expr::Lt(x, y) => cmp(Cmp::Lt, x, y),
        Expr::Le(x, y) => cmp(Cmp::Le, x, y),
        Expr::Gt(x, y) => cmp(Cmp::Gt, x, y),
        Expr::Ge(x, y) => cmp(Cmp::Ge, x, y),
        Expr::In(x, y) => {
            let (x, y) = bin(x, y)?;
            ops::contains(&x, &y).map(Val::Bool)
        }
        Expr::NotIn(x, y) => {
            let (x, y) = bin(x, y)?;
            ops::not_contains(&x, &y).map(Val::Bool)
        }
        Expr::Call(def, args) => {
            let args = args
                .iter()
                .map(|a| eval(a, params))
                .collect::<Result<Vec<_>, _>>()?;
            def.module.call(&def.name, args)
        }
    }
}

/// A dict display: each key and value evaluated, then a repeated key is an error, as
/// starlark-go's `SETDICTUNIQ`.
fn dict<'a>(entries: &'a [(Expr, Expr)], params: &[Val<'a>]) -> Result<Val<'a>, String> {
    let mut out = Vec::with_capacity(entries.len());
    for (k, v) in entries {
        let key = eval(k, params)?;
        let value = eval(v, params)?;
        dict_insert(&mut out, key, value)?;
    }
    Ok(Val::Dict(out))
}

/// One entry of a dict display added to the entries before it, as starlark-go's
/// `SETDICTUNIQ`.
///
/// # Errors
/// An unhashable or repeated key.
pub fn dict_insert<'a>(
    out: &mut Vec<(Val<'a>, Val<'a>)>,
    key: Val<'a>,
    value: Val<'a>,
) -> Result<(), String> {
    if matches!(
        key,
        Val::List(_) | Val::Dict(_) | Val::Fragment(_) | Val::Ctx { .. }
    ) {
        return Err(format!("unhashable type: {}", key.type_name()));
    }
    for (existing, _) in out.iter() {
        if ops::equal(existing, &key).unwrap_or(false) {
            return Err(format!("duplicate key: {}", key.repr()));
        }
    }
    out.push((key, value));
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn lambda(params: &[&str], body: Expr) -> Lambda {
        Lambda {
            params: params.iter().map(|p| (*p).to_owned()).collect(),
            body,
            def: None,
        }
    }

    #[test]
    fn arity_errors_as_starlark_go() {
        let f = lambda(&["v", "ctx"], Expr::Bool(true));
        assert_eq!(
            call(&f, &[Val::None]).map(|v| v.repr()),
            Err("function lambda missing 1 argument (ctx)".to_owned())
        );
        let f = lambda(&[], Expr::Bool(true));
        assert_eq!(
            call(&f, &[Val::None]).map(|v| v.repr()),
            Err("function lambda accepts no arguments (1 given)".to_owned())
        );
    }

    #[test]
    fn and_or_return_operands() {
        let data = json!({"label": "web"});
        let body = Expr::Or(
            Box::new(Expr::Index(
                Box::new(Expr::Param(0)),
                Box::new(Expr::Str("label".to_owned())),
            )),
            Box::new(Expr::Bool(false)),
        );
        let f = lambda(&["v"], body);
        assert_eq!(
            call(&f, &[Val::Fragment(&data)]).map(|v| v.repr()),
            Ok("\"web\"".to_owned())
        );
    }
}
