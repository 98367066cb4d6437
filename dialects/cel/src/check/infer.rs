//! The type of every node of a parsed expression, as cel-go's checker (`checker/checker.go`)
//! infers it, and the errors it reports: undeclared names, undefined fields, field selection on
//! a type without fields, an undeclared function or none of its overloads taking the
//! arguments, a comprehension over a value that is not a list or map. What cannot be typed for
//! certain is `dyn`, and the result says so.

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
    /// Whether some node could not be typed as cel-go types it (a protobuf message literal):
    /// its `dyn` is not cel-go's.
    pub uncertain: bool,
    /// The declared variables the expression reads (cel-go's reference map).
    pub referenced: Vec<String>,
}

/// The types of `e` with the variables `vars` declared.
pub(crate) fn infer(e: &IdedExpr, vars: &[(&str, Type)]) -> Inferred {
    let mut checker = Checker {
        in_format: 0,
        declared: vars.len(),
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
    /// How many `format` calls enclose the node being checked.
    in_format: usize,
    /// How many of `scope`'s first variables are the declared ones (not a comprehension's).
    declared: usize,
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

/// The type a type name denotes (`int` is `type(int)`); `dyn` where it has parameters.
fn type_named(name: &str) -> Type {
    match name {
        "bool" => Type::Bool,
        "bytes" => Type::Bytes,
        "double" => Type::Double,
        "duration" => Type::Duration,
        "int" => Type::Int,
        "string" => Type::String,
        "timestamp" => Type::Timestamp,
        "uint" => Type::Uint,
        _ => Type::Dyn,
    }
}

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
            Expr::Ident(name) => match self.scope.iter().rposition(|(n, _)| n == name) {
                Some(at) => {
                    if at < self.declared && !self.out.referenced.contains(name) {
                        self.out.referenced.push(name.clone());
                    }
                    self.scope[at].1.clone()
                }
                None if TYPE_NAMES.contains(&name.as_str()) => {
                    Type::Type(Box::new(type_named(name)))
                }
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
                    // namespace, not a member call (cel-go resolves the qualified name first).
                    let name = format!("{ns}.{}", c.func_name);
                    if overloads::overloads(&name).is_some() {
                        let args: Vec<Type> = c.args.iter().map(|a| self.check(a)).collect();
                        let t = self.call(e.id, &name, None, &args);
                        self.out.qualified.insert(e.id, name);
                        return t;
                    }
                }
                if c.func_name == "_?._"
                    && c.target.is_none()
                    && let [operand, field] = c.args.as_slice()
                {
                    return self.optional_select(e.id, operand, field);
                }
                if matches!(c.func_name.as_str(), "_&&_" | "_||_") && c.target.is_none() {
                    return self.logical(e.id, &c.func_name, &c.args);
                }
                let format = usize::from(c.func_name == "format");
                self.in_format += format;
                let target = c.target.as_deref().map(|t| self.check(t));
                let args: Vec<Type> = c.args.iter().map(|a| self.check(a)).collect();
                self.in_format -= format;
                self.call(e.id, &c.func_name, target.as_ref(), &args)
            }
            Expr::List(l) => {
                let mut elems = Vec::with_capacity(l.elements.len());
                for (i, x) in l.elements.iter().enumerate() {
                    let t = self.check(x);
                    let t = if l.optional_indices.contains(&i) {
                        self.unwrap_optional(x.id, t)
                    } else {
                        t
                    };
                    elems.push((x.id, t));
                }
                Type::List(Box::new(self.homogeneous(elems, true)))
            }
            Expr::Map(m) => {
                let (mut keys, mut values) = (Vec::new(), Vec::new());
                for entry in &m.entries {
                    match &entry.expr {
                        EntryExpr::MapEntry(m) => {
                            keys.push((m.key.id, self.check(&m.key)));
                            let t = self.check(&m.value);
                            let t = if m.optional {
                                self.unwrap_optional(m.value.id, t)
                            } else {
                                t
                            };
                            values.push((m.value.id, t));
                        }
                        EntryExpr::StructField(f) => {
                            self.check(&f.value);
                        }
                    }
                }
                let key = self.homogeneous(keys, false);
                Type::Map(Box::new(key), Box::new(self.homogeneous(values, false)))
            }
            Expr::Struct(s) => {
                self.out.uncertain = true;
                for f in &s.entries {
                    if let EntryExpr::StructField(f) = &f.expr {
                        self.check(&f.value);
                    }
                }
                Type::Dyn
            }
            Expr::Comprehension(c) => {
                let range = self.check(&c.iter_range);
                // With two variables (cel-go's two-variable comprehensions): a list's index
                // and element, a map's key and value.
                let two = c.iter_var2.is_some();
                let (item, second) = match &range {
                    Type::List(e) if two => (Type::Int, (**e).clone()),
                    Type::List(e) => ((**e).clone(), Type::Dyn),
                    Type::Map(k, v) => ((**k).clone(), (**v).clone()),
                    t if t.is_dyn() => (Type::Dyn, Type::Dyn),
                    t => (self.error(
                        c.iter_range.id,
                        format!(
                            "expression of type '{t}' cannot be range of a comprehension (must be list, map, or dynamic)"
                        ),
                    ), Type::Dyn),
                };
                let init = self.check(&c.accu_init);
                let empty = empty_aggregate(&c.accu_init);
                self.scope.push((c.accu_var.clone(), init.clone()));
                self.scope.push((c.iter_var.clone(), item));
                if let Some(name) = &c.iter_var2 {
                    self.scope.push((name.clone(), second));
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
            Expr::Unspecified => {
                self.out.uncertain = true;
                Type::Dyn
            }
        }
    }

    /// `a && b`, `a || b`: each operand must be a `bool`, or it is cel-go's `expected type
    /// 'bool' but found 'string'` at that operand (`checker.go` `resolveOverload`).
    fn logical(&mut self, id: u64, name: &str, args: &[IdedExpr]) -> Type {
        let overload = if name == "_&&_" {
            "logical_and"
        } else {
            "logical_or"
        };
        self.out.overloads.insert(id, vec![overload]);
        let mut t = Type::Bool;
        for a in args {
            let found = self.check(a);
            if !Type::Bool.accepts(&found) {
                t = self.error(a.id, format!("expected type 'bool' but found '{found}'"));
            }
        }
        t
    }

    /// The element type of a list or map literal's elements (by id), which must agree: the
    /// API server's environment has homogeneous aggregate literals (apiserver
    /// `pkg/cel/environment/base.go`), so an element of another type than the first is
    /// cel-go's `expected type 'int' but found 'string'` (`dyn(x)` agrees with all; a list
    /// reports its first such element, a map each), except within a `format` call, which the
    /// strings extension exempts (cel-go `ext/formatting.go`). No element: `dyn`.
    fn homogeneous(&mut self, elems: Vec<(u64, Type)>, list: bool) -> Type {
        let mut it = elems.into_iter();
        let Some((_, first)) = it.next() else {
            return Type::Dyn;
        };
        let mut joined = first.clone();
        let mut report = self.in_format == 0;
        for (id, t) in it {
            if report && !first.accepts(&t) {
                self.error(id, format!("expected type '{first}' but found '{t}'"));
                report = !list;
            }
            joined = joined.join(&t);
        }
        joined
    }

    /// `operand.?field` (cel-go `checkOptSelect`): the field's type as an optional, once
    /// (an optional operand is looked into).
    fn optional_select(&mut self, id: u64, operand: &IdedExpr, field: &IdedExpr) -> Type {
        self.out.overloads.insert(id, vec!["select_optional_field"]);
        let t = self.check(operand);
        self.check(field);
        let Expr::Literal(LiteralValue::String(name)) = &field.expr else {
            return self.error(field.id, "unsupported optional field selection".to_owned());
        };
        let inner = match t {
            Type::Optional(inner) => *inner,
            t => t,
        };
        match self.select(id, &inner, name) {
            Type::Error => Type::Error,
            t => Type::Optional(Box::new(t)),
        }
    }

    /// The type of an optional entry of a list or map literal (`[?x]`, `{?k: x}`): `x` must
    /// be an optional (cel-go `checkCreateList`), its value type is the entry's.
    fn unwrap_optional(&mut self, id: u64, t: Type) -> Type {
        match t {
            Type::Optional(inner) => *inner,
            t if t.is_dyn() => t,
            t => self.error(
                id,
                format!("expected type 'optional_type({t})' but found '{t}'"),
            ),
        }
    }

    /// `operand.field` (cel-go `checkSelectField`): on an optional operand, the field's type
    /// made optional.
    fn select(&mut self, id: u64, operand: &Type, field: &str) -> Type {
        if let Type::Optional(inner) = operand {
            return match self.select(id, inner, field) {
                Type::Error => Type::Error,
                t => Type::Optional(Box::new(t)),
            };
        }
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

    /// A call (cel-go `resolveOverload`): the function must be declared and one of its
    /// overloads take the arguments.
    fn call(&mut self, id: u64, name: &str, target: Option<&Type>, args: &[Type]) -> Type {
        let Some(candidates) = overloads::overloads(name) else {
            return self.error(
                id,
                format!("undeclared reference to '{name}' (in container '')"),
            );
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
        (Pattern::List(p), Type::List(e)) | (Pattern::Optional(p), Type::Optional(e)) => {
            bind(p, e, bound)
        }
        (Pattern::Type(p), Type::Type(e)) => bind(p, e, bound),
        (Pattern::Map(pk, pv), Type::Map(k, v)) => bind(pk, k, bound) && bind(pv, v, bound),
        _ => false,
    }
}

fn substitute(p: &Pattern, bound: &HashMap<char, Type>) -> Type {
    match p {
        Pattern::Is(t) => t.clone(),
        Pattern::Param(c) => bound.get(c).cloned().unwrap_or(Type::Dyn),
        Pattern::List(e) => Type::List(Box::new(substitute(e, bound))),
        Pattern::Optional(e) => Type::Optional(Box::new(substitute(e, bound))),
        Pattern::Type(e) => Type::Type(Box::new(substitute(e, bound))),
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
