//! What a function may name, checked when its module loads (as starlark-go's resolver does
//! before anything runs): its parameters, its local variables (every name it assigns), the
//! module's functions (called), and the builtins validgen runs; anything else is
//! `undefined: x`. Constructs validgen does not run are refused here, at their line.

use super::super::syntax::{Arg, Node, Param};
use super::{Def, Global, LoadError, Stmt, std_modules};

/// The builtins the interpreter runs ([`super::builtins`]).
pub(super) const BUILTINS: [&str; 7] = ["len", "fail", "range", "str", "type", "bool", "int"];

/// Checks every function and global of a file and records each function's local variables.
///
/// # Errors
/// The line and the text of the first error.
pub(super) fn check(
    defs: &mut [Def],
    globals: &[Global],
    modules: &[String],
    loaded: &[String],
) -> Result<(), LoadError> {
    let mut functions: Vec<String> = defs.iter().map(|d| d.name.clone()).collect();
    functions.extend(loaded.iter().cloned());
    let all_globals: Vec<String> = globals.iter().map(|g| g.name.clone()).collect();
    let top: Vec<(&str, usize)> = defs
        .iter()
        .map(|d| (d.name.as_str(), d.line))
        .chain(globals.iter().map(|g| (g.name.as_str(), g.line)))
        .collect();
    for global in globals {
        let later = top
            .iter()
            .find(|(name, line)| *line >= global.line && mentions_name(&global.value, name));
        if let Some((name, _)) = later {
            return Err((
                global.line,
                format!("global variable {name} referenced before assignment"),
            ));
        }
        Scope::new(Vec::new(), &functions, &all_globals, modules)
            .expr(&global.value)
            .map_err(|e| (global.line, e))?;
    }
    for def in defs.iter_mut() {
        let mut locals = Vec::new();
        assigned(&def.body, &mut locals);
        let params: Vec<String> = def.params.iter().map(|(p, _)| p.clone()).collect();
        locals.retain(|l| !params.contains(l));
        for (_, default) in &def.params {
            if let Some(d) = default {
                Scope::new(Vec::new(), &functions, &all_globals, modules)
                    .expr(d)
                    .map_err(|e| (def.line, e))?;
            }
        }
        let mut names = params;
        names.extend(locals.iter().cloned());
        let scope = Scope::new(names, &functions, &all_globals, modules);
        scope.stmts(&def.body, false)?;
        def.locals = locals;
    }
    Ok(())
}

/// Whether `node` names `name` (as a variable, outside the lambdas' own parameters too:
/// enough for the order of globals).
fn mentions_name(node: &Node, name: &str) -> bool {
    let mut found = false;
    node.walk(&mut |n| {
        if let Node::Name { name: n, .. } = n {
            found |= n == name;
        }
    });
    found
}

/// The names `stmts` assign, at any depth.
fn assigned(stmts: &[Stmt], out: &mut Vec<String>) {
    for stmt in stmts {
        match stmt {
            Stmt::Assign { target, .. } => targets(target, out),
            Stmt::For { vars, body, .. } => {
                targets(vars, out);
                assigned(body, out);
            }
            Stmt::If {
                then, otherwise, ..
            } => {
                assigned(then, out);
                assigned(otherwise, out);
            }
            _ => {}
        }
    }
}

fn targets(node: &Node, out: &mut Vec<String>) {
    match node {
        Node::Name { name, .. } if !out.contains(name) => out.push(name.clone()),
        Node::Tuple(items) | Node::List(items) => items.iter().for_each(|i| targets(i, out)),
        _ => {}
    }
}

struct Scope<'s> {
    /// The variables in reach: parameters and locals, those of enclosing functions first.
    names: Vec<String>,
    functions: &'s [String],
    globals: &'s [String],
    modules: &'s [String],
}

impl<'s> Scope<'s> {
    fn new(
        names: Vec<String>,
        functions: &'s [String],
        globals: &'s [String],
        modules: &'s [String],
    ) -> Self {
        Scope {
            names,
            functions,
            globals,
            modules,
        }
    }

    fn is_variable(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }

