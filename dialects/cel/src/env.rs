//! The CEL environment: kube-cel's Kubernetes library on cel 0.13, with the functions whose
//! cel 0.13 or kube-cel semantics differ from the API server's (cel-go with the K8s libraries)
//! replaced by validgen's Go mirrors.

use std::sync::Arc;

use kube_cel::KubeCelExt as _;
use kube_cel::cel::extractors::This;
use kube_cel::cel::{Context, ExecutionError, FunctionContext, ResolveResult, Value as Cel};
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

/// The root context: kube-cel's Kubernetes libraries (lists, sets, strings, regex, URLs, IP
/// and CIDR, semver, format, quantity, math, base64), the quantity functions `q`, Go's
/// `matches`, and cel-go's `size`, `duration` and `dyn`.
pub fn context(q: Quantities) -> Context<'static> {
    let mut ctx = Context::default();
    ctx.register_all();
    if q == Quantities::Go {
        go_quantity(&mut ctx);
    }
    go_matches(&mut ctx);
    crate::macros::register(&mut ctx);
    ctx.add_function(crate::parse::OPTIONAL_SELECT, crate::parse::optional_select);
    let [equals, not_equals] = crate::parse::OPTIONAL_EQUALS;
    ctx.add_function(equals, |a: Cel, b: Cel| a == b);
    ctx.add_function(not_equals, |a: Cel, b: Cel| a != b);
    ctx.add_function("size", size);
    ctx.add_function("dyn", dyn_);
    ctx.add_function("duration", |s: Arc<String>| -> ResolveResult {
        validgen_gotext::time::parse_duration(&s)
            .map(|nanos| Cel::Duration(chrono::Duration::nanoseconds(nanos)))
            .ok_or_else(|| ExecutionError::function_error("duration", DURATION_CONVERSION))
    });
    ctx
}

/// cel-go's error for `duration()` of a text Go's `time.ParseDuration` refuses.
const DURATION_CONVERSION: &str =
    "type conversion error from 'string' to 'google.protobuf.Duration'";

/// `size` as cel-go runs it: code points of a string (cel 0.13 counts bytes), bytes of
/// `bytes`, elements of a list or map; an argument that fails keeps its own error (cel 0.13
/// says `Missing argument or target` where cel-go says `no such key: <field>`).
fn size(ftx: &FunctionContext) -> ResolveResult {
    let value = match (&ftx.this, ftx.args.first()) {
        (Some(this), _) => this.clone(),
        (None, Some(arg)) => Cel::resolve(arg, ftx.ptx)?,
        (None, None) => return Err(ExecutionError::invalid_argument_count(1, 0)),
    };
    let n = match &value {
        Cel::String(s) => s.chars().count(),
        Cel::Bytes(b) => b.len(),
        Cel::List(items) => items.len(),
        Cel::Map(m) => m.map.len(),
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    Ok(Cel::Int(i64::try_from(n).unwrap_or(i64::MAX)))
}

/// `dyn(x)`, cel-go's type conversion to `dyn`: `x` itself at run time (cel 0.13 does not
/// declare it). The API server's environment needs it where a list literal mixes a typed value
/// with one read from the object: it has homogeneous aggregate literals (K8s
/// `apiserver/pkg/cel/environment/base.go`), so `['pc', object.x]` does not compile there and
/// `[dyn('pc'), dyn(object.x)]` does.
fn dyn_(ftx: &FunctionContext) -> ResolveResult {
    match (&ftx.this, ftx.args.first()) {
        (None, Some(arg)) if ftx.args.len() == 1 => Cel::resolve(arg, ftx.ptx),
        _ => Err(ExecutionError::NoSuchOverload),
    }
}

/// An evaluation error in cel-go's words, as the API server quotes them (`no such key: spec`),
/// where cel 0.13 words it otherwise; other errors as cel 0.13 words them.
pub fn error_text(e: &ExecutionError) -> String {
    match e {
        ExecutionError::NoSuchKey(key) => format!("no such key: {key}"),
        ExecutionError::NoSuchOverload => "no such overload".to_owned(),
        ExecutionError::FunctionError { function, message }
            if function == "duration" && message == DURATION_CONVERSION
                || crate::macros::ERRORS_AS_CEL_GO.contains(&function.as_str()) =>
        {
            message.clone()
        }
        other => other.to_string(),
    }
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
