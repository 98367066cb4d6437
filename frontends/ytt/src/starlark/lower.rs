//! From syntax to what validgen runs: argument expressions evaluated to [`Value`]s, lambda
//! bodies lowered to [`Expr`], and every construct beyond the compiled subset refused by name.

use std::sync::Arc;

use super::error::{ArgumentsError, unsupported};
use super::resolve::UNIVERSE;
use super::syntax::{Arg, Node, Param};
use super::value::Value;
use super::{CALLEE, Callee, Expr, Lambda, Module};
use crate::starlark::interp;

/// The value of one argument expression (outside any lambda).
///
/// # Errors
/// A refused construct, or starlark-go's evaluation error (`duplicate key: "a"`,
/// `unknown unary op: - string`).
pub(crate) fn value(node: &Node) -> Result<Value, ArgumentsError> {
    match node {
        Node::List(items) => items
            .iter()
            .map(value)
            .collect::<Result<_, _>>()
            .map(Value::List),
        Node::Tuple(items) => items
            .iter()
            .map(value)
            .collect::<Result<_, _>>()
            .map(Value::Tuple),
        Node::Lambda { params, body, .. } => {
            lambda(params, body).map(|l| Value::Function(Arc::new(l)))
        }
        Node::Call { func, args, .. } if is_callee(func) => {
            let def = callee(args)?;
            let params = def
                .module
                .params(&def.name)
                .unwrap_or_default()
                .into_iter()
                .map(str::to_owned)
                .collect();
            Ok(Value::Function(Arc::new(Lambda {
                params,
                body: Expr::None,
                def: Some(def),
            })))
        }
        Node::Dict(entries) => {
            let mut out: Vec<(Value, Value)> = Vec::with_capacity(entries.len());
            for (k, v) in entries {
                let key = value(k)?;
                let v = value(v)?;
                hashable(&key)?;
                let key_val = key.as_val();
                if out.iter().any(|(e, _)| {
                    crate::starlark::ops::equal(&e.as_val(), &key_val).unwrap_or(false)
                }) {
                    return Err(ArgumentsError::eval(format!(
                        "duplicate key: {}",
                        key.repr()
                    )));
                }
                out.push((key, v));
            }
            Ok(Value::Dict(out))
        }
        other => {
            // Anything else runs as a lambda body without parameters.
            let e = expr(other, &[])?;
            let v = interp::eval(&e, &[]).map_err(ArgumentsError::eval)?;
            Value::from_val(&v).ok_or_else(|| ArgumentsError::eval("not a value".to_owned()))
        }
    }
}

fn hashable(key: &Value) -> Result<(), ArgumentsError> {
    match key {
        Value::List(_) | Value::Dict(_) => Err(ArgumentsError::eval(format!(
            "unhashable type: {}",
            key.type_name()
        ))),
        Value::Tuple(items) => items.iter().try_for_each(hashable),
        _ => Ok(()),
    }
}

/// A lambda of the compiled subset: plain parameters, a body of [`Expr`].
fn lambda(params: &[Param], body: &Node) -> Result<Lambda, ArgumentsError> {
    let mut names = Vec::with_capacity(params.len());
    for p in params {
        match (&p.name, p.star, &p.default) {
            (Some(name), None, None) => names.push(name.clone()),
            (_, Some(star), _) => {
                return Err(unsupported(p.col, format!("lambda parameter {star}")));
            }
            _ => return Err(unsupported(p.col, "lambda parameter with a default value")),
        }
    }
    let body = expr(body, &names)?;
    Ok(Lambda {
        params: names,
        body,
        def: None,
    })
}

fn boxed(node: &Node, params: &[String]) -> Result<Box<Expr>, ArgumentsError> {
    expr(node, params).map(Box::new)
}

