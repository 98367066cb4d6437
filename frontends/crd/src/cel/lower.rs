//! Which CEL rules compile into Rust, and into what: a rule whose every expression has a shape
//! the generated code evaluates exactly as the interpreter (cel 0.13 through
//! `validgen_cel::execute`) is lowered into a [`Node`] tree, typed from the structural schema
//! as `values` types `self`; `validgen-codegen` emits the tree as Rust. Any other rule
//! (and any transition rule) stays with the interpreter.
//!
//! The shapes: `bool`, `int` and `string` literals; `self` and comprehension variables; field
//! selection and `has()` on objects with `properties`; `==`/`!=` on bools, ints and strings;
//! `<`, `<=`, `>`, `>=` on ints and strings; `&&`, `||`, `!`, `?:`; `+`/`-` on ints;
//! `size()` of strings, lists and objects; `startsWith`, `endsWith`, `contains` on strings;
//! `in` a list of ints or strings; `all` and `exists` over lists. Values are typed from the
//! schema: `integer` is `int`, `boolean` `bool`, `string` without a format that retypes it
//! (`date-time`, `date`, `duration`, `byte`) `string`, `array` a list of its items, `object`
//! with `properties` an object; `number`, maps, int-or-string, embedded resources and
//! preserve-unknown-fields nodes are not compiled.

use kube_cel::cel::common::ast::{Expr, IdedExpr, LiteralValue};
use serde_json::Value;

use super::values::property;
use super::{CelRules, visit};

/// A value's type in compiled code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ty {
    /// `bool`.
    Bool,
    /// `int` (`i64`).
    Int,
    /// `string` (`&str`).
    Str,
    /// An object with `properties` (a JSON object).
    Obj,
    /// A list of values of this type (a JSON array).
    List(Box<Ty>),
}

/// A typed expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Its type.
    pub ty: Ty,
    /// What it is.
    pub kind: Kind,
}

/// The expressions compiled code evaluates.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A `bool` literal.
    Bool(bool),
    /// An `int` literal.
    Int(i64),
    /// A `string` literal.
    Str(String),
    /// `self`.
    SelfRef,
    /// A comprehension's variable, by its slot ([`Kind::Comprehension`]).
    Local(usize),
    /// `operand.field`: the JSON property `key` of an object.
    Select {
        /// The object.
        operand: Box<Node>,
        /// The property's name in the JSON (unescaped).
        key: String,
    },
    /// `has(operand.field)`.
    Has {
        /// The object.
        operand: Box<Node>,
        /// The property's name in the JSON.
        key: String,
    },
    /// A list literal (only as the list of `in`).
    List(Vec<Node>),
    /// An operator or function, the target first.
    Call {
        /// Which.
        op: Op,
        /// Its operands.
        args: Vec<Node>,
    },
    /// `all`/`exists` as cel 0.13 expands them: over `range`, `accu` starting at `init`; per
    /// element while `cond` holds (an `@not_strictly_false` call: it never fails), `accu`
    /// becomes `step` with the element bound to `iter`; then `result`.
    Comprehension {
        /// The list.
        range: Box<Node>,
        /// The element's slot.
        iter: usize,
        /// The accumulator's slot.
        accu: usize,
        /// The accumulator's first value.
        init: Box<Node>,
        /// The loop condition.
        cond: Box<Node>,
        /// The accumulator's next value.
        step: Box<Node>,
        /// The result.
        result: Box<Node>,
    },
}

/// The operators and functions compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `&&`.
    And,
    /// `||`.
    Or,
    /// `!`.
    Not,
    /// `@not_strictly_false` (a comprehension's loop condition).
    NotStrictlyFalse,
    /// `?:`.
    Cond,
    /// `+` on ints.
    Add,
    /// `-` on ints.
    Sub,
    /// `size()`.
    Size,
    /// `startsWith`.
    StartsWith,
    /// `endsWith`.
    EndsWith,
    /// `contains` on strings.
    Contains,
    /// `in`.
    In,
}

impl Op {
    /// Whether [`validgen_cel::Budget`] charges only its operands (no call cost, no sizes).
    pub fn operands_only(self) -> bool {
        matches!(self, Op::And | Op::Or | Op::Cond)
    }

