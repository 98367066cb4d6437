//! The Starlark of ytt annotations, as starlark-go (the k14s fork) runs it under ytt 0.48.0:
//! argument lists (`min=1, one_of=["a", "b"], when=lambda v, ctx: ...`), literal values,
//! simple lambdas, the values' types and texts (`repr`/`str`), and the error messages.
//!
//! - [`evaluate_arguments`]: scan, parse, resolve and evaluate an annotation's arguments;
//! - [`Value`]: an argument's value (lambdas become [`Lambda`]s);
//! - what is beyond the compiled subset (`load()`, `def`, method calls, builtins other than
//!   `len`, comprehensions, arithmetic...) is refused with an error naming it;
//! - [`Lambda`] and [`Expr`]: the functions of `when=` and custom rules, which both back ends
//!   run with starlark-go's semantics and error texts: the values a function sees ([`Val`]:
//!   literals, data values as ytt's `yamlfragment`, `ctx`), one pure function per operation
//!   ([`ops`]), and the evaluator that dispatches to them ([`interp`]); generated code calls
//!   [`ops`] directly.

mod defs;
mod error;
mod expr;
pub mod functions;
pub mod interp;
mod lexer;
pub(crate) mod lines;
mod lower;
mod modules;
pub mod ops;
mod overlay_args;
mod parser;
mod resolve;
mod syntax;
mod val;
mod value;

pub use defs::{MAX_STEPS, Module};
pub use error::{ArgumentsError, ErrorKind};
pub use expr::{Callee, Expr, Lambda};
pub use modules::{STANDARD_MODULES, mentions, standard_load};
pub use overlay_args::{Matcher, OverlayValue, evaluate_overlay_arguments};
pub use resolve::ResolveErrors;
pub use val::{Callable, Val};
pub use value::Value;

/// The name under which a `def` function with statements stands in an annotation once its
/// file's functions are put in place: `$def("<module source>", "name")` (a `$` cannot start a
/// name in Starlark, so no annotation of a user's reads so; `crate::code` refuses any that
/// holds it before).
pub const CALLEE: &str = "$def";

/// The evaluated arguments of an annotation.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Arguments {
    /// Positional arguments, in order.
    pub positional: Vec<Value>,
    /// Keyword arguments, in order.
    pub keywords: Vec<(String, Value)>,
}

/// Parses and evaluates the argument list of an annotation (the text after its name).
///
/// Errors come in starlark-go's order for one annotation: the syntax error, else the first
/// resolver error (see [`resolve_arguments`] for all of them), else the first refusal or
/// evaluation error in text order.
///
/// # Errors
/// A syntax error (`got identifier, want ','`), a resolver error (`undefined: lowest`,
/// `keyword argument min repeated`), an evaluation error, or Starlark beyond what ytt rules
/// use ([`ErrorKind::Unsupported`]).
pub fn evaluate_arguments(text: &str) -> Result<Arguments, ArgumentsError> {
    let args = parser::parse_arguments(text)?;
    if let Some(e) = resolve::resolve(&args).first() {
        return Err(e.clone());
    }
    let mut out = Arguments::default();
    for arg in &args {
        if let Some(star) = arg.star {
            return Err(error::unsupported(arg.col, format!("{star} argument")));
        }
        let value = lower::value(&arg.value)?;
        match &arg.name {
            Some((name, _)) => out.keywords.push((name.clone(), value)),
            None => out.positional.push(value),
        }
    }
    Ok(out)
}

/// All resolver errors of an argument list that parses (`Ok(empty)` when there is none), for a
/// report of a whole file: ytt lists every resolver error of the file, those of lambda bodies
/// after all the others.
///
/// # Errors
/// The syntax error, if the text does not parse.
pub fn resolve_arguments(text: &str) -> Result<ResolveErrors, ArgumentsError> {
    parser::parse_arguments(text).map(|args| resolve::resolve(&args))
}

/// The refusal of a code line (`#@ load("rules.star", "check")`, `#@ def f(v):`, `#@ end`),
/// naming its construct: validgen compiles annotations, not templates' code.
pub fn refuse_code(code: &str) -> ArgumentsError {
    let word = code
        .trim_start()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    let construct = match word {
        "load" => "load()".to_owned(),
        "def" | "end" | "if" | "elif" | "else" | "for" | "while" | "return" | "pass" => {
            format!("`{word}` statement")
        }
        _ => "template code (`#@ ...`)".to_owned(),
    };
    error::unsupported(1, construct)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluates_argument_lists() {
        let args = evaluate_arguments(
            r#"("a", lambda v: len(v) > 0), min=-1, one_of=[0x1F, 1.5, "x", None, True], max={"a": (1,)}"#,
        );
        let Ok(args) = args else {
            panic!("{args:?}");
        };
        assert_eq!(args.positional.len(), 1);
        let keys: Vec<&str> = args.keywords.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["min", "one_of", "max"]);
        assert_eq!(args.keywords[1].1.repr(), r#"[31, 1.5, "x", None, True]"#);
        assert_eq!(args.keywords[2].1.repr(), r#"{"a": (1,)}"#);
        assert_eq!(evaluate_arguments("").ok(), Some(Arguments::default()));
    }

    #[test]
    fn errors_in_starlark_order() {
        let msg = |t: &str| {
            evaluate_arguments(t)
                .err()
                .map(|e| e.message)
                .unwrap_or_default()
        };
        assert_eq!(msg("min=1 max=2"), "got identifier, want ','");
        assert_eq!(msg("min=lowest"), "undefined: lowest");
        assert_eq!(msg("min=1, min=2"), "keyword argument min repeated");
        assert_eq!(msg("*x"), "undefined: x");
        assert_eq!(
            evaluate_arguments("not_null=true")
                .err()
                .map(|e| e.ytt_message()),
            Some(
                "undefined: true (hint: use 'True' instead of 'true' for boolean assignment)"
                    .to_owned()
            )
        );
        assert!(msg("*[1]").starts_with("unsupported Starlark: * argument"));
        assert!(
            refuse_code(r#"load("rules.star", "check_all")"#)
                .message
                .contains("load()")
        );
    }
}
