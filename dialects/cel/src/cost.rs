//! The CEL cost of an evaluation, measured against the API server's runtime budgets.
//!
//! cel 0.13 has no cost tracking, so the cost is counted here, before each expression runs,
//! on the expression's tree and the actual values it works on: an upper bound of what cel-go's
//! runtime cost tracker (`interpreter/runtimecost.go`, with the K8s library costs of
//! `apiserver/pkg/cel/library/cost.go`) charges. Rules, each at least cel-go's:
//! - a literal 0; an identifier, a field selection or `has()` 1;
//! - a list literal 10, a map literal 30 (cel-go's create costs), plus their elements;
//! - `&&`, `||`, `?:`: the cost of every operand (cel-go charges only those it evaluates);
//! - any other call: 1, plus its operands, plus the size of each operand's value as cel-go's
//!   `actualSize` measures it, at its dearest factor: 1 per list element or map entry, 0.1 per
//!   string or bytes byte (cel-go's `StringTraversalCostFactor`; cel-go counts code points,
//!   never more than bytes); `in`, `==`, `!=` and `join` traverse nested values too (every
//!   element's size); `matches` also costs `(1 + 0.1·len(s)) × (1 + 0.25·len(regex))`
//!   (`RegexStringLengthCostFactor`);
//! - a comprehension (`all`, `exists`, `map`, `filter`…): its range, then per element run,
//!   the loop condition and step, as evaluated (so `exists` stops where it stops), and the
//!   result; the macros cel 0.13 leaves calls (two-variable comprehensions, `transform*`,
//!   `sortBy`, `optMap`, `optFlatMap`) per element their bodies and 1.
//!
//! Counting stops as soon as the budget is spent: the expression then is not run, as the API
//! server aborts it ([`OUT_OF_BUDGET`]). This bounds the work any policy can cause.

use kube_cel::cel::common::ast::{CallExpr, EntryExpr, Expr, IdedExpr};
use kube_cel::cel::objects::{Key, OptionalValue};
use kube_cel::cel::{Context, Value as Cel};

/// The API server's runtime cost budget per binding evaluation (K8s `apis/cel/config.go`
/// `RuntimeCELCostBudget`).
pub const PER_BINDING_BUDGET: u64 = 10_000_000;

/// The API server's error when a binding's evaluation runs out of budget (K8s
/// `validating/validator.go`).
pub const OUT_OF_BUDGET: &str =
    "validation failed due to running out of cost budget, no further validation rules will be run";

/// The cost left for one binding's evaluation.
#[derive(Debug, Clone)]
pub struct Budget {
    limit: u64,
    spent: u64,
}

/// The budget is spent.
struct Exceeded;

impl Budget {
    /// A budget of `limit` cost units.
    pub fn new(limit: u64) -> Budget {
        Budget { limit, spent: 0 }
    }

    /// The cost charged so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Charges the cost of evaluating the expression tree `e` (a program's
    /// `Program::expression()`) in `scope`.
    ///
    /// # Errors
    /// [`OUT_OF_BUDGET`] when the budget does not cover it (nothing more is charged).
    pub fn charge(&mut self, e: &IdedExpr, scope: &Context<'_>) -> Result<(), String> {
        let before = self.spent;
        self.walk(e, scope).map_err(|Exceeded| {
            self.spent = before.max(self.limit);
            OUT_OF_BUDGET.to_owned()
        })
    }

    fn add(&mut self, n: u64) -> Result<(), Exceeded> {
        self.spent = self.spent.saturating_add(n);
        if self.spent > self.limit {
            Err(Exceeded)
        } else {
            Ok(())
        }
    }

    fn walk(&mut self, e: &IdedExpr, scope: &Context<'_>) -> Result<(), Exceeded> {
        match &e.expr {
            Expr::Literal(_) | Expr::Unspecified | Expr::Struct(_) => Ok(()),
            Expr::Ident(_) => self.add(1),
            Expr::Select(s) => {
                self.add(1)?;
                self.walk(&s.operand, scope)
            }
            Expr::List(l) => {
                self.add(10)?;
                l.elements.iter().try_for_each(|x| self.walk(x, scope))
            }
            Expr::Map(m) => {
                self.add(30)?;
                m.entries.iter().try_for_each(|entry| match &entry.expr {
                    EntryExpr::MapEntry(m) => {
                        self.walk(&m.key, scope)?;
                        self.walk(&m.value, scope)
                    }
                    EntryExpr::StructField(f) => self.walk(&f.value, scope),
                })
            }
            Expr::Call(c)
                if crate::macros::which(&c.func_name, c.target.is_some(), c.args.len())
                    .is_some() =>
            {
                self.macro_call(c, scope)
            }
            Expr::Call(c) => {
                let operands: Vec<&IdedExpr> = c
                    .target
                    .as_deref()
                    .into_iter()
                    .chain(c.args.iter())
                    .collect();
                for o in &operands {
                    self.walk(o, scope)?;
                }
                if ["_&&_", "_||_", "_?_:_"].contains(&c.func_name.as_str()) {
                    return Ok(());
                }
                self.add(1)?;
                let values: Vec<Cel> = operands
                    .iter()
                    .filter_map(|o| Cel::resolve(o, scope).ok())
                    .collect();
                let deep = ["@in", "_==_", "_!=_", "join"].contains(&c.func_name.as_str());
                for v in &values {
                    self.add(if deep { traversal(v) } else { size(v) })?;
                }
                if c.func_name == "matches"
                    && let [Cel::String(s), Cel::String(re)] = values.as_slice()
                {
                    let s = 1 + (s.len() as u64).div_ceil(10);
                    let re = 1 + (re.len() as u64).div_ceil(4);
                    self.add(s.saturating_mul(re))?;
                }
                Ok(())
            }
            Expr::Comprehension(c) => {
                self.walk(&c.iter_range, scope)?;
                self.walk(&c.accu_init, scope)?;
                self.add(1)?;
                let (Ok(range), Ok(mut accu)) = (
                    Cel::resolve(&c.iter_range, scope),
                    Cel::resolve(&c.accu_init, scope),
                ) else {
                    return Ok(()); // the expression fails there when run
                };
                let items: Vec<Cel> = match range {
                    Cel::List(items) => items.iter().cloned().collect(),
                    Cel::Map(m) => m.map.keys().map(Cel::from).collect(),
                    _ => Vec::new(),
                };
                for item in items {
                    let mut inner = scope.new_inner_scope();
                    inner.add_variable_from_value(c.accu_var.as_str(), accu.clone());
                    self.walk(&c.loop_cond, &inner)?;
                    if matches!(Cel::resolve(&c.loop_cond, &inner), Ok(Cel::Bool(false))) {
                        break;
                    }
                    inner.add_variable_from_value(c.iter_var.as_str(), item);
                    self.walk(&c.loop_step, &inner)?;
                    match Cel::resolve(&c.loop_step, &inner) {
                        Ok(next) => accu = next,
                        Err(_) => return Ok(()),
                    }
                }
                let mut inner = scope.new_inner_scope();
                inner.add_variable_from_value(c.accu_var.as_str(), accu);
                self.walk(&c.result, &inner)
            }
        }
    }
}