    /// Whether [`validgen_cel::Budget`] charges the nested size of its operands.
    pub fn traverses(self) -> bool {
        matches!(self, Op::Eq | Op::Ne | Op::In)
    }
}

/// A rule compiled: where it is and its tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Lowered {
    /// JSON Pointer of its node in the schema (`/properties/spec`).
    pub node: String,
    /// Its index in the node's `x-kubernetes-validations`.
    pub index: usize,
    /// The type of `self`.
    pub self_ty: Ty,
    /// The rule, of type `bool`.
    pub expr: Node,
}

impl CelRules {
    /// The rules whose shape compiles into Rust (see the module), sorted by node pointer and
    /// index; with how many rules the schema holds in all.
    pub fn lowered(&self) -> (Vec<Lowered>, usize) {
        let mut out = Vec::new();
        visit(&self.compiled, "", &mut |at, node| {
            let Some(schema) = self.schema.pointer(at) else {
                return;
            };
            for (index, rule) in node.validations.iter().enumerate() {
                if let Ok(rule) = rule
                    && let Some(lowered) = lower_rule(rule, schema)
                {
                    out.push(Lowered {
                        node: at.to_owned(),
                        index,
                        self_ty: lowered.0,
                        expr: lowered.1,
                    });
                }
            }
        });
        out.sort_by(|a, b| (&a.node, a.index).cmp(&(&b.node, b.index)));
        (out, self.count)
    }
}

/// A type with the schema node of an object, for its fields.
#[derive(Clone)]
enum Typed<'s> {
    Bool,
    Int,
    Str,
    Obj(&'s Value),
    List(Box<Typed<'s>>),
}

impl Typed<'_> {
    fn ty(&self) -> Ty {
        match self {
            Typed::Bool => Ty::Bool,
            Typed::Int => Ty::Int,
            Typed::Str => Ty::Str,
            Typed::Obj(_) => Ty::Obj,
            Typed::List(t) => Ty::List(Box::new(t.ty())),
        }
    }
}

/// The type `schema` gives a value, as `values::to_cel` converts it; `None` where compiled
/// code does not hold it natively.
fn typed(schema: &Value) -> Option<Typed<'_>> {
    let flag = |k: &str| schema.get(k) == Some(&Value::Bool(true));
    if flag("x-kubernetes-int-or-string")
        || flag("x-kubernetes-preserve-unknown-fields")
        || flag("x-kubernetes-embedded-resource")
    {
        return None;
    }
    match schema.get("type").and_then(Value::as_str)? {
        "boolean" => Some(Typed::Bool),
        "integer" => Some(Typed::Int),
        "string" => match schema.get("format").and_then(Value::as_str) {
            Some("date-time" | "date" | "duration" | "byte") => None,
            _ => Some(Typed::Str),
        },
        "array" => Some(Typed::List(Box::new(typed(schema.get("items")?)?))),
        "object" if schema.get("properties").is_some_and(Value::is_object) => {
            Some(Typed::Obj(schema))
        }
        _ => None,
    }
}

/// A comprehension variable in scope.
struct Local<'s> {
    name: String,
    slot: usize,
    ty: Typed<'s>,
}

/// What an expression sees: `self`'s type, the variables in scope, the next free slot.
struct Scope<'s> {
    this: Typed<'s>,
    locals: Vec<Local<'s>>,
    slots: usize,
}

/// Bounds the lowering's recursion (cel 0.13's parser nests at most 96 levels).
const MAX_DEPTH: usize = 128;

fn lower_rule(rule: &super::tree::Parsed, schema: &Value) -> Option<(Ty, Node)> {
    if rule.is_transition_rule {
        return None;
    }
    let this = typed(schema)?;
    let mut scope = Scope {
        this: this.clone(),
        locals: Vec::new(),
        slots: 0,
    };
    let (ty, node) = lower(&rule.expression, &mut scope, 0)?;
    matches!(ty, Typed::Bool).then(|| (this.ty(), node))
}

fn node(ty: &Typed<'_>, kind: Kind) -> Node {
    Node { ty: ty.ty(), kind }
}

