//! Running a program with cel-go's choice of error. cel 0.13 evaluates `a || b` and `a && b`
//! with both operands failing to `b`'s error; cel-go (`interpreter/interpretable.go`,
//! `evalOr`/`evalAnd`) to `a`'s. The API server quotes that error (`no such key: <field>
//! evaluating rule: …`), so a failed run is explained again here, left operand first.

use std::panic::{AssertUnwindSafe, catch_unwind};

use kube_cel::cel::common::ast::{Expr, IdedExpr};
use kube_cel::cel::{Context, ExecutionError, Program, ResolveResult, Value as Cel};

/// Bounds the explanation's recursion (cel 0.13's parser nests at most 96 levels).
const MAX_DEPTH: usize = 128;

/// `program` run in `ctx`; a failure is the error cel-go reports.
///
/// # Errors
/// The evaluation error, chosen as cel-go chooses it; a panic of the CEL library (cel 0.13
/// has a few) is the error [`PANICKED`] of function `cel`.
pub fn execute(program: &Program, ctx: &Context<'_>) -> ResolveResult {
    execute_expression(program.expression(), ctx)
}

/// [`execute`] of an expression: a program's, or one rewritten from it.
///
/// # Errors
/// As [`execute`].
pub fn execute_expression(e: &IdedExpr, ctx: &Context<'_>) -> ResolveResult {
    let run = || Cel::resolve(e, ctx).map_err(|err| first_error(e, ctx, 0).unwrap_or(err));
    catch_unwind(AssertUnwindSafe(run))
        .unwrap_or_else(|_| Err(ExecutionError::function_error("cel", PANICKED)))
}

/// The error of a run the CEL library panicked on.
pub const PANICKED: &str = "the CEL library failed (panicked)";

/// The error cel-go reports for `e`, if it fails: through `||`, `&&` and `?:`, the operand
/// whose error decides the result, the left one where both fail.
fn first_error(e: &IdedExpr, ctx: &Context<'_>, depth: usize) -> Option<ExecutionError> {
    let Expr::Call(call) = &e.expr else {
        return Cel::resolve(e, ctx).err();
    };
    if depth > MAX_DEPTH {
        return Cel::resolve(e, ctx).err();
    }
    match (call.func_name.as_str(), call.args.as_slice()) {
        (op @ ("_||_" | "_&&_"), [left, right]) => {
            // The value that decides the result alone: true for `||`, false for `&&`.
            let decides = Cel::Bool(op == "_||_");
            match (Cel::resolve(left, ctx), Cel::resolve(right, ctx)) {
                (Ok(l), _) if l == decides => None,
                (_, Ok(r)) if r == decides => None,
                (Err(_), _) => first_error(left, ctx, depth + 1),
                (Ok(_), Err(_)) => first_error(right, ctx, depth + 1),
                (Ok(_), Ok(_)) => Cel::resolve(e, ctx).err(),
            }
        }
        ("_?_:_", [condition, then, otherwise]) => match Cel::resolve(condition, ctx) {
            Err(_) => first_error(condition, ctx, depth + 1),
            Ok(Cel::Bool(true)) => first_error(then, ctx, depth + 1),
            Ok(Cel::Bool(false)) => first_error(otherwise, ctx, depth + 1),
            Ok(_) => Cel::resolve(e, ctx).err(),
        },
        _ => Cel::resolve(e, ctx).err(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn the_left_error_of_two_is_reported() {
        let mut ctx = crate::context(crate::Quantities::Go);
        ctx.add_variable_from_value("self", Cel::Map(HashMap::<String, Cel>::new().into()));
        let run = |text: &str| {
            execute(&Program::compile(text).expect("compiles"), &ctx)
                .map_err(|e| crate::error_text(&e))
        };
        assert_eq!(
            run("size(self.a) > 0 || size(self.b) > 0"),
            Err("no such key: a".to_owned())
        );
        assert_eq!(
            run("self.a > 0 && self.b > 0"),
            Err("no such key: a".to_owned())
        );
        // An error the other operand decides away is no error.
        assert_eq!(run("self.a > 0 || true"), Ok(Cel::Bool(true)));
        assert_eq!(
            run("true ? self.b : false"),
            Err("no such key: b".to_owned())
        );
    }
}
