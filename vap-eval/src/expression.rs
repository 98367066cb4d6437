//! One CEL expression of a policy, parsed and checked before it is ever run.

use std::collections::BTreeSet;

use kube_cel::cel::common::ast::{EntryExpr, Expr, IdedExpr};

/// A parsed expression: its text, its tree, and the `variables.<name>` it reads.
#[derive(Debug)]
pub struct Expression {
    /// The expression as written in the policy.
    pub text: String,
    pub(crate) tree: IdedExpr,
    /// The names `variables.<name>` reads (the API server evaluates variables lazily: a
    /// variable's error reaches only the expressions that read it).
    pub(crate) reads: BTreeSet<String>,
}

impl Expression {
    /// Parses `text` as the API server's environment parses it ([`validgen_cel::parse_to_run`]:
    /// cel 0.13's parser, nesting limited to 96 levels, with cel-go's optional syntax `.?`/`[?`,
    /// which the environment enables from compatibility version 1.28).
    ///
    /// # Errors
    /// The parser's message, or `struct literals are not supported` (cel 0.13 cannot run
    /// them: `Type{field: v}`; the API server's CEL has no message types to build either).
    pub fn parse(text: &str) -> Result<Expression, String> {
        // The parser's first line locates the error (`ERROR: <input>:1:23: …`); the rest draws it.
        let tree = validgen_cel::parse_to_run(text).map_err(|e| {
            let message = e.to_string();
            message.lines().next().unwrap_or_default().trim().to_owned()
        })?;
        let mut reads = BTreeSet::new();
        walk(&tree, &mut reads)?;
        Ok(Expression {
            text: text.to_owned(),
            tree,
            reads,
        })
    }

    /// The parsed tree.
    pub(crate) fn ast(&self) -> &IdedExpr {
        &self.tree
    }
}

/// Collects `variables.<name>` reads and refuses the nodes cel 0.13's interpreter panics on.
fn walk(e: &IdedExpr, reads: &mut BTreeSet<String>) -> Result<(), String> {
    match &e.expr {
        Expr::Unspecified => Err("an unspecified expression node".to_owned()),
        Expr::Struct(_) => Err("struct literals are not supported".to_owned()),
        Expr::Ident(_) | Expr::Literal(_) => Ok(()),
        Expr::Select(s) => {
            if let Expr::Ident(root) = &s.operand.expr
                && root == "variables"
            {
                reads.insert(s.field.clone());
            }
            walk(&s.operand, reads)
        }
        Expr::Call(c) => {
            if let Some(t) = &c.target {
                walk(t, reads)?;
            }
            c.args.iter().try_for_each(|a| walk(a, reads))
        }
        Expr::List(l) => l.elements.iter().try_for_each(|a| walk(a, reads)),
        Expr::Map(m) => m.entries.iter().try_for_each(|entry| match &entry.expr {
            EntryExpr::MapEntry(m) => walk(&m.key, reads).and_then(|()| walk(&m.value, reads)),
            EntryExpr::StructField(f) => walk(&f.value, reads),
        }),
        Expr::Comprehension(c) => [
            &c.iter_range,
            &c.accu_init,
            &c.loop_cond,
            &c.loop_step,
            &c.result,
        ]
        .into_iter()
        .try_for_each(|a| walk(a, reads)),
    }
}