fn lower<'s>(e: &IdedExpr, scope: &mut Scope<'s>, depth: usize) -> Option<(Typed<'s>, Node)> {
    if depth > MAX_DEPTH {
        return None;
    }
    let (ty, kind) = match &e.expr {
        Expr::Literal(LiteralValue::Boolean(b)) => (Typed::Bool, Kind::Bool(*b.inner())),
        Expr::Literal(LiteralValue::Int(i)) => (Typed::Int, Kind::Int(*i.inner())),
        Expr::Literal(LiteralValue::String(s)) => (Typed::Str, Kind::Str(s.inner().to_owned())),
        Expr::Ident(name) => match scope.locals.iter().rev().find(|l| &l.name == name) {
            Some(l) => (l.ty.clone(), Kind::Local(l.slot)),
            None if name == "self" => (scope.this.clone(), Kind::SelfRef),
            None => return None,
        },
        Expr::Select(s) => {
            let (operand_ty, operand) = lower(&s.operand, scope, depth + 1)?;
            let Typed::Obj(schema) = operand_ty else {
                return None;
            };
            let (key, property) = property(schema.get("properties")?.as_object()?, &s.field)?;
            let operand = Box::new(operand);
            let key = key.clone();
            if s.test {
                (Typed::Bool, Kind::Has { operand, key })
            } else {
                (typed(property)?, Kind::Select { operand, key })
            }
        }
        Expr::Call(call) => {
            let mut operands = Vec::new();
            for o in call.target.as_deref().into_iter().chain(call.args.iter()) {
                operands.push(lower(o, scope, depth + 1)?);
            }
            let (ty, op) = call_type(&call.func_name, call.target.is_some(), &operands)?;
            let args = operands.into_iter().map(|(_, n)| n).collect();
            (ty, Kind::Call { op, args })
        }
        Expr::List(list) if list.optional_indices.is_empty() => {
            let mut elements = Vec::new();
            for x in &list.elements {
                elements.push(lower(x, scope, depth + 1)?);
            }
            let first = elements.first().map(|(t, _)| t.ty())?;
            if !matches!(first, Ty::Int | Ty::Str) || elements.iter().any(|(t, _)| t.ty() != first)
            {
                return None;
            }
            let ty = elements[0].0.clone();
            let kind = Kind::List(elements.into_iter().map(|(_, n)| n).collect());
            (Typed::List(Box::new(ty)), kind)
        }
        Expr::Comprehension(c) => return comprehension(c, scope, depth),
        _ => return None,
    };
    let n = node(&ty, kind);
    Some((ty, n))
}

/// An `all`/`exists` comprehension over a list (see [`Kind::Comprehension`]).
fn comprehension<'s>(
    c: &kube_cel::cel::common::ast::ComprehensionExpr,
    scope: &mut Scope<'s>,
    depth: usize,
) -> Option<(Typed<'s>, Node)> {
    if c.iter_var2.is_some() {
        return None;
    }
    let (range_ty, range) = lower(&c.iter_range, scope, depth + 1)?;
    let Typed::List(item_ty) = range_ty else {
        return None;
    };
    // A literal list is not a JSON array: only lists read from the object are ranged over.
    if matches!(range.kind, Kind::List(_)) {
        return None;
    }
    let (Typed::Bool, init) = lower(&c.accu_init, scope, depth + 1)? else {
        return None;
    };
    let is_guard =
        matches!(&c.loop_cond.expr, Expr::Call(call) if call.func_name == "@not_strictly_false");
    if !is_guard {
        return None;
    }
    let accu = scope.slots;
    let iter = accu + 1;
    scope.slots += 2;
    let base = scope.locals.len();
    scope.locals.push(Local {
        name: c.accu_var.clone(),
        slot: accu,
        ty: Typed::Bool,
    });
    let cond = lower(&c.loop_cond, scope, depth + 1);
    scope.locals.push(Local {
        name: c.iter_var.clone(),
        slot: iter,
        ty: *item_ty,
    });
    let step = lower(&c.loop_step, scope, depth + 1);
    scope.locals.truncate(base + 1);
    let result = lower(&c.result, scope, depth + 1);
    scope.locals.truncate(base);
    let ((Typed::Bool, cond), (Typed::Bool, step), (Typed::Bool, result)) = (cond?, step?, result?)
    else {
        return None;
    };
    let kind = Kind::Comprehension {
        range: Box::new(range),
        iter,
        accu,
        init: Box::new(init),
        cond: Box::new(cond),
        step: Box::new(step),
        result: Box::new(result),
    };
    Some((Typed::Bool, node(&Typed::Bool, kind)))
}

