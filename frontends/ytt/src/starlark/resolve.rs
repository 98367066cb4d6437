//! Name resolution of an argument list, as starlark-go's resolver checks it before anything
//! runs (`resolve/resolve.go` of the k14s fork, with ytt's flags: lambdas, floats and sets
//! allowed, globals reassignable): undefined names (with its spelling hint), repeated keyword
//! arguments, positional arguments after named ones, duplicate parameters.

use super::error::ArgumentsError;
use super::syntax::{Arg, Node, Param};
use crate::spell::nearest;

/// starlark-go's universe (`starlark/library.go` `Universe`): the names defined everywhere.
pub(crate) const UNIVERSE: [&str; 31] = [
    "None",
    "True",
    "False",
    "any",
    "all",
    "bool",
    "chr",
    "dict",
    "dir",
    "enumerate",
    "fail",
    "float",
    "getattr",
    "hasattr",
    "hash",
    "int",
    "len",
    "list",
    "max",
    "min",
    "ord",
    "print",
    "range",
    "repr",
    "reversed",
    "set",
    "sorted",
    "str",
    "tuple",
    "type",
    "zip",
];

/// The resolver's errors, in the order starlark-go finds them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResolveErrors {
    /// Errors found while walking the text (undefined names outside lambdas, argument-list
    /// errors anywhere), in text order.
    pub immediate: Vec<ArgumentsError>,
    /// Undefined names inside lambda bodies, which starlark-go reports after the whole file's
    /// immediate errors (it resolves a function's free names when the module ends).
    pub in_lambdas: Vec<ArgumentsError>,
}

impl ResolveErrors {
    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.immediate.is_empty() && self.in_lambdas.is_empty()
    }

    /// The first one ytt would print for this text alone.
    pub fn first(&self) -> Option<&ArgumentsError> {
        self.immediate.first().or(self.in_lambdas.first())
    }
}

/// Resolves the names of an argument list (the arguments of ytt's generated call).
pub(crate) fn resolve(args: &[Arg]) -> ResolveErrors {
    resolve_with(args, &[])
}

/// [`resolve`] with `known` names defined besides the universe (a module a `load()` binds).
pub(crate) fn resolve_with(args: &[Arg], known: &[&str]) -> ResolveErrors {
    let mut r = Resolver {
        known: known.iter().map(|k| (*k).to_owned()).collect(),
        ..Resolver::default()
    };
    r.call_args(args);
    r.errors
}

#[derive(Default)]
struct Resolver {
    /// Parameter names of the enclosing lambdas, innermost last.
    scopes: Vec<Vec<String>>,
    /// Names bound outside the argument list (`load()`ed modules).
    known: Vec<String>,
    errors: ResolveErrors,
}

impl Resolver {
    fn name(&mut self, name: &str, col: usize) {
        if self.scopes.iter().any(|s| s.iter().any(|p| p == name))
            || UNIVERSE.contains(&name)
            || name == super::CALLEE
            || self.known.iter().any(|k| k == name)
        {
            return;
        }
        let mut candidates: Vec<&str> = self.scopes.iter().flatten().map(String::as_str).collect();
        candidates.sort_unstable();
        let hint = nearest(name, &candidates)
            .map(|n| format!(" (did you mean {n}?)"))
            .unwrap_or_default();
        let error = ArgumentsError::resolve(col, format!("undefined: {name}{hint}"));
        if self.scopes.is_empty() {
            self.errors.immediate.push(error);
        } else {
            self.errors.in_lambdas.push(error);
        }
    }

    fn error(&mut self, col: usize, message: String) {
        self.errors
            .immediate
            .push(ArgumentsError::resolve(col, message));
    }

