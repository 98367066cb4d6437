//! The API server's macros that cel 0.13's parser leaves calls, expanded for the checker as
//! cel-go's parser expands them (v0.26): the two-variable `all`, `exists`, `existsOne`,
//! `exists_one`, `transformList`, `transformMap`, `transformMapEntry` (`ext/comprehensions.go`,
//! `ext.TwoVarComprehensions`, declared from compatibility version 1.32), `sortBy`
//! (`ext/lists.go`, lists version 2 and up) and `optMap`, `optFlatMap` (`cel/library.go`,
//! the optional library). The checker then types and costs their expansions as cel-go does;
//! the evaluator runs them as functions ([`crate::macros`]).

use std::collections::HashMap;

use kube_cel::cel::common::ast::{
    CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedEntryExpr, IdedExpr, ListExpr, LiteralValue,
    MapEntryExpr, MapExpr, SelectExpr,
};

use super::literals::visit;
use crate::macros::{Macro, which};

/// cel-go's accumulator variable.
const ACCU: &str = "@result";

/// An expression with its macros expanded.
pub(crate) struct Expanded {
    pub expr: IdedExpr,
    /// The call a node of an expansion stands for, by the node's id (where cel-go locates it).
    pub origin: HashMap<u64, u64>,
    /// The expansions' errors (a variable that is not a simple name…), by node id.
    pub errors: Vec<(u64, String)>,
}

/// `e` with every macro call expanded.
pub(crate) fn expand(e: &IdedExpr) -> Expanded {
    let mut max = 0;
    visit(e, &mut |n| max = max.max(n.id));
    let mut x = Expander {
        next: max + 1,
        call: 0,
        origin: HashMap::new(),
        errors: Vec::new(),
    };
    let expr = x.walk(e);
    Expanded {
        expr,
        origin: x.origin,
        errors: x.errors,
    }
}

struct Expander {
    next: u64,
    /// The call being expanded: where its new nodes are.
    call: u64,
    origin: HashMap<u64, u64>,
    errors: Vec<(u64, String)>,
}

impl Expander {
    fn walk(&mut self, e: &IdedExpr) -> IdedExpr {
        let expr = match &e.expr {
            Expr::Call(c) => {
                let target = c.target.as_deref().map(|t| self.walk(t));
                let args: Vec<IdedExpr> = c.args.iter().map(|a| self.walk(a)).collect();
                if let (Some(m), Some(target)) =
                    (which(&c.func_name, target.is_some(), args.len()), &target)
                {
                    self.call = e.id;
                    return self.expansion(m, target.clone(), args);
                }
                Expr::Call(CallExpr {
                    func_name: c.func_name.clone(),
                    target: target.map(Box::new),
                    args,
                })
            }
            Expr::Select(s) => Expr::Select(SelectExpr {
                operand: Box::new(self.walk(&s.operand)),
                field: s.field.clone(),
                test: s.test,
            }),
            Expr::List(l) => Expr::List(ListExpr {
                elements: l.elements.iter().map(|x| self.walk(x)).collect(),
                optional_indices: l.optional_indices.clone(),
            }),
            Expr::Map(m) => Expr::Map(MapExpr {
                entries: m
                    .entries
                    .iter()
                    .map(|entry| IdedEntryExpr {
                        id: entry.id,
                        expr: match &entry.expr {
                            EntryExpr::MapEntry(m) => EntryExpr::MapEntry(MapEntryExpr {
                                key: self.walk(&m.key),
                                value: self.walk(&m.value),
                                optional: m.optional,
                            }),
                            other => other.clone(),
                        },
                    })
                    .collect(),
            }),
            Expr::Comprehension(c) => Expr::Comprehension(Box::new(ComprehensionExpr {
                iter_range: self.walk(&c.iter_range),
                iter_var: c.iter_var.clone(),
                iter_var2: c.iter_var2.clone(),
                accu_var: c.accu_var.clone(),
                accu_init: self.walk(&c.accu_init),
                loop_cond: self.walk(&c.loop_cond),
                loop_step: self.walk(&c.loop_step),
                result: self.walk(&c.result),
            })),
            other => other.clone(),
        };
        IdedExpr { id: e.id, expr }
    }

