//! The estimated worst-case cost of a checked expression, as cel-go's `checker.Cost` (v0.26,
//! `checker/cost.go`) computes it with the API server's estimator (apiserver
//! `pkg/cel/library/cost.go` `CostEstimator`, and the CRD size estimator of
//! apiextensions-apiserver `pkg/apiserver/schema/cel/compilation.go`): sizes of strings,
//! lists and maps from the schema (`maxLength`, `maxItems`, `maxProperties`, or what a 3 MiB
//! request can hold), comprehensions multiplying their body by their range's size, `has()`
//! free (`PresenceTestHasCost(false)`). Only what decides the API server's limits is kept:
//! both ends of each estimate, saturating as cel-go's do.

use std::collections::HashMap;
use std::sync::Arc;

use kube_cel::cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue};

use super::decl::{Decl, DeclKind};
use super::infer::Inferred;
use super::types::Type;

/// cel-go's `StringTraversalCostFactor`.
const STRING_TRAVERSAL: f64 = 0.1;
/// cel-go's `RegexStringLengthCostFactor`.
const REGEX_LENGTH: f64 = 0.25;

/// A range of sizes or costs (cel-go's `SizeEstimate` and `CostEstimate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Range {
    pub min: u64,
    pub max: u64,
}

const UNKNOWN: Range = Range {
    min: 0,
    max: u64::MAX,
};

fn fixed(n: u64) -> Range {
    Range { min: n, max: n }
}

impl Range {
    fn add(self, o: Range) -> Range {
        Range {
            min: self.min.saturating_add(o.min),
            max: self.max.saturating_add(o.max),
        }
    }
    fn mul(self, o: Range) -> Range {
        Range {
            min: self.min.saturating_mul(o.min),
            max: self.max.saturating_mul(o.max),
        }
    }
    fn factor(self, f: f64) -> Range {
        Range {
            min: by_factor(self.min, f),
            max: by_factor(self.max, f),
        }
    }
    fn union(self, o: Range) -> Range {
        Range {
            min: self.min.min(o.min),
            max: self.max.max(o.max),
        }
    }
}

/// `x × f` rounded up, saturating (cel-go `multiplyByCostFactor`).
fn by_factor(x: u64, f: f64) -> u64 {
    let product = (x as f64 * f).ceil();
    if product >= 18_446_744_073_709_551_616.0 {
        u64::MAX
    } else {
        product as u64
    }
}

/// The sizes of a list's or map's entries (cel-go `entrySizeEstimate`).
#[derive(Debug, Clone, Copy)]
struct Entry {
    list: bool,
    key: Range,
    val: Range,
}

impl Entry {
    fn union(a: Option<Entry>, b: Option<Entry>) -> Option<Entry> {
        let (a, b) = (a?, b?);
        Some(Entry {
            list: a.list,
            key: a.key.union(b.key),
            val: a.val.union(b.val),
        })
    }
}

#[derive(Debug, Clone)]
struct Local {
    path: Vec<String>,
    size: Option<Range>,
    entry: Option<Entry>,
}

/// An argument or receiver as the function estimators see it (cel-go `AstNode`).
struct Node<'e> {
    path: Vec<String>,
    ty: Type,
    size: Option<Range>,
    expr: &'e IdedExpr,
}

/// The estimated cost of `e`, checked as `inferred`, where `self` (and `oldSelf`) is `root`.
pub(crate) fn estimate(e: &IdedExpr, inferred: &Inferred, root: &Arc<Decl>) -> Range {
    let mut c = Coster {
        inferred,
        root,
        paths: HashMap::new(),
        sizes: HashMap::new(),
        entries: HashMap::new(),
        locals: HashMap::new(),
    };
    c.cost(e)
}

struct Coster<'a> {
    inferred: &'a Inferred,
    root: &'a Arc<Decl>,
    paths: HashMap<u64, Vec<String>>,
    sizes: HashMap<u64, Range>,
    entries: HashMap<u64, Entry>,
    locals: HashMap<String, Vec<Local>>,
}

