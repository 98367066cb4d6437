//! `r.existsOne(x, p)` with two arguments: a macro of cel 0.13's parser, not of the API
//! server's environment (cel-go v0.26's standard macros spell it `exists_one`; `existsOne`
//! comes with the two-variable comprehensions, with three arguments). cel-go checks it as a
//! call of an undeclared function whose arguments read an undeclared variable: `undeclared
//! reference to 'existsOne'` at the call's `(`, and `undeclared reference to 'x'` at each `x`.

use kube_cel::cel::common::ast::{Expr, IdedExpr, LiteralValue};

use super::Offsets;
use super::literals::visit;

/// Whether `e` holds a comprehension cel 0.13's `exists_one` expander made (its accumulator
/// starts at 0 and its result is `@result == 1`): only then is the source looked at.
pub(super) fn expanded(e: &IdedExpr) -> bool {
    let mut found = false;
    visit(e, &mut |n| found |= shape(n));
    found
}

fn shape(n: &IdedExpr) -> bool {
    let Expr::Comprehension(c) = &n.expr else {
        return false;
    };
    c.iter_var2.is_none()
        && matches!(c.accu_init.expr, Expr::Literal(LiteralValue::Int(ref v)) if **v == 0)
        && matches!(&c.result.expr, Expr::Call(r) if r.func_name == "_==_")
}

/// The errors cel-go reports for each two-argument `existsOne` of `e` (written so in `source`,
/// not `exists_one`), by byte offset.
pub(super) fn undeclared(
    source: &str,
    e: &IdedExpr,
    offsets: &Offsets<'_>,
) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    visit(e, &mut |n| {
        let Expr::Comprehension(c) = &n.expr else {
            return;
        };
        // The expansion is located at the call's `(`.
        let Some(open) = offsets.offset(n.id).filter(|_| shape(n)) else {
            return;
        };
        let before = source.get(..open).unwrap_or_default().trim_end();
        let named = before
            .strip_suffix("existsOne")
            .is_some_and(|rest| !rest.ends_with(|ch: char| ch.is_alphanumeric() || ch == '_'));
        if !named {
            return;
        }
        let undeclared = |name: &str| format!("undeclared reference to '{name}' (in container '')");
        out.push((open, undeclared("existsOne")));
        let after = source.get(open + 1..).unwrap_or_default();
        out.push((
            open + 1 + (after.len() - after.trim_start().len()),
            undeclared(&c.iter_var),
        ));
        if let Expr::Call(step) = &c.loop_step.expr
            && let Some(predicate) = step.args.first()
        {
            visit(predicate, &mut |x| {
                if matches!(&x.expr, Expr::Ident(name) if *name == c.iter_var)
                    && let Some(at) = offsets.offset(x.id)
                {
                    out.push((at, undeclared(&c.iter_var)));
                }
            });
        }
    });
    out
}