/// A lambda body (or a parameterless argument expression) as [`Expr`].
fn expr(node: &Node, params: &[String]) -> Result<Expr, ArgumentsError> {
    let col = node.col().unwrap_or(1);
    Ok(match node {
        Node::Name { name, col } => name_expr(name, *col, params)?,
        Node::Int(i) => Expr::Int(*i),
        Node::Float(f) => Expr::Float(*f),
        Node::Str(s) => Expr::Str(s.clone()),
        Node::List(items) => Expr::List(exprs(items, params)?),
        Node::Tuple(items) => Expr::Tuple(exprs(items, params)?),
        Node::Dict(entries) => Expr::Dict(
            entries
                .iter()
                .map(|(k, v)| Ok((expr(k, params)?, expr(v, params)?)))
                .collect::<Result<_, ArgumentsError>>()?,
        ),
        Node::Unary { op: "-", x, .. } => Expr::Neg(boxed(x, params)?),
        Node::Unary { op: "not", x, .. } => Expr::Not(boxed(x, params)?),
        Node::Unary { op, .. } => return Err(unsupported(col, format!("unary {op}"))),
        Node::Binary { op, x, y, .. } => {
            let (x, y) = (boxed(x, params)?, boxed(y, params)?);
            match *op {
                "or" => Expr::Or(x, y),
                "and" => Expr::And(x, y),
                "==" => Expr::Eq(x, y),
                "!=" => Expr::Ne(x, y),
                "<" => Expr::Lt(x, y),
                "<=" => Expr::Le(x, y),
                ">" => Expr::Gt(x, y),
                ">=" => Expr::Ge(x, y),
                "in" => Expr::In(x, y),
                "not in" => Expr::NotIn(x, y),
                op => return Err(unsupported(col, format!("operator {op}"))),
            }
        }
        Node::Dot { x, name, .. } => Expr::Attr(boxed(x, params)?, name.clone()),
        Node::Index { x, key, .. } => Expr::Index(boxed(x, params)?, boxed(key, params)?),
        Node::Slice { .. } => return Err(unsupported(col, "slice x[a:b]")),
        Node::Cond { .. } => {
            return Err(unsupported(col, "conditional expression (a if c else b)"));
        }
        Node::Lambda { .. } => return Err(unsupported(col, "lambda inside a lambda")),
        Node::Call { func, args, .. } => call(func, args, col, params)?,
    })
}

/// Whether `node` is within what [`expr`] lowers, calls of `functions` (put in place before
/// lowering) included: a one-`return` function whose expression is can be inlined.
pub(crate) fn inlinable(node: &Node, functions: &[&str]) -> bool {
    let all = |items: &[Node]| items.iter().all(|i| inlinable(i, functions));
    match node {
        Node::Name { .. } | Node::Int(_) | Node::Float(_) | Node::Str(_) => true,
        Node::List(items) | Node::Tuple(items) => all(items),
        Node::Dict(entries) => entries
            .iter()
            .all(|(k, v)| inlinable(k, functions) && inlinable(v, functions)),
        Node::Unary { op, x, .. } => matches!(*op, "-" | "not") && inlinable(x, functions),
        Node::Binary { op, x, y, .. } => {
            matches!(
                *op,
                "or" | "and" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "not in"
            ) && inlinable(x, functions)
                && inlinable(y, functions)
        }
        Node::Dot { x, .. } => inlinable(x, functions),
        Node::Index { x, key, .. } => inlinable(x, functions) && inlinable(key, functions),
        Node::Call { func, args, .. } => {
            matches!(&**func, Node::Name { name, .. } if name == "len" || functions.contains(&name.as_str()))
                && args
                    .iter()
                    .all(|a| a.name.is_none() && a.star.is_none() && inlinable(&a.value, functions))
        }
        Node::Slice { .. } | Node::Cond { .. } | Node::Lambda { .. } => false,
    }
}

fn exprs(items: &[Node], params: &[String]) -> Result<Vec<Expr>, ArgumentsError> {
    items.iter().map(|i| expr(i, params)).collect()
}

fn name_expr(name: &str, col: usize, params: &[String]) -> Result<Expr, ArgumentsError> {
    if let Some(i) = params.iter().rposition(|p| p == name) {
        return Ok(Expr::Param(i));
    }
    Ok(match name {
        "None" => Expr::None,
        "True" => Expr::Bool(true),
        "False" => Expr::Bool(false),
        builtin if UNIVERSE.contains(&builtin) => {
            return Err(unsupported(col, format!("builtin {builtin} as a value")));
        }
        // Undefined names are the resolver's errors, reported before lowering.
        other => return Err(ArgumentsError::resolve(col, format!("undefined: {other}"))),
    })
}

