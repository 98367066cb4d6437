//! Parsing an expression as the API server's CEL environment parses it: with cel-go's optional
//! syntax (`self.?x`, `l[?0]`, `{?'k': v}`, `[?x]`), which the environment enables with
//! `cel.OptionalTypes()` from compatibility version 1.28 (apiserver
//! `pkg/cel/environment/base.go`). cel 0.13's `Program::compile` leaves it off.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use kube_cel::cel::common::ast::{EntryExpr, Expr, IdedExpr};
use kube_cel::cel::objects::{Key, OptionalValue};
use kube_cel::cel::parser::{ParseError, Parser};
use kube_cel::cel::{ExecutionError, ParseErrors, ResolveResult, Value};

/// `source` parsed with the optional syntax on (cel 0.13's parser, its macros, at most 96
/// levels deep).
///
/// # Errors
/// The parser's errors, as cel 0.13 words and locates them; [`PARSER_PANICKED`] at the
/// start of the text where the parser panicked.
pub fn parse(source: &str) -> Result<IdedExpr, ParseErrors> {
    // cel 0.13's recursion counter underflows on some invalid input whose error recovery
    // leaves a nested expression twice (cel-rust/cel-rust#305, fixed upstream after 0.14.1):
    // a panic where overflow checks are on (debug builds, tests), a wrapped counter that
    // trips the recursion limit where they are off. Either way the text is refused.
    let parsed = catch_unwind(AssertUnwindSafe(|| {
        Parser::new().enable_optional_syntax(true).parse(source)
    }));
    parsed.unwrap_or_else(|_| {
        Err(ParseErrors {
            errors: vec![ParseError {
                source: None,
                pos: (0, 0),
                msg: PARSER_PANICKED.to_owned(),
                expr_id: 0,
                source_info: None,
            }],
        })
    })
}

/// The error of a text the CEL parser panicked on.
pub const PARSER_PANICKED: &str = "the CEL parser failed (panicked)";

/// The function `.?` runs as (see [`parse_to_run`]).
pub const OPTIONAL_SELECT: &str = "@optional_select";

/// The functions `==` and `!=` run as where an operand makes an optional (see
/// [`parse_to_run`]).
pub const OPTIONAL_EQUALS: [&str; 2] = ["@optional_equals", "@optional_not_equals"];

/// `source` parsed as [`parse`] parses it, for running: each optional field selection
/// `x.?f` calls [`OPTIONAL_SELECT`], which runs it as cel-go does (`optional.none()` for a
/// missing field, an optional operand looked into once), where cel 0.13's interpreter fails on
/// a missing field and wraps an optional operand's field twice; and `a == b`, `a != b` where
/// an operand is a call that makes an optional (`x.?f`, `l[?i]`, `optional.of(…)`, `.or(…)`,
/// `.first()`…) call [`OPTIONAL_EQUALS`], which compare by cel 0.13's equality of values, where
/// two optionals are equal as in cel-go (its interpreter's `==` says two equal optionals
/// differ).
///
/// # Errors
/// As [`parse`].
pub fn parse_to_run(source: &str) -> Result<IdedExpr, ParseErrors> {
    let mut e = parse(source)?;
    rename_optional_selects(&mut e, 0);
    Ok(e)
}

/// Bounds the rewrite's recursion (cel 0.13's parser nests at most 96 levels).
const MAX_DEPTH: usize = 128;

fn rename_optional_selects(e: &mut IdedExpr, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let mut children: Vec<&mut IdedExpr> = Vec::new();
    match &mut e.expr {
        Expr::Call(c) => {
            if c.func_name == "_?._" && c.target.is_none() {
                c.func_name = OPTIONAL_SELECT.to_owned();
            }
            let at = ["_==_", "_!=_"].iter().position(|f| *f == c.func_name);
            if let Some(at) = at
                && c.args.iter().any(makes_optional)
            {
                c.func_name = OPTIONAL_EQUALS[at].to_owned();
            }
            children.extend(c.target.as_deref_mut());
            children.extend(c.args.iter_mut());
        }
        Expr::Select(s) => children.push(&mut s.operand),
        Expr::List(l) => children.extend(l.elements.iter_mut()),
        Expr::Map(m) => {
            for entry in &mut m.entries {
                match &mut entry.expr {
                    EntryExpr::MapEntry(m) => {
                        children.push(&mut m.key);
                        children.push(&mut m.value);
                    }
                    EntryExpr::StructField(f) => children.push(&mut f.value),
                }
            }
        }
        Expr::Struct(s) => {
            for entry in &mut s.entries {
                if let EntryExpr::StructField(f) = &mut entry.expr {
                    children.push(&mut f.value);
                }
            }
        }
        Expr::Comprehension(c) => {
            let c = &mut **c;
            children.extend([
                &mut c.iter_range,
                &mut c.accu_init,
                &mut c.loop_cond,
                &mut c.loop_step,
                &mut c.result,
            ]);
        }
        Expr::Literal(_) | Expr::Ident(_) | Expr::Unspecified => {}
    }
    for child in children {
        rename_optional_selects(child, depth + 1);
    }
}

/// Whether `e` is a call whose result is an optional (cel-go's optional library).
fn makes_optional(e: &IdedExpr) -> bool {
    let Expr::Call(c) = &e.expr else {
        return false;
    };
    let library = matches!(
        c.target.as_deref().map(|t| &t.expr),
        Some(Expr::Ident(ns)) if ns == "optional"
    ) && matches!(c.func_name.as_str(), "of" | "none" | "ofNonZeroValue");
    let member = c.target.is_some()
        && matches!(
            c.func_name.as_str(),
            "or" | "first" | "last" | "optMap" | "optFlatMap"
        );
    library || member || matches!(c.func_name.as_str(), "_?._" | "_[?_]")
}

/// `x.?f` as cel-go runs it: `optional.of(x.f)` when `x` (or the value of an optional `x`)
/// is a map holding `f`, `optional.none()` when it does not or `x` is `optional.none()`.
///
/// # Errors
/// `no such overload` when `x` is not a map.
pub fn optional_select(operand: Value, field: Arc<String>) -> ResolveResult {
    let operand = match &operand {
        Value::Opaque(_) => match <&OptionalValue>::try_from(&operand)?.value() {
            Some(v) => v.clone(),
            None => return Ok(operand.clone()),
        },
        _ => operand,
    };
    let Value::Map(m) = operand else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let found = m.map.get(&Key::String(field)).cloned();
    let optional = found.map_or_else(OptionalValue::none, OptionalValue::of);
    Ok(Value::Opaque(Arc::new(optional)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `cel` fuzz target's finding (`fuzz/regressions/cel/`): unbalanced nesting whose
    /// error recovery underflows cel 0.13's recursion counter is refused, not a panic.
    #[test]
    fn a_text_the_parser_panics_on_is_refused() {
        let input =
            include_bytes!("../../../fuzz/regressions/cel/parser-recursion-counter-underflow");
        let text = String::from_utf8_lossy(input);
        let expression = text.lines().next().expect("a first line");
        let errors = parse(expression).expect_err("refused");
        let text = errors.to_string();
        assert!(
            text.contains(PARSER_PANICKED) || text.contains("Recursion limit"),
            "{text}"
        );
    }
}