    fn node(&mut self, expr: Expr) -> IdedExpr {
        let id = self.next;
        self.next += 1;
        self.origin.insert(id, self.call);
        IdedExpr { id, expr }
    }

    fn ident(&mut self, name: &str) -> IdedExpr {
        self.node(Expr::Ident(name.to_owned()))
    }

    fn call(&mut self, name: &str, target: Option<IdedExpr>, args: Vec<IdedExpr>) -> IdedExpr {
        self.node(Expr::Call(CallExpr {
            func_name: name.to_owned(),
            target: target.map(Box::new),
            args,
        }))
    }

    fn boolean(&mut self, b: bool) -> IdedExpr {
        self.node(Expr::Literal(LiteralValue::Boolean(b.into())))
    }

    fn int(&mut self, i: i64) -> IdedExpr {
        self.node(Expr::Literal(LiteralValue::Int(i.into())))
    }

    fn list(&mut self, elements: Vec<IdedExpr>) -> IdedExpr {
        self.node(Expr::List(ListExpr::new(elements)))
    }

    /// The name of a macro's variable, which must be a simple name.
    fn var(&mut self, e: &IdedExpr, message: &str) -> String {
        match &e.expr {
            Expr::Ident(name) => name.clone(),
            _ => {
                self.errors.push((e.id, message.to_owned()));
                "#invalid".to_owned()
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn comprehension(
        &mut self,
        range: IdedExpr,
        vars: (String, Option<String>),
        accu: &str,
        init: IdedExpr,
        cond: IdedExpr,
        step: IdedExpr,
        result: IdedExpr,
    ) -> IdedExpr {
        self.node(Expr::Comprehension(Box::new(ComprehensionExpr {
            iter_range: range,
            iter_var: vars.0,
            iter_var2: vars.1,
            accu_var: accu.to_owned(),
            accu_init: init,
            loop_cond: cond,
            loop_step: step,
            result,
        })))
    }

    /// A two-variable macro's variables (cel-go `extractIterVars`).
    fn two_vars(&mut self, args: &[IdedExpr]) -> (String, Option<String>) {
        let first = self.var(&args[0], "argument must be a simple name");
        let second = self.var(&args[1], "argument must be a simple name");
        if first == second {
            self.errors
                .push((args[1].id, format!("duplicate variable name: {first}")));
        }
        for (name, at) in [(&first, &args[0]), (&second, &args[1])] {
            if name == ACCU || name == "__result__" {
                self.errors.push((
                    at.id,
                    "iteration variable overwrites accumulator variable".to_owned(),
                ));
            }
        }
        (first, Some(second))
    }

    fn expansion(&mut self, m: Macro, target: IdedExpr, mut args: Vec<IdedExpr>) -> IdedExpr {
        match m {
            Macro::All | Macro::Exists | Macro::ExistsOne => {
                let vars = self.two_vars(&args);
                let predicate = args.pop().unwrap_or_default();
                let accu = self.ident(ACCU);
                let (init, cond, step, result) = match m {
                    Macro::All => {
                        let a = self.ident(ACCU);
                        (
                            self.boolean(true),
                            self.call("@not_strictly_false", None, vec![a]),
                            self.call("_&&_", None, vec![accu, predicate]),
                            self.ident(ACCU),
                        )
                    }
                    Macro::Exists => {
                        let a = self.ident(ACCU);
                        let not = self.call("!_", None, vec![a]);
                        (
                            self.boolean(false),
                            self.call("@not_strictly_false", None, vec![not]),
                            self.call("_||_", None, vec![accu, predicate]),
                            self.ident(ACCU),
                        )
                    }
                    _ => {
                        let one = self.int(1);
                        let plus = self.call("_+_", None, vec![accu, one]);
                        let same = self.ident(ACCU);
                        let (a, one) = (self.ident(ACCU), self.int(1));
                        (
                            self.int(0),
                            self.boolean(true),
                            self.call("_?_:_", None, vec![predicate, plus, same]),
                            self.call("_==_", None, vec![a, one]),
                        )
                    }
                };
                self.comprehension(target, vars, ACCU, init, cond, step, result)
            }
            Macro::TransformList | Macro::TransformMap | Macro::TransformMapEntry => {
                let vars = self.two_vars(&args);
                let transform = args.pop().unwrap_or_default();
                let filter = (args.len() == 3).then(|| args.pop().unwrap_or_default());
                let accu = self.ident(ACCU);
                let (init, step) = match m {
                    Macro::TransformList => {
                        let one = self.list(vec![transform]);
                        (
                            self.list(Vec::new()),
                            self.call("_+_", None, vec![accu, one]),
                        )
                    }
                    Macro::TransformMap => {
                        let key = self.ident(&vars.0);
                        let step = self.call("cel.@mapInsert", None, vec![accu, key, transform]);
                        (self.node(Expr::Map(MapExpr::default())), step)
                    }
                    _ => {
                        let step = self.call("cel.@mapInsert", None, vec![accu, transform]);
                        (self.node(Expr::Map(MapExpr::default())), step)
                    }
                };
                let step = match filter {
                    Some(filter) => {
                        let same = self.ident(ACCU);
                        self.call("_?_:_", None, vec![filter, step, same])
                    }
                    None => step,
                };
                let cond = self.boolean(true);
                let result = self.ident(ACCU);
                self.comprehension(target, vars, ACCU, init, cond, step, result)
            }
            Macro::SortBy => {
                const INPUT: &str = "@__sortBy_input__";
                let var = self.var(&args[0], "argument is not an identifier");
                let key = args.pop().unwrap_or_default();
                // `@__sortBy_input__.map(var, key)`, as cel-go's `MakeMap` expands it.
                let range = self.ident(INPUT);
                let accu = self.ident(ACCU);
                let one = self.list(vec![key]);
                let step = self.call("_+_", None, vec![accu, one]);
                let (init, cond, result) =
                    (self.list(Vec::new()), self.boolean(true), self.ident(ACCU));
                let keys = self.comprehension(range, (var, None), ACCU, init, cond, step, result);
                let input = self.ident(INPUT);
                let sorted = self.call("@sortByAssociatedKeys", Some(input), vec![keys]);
                let (empty, stop, step) = (
                    self.list(Vec::new()),
                    self.boolean(false),
                    self.ident(INPUT),
                );
                self.comprehension(
                    empty,
                    ("#unused".to_owned(), None),
                    INPUT,
                    target,
                    stop,
                    step,
                    sorted,
                )
            }
            Macro::OptMap | Macro::OptFlatMap => {
                let message = if m == Macro::OptMap {
                    "optMap() variable name must be a simple identifier"
                } else {
                    "optFlatMap() variable name must be a simple identifier"
                };
                let var = self.var(&args[0], message);
                let body = args.pop().unwrap_or_default();
                let has = self.call("hasValue", Some(target.clone()), Vec::new());
                let value = self.call("value", Some(target), Vec::new());
                let (empty, stop, step) =
                    (self.list(Vec::new()), self.boolean(false), self.ident(&var));
                let bound = self.comprehension(
                    empty,
                    ("#unused".to_owned(), None),
                    &var,
                    value,
                    stop,
                    step,
                    body,
                );
                let some = if m == Macro::OptMap {
                    self.call("optional.of", None, vec![bound])
                } else {
                    bound
                };
                let none = self.call("optional.none", None, Vec::new());
                self.call("_?_:_", None, vec![has, some, none])
            }
        }
    }
}