impl Coster<'_> {
    fn ty(&self, e: &IdedExpr) -> Type {
        self.inferred.types.get(&e.id).cloned().unwrap_or(Type::Dyn)
    }

    fn local(&self, name: &str) -> Option<&Local> {
        self.locals.get(name).and_then(|s| s.last())
    }

    fn push(&mut self, name: &str, local: Local) {
        self.locals.entry(name.to_owned()).or_default().push(local);
    }

    fn pop(&mut self, name: &str) {
        if let Some(s) = self.locals.get_mut(name) {
            s.pop();
        }
    }

    fn path(&self, e: &IdedExpr) -> Vec<String> {
        if let Expr::Ident(name) = &e.expr
            && let Some(v) = self.local(name)
        {
            return v.path.clone();
        }
        self.paths.get(&e.id).cloned().unwrap_or_default()
    }

    fn node<'e>(&mut self, e: &'e IdedExpr) -> Node<'e> {
        let mut path = self.path(e);
        if path
            .first()
            .is_some_and(|p| p == "@result" || p == "__result__")
        {
            path.clear();
        }
        Node {
            path,
            ty: self.ty(e),
            size: self.size(e),
            expr: e,
        }
    }

    /// The schema's size of the value at `path` (`self`, then fields, `@items`, `@values`,
    /// `@keys`), as the CRD size estimator looks it up.
    fn schema_size(&self, path: &[String]) -> Option<Range> {
        let mut at: &Arc<Decl> = self.root;
        if path.is_empty() {
            return None;
        }
        for part in &path[1..] {
            match part.as_str() {
                "@items" | "@values" => at = at.elem()?,
                "@keys" => {
                    return matches!(at.kind, DeclKind::Map(_)).then_some(fixed(0));
                }
                name => at = at.field(name)?,
            }
        }
        Some(Range {
            min: 0,
            max: at.max_elements,
        })
    }

    /// cel-go `computeSize`.
    fn size(&mut self, e: &IdedExpr) -> Option<Range> {
        if let Some(s) = self.sizes.get(&e.id) {
            return Some(*s);
        }
        let literal = match &e.expr {
            Expr::Literal(LiteralValue::String(s)) => Some(s.chars().count() as u64),
            Expr::Literal(LiteralValue::Bytes(b)) => Some(b.len() as u64),
            Expr::Literal(_) => Some(1),
            Expr::List(l) => Some(l.elements.len() as u64),
            Expr::Map(m) => Some(m.entries.len() as u64),
            _ => None,
        };
        if let Some(n) = literal {
            return Some(fixed(n));
        }
        if let Some(s) = self.schema_size(&self.path(e)) {
            self.sizes.insert(e.id, s);
            return Some(s);
        }
        if is_scalar(&self.ty(e)) {
            return Some(fixed(1));
        }
        if let Expr::Ident(name) = &e.expr {
            return self.local(name).and_then(|v| v.size);
        }
        None
    }

    fn size_or_unknown(&mut self, e: &IdedExpr) -> Range {
        self.size(e).unwrap_or(UNKNOWN)
    }

    fn entry(&self, e: &IdedExpr) -> Option<Entry> {
        if let Some(s) = self.entries.get(&e.id) {
            return Some(*s);
        }
        if let Expr::Ident(name) = &e.expr {
            return self.local(name).and_then(|v| v.entry);
        }
        None
    }

    fn cost(&mut self, e: &IdedExpr) -> Range {
        match &e.expr {
            Expr::Literal(_) | Expr::Unspecified => fixed(0),
            Expr::Ident(name) => {
                let path = self
                    .local(name)
                    .map_or_else(|| vec![name.clone()], |v| v.path.clone());
                self.paths.insert(e.id, path);
                fixed(1)
            }
            Expr::Select(s) => {
                if s.test {
                    return self.cost(&s.operand);
                }
                let mut sum = self.cost(&s.operand);
                if matches!(self.ty(&s.operand), Type::Map(..) | Type::Object(_)) {
                    sum = sum.add(fixed(1));
                }
                let mut path = self.path(&s.operand);
                path.push(s.field.clone());
                self.paths.insert(e.id, path);
                sum
            }
            Expr::Call(_) => self.call(e),
            Expr::List(l) => {
                let mut sum = fixed(0);
                let mut item = Range {
                    min: if l.elements.is_empty() { 0 } else { u64::MAX },
                    max: 0,
                };
                for x in &l.elements {
                    sum = sum.add(self.cost(x));
                    item = item.union(self.size_or_unknown(x));
                }
                self.entries.insert(
                    e.id,
                    Entry {
                        list: true,
                        key: fixed(1),
                        val: item,
                    },
                );
                sum.add(fixed(10))
            }
            Expr::Map(m) => {
                let mut sum = fixed(0);
                let start = if m.entries.is_empty() { 0 } else { u64::MAX };
                let (mut key, mut val) =
                    (Range { min: start, max: 0 }, Range { min: start, max: 0 });
                for entry in &m.entries {
                    if let EntryExpr::MapEntry(m) = &entry.expr {
                        sum = sum.add(self.cost(&m.key)).add(self.cost(&m.value));
                        key = key.union(self.size_or_unknown(&m.key));
                        val = val.union(self.size_or_unknown(&m.value));
                    }
                }
                self.entries.insert(
                    e.id,
                    Entry {
                        list: false,
                        key,
                        val,
                    },
                );
                sum.add(fixed(30))
            }
            Expr::Struct(s) => s.entries.iter().fold(fixed(40), |sum, f| match &f.expr {
                EntryExpr::StructField(f) => sum.add(self.cost(&f.value)),
                EntryExpr::MapEntry(_) => sum,
            }),
            Expr::Comprehension(_) => self.comprehension(e),
        }
    }

    fn comprehension(&mut self, e: &IdedExpr) -> Range {
        let Expr::Comprehension(c) = &e.expr else {
            return fixed(0);
        };
        let is_bind = matches!(&c.iter_range.expr, Expr::List(l) if l.elements.is_empty())
            && matches!(c.loop_cond.expr, Expr::Literal(LiteralValue::Boolean(ref b)) if !**b)
            && c.accu_var != "@result";
        let mut sum = self.cost(&c.iter_range).add(self.cost(&c.accu_init));
        let accu = Local {
            path: self.path(&c.accu_init),
            size: self.size(&c.accu_init),
            entry: self.entry(&c.accu_init),
        };
        self.push(&c.accu_var, accu);
        if is_bind {
            sum = sum.add(self.cost(&c.result));
            self.pop(&c.accu_var);
            if let Some(s) = self.size(&c.result) {
                self.sizes.insert(e.id, s);
            }
            if let Some(s) = self.entry(&c.result) {
                self.entries.insert(e.id, s);
            }
            return sum;
        }
        let entry = self.entry(&c.iter_range);
        let list = match entry {
            Some(en) => en.list,
            None => matches!(self.ty(&c.iter_range), Type::List(_)),
        };
        let mut path = self.path(&c.iter_range);
        let second = c.iter_var2.as_ref();
        if let Some(second) = second {
            path.push(if list { "@indices" } else { "@keys" }.to_owned());
            let key = Local {
                path: path.clone(),
                size: entry.map(|en| en.key),
                entry: None,
            };
            self.push(&c.iter_var, key);
            path.pop();
            path.push(if list { "@items" } else { "@values" }.to_owned());
            let value = Local {
                path,
                size: entry.map(|en| en.val),
                entry: None,
            };
            self.push(second, value);
        } else {
            path.push(if list { "@items" } else { "@keys" }.to_owned());
            let size = entry.map(|en| if list { en.val } else { en.key });
            self.push(
                &c.iter_var,
                Local {
                    path,
                    size,
                    entry: None,
                },
            );
        }
        let loop_cost = self.cost(&c.loop_cond);
        let step_cost = self.cost(&c.loop_step);
        self.pop(&c.iter_var);
        if let Some(second) = second {
            self.pop(second);
        }
        sum = sum.add(self.cost(&c.result));
        self.pop(&c.accu_var);
        let count = self.size_or_unknown(&c.iter_range);
        sum = sum.add(count.mul(step_cost.add(loop_cost)));
        match &c.accu_init.expr {
            Expr::Literal(_) => {
                if let Some(s) = self.size(&c.accu_init) {
                    self.sizes.insert(e.id, s);
                }
            }
            Expr::List(_) | Expr::Map(_) => {
                self.sizes.insert(e.id, count);
                if let Some(s) = self.entry(&c.loop_step) {
                    self.entries.insert(e.id, s);
                }
            }
            _ => {}
        }
        sum
    }

    fn call(&mut self, e: &IdedExpr) -> Range {
        let Expr::Call(call) = &e.expr else {
            return fixed(0);
        };
        let qualified = self.inferred.qualified.get(&e.id).cloned();
        if call.func_name == "dyn" && qualified.is_none() && call.args.len() == 1 {
            let cost = self.cost(&call.args[0]).add(fixed(1));
            if let Some(s) = self.size(&call.args[0]) {
                self.sizes.insert(e.id, s);
            }
            if let Some(s) = self.entry(&call.args[0]) {
                self.entries.insert(e.id, s);
            }
            return cost;
        }
        let mut arg_costs = Vec::with_capacity(call.args.len());
        for a in &call.args {
            arg_costs.push(self.cost(a));
        }
        let args: Vec<Node<'_>> = call.args.iter().map(|a| self.node(a)).collect();
        let standard = self.inferred.overloads.get(&e.id).cloned();
        let mut sum = fixed(0);
        let target = match call.target.as_deref() {
            Some(t) if qualified.is_none() => {
                sum = sum.add(self.cost(t));
                Some(self.node(t))
            }
            _ => None,
        };
        let function = qualified.unwrap_or_else(|| call.func_name.clone());
        let ids = standard.unwrap_or_else(|| vec![""]);
        let mut fn_cost = Range {
            min: u64::MAX,
            max: 0,
        };
        let mut result: Option<Range> = None;
        for id in &ids {
            let (cost, size) = self.function(e, &function, id, target.as_ref(), &args, &arg_costs);
            fn_cost = fn_cost.union(cost);
            if let Some(s) = size {
                result = Some(result.map_or(s, |r| r.union(s)));
            }
            if (*id == "index_list" || *id == "index_map")
                && let Some(a) = args.first()
            {
                result = self.entry(a.expr).map(|en| en.val);
                let mut path = a.path.clone();
                path.push(
                    if *id == "index_list" {
                        "@items"
                    } else {
                        "@values"
                    }
                    .to_owned(),
                );
                self.paths.insert(e.id, path);
            }
            if result.is_none() {
                result = self.size(e);
            }
        }
        if let Some(s) = result {
            self.sizes.insert(e.id, s);
        }
        sum.add(fn_cost)
    }

    /// The size of a list's element as the library estimator finds it (`listElementNode`).
    fn element_size(&self, list: &Node<'_>) -> Option<Range> {
        let Type::List(elem) = &list.ty else {
            return None;
        };
        let from_path = (!list.path.is_empty())
            .then(|| {
                let mut path = list.path.clone();
                path.push("@items".to_owned());
                self.schema_size(&path)
            })
            .flatten();
        Some(from_path.unwrap_or(if is_scalar(elem) { fixed(1) } else { UNKNOWN }))
    }

    fn node_size(&self, n: &Node<'_>) -> Range {
        n.size
            .or_else(|| self.schema_size(&n.path))
            .unwrap_or(UNKNOWN)
    }

    /// cel-go `functionCost`, after the API server's `EstimateCallCost`: the call's own cost
    /// (with its arguments', not its receiver's) and the size of its result when known.
    fn function(
        &mut self,
        e: &IdedExpr,
        function: &str,
        id: &str,
        target: Option<&Node<'_>>,
        args: &[Node<'_>],
        arg_costs: &[Range],
    ) -> (Range, Option<Range>) {
        let arg_sum = arg_costs.iter().fold(fixed(0), |s, c| s.add(*c));
        if let Some((cost, size)) = self.library(function, target, args) {
            return (cost.add(arg_sum), size);
        }
        let size_of = |i: usize| args.get(i).map_or(UNKNOWN, |n| self.node_size(n));
        let string_ordering = id.starts_with("less_string")
            || id.starts_with("greater_string")
            || id.starts_with("less_equals_string")
            || id.starts_with("greater_equals_string")
            || id.ends_with("_bytes") && (id.starts_with("less") || id.starts_with("greater"));
        match id {
            "starts_with_string" | "ends_with_string" if args.len() == 1 => {
                (size_of(0).factor(STRING_TRAVERSAL).add(arg_sum), None)
            }
            "in_list" if args.len() == 2 => (size_of(1).add(arg_sum), None),
            "matches" | "matches_string" => {
                let (s, re) = match (target, id) {
                    (Some(t), "matches_string") => (self.node_size(t), size_of(0)),
                    _ => (size_of(0), size_of(1)),
                };
                let s = s.add(fixed(1)).factor(STRING_TRAVERSAL);
                let re = re.factor(REGEX_LENGTH);
                (s.mul(re).add(arg_sum), None)
            }
            "contains_string" if target.is_some() => {
                let s = target.map_or(UNKNOWN, |t| self.node_size(t));
                let cost = s
                    .factor(STRING_TRAVERSAL)
                    .mul(size_of(0).factor(STRING_TRAVERSAL));
                (cost.add(arg_sum), None)
            }
            "logical_or" | "logical_and" => {
                let (l, r) = (arg_costs[0], arg_costs[1]);
                (
                    Range {
                        min: l.min,
                        max: l.add(r).max,
                    },
                    None,
                )
            }
            "conditional" => {
                let size = size_of(1).union(size_of(2));
                if let Some(en) = Entry::union(self.entry(args[1].expr), self.entry(args[2].expr)) {
                    self.entries.insert(e.id, en);
                }
                let cost = arg_costs[0].add(arg_costs[1].union(arg_costs[2]));
                (cost, Some(size))
            }
            "add_string" | "add_bytes" | "add_list" if args.len() == 2 => {
                let size = size_of(0).add(size_of(1));
                if let Some(en) = Entry::union(self.entry(args[0].expr), self.entry(args[1].expr)) {
                    self.entries.insert(e.id, en);
                }
                if id == "add_list" {
                    (fixed(1).add(arg_sum), Some(size))
                } else {
                    (size.factor(STRING_TRAVERSAL).add(arg_sum), Some(size))
                }
            }
            "equals" | "not_equals" => equality(size_of(0), size_of(1), arg_sum),
            _ if string_ordering => equality(size_of(0), size_of(1), arg_sum),
            _ => (fixed(1).add(arg_sum), None),
        }
    }

    /// The API server's `EstimateCallCost` for the Kubernetes library functions; `None` where
    /// it leaves the call to cel-go.
    fn library(
        &self,
        function: &str,
        target: Option<&Node<'_>>,
        args: &[Node<'_>],
    ) -> Option<(Range, Option<Range>)> {
        let arg = |i: usize| args.get(i).map(|n| self.node_size(n));
        let traversal = |s: Range| s.factor(STRING_TRAVERSAL);
        let one = fixed(1);
        Some(match function {
            "isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" => {
                let t = target?;
                match self.element_size(t) {
                    Some(elem) => {
                        let per = if matches!(&t.ty, Type::List(e) if matches!(**e, Type::String | Type::Bytes))
                        {
                            one.add(traversal(elem))
                        } else {
                            one
                        };
                        (self.node_size(t).mul(per), None)
                    }
                    None => (traversal(self.node_size(t)), None),
                }
            }
            // cel-go's `ext` estimators (`sets.go` `estimateSetsCost`, `lists.go`): a call
            // costs 1, a list it makes 10 more, plus its size times a factor.
            "sets.contains" | "sets.intersects" | "sets.equivalent" if args.len() == 2 => {
                let factor = if function == "sets.equivalent" {
                    2.0
                } else {
                    1.0
                };
                let pairs = self.node_size(&args[0]).mul(self.node_size(&args[1]));
                (pairs.factor(factor).add(one), None)
            }
            "lists.range" if args.len() == 1 => {
                allocating(1.0, fixed(int_literal(&args[0]).unwrap_or(u64::MAX)))
            }
            "slice" if args.len() == 2 => {
                let size = self.node_size(target?);
                let start = int_literal(&args[0]).unwrap_or(0);
                let end = int_literal(&args[1]).unwrap_or(size.max);
                allocating(1.0, fixed(end.wrapping_sub(start)))
            }
            "reverse" if args.is_empty() => allocating(1.0, self.node_size(target?)),
            "flatten" if args.len() <= 1 => {
                let depth = args
                    .first()
                    .map_or(1, |a| int_literal(a).unwrap_or(u64::MAX));
                allocating(depth as f64, self.node_size(target?))
            }
            "distinct" | "sort" if args.is_empty() => {
                let t = target?;
                let size = self.node_size(t);
                let strings =
                    matches!(&t.ty, Type::List(e) if matches!(**e, Type::String | Type::Bytes));
                let factor = if function == "sort" && strings {
                    2.0 + STRING_TRAVERSAL
                } else {
                    2.0
                };
                allocating(factor, size.mul(size))
            }
            // `sortBy`'s expansion: sorting by the list of keys (`estimateListSortBy`).
            "@sortByAssociatedKeys" if args.len() == 1 => {
                let keys = &args[0];
                let size = self.node_size(keys);
                let strings =
                    matches!(&keys.ty, Type::List(e) if matches!(**e, Type::String | Type::Bytes));
                let factor = if strings { 2.0 + STRING_TRAVERSAL } else { 2.0 };
                allocating(factor, size.mul(size))
            }
            "url" | "jsonpatch.escapeKey" => {
                let s = arg(0)?;
                (traversal(s), Some(s))
            }
            "lowerAscii" | "upperAscii" | "substring" | "trim" => {
                let s = self.node_size(target?);
                (traversal(s), Some(s))
            }
            "replace" if args.len() >= 2 => {
                let s = self.node_size(target?);
                let (from, to) = (arg(0)?, arg(1)?);
                let (count_max, kept_max) = if from.min == 0 {
                    (if s.max < u64::MAX { s.max + 1 } else { s.max }, s.max)
                } else if to.max <= from.min {
                    (0, s.max)
                } else {
                    ((s.max as f64 / from.min as f64).ceil() as u64, 0)
                };
                let (count_min, kept_min) = if from.max == 0 {
                    (if s.min < u64::MAX { s.min + 1 } else { s.min }, s.min)
                } else if from.max <= to.min {
                    (0, s.min)
                } else {
                    ((s.min as f64 / from.max as f64).ceil() as u64, 0)
                };
                let size = Range {
                    min: count_min,
                    max: count_max,
                }
                .mul(to)
                .add(Range {
                    min: kept_min,
                    max: kept_max,
                });
                (s.factor(2.0 * STRING_TRAVERSAL), Some(size))
            }
            "split" => {
                let s = self.node_size(target?);
                let max = match args.get(1).map(|a| &a.expr.expr) {
                    Some(Expr::Literal(LiteralValue::Int(n))) => **n as u64,
                    _ => s.max,
                };
                (
                    s.factor(2.0 * STRING_TRAVERSAL),
                    Some(Range { min: 0, max }),
                )
            }
            "join" => {
                let t = target?;
                let list = self.node_size(t);
                let mut size = self.element_size(t).map_or(fixed(0), |el| list.mul(el));
                if let Some(sep) = arg(0) {
                    let seps = Range {
                        min: list.min.saturating_sub(1),
                        max: list.max.saturating_sub(1),
                    };
                    size = size.add(sep.mul(seps));
                }
                (traversal(size), Some(size))
            }
            "find" | "findAll" if !args.is_empty() => {
                let s = self.node_size(target?);
                let cost = traversal(s.add(one)).mul(arg(0)?.factor(REGEX_LENGTH));
                (cost, Some(Range { min: 0, max: s.max }))
            }
            "cidr" | "isIP" | "isCIDR" | "quantity" | "isQuantity" | "semver" | "isSemver"
                if !args.is_empty() =>
            {
                (traversal(arg(0)?), None)
            }
            "ip" if target.is_some() => (one, None),
            "ip" if !args.is_empty() => (traversal(arg(0)?), None),
            "ip.isCanonical" if !args.is_empty() => (arg(0)?.factor(2.0 * STRING_TRAVERSAL), None),
            "masked"
            | "prefixLength"
            | "family"
            | "isUnspecified"
            | "isLoopback"
            | "isLinkLocalMulticast"
            | "isLinkLocalUnicast"
            | "isGlobalUnicast"
            | "format.named"
            | "sign"
            | "asInteger"
            | "isInteger"
            | "asApproximateFloat"
            | "isGreaterThan"
            | "isLessThan"
            | "compareTo"
            | "add"
            | "sub"
            | "major"
            | "minor"
            | "patch"
            | "getScheme"
            | "getHostname"
            | "getHost"
            | "getPort"
            | "getEscapedPath"
            | "getQuery" => (one, None),
            "containsIP" | "containsCIDR" if !args.is_empty() => {
                let ip = Range { min: 4, max: 16 };
                let mut cost = traversal(ip.add(ip));
                if function == "containsCIDR" {
                    cost = cost.add(traversal(ip)).add(one);
                }
                if matches!(args[0].ty, Type::String) {
                    cost = cost.add(traversal(arg(0)?));
                }
                (cost, None)
            }
            "validate" if !args.is_empty() => {
                (traversal(arg(0)?).factor(128.0 * REGEX_LENGTH), None)
            }
            "_==_" if args.len() == 2 => match (&args[0].ty, &args[1].ty) {
                (Type::Opaque(a), Type::Opaque(b)) if a == b => match *a {
                    "net.IP" | "net.CIDR" | "kubernetes.Quantity" | "kubernetes.Semver" => {
                        (one, None)
                    }
                    // `MaxFormatSize`, 64.
                    "kubernetes.NamedFormat" => {
                        (Range { min: 1, max: 64 }.factor(STRING_TRAVERSAL), None)
                    }
                    "kubernetes.URL" => {
                        let s = args[1].size.unwrap_or(one);
                        (traversal(Range { min: 1, max: s.max }), None)
                    }
                    _ => return None,
                },
                _ => return None,
            },
            _ => return None,
        })
    }
}

/// cel-go `ext` `estimateAllocatingListCall`: a call making a list of `size` elements.
fn allocating(factor: f64, size: Range) -> (Range, Option<Range>) {
    (size.factor(factor).add(fixed(11)), Some(size))
}

/// An int literal argument as cel-go `nodeAsIntValue` reads it (negative: 0).
fn int_literal(n: &Node<'_>) -> Option<u64> {
    match &n.expr.expr {
        Expr::Literal(LiteralValue::Int(v)) => Some(u64::try_from(**v).unwrap_or(0)),
        _ => None,
    }
}

/// Whether values of `t` have a size of 1 (cel-go `isScalar`): numbers, booleans, durations,
/// timestamps, and optionals of them.
fn is_scalar(t: &Type) -> bool {
    match t {
        Type::Bool | Type::Double | Type::Duration | Type::Int | Type::Timestamp | Type::Uint => {
            true
        }
        Type::Optional(inner) => is_scalar(inner),
        _ => false,
    }
}

/// Equality and string ordering: the shorter operand traversed (cel-go: 1 for scalars).
fn equality(l: Range, r: Range, arg_sum: Range) -> (Range, Option<Range>) {
    let max = l.max.min(r.max);
    let cost = Range {
        min: u64::from(max > 0),
        max,
    }
    .factor(STRING_TRAVERSAL);
    (cost.add(arg_sum), None)
}