fn is_callee(func: &Node) -> bool {
    matches!(func, Node::Name { name, .. } if name == CALLEE)
}

/// The function `$def("<module source>", "name")` names.
fn callee(args: &[Arg]) -> Result<Callee, ArgumentsError> {
    let texts: Vec<&str> = args
        .iter()
        .filter_map(|a| match (&a.name, &a.value) {
            (None, Node::Str(s)) => Some(s.as_str()),
            _ => None,
        })
        .collect();
    let [source, name] = texts.as_slice() else {
        return Err(ArgumentsError::unsupported(format!(
            "{CALLEE} of other arguments"
        )));
    };
    let module = Module::parse(source).map_err(ArgumentsError::eval)?;
    if module.params(name).is_none() {
        return Err(ArgumentsError::eval(format!("undefined: {name}")));
    }
    Ok(Callee {
        module: Arc::new(module),
        name: (*name).to_owned(),
    })
}

/// A call: `len(x)` and the `def` functions with statements (the interpreter runs those).
fn call(func: &Node, args: &[Arg], col: usize, params: &[String]) -> Result<Expr, ArgumentsError> {
    match func {
        Node::Call {
            func: inner,
            args: def,
            ..
        } if is_callee(inner) => {
            let callee = callee(def)?;
            let args = args
                .iter()
                .map(|a| match (&a.name, a.star) {
                    (None, None) => expr(&a.value, params),
                    _ => Err(unsupported(a.col, "a keyword argument to a function")),
                })
                .collect::<Result<_, _>>()?;
            Ok(Expr::Call(callee, args))
        }
        Node::Name { name, .. } if name == "len" && !params.iter().any(|p| p == name) => match args
        {
            [
                Arg {
                    name: None,
                    star: None,
                    value,
                    ..
                },
            ] => Ok(Expr::Len(boxed(value, params)?)),
            _ => Err(unsupported(
                col,
                "len() with other than one positional argument",
            )),
        },
        Node::Name { name, .. } if params.iter().any(|p| p == name) => {
            Err(unsupported(col, format!("call of parameter {name}()")))
        }
        Node::Name { name, .. } => Err(unsupported(col, format!("{name}()"))),
        Node::Dot { name, .. } => Err(unsupported(col, format!("method call .{name}()"))),
        _ => Err(unsupported(col, "call of a computed function")),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::parse_arguments;
    use super::*;

    fn first(text: &str) -> Result<Value, ArgumentsError> {
        let args = parse_arguments(text)?;
        let arg = args.first().ok_or_else(|| ArgumentsError::eval("none"))?;
        value(&arg.value)
    }

    #[test]
    fn refusals_name_the_construct() {
        let msg = |t: &str| first(t).err().map(|e| e.message).unwrap_or_default();
        assert_eq!(
            msg(r#"("x", lambda v: v.startswith("a"))"#),
            "unsupported Starlark: method call .startswith() (validgen compiles simple lambdas only)"
        );
        assert!(msg(r#"("x", lambda v: fail("no"))"#).contains("fail()"));
        assert!(msg(r#"("x", lambda v: str(v))"#).contains("str()"));
        assert!(msg(r#"("x", lambda v: v + 1)"#).contains("operator +"));
        assert!(msg(r#"("x", lambda v: [x for x in v])"#).contains("comprehension"));
    }

    #[test]
    fn values() {
        assert_eq!(first("-1").ok(), Some(Value::Int(-1)));
        assert_eq!(first("-2.5").ok(), Some(Value::Float(-2.5)));
        assert_eq!(
            first(r#"{"a": 1, "a": 2}"#).err().map(|e| e.message),
            Some(r#"duplicate key: "a""#.to_owned())
        );
        assert_eq!(
            first(r#"-"a""#).err().map(|e| e.message),
            Some("unknown unary op: - string".to_owned())
        );
    }
}