impl Budget {
    /// A macro of [`crate::macros`]: its receiver, then per element its bodies with the
    /// variables bound (every element: an upper bound where the macro stops early) and 1 for
    /// the step, as the comprehension of cel-go's expansion costs; `sortBy` also its sort,
    /// `2 × n²` (`2.1 × n²` by strings: cel-go `trackListSortBy`).
    fn macro_call(&mut self, c: &CallExpr, scope: &Context<'_>) -> Result<(), Exceeded> {
        let Some(target) = c.target.as_deref() else {
            return Ok(());
        };
        self.walk(target, scope)?;
        self.add(1)?;
        let Ok(range) = Cel::resolve(target, scope) else {
            return Ok(()); // the expression fails there when run
        };
        let names: Vec<&str> = c
            .args
            .iter()
            .map_while(|a| crate::macros::var(a).ok())
            .collect();
        let bound: Vec<Vec<Cel>> = match (c.func_name.as_str(), &range) {
            ("sortBy", Cel::List(items)) => items.iter().map(|x| vec![x.clone()]).collect(),
            ("optMap" | "optFlatMap", Cel::Opaque(_)) => {
                match <&OptionalValue>::try_from(&range)
                    .ok()
                    .and_then(|o| o.value())
                {
                    Some(v) => vec![vec![v.clone()]],
                    None => Vec::new(),
                }
            }
            _ => match crate::macros::pairs(&range) {
                Ok(pairs) => pairs.into_iter().map(|(a, b)| vec![a, b]).collect(),
                Err(_) => return Ok(()),
            },
        };
        let mut keys = Vec::new();
        for values in &bound {
            let mut inner = scope.new_inner_scope();
            for (name, value) in names.iter().zip(values) {
                inner.add_variable_from_value(*name, value.clone());
            }
            for body in &c.args[names.len()..] {
                self.walk(body, &inner)?;
                if c.func_name == "sortBy" {
                    keys.extend(Cel::resolve(body, &inner).ok());
                }
            }
            self.add(1)?;
        }
        if c.func_name == "sortBy" {
            let n = keys.len() as u64;
            let strings = matches!(keys.first(), Some(Cel::String(_) | Cel::Bytes(_)));
            let square = n.saturating_mul(n);
            self.add(if strings {
                square.saturating_mul(21).div_ceil(10)
            } else {
                square.saturating_mul(2)
            })?;
        }
        Ok(())
    }
}

/// The size cost of a value: 1 per list element or map entry, 0.1 per string or bytes byte
/// (rounded up), not looking inside the elements.
fn size(v: &Cel) -> u64 {
    match v {
        Cel::String(s) => (s.len() as u64).div_ceil(10),
        Cel::Bytes(b) => (b.len() as u64).div_ceil(10),
        Cel::List(items) => items.len() as u64,
        Cel::Map(m) => m.map.len() as u64,
        _ => 0,
    }
}

/// The traversal cost of a value: 1 per list element or map entry, 0.1 per byte of a string
/// or bytes (rounded up), nested values included.
fn traversal(v: &Cel) -> u64 {
    match v {
        Cel::String(s) => (s.len() as u64).div_ceil(10),
        Cel::Bytes(b) => (b.len() as u64).div_ceil(10),
        Cel::List(items) => items
            .iter()
            .fold(items.len() as u64, |n, x| n.saturating_add(traversal(x))),
        Cel::Map(m) => m.map.iter().fold(m.map.len() as u64, |n, (k, x)| {
            let key = match k {
                Key::String(s) => (s.len() as u64).div_ceil(10),
                _ => 0,
            };
            n.saturating_add(key).saturating_add(traversal(x))
        }),
        _ => 0,
    }
}
