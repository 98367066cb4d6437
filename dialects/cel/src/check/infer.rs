//! The type of every node of a parsed expression, as cel-go's checker (`checker/checker.go`)
//! infers it, and the errors it reports: undeclared names, undefined fields, field selection on
//! a type without fields, no matching overload of a standard function, a comprehension over a
//! value that is not a list or map. What cannot be typed for certain is `dyn`.

use std::collections::HashMap;

use kube_cel::cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue};

use super::decl::DeclKind;
use super::overloads::{self, Overload, Pattern};
use super::types::Type;

/// What the checker found in one expression.
#[derive(Debug, Default)]
pub(crate) struct Inferred {
    /// The type of each node, by id.
    pub types: HashMap<u64, Type>,
    /// The standard overloads a call may take, by the call's id (several when an argument
    /// is `dyn`).
    pub overloads: HashMap<u64, Vec<&'static str>>,
    /// A call of a qualified function (`format.named`, `ip.isCanonical`): its whole name.
    pub qualified: HashMap<u64, String>,
    /// The errors: the node's id and cel-go's message.
    pub errors: Vec<(u64, String)>,
}

/// The types of `e` with the variables `vars` declared.
pub(crate) fn infer(e: &IdedExpr, vars: &[(&str, Type)]) -> Inferred {
    let mut checker = Checker {
        scope: vars
            .iter()
            .map(|(n, t)| ((*n).to_owned(), t.clone()))
            .collect(),
        out: Inferred::default(),
    };
    checker.check(e);
    checker.out
}

struct Checker {
    /// The variables in scope, innermost last.
    scope: Vec<(String, Type)>,
    out: Inferred,
}

/// Names that are types (`type(x) == int`).
const TYPE_NAMES: [&str; 12] = [
    "bool",
    "bytes",
    "double",
    "duration",
    "dyn",
    "int",
    "list",
    "map",
    "null_type",
    "string",
    "timestamp",
    "uint",
];