    fn stmts(&self, stmts: &[Stmt], in_loop: bool) -> Result<(), LoadError> {
        for stmt in stmts {
            match stmt {
                Stmt::Expr { x, line } => self.expr(x).map_err(|e| (*line, e))?,
                Stmt::Assign {
                    target,
                    value,
                    op,
                    line,
                } => {
                    let at = |e| (*line, e);
                    self.target(target, op.is_some()).map_err(at)?;
                    self.expr(value).map_err(at)?;
                }
                Stmt::Return { x, line, .. } => {
                    if let Some(x) = x {
                        self.expr(x).map_err(|e| (*line, e))?;
                    }
                }
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                    line,
                } => {
                    self.expr(cond).map_err(|e| (*line, e))?;
                    self.stmts(then, in_loop)?;
                    self.stmts(otherwise, in_loop)?;
                }
                Stmt::For {
                    vars,
                    iter,
                    body,
                    line,
                } => {
                    let at = |e| (*line, e);
                    self.target(vars, false).map_err(at)?;
                    self.expr(iter).map_err(at)?;
                    self.stmts(body, true)?;
                }
                Stmt::Break { line } | Stmt::Continue { line } if !in_loop => {
                    let word = if matches!(stmt, Stmt::Break { .. }) {
                        "break"
                    } else {
                        "continue"
                    };
                    return Err((*line, format!("{word} not in a loop")));
                }
                Stmt::Break { .. } | Stmt::Continue { .. } => {}
            }
        }
        Ok(())
    }

    fn target(&self, node: &Node, augmented: bool) -> Result<(), String> {
        match node {
            Node::Name { .. } => Ok(()),
            Node::Tuple(items) | Node::List(items) if !augmented => {
                items.iter().try_for_each(|i| self.target(i, false))
            }
            Node::Index { .. } | Node::Dot { .. } => Err(unsupported(
                "assignment to an item or a field (validgen runs no mutation)",
            )),
            _ => Err("can't assign to this expression".to_owned()),
        }
    }

    fn name(&self, name: &str) -> Result<(), String> {
        if self.is_variable(name)
            || matches!(name, "None" | "True" | "False")
            || self.functions.iter().any(|f| f == name)
            || self.globals.iter().any(|g| g == name)
        {
            return Ok(());
        }
        if BUILTINS.contains(&name) {
            return Err(unsupported(&format!("the builtin {name} as a value")));
        }
        if self.modules.iter().any(|m| m == name) {
            return Err(unsupported(&format!("the module `{name}` as a value")));
        }
        Err(format!("undefined: {name}"))
    }

    fn expr(&self, node: &Node) -> Result<(), String> {
        match node {
            Node::Name { name, .. } => self.name(name),
            Node::Int(_) | Node::Float(_) | Node::Str(_) => Ok(()),
            Node::List(items) | Node::Tuple(items) => items.iter().try_for_each(|i| self.expr(i)),
            Node::Dict(entries) => entries
                .iter()
                .try_for_each(|(k, v)| self.expr(k).and_then(|()| self.expr(v))),
            Node::Unary { op, x, .. } => match *op {
                "-" | "+" | "not" => self.expr(x),
                op => Err(unsupported(&format!("the operator {op}"))),
            },
            Node::Binary { op, x, y, .. } => match *op {
                "|" | "^" | "&" | "<<" | ">>" => Err(unsupported(&format!("the operator {op}"))),
                _ => self.expr(x).and_then(|()| self.expr(y)),
            },
            Node::Cond {
                then,
                cond,
                otherwise,
                ..
            } => self
                .expr(then)
                .and_then(|()| self.expr(cond))
                .and_then(|()| self.expr(otherwise)),
            Node::Dot { x, name, .. } => match &**x {
                Node::Name { name: m, .. }
                    if !self.is_variable(m) && self.modules.iter().any(|n| n == m) =>
                {
                    if std_modules::runs(m, name) {
                        Ok(())
                    } else {
                        Err(unsupported(&format!(
                            "`{m}.{name}` (of `@ytt:{m}`; validgen runs {})",
                            std_modules::RUNS.join(", ")
                        )))
                    }
                }
                _ => self.expr(x),
            },
            Node::Index { x, key, .. } => self.expr(x).and_then(|()| self.expr(key)),
            Node::Slice { .. } => Err(unsupported("a slice x[a:b]")),
            Node::Lambda { params, body, .. } => self.lambda(params, body),
            Node::Call { func, args, .. } => self.call(func, args),
        }
    }

    /// A lambda: plain parameters, a body that sees them and every variable in reach.
    fn lambda(&self, params: &[Param], body: &Node) -> Result<(), String> {
        let mut names = self.names.clone();
        for p in params {
            match (&p.name, p.star, &p.default) {
                (Some(name), None, None) => names.push(name.clone()),
                _ => {
                    return Err(unsupported(
                        "a lambda parameter with a default or `*` inside a function",
                    ));
                }
            }
        }
        Scope::new(names, self.functions, self.globals, self.modules).expr(body)
    }

    fn call(&self, func: &Node, args: &[Arg]) -> Result<(), String> {
        if let Some(arg) = args.iter().find(|a| a.star.is_some()) {
            return Err(unsupported(&format!(
                "the argument {}",
                arg.star.unwrap_or("*")
            )));
        }
        match func {
            Node::Name { name, .. } if BUILTINS.contains(&name.as_str()) => {}
            _ => self.expr(func)?,
        }
        args.iter().try_for_each(|a| self.expr(&a.value))
    }
}

fn unsupported(construct: &str) -> String {
    format!("unsupported Starlark: {construct}")
}