    fn call_args(&mut self, args: &[Arg]) {
        let mut seen_varargs = false;
        let mut seen_kwargs = false;
        let mut names: Vec<&str> = Vec::new();
        for arg in args {
            match (arg.star, &arg.name) {
                (Some("**"), _) => {
                    if seen_kwargs {
                        self.error(arg.col, "multiple **kwargs not allowed".to_owned());
                    }
                    seen_kwargs = true;
                }
                (Some(_), _) => {
                    if seen_kwargs {
                        self.error(arg.col, "*args may not follow **kwargs".to_owned());
                    } else if seen_varargs {
                        self.error(arg.col, "multiple *args not allowed".to_owned());
                    }
                    seen_varargs = true;
                }
                (None, Some((name, col))) => {
                    if seen_kwargs {
                        self.error(arg.col, "argument may not follow **kwargs".to_owned());
                    }
                    if names.contains(&name.as_str()) {
                        self.error(*col, format!("keyword argument {name} repeated"));
                    } else {
                        names.push(name);
                    }
                }
                (None, None) => {
                    if seen_varargs {
                        self.error(arg.col, "argument may not follow *args".to_owned());
                    } else if seen_kwargs {
                        self.error(arg.col, "argument may not follow **kwargs".to_owned());
                    } else if !names.is_empty() {
                        self.error(
                            arg.col,
                            "positional argument may not follow named".to_owned(),
                        );
                    }
                }
            }
            self.expr(&arg.value);
        }
    }

    fn expr(&mut self, node: &Node) {
        match node {
            Node::Name { name, col } => self.name(name, *col),
            Node::Int(_) | Node::Float(_) | Node::Str(_) => {}
            Node::List(items) | Node::Tuple(items) => items.iter().for_each(|i| self.expr(i)),
            Node::Dict(entries) => {
                for (k, v) in entries {
                    self.expr(k);
                    self.expr(v);
                }
            }
            Node::Unary { x, .. } | Node::Dot { x, .. } => self.expr(x),
            Node::Binary { x, y, .. } => {
                self.expr(x);
                self.expr(y);
            }
            Node::Index { x, key, .. } => {
                self.expr(x);
                self.expr(key);
            }
            Node::Slice { x, parts, .. } => {
                self.expr(x);
                parts.iter().for_each(|p| self.expr(p));
            }
            Node::Cond {
                then,
                cond,
                otherwise,
                ..
            } => {
                self.expr(then);
                self.expr(cond);
                self.expr(otherwise);
            }
            Node::Call { func, args, .. } => {
                self.expr(func);
                self.call_args(args);
            }
            Node::Lambda { params, body, .. } => self.lambda(params, body),
        }
    }

    fn lambda(&mut self, params: &[Param], body: &Node) {
        for p in params {
            if let Some(d) = &p.default {
                self.expr(d);
            }
        }
        let mut names: Vec<String> = Vec::new();
        let mut seen_optional = false;
        for p in params {
            let Some(name) = &p.name else {
                continue;
            };
            if p.star.is_none() {
                if p.default.is_some() {
                    seen_optional = true;
                } else if seen_optional {
                    self.error(
                        p.col,
                        "required parameter may not follow optional".to_owned(),
                    );
                }
            }
            if names.contains(name) {
                self.error(p.col, format!("duplicate parameter: {name}"));
            }
            names.push(name.clone());
        }
        self.scopes.push(names);
        self.expr(body);
        self.scopes.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::parse_arguments;
    use super::*;

    fn messages(text: &str) -> Vec<String> {
        let args = parse_arguments(text).unwrap_or_default();
        let errors = resolve(&args);
        errors
            .immediate
            .iter()
            .chain(&errors.in_lambdas)
            .map(|e| e.message.clone())
            .collect()
    }

    #[test]
    fn names_and_argument_lists() {
        assert_eq!(messages("min=lowest"), ["undefined: lowest"]);
        assert_eq!(messages("min=1, min=2"), ["keyword argument min repeated"]);
        assert_eq!(
            messages(r#"min=1, ("a", "b")"#),
            ["positional argument may not follow named"]
        );
        assert_eq!(
            messages(r#"("x", lambda value: len(valu) > 0)"#),
            ["undefined: valu (did you mean value?)"]
        );
        assert_eq!(
            messages("when=lambda v, ctx: ctx.root and len(v) and True"),
            [""; 0]
        );
        assert_eq!(
            messages("min=x, when=lambda v: y"),
            ["undefined: x", "undefined: y"]
        );
        assert_eq!(messages("when=lambda v, v: 1"), ["duplicate parameter: v"]);
    }
}
