//! The CEL environment: kube-cel's Kubernetes library on cel 0.13, with the functions whose
//! kube-cel semantics differ from the API server's replaced by validgen's Go mirrors, and JSON
//! values bound as the API server binds them.

use std::collections::HashMap;
use std::sync::Arc;

use kube_cel::KubeCelExt as _;
use kube_cel::cel::extractors::This;
use kube_cel::cel::objects::Map;
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value as Cel};
use serde_json::Value;
use validgen_goregex::GoRegex;
use validgen_quantity::Quantity;

/// Which quantity functions a context has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Quantities {
    /// Go's `resource.ParseQuantity` and `AsInt64`, as the API server's `library/quantity.go`
    /// calls them (through validgen's mirror): `quantity('1.5Gi').isInteger()` is false.
    #[default]
    Go,
    /// kube-cel 0.8's own, exact decimal (`quantity('1.5Gi').isInteger()` is true): only to
    /// show and pin its divergence.
    KubeCel,
}

/// The root context: kube-cel's library (`strings`, `quantity`), the quantity functions `q`
/// and Go's `matches`.
pub fn context(q: Quantities) -> Context<'static> {
    let mut ctx = Context::default();
    ctx.register_all();
    if q == Quantities::Go {
        go_quantity(&mut ctx);
    }
    go_matches(&mut ctx);
    ctx
}

/// `matches` as the API server runs it: Go's `regexp` (RE2 syntax with Go's extensions such as
/// `\Q…\E` and octal escapes), unanchored, through validgen's mirror; cel 0.13 uses the Rust
/// `regex` crate. An invalid pattern is an evaluation error naming Go's parse error.
pub fn go_matches(ctx: &mut Context<'_>) {
    ctx.add_function(
        "matches",
        |This(s): This<Arc<String>>, pattern: Arc<String>| -> ResolveResult {
            GoRegex::new(&pattern)
                .map(|re| Cel::Bool(re.is_match(&s)))
                .map_err(|e| ExecutionError::function_error("matches", e))
        },
    );
}

/// `quantity`, `isQuantity`, `isInteger`, `asInteger` as the API server runs them: Go's
/// `ParseQuantity` (no surrounding spaces), and `AsInt64` (fails unless the value is held as a
/// small integer: `1.5Gi`, `.5Gi`, `100m`, `8Ei` fail). A quantity value is its text, a CEL
/// string; `asInteger` on a non-integer is the error `cannot convert value to integer`.
pub fn go_quantity(ctx: &mut Context<'_>) {
    ctx.add_function("isQuantity", |s: Arc<String>| Quantity::parse(&s).is_ok());
    ctx.add_function("quantity", |s: Arc<String>| -> ResolveResult {
        Quantity::parse(&s)
            .map(|_| Cel::String(s.clone()))
            .map_err(|e| ExecutionError::function_error("quantity", e))
    });
    ctx.add_function("isInteger", |This(s): This<Arc<String>>| {
        Quantity::parse(&s).ok().and_then(|q| q.as_i64()).is_some()
    });
    ctx.add_function("asInteger", |This(s): This<Arc<String>>| -> ResolveResult {
        Quantity::parse(&s)
            .ok()
            .and_then(|q| q.as_i64())
            .map(Cel::Int)
            .ok_or_else(|| {
                ExecutionError::function_error("asInteger", "cannot convert value to integer")
            })
    });
}

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