/// The type of a call of `name` on `operands` (the target first when `method`), and its op;
/// `None` for a call compiled code does not evaluate.
fn call_type<'s>(
    name: &str,
    method: bool,
    operands: &[(Typed<'s>, Node)],
) -> Option<(Typed<'s>, Op)> {
    use Typed::{Bool, Int, List, Obj, Str};
    let types: Vec<&Typed<'s>> = operands.iter().map(|(t, _)| t).collect();
    let op = match (name, types.as_slice()) {
        ("_==_", [Bool, Bool] | [Int, Int] | [Str, Str]) => Op::Eq,
        ("_!=_", [Bool, Bool] | [Int, Int] | [Str, Str]) => Op::Ne,
        ("_<_", [Int, Int] | [Str, Str]) => Op::Lt,
        ("_<=_", [Int, Int] | [Str, Str]) => Op::Le,
        ("_>_", [Int, Int] | [Str, Str]) => Op::Gt,
        ("_>=_", [Int, Int] | [Str, Str]) => Op::Ge,
        ("_&&_", [Bool, Bool]) => Op::And,
        ("_||_", [Bool, Bool]) => Op::Or,
        ("!_", [Bool]) => Op::Not,
        ("@not_strictly_false", [Bool]) => Op::NotStrictlyFalse,
        ("_?_:_", [Bool, a, b]) if a.ty() == b.ty() && matches!(a, Bool | Int | Str) => {
            return Some(((*a).clone(), Op::Cond));
        }
        ("_+_", [Int, Int]) => return Some((Int, Op::Add)),
        ("_-_", [Int, Int]) => return Some((Int, Op::Sub)),
        ("size", [Str | List(_) | Obj(_)]) => return Some((Int, Op::Size)),
        ("startsWith", [Str, Str]) if method => Op::StartsWith,
        ("endsWith", [Str, Str]) if method => Op::EndsWith,
        ("contains", [Str, Str]) if method => Op::Contains,
        ("@in", [Int, List(t)]) if matches!(**t, Int) => Op::In,
        ("@in", [Str, List(t)]) if matches!(**t, Str) => Op::In,
        _ => return None,
    };
    Some((Bool, op))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn rules_of_compiled_shapes_are_lowered_and_the_others_are_not() {
        let schema = json!({"type": "object", "properties": {"spec": {
            "type": "object",
            "x-kubernetes-validations": [
                {"rule": "self.min <= self.max"},
                {"rule": "self.max == oldSelf.max"},
                {"rule": "self.ratio > 0.5"},
                {"rule": "self.tags.all(t, t in ['a', 'b'])"},
                {"rule": "self.name.matches('^x')"}
            ],
            "properties": {
                "min": {"type": "integer"}, "max": {"type": "integer"},
                "ratio": {"type": "number"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "name": {"type": "string", "x-kubernetes-validations": [{"rule": "has(self.x)"}]}
            }
        }}});
        // `has()` on a string is refused at a CRD's creation: served from a stored CRD here.
        let rules = CelRules::compile_stored(&schema).expect("compiles");
        let (lowered, count) = rules.lowered();
        let at: Vec<(&str, usize)> = lowered.iter().map(|l| (l.node.as_str(), l.index)).collect();
        // A transition rule, a double, `matches` and `has()` on a string stay interpreted.
        assert_eq!(count, 6);
        assert_eq!(at, [("/properties/spec", 0), ("/properties/spec", 3)]);
        assert_eq!(lowered[0].self_ty, Ty::Obj);
        let Kind::Call { op, args } = &lowered[0].expr.kind else {
            panic!("a call")
        };
        assert_eq!(*op, Op::Le);
        assert_eq!(
            args[0].kind,
            Kind::Select {
                operand: Box::new(Node {
                    ty: Ty::Obj,
                    kind: Kind::SelfRef
                }),
                key: "min".to_owned()
            }
        );
    }
}