impl Checker {
    fn var(&self, name: &str) -> Option<&Type> {
        self.scope
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t)
    }

    fn error(&mut self, id: u64, message: String) -> Type {
        self.out.errors.push((id, message));
        Type::Error
    }

    fn check(&mut self, e: &IdedExpr) -> Type {
        let t = self.infer(e);
        self.out.types.insert(e.id, t.clone());
        t
    }

    fn infer(&mut self, e: &IdedExpr) -> Type {
        match &e.expr {
            Expr::Literal(l) => match l {
                LiteralValue::Boolean(_) => Type::Bool,
                LiteralValue::Bytes(_) => Type::Bytes,
                LiteralValue::Double(_) => Type::Double,
                LiteralValue::Int(_) => Type::Int,
                LiteralValue::Null => Type::Null,
                LiteralValue::String(_) => Type::String,
                LiteralValue::UInt(_) => Type::Uint,
            },
            Expr::Ident(name) => match self.var(name) {
                Some(t) => t.clone(),
                None if TYPE_NAMES.contains(&name.as_str()) => Type::Type(Box::new(Type::Dyn)),
                None => self.error(
                    e.id,
                    format!("undeclared reference to '{name}' (in container '')"),
                ),
            },
            Expr::Select(s) => {
                let operand = self.check(&s.operand);
                let t = self.select(e.id, &operand, &s.field);
                if s.test { Type::Bool } else { t }
            }
            Expr::Call(c) => {
                if let Some(target) = c.target.as_deref()
                    && let Expr::Ident(ns) = &target.expr
                    && self.var(ns).is_none()
                {
                    // `format.dns1123Label()`, `strings.quote(s)`: a function of a library's
                    // namespace, not a member call.
                    let args: Vec<Type> = c.args.iter().map(|a| self.check(a)).collect();
                    let name = format!("{ns}.{}", c.func_name);
                    let t = overloads::library(&name, None, &args)
                        .or_else(|| overloads::library(&c.func_name, None, &args))
                        .unwrap_or(Type::Dyn);
                    self.out.qualified.insert(e.id, name);
                    return t;
                }
                let target = c.target.as_deref().map(|t| self.check(t));
                let args: Vec<Type> = c.args.iter().map(|a| self.check(a)).collect();
                self.call(e.id, &c.func_name, target.as_ref(), &args)
            }
            Expr::List(l) => {
                let elems: Vec<(u64, Type)> =
                    l.elements.iter().map(|x| (x.id, self.check(x))).collect();
                Type::List(Box::new(self.homogeneous(elems)))
            }
            Expr::Map(m) => {
                let (mut keys, mut values) = (Vec::new(), Vec::new());
                for entry in &m.entries {
                    match &entry.expr {
                        EntryExpr::MapEntry(m) => {
                            keys.push((m.key.id, self.check(&m.key)));
                            values.push((m.value.id, self.check(&m.value)));
                        }
                        EntryExpr::StructField(f) => {
                            self.check(&f.value);
                        }
                    }
                }
                let key = self.homogeneous(keys);
                Type::Map(Box::new(key), Box::new(self.homogeneous(values)))
            }
            Expr::Struct(s) => {
                for f in &s.entries {
                    if let EntryExpr::StructField(f) = &f.expr {
                        self.check(&f.value);
                    }
                }
                Type::Dyn
            }
            Expr::Comprehension(c) => {
                let range = self.check(&c.iter_range);
                let item = match &range {
                    Type::List(e) => (**e).clone(),
                    Type::Map(k, _) => (**k).clone(),
                    t if t.is_dyn() => Type::Dyn,
                    t => self.error(
                        c.iter_range.id,
                        format!(
                            "expression of type '{t}' cannot be range of a comprehension (must be list, map, or dynamic)"
                        ),
                    ),
                };
                let init = self.check(&c.accu_init);
                let empty = empty_aggregate(&c.accu_init);
                self.scope.push((c.accu_var.clone(), init.clone()));
                self.scope.push((c.iter_var.clone(), item));
                if let Some(second) = &c.iter_var2 {
                    self.scope.push((second.clone(), Type::Dyn));
                }
                self.check(&c.loop_cond);
                let step = self.check(&c.loop_step);
                if c.iter_var2.is_some() {
                    self.scope.pop();
                }
                self.scope.pop();
                self.scope.pop();
                let accu = if empty { step } else { init };
                self.scope.push((c.accu_var.clone(), accu));
                let result = self.check(&c.result);
                self.scope.pop();
                result
            }
            Expr::Unspecified => Type::Dyn,
        }
    }

    /// The element type of a list or map literal's elements (by id), which must agree: the
    /// API server's environment has homogeneous aggregate literals (apiserver
    /// `pkg/cel/environment/base.go`), so an element of another type than the first is
    /// cel-go's `expected type 'int' but found 'string'` (`dyn(x)` agrees with all). No
    /// element: `dyn`.
    fn homogeneous(&mut self, elems: Vec<(u64, Type)>) -> Type {
        let mut it = elems.into_iter();
        let Some((_, first)) = it.next() else {
            return Type::Dyn;
        };
        let mut joined = first.clone();
        for (id, t) in it {
            if !first.accepts(&t) {
                self.error(id, format!("expected type '{first}' but found '{t}'"));
            }
            joined = joined.join(&t);
        }
        joined
    }

    /// `operand.field` (cel-go `checkSelect`).
    fn select(&mut self, id: u64, operand: &Type, field: &str) -> Type {
        match operand {
            Type::Object(decl) => {
                let DeclKind::Object { fields, .. } = &decl.kind else {
                    return Type::Dyn;
                };
                let found = fields
                    .get(field)
                    .or_else(|| fields.get(&format!("__{field}__")));
                match found {
                    Some(f) => f.ty(),
                    None => self.error(id, format!("undefined field '{field}'")),
                }
            }
            Type::Map(_, v) => (**v).clone(),
            t if t.is_dyn() => Type::Dyn,
            t => self.error(id, format!("type '{t}' does not support field selection")),
        }
    }

    /// A call (cel-go `resolveOverload`): a standard function must take its arguments.
    fn call(&mut self, id: u64, name: &str, target: Option<&Type>, args: &[Type]) -> Type {
        let Some(candidates) = overloads::standard(name) else {
            return overloads::library(name, target, args).unwrap_or(Type::Dyn);
        };
        let all: Vec<Type> = target.into_iter().chain(args).cloned().collect();
        let mut results: Vec<(&'static str, Type)> = Vec::new();
        for o in candidates.iter().filter(|o| o.member == target.is_some()) {
            if let Some(t) = take(o, &all) {
                results.push((o.id, t));
            }
        }
        if results.is_empty() {
            if all.iter().any(|t| matches!(t, Type::Error)) {
                return Type::Error;
            }
            let listed: Vec<String> = args.iter().map(ToString::to_string).collect();
            let signature = match target {
                Some(t) => format!("{t}.({})", listed.join(", ")),
                None => format!("({})", listed.join(", ")),
            };
            return self.error(
                id,
                format!("found no matching overload for '{name}' applied to '{signature}'"),
            );
        }
        self.out
            .overloads
            .insert(id, results.iter().map(|(o, _)| *o).collect());
        let first = results[0].1.clone();
        if results
            .iter()
            .all(|(_, t)| t.accepts(&first) && first.accepts(t))
        {
            first
        } else {
            Type::Dyn
        }
    }
}

/// The result of overload `o` for the arguments `args` (receiver first), or `None` when it
/// does not take them.
fn take(o: &Overload, args: &[Type]) -> Option<Type> {
    if o.params.len() != args.len() {
        return None;
    }
    let mut bound: HashMap<char, Type> = HashMap::new();
    o.params
        .iter()
        .zip(args)
        .all(|(p, t)| bind(p, t, &mut bound))
        .then(|| substitute(&o.result, &bound))
}

fn bind(p: &Pattern, t: &Type, bound: &mut HashMap<char, Type>) -> bool {
    match (p, t) {
        (_, t) if t.is_dyn() => true,
        (Pattern::Is(x), t) => x.accepts(t),
        (Pattern::Param(c), t) => match bound.get(c) {
            Some(b) if !b.accepts(t) => false,
            Some(b) if !matches!(b, Type::Null) => true,
            _ => {
                bound.insert(*c, t.clone());
                true
            }
        },
        (Pattern::List(p), Type::List(e)) => bind(p, e, bound),
        (Pattern::Map(pk, pv), Type::Map(k, v)) => bind(pk, k, bound) && bind(pv, v, bound),
        _ => false,
    }
}

fn substitute(p: &Pattern, bound: &HashMap<char, Type>) -> Type {
    match p {
        Pattern::Is(t) => t.clone(),
        Pattern::Param(c) => bound.get(c).cloned().unwrap_or(Type::Dyn),
        Pattern::List(e) => Type::List(Box::new(substitute(e, bound))),
        Pattern::Map(k, v) => Type::Map(
            Box::new(substitute(k, bound)),
            Box::new(substitute(v, bound)),
        ),
    }
}

fn empty_aggregate(e: &IdedExpr) -> bool {
    match &e.expr {
        Expr::List(l) => l.elements.is_empty(),
        Expr::Map(m) => m.entries.is_empty(),
        _ => false,
    }
}
