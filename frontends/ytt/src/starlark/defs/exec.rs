//! The interpreter of [`super::Def`] bodies: statements in order, expressions by dispatching
//! each operation to its function in [`crate::starlark::ops`] (the same as lambdas'), calls with
//! starlark-go's argument binding (`eval.go` `setArgs`), and a step budget.

use std::borrow::Cow;

use super::super::ops::{self, Cmp};
use super::super::syntax::{Arg, Node};
use super::super::val::Val;
use super::builtins;
use super::{Def, MAX_STEPS, Module, Stmt};
use crate::starlark::interp::dict_insert;

/// One call from a rule: the module, the steps spent, the functions running.
pub(super) struct Exec<'m> {
    module: &'m Module,
    steps: u64,
    running: Vec<&'m str>,
    /// The file and line of the statement running, for the budget's error.
    at: (&'m str, usize),
}

/// How a statement ends.
enum Flow<'a> {
    Next,
    Break,
    Continue,
    Return(Val<'a>),
}

/// A running function's variables (parameters, then locals; `None` until assigned).
struct Frame<'m, 'a> {
    names: Vec<&'m str>,
    values: Vec<Option<Val<'a>>>,
}

type Result<T> = std::result::Result<T, String>;

impl<'m> Exec<'m> {
    pub(super) fn new(module: &'m Module) -> Self {
        Exec {
            module,
            steps: 0,
            running: Vec::new(),
            at: (module.file.as_str(), 0),
        }
    }

    /// Counts `n` steps at `line`.
    pub(super) fn charge(&mut self, n: u64) -> Result<()> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > MAX_STEPS {
            let (file, line) = self.at;
            let function = self.running.last().copied().unwrap_or_default();
            return Err(format!(
                "validgen: {file}:{line}: the function {function} ran more than {MAX_STEPS} steps (validgen's bound on one evaluation)"
            ));
        }
        Ok(())
    }

    fn step(&mut self, def: &'m Def, line: usize) -> Result<()> {
        self.at = (def_file(self.module, def), line);
        self.charge(1)
    }

    /// Calls the function `name` with positional arguments.
    pub(super) fn call<'a>(&mut self, name: &str, args: Vec<Val<'a>>) -> Result<Val<'a>> {
        self.call_with(name, args, Vec::new())
    }

    fn call_with<'a>(
        &mut self,
        name: &str,
        args: Vec<Val<'a>>,
        kwargs: Vec<(&str, Val<'a>)>,
    ) -> Result<Val<'a>> {
        let module = self.module;
        let def = module
            .defs
            .iter()
            .find(|d| d.name == name)
            .ok_or_else(|| format!("undefined: {name}"))?;
        if self.running.contains(&def.name.as_str()) {
            return Err(format!("function {name} called recursively"));
        }
        self.step(def, def.line)?;
        let mut frame = self.bind(def, args, kwargs)?;
        self.running.push(&def.name);
        let flow = self.stmts(def, &def.body, &mut frame);
        self.running.pop();
        match flow? {
            Flow::Return(v) => Ok(v),
            _ => Ok(Val::None),
        }
    }

    /// The frame of a call, as starlark-go's `setArgs`.
    fn bind<'a>(
        &mut self,
        def: &'m Def,
        args: Vec<Val<'a>>,
        kwargs: Vec<(&str, Val<'a>)>,
    ) -> Result<Frame<'m, 'a>> {
        let name = &def.name;
        let n = def.params.len();
        if n == 0 && !(args.is_empty() && kwargs.is_empty()) {
            return Err(format!(
                "function {name} accepts no arguments ({} given)",
                args.len() + kwargs.len()
            ));
        }
        if args.len() > n {
            let defaults = def.params.iter().any(|(_, d)| d.is_some());
            return Err(format!(
                "function {name} accepts {}{n} positional argument{} ({} given)",
                if defaults { "at most " } else { "" },
                if n == 1 { "" } else { "s" },
                args.len()
            ));
        }
        let mut values: Vec<Option<Val<'a>>> = args.into_iter().map(Some).collect();
        values.resize(n, None);
        for (k, v) in kwargs {
            let i =
                def.params.iter().position(|(p, _)| p == k).ok_or_else(|| {
                    format!("function {name} got an unexpected keyword argument {k}")
                })?;
            let slot = values.get_mut(i).ok_or_else(String::new)?;
            if slot.is_some() {
                return Err(format!(
                    "function {name} got multiple values for parameter {k}"
                ));
            }
            *slot = Some(v);
        }
        let mut missing = Vec::new();
        for (slot, (param, default)) in values.iter_mut().zip(&def.params) {
            if slot.is_none() {
                match default {
                    Some(d) => {
                        let mut empty = Frame {
                            names: Vec::new(),
                            values: Vec::new(),
                        };
                        *slot = Some(self.eval(d, &mut empty)?);
                    }
                    None => missing.push(param.as_str()),
                }
            }
        }
        if !missing.is_empty() {
            return Err(format!(
                "function {name} missing {} argument{} ({})",
                missing.len(),
                if missing.len() > 1 { "s" } else { "" },
                missing.join(", ")
            ));
        }
        let mut names: Vec<&'m str> = def.params.iter().map(|(p, _)| p.as_str()).collect();
        names.extend(def.locals.iter().map(String::as_str));
        values.resize(names.len(), None);
        Ok(Frame { names, values })
    }

    fn stmts<'a>(
        &mut self,
        def: &'m Def,
        stmts: &'m [Stmt],
        frame: &mut Frame<'m, 'a>,
    ) -> Result<Flow<'a>> {
        for stmt in stmts {
            let flow = self.stmt(def, stmt, frame)?;
            if !matches!(flow, Flow::Next) {
                return Ok(flow);
            }
        }
        Ok(Flow::Next)
    }

    fn stmt<'a>(
        &mut self,
        def: &'m Def,
        stmt: &'m Stmt,
        frame: &mut Frame<'m, 'a>,
    ) -> Result<Flow<'a>> {
        match stmt {
            Stmt::Expr { x, line } => {
                self.step(def, *line)?;
                self.eval(x, frame)?;
            }
            Stmt::Assign {
                target,
                op,
                value,
                line,
            } => {
                self.step(def, *line)?;
                let value = match op {
                    Some(op) => {
                        let old = self.eval(target, frame)?;
                        let new = self.eval(value, frame)?;
                        self.arith(op, &old, &new)?
                    }
                    None => self.eval(value, frame)?,
                };
                self.assign(target, value, frame)?;
            }
            Stmt::Return { x, line, .. } => {
                self.step(def, *line)?;
                let v = match x {
                    Some(x) => self.eval(x, frame)?,
                    None => Val::None,
                };
                return Ok(Flow::Return(v));
            }
            Stmt::If {
                cond,
                then,
                otherwise,
                line,
            } => {
                self.step(def, *line)?;
                let branch = if self.eval(cond, frame)?.truth() {
                    then
                } else {
                    otherwise
                };
                return self.stmts(def, branch, frame);
            }
            Stmt::For {
                vars,
                iter,
                body,
                line,
            } => {
                self.step(def, *line)?;
                let items = self.iterate(iter, frame)?;
                for item in items {
                    self.step(def, *line)?;
                    self.assign(vars, item, frame)?;
                    match self.stmts(def, body, frame)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        Flow::Next | Flow::Continue => {}
                    }
                }
            }
            Stmt::Break { line } => {
                self.step(def, *line)?;
                return Ok(Flow::Break);
            }
            Stmt::Continue { line } => {
                self.step(def, *line)?;
                return Ok(Flow::Continue);
            }
        }
        Ok(Flow::Next)
    }

    /// The items a `for` runs over.
    fn iterate<'a>(&mut self, iter: &'m Node, frame: &mut Frame<'m, 'a>) -> Result<Vec<Val<'a>>> {
        let x = self.eval(iter, frame)?;
        let items = builtins::items(&x)
            .ok_or_else(|| format!("{} value is not iterable", x.type_name()))?;
        self.charge(u64::try_from(items.len()).unwrap_or(u64::MAX))?;
        Ok(items)
    }

    fn assign<'a>(
        &mut self,
        target: &Node,
        value: Val<'a>,
        frame: &mut Frame<'m, 'a>,
    ) -> Result<()> {
        match target {
            Node::Name { name, .. } => {
                let i = frame
                    .names
                    .iter()
                    .position(|n| n == name)
                    .ok_or_else(|| format!("undefined: {name}"))?;
                if let Some(slot) = frame.values.get_mut(i) {
                    *slot = Some(value);
                }
                Ok(())
            }
            Node::Tuple(targets) | Node::List(targets) => {
                let items = builtins::items(&value)
                    .ok_or_else(|| format!("got {} in sequence assignment", value.type_name()))?;
                if items.len() != targets.len() {
                    return Err(format!(
                        "too {} values to unpack (got {}, want {})",
                        if items.len() > targets.len() {
                            "many"
                        } else {
                            "few"
                        },
                        items.len(),
                        targets.len()
                    ));
                }
                for (t, v) in targets.iter().zip(items) {
                    self.assign(t, v, frame)?;
                }
                Ok(())
            }
            _ => Err("can't assign to this expression".to_owned()),
        }
    }

    fn arith<'a>(&mut self, op: &str, x: &Val<'a>, y: &Val<'a>) -> Result<Val<'a>> {
        let v = ops::arith(op, x, y)?;
        if let Val::Str(_) | Val::List(_) | Val::Tuple(_) = v {
            let n = ops::len(&v).unwrap_or(0);
            self.charge(u64::try_from(n).unwrap_or(u64::MAX))?;
        }
        Ok(v)
    }

    fn eval<'a>(&mut self, node: &'m Node, frame: &mut Frame<'m, 'a>) -> Result<Val<'a>> {
        Ok(match node {
            Node::Name { name, .. } => match name.as_str() {
                "None" => Val::None,
                "True" => Val::Bool(true),
                "False" => Val::Bool(false),
                _ => {
                    let i = frame.names.iter().position(|n| n == name);
                    match i.and_then(|i| frame.values.get(i)) {
                        Some(Some(v)) => v.clone(),
                        Some(None) => {
                            return Err(format!(
                                "local variable {name} referenced before assignment"
                            ));
                        }
                        None => return Err(format!("undefined: {name}")),
                    }
                }
            },
            Node::Int(i) => Val::Int(*i),
            Node::Float(f) => Val::Float(*f),
            Node::Str(s) => Val::Str(Cow::Owned(s.clone())),
            Node::List(items) => Val::List(self.all(items, frame)?),
            Node::Tuple(items) => Val::Tuple(self.all(items, frame)?),
            Node::Dict(entries) => {
                let mut out = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    let key = self.eval(k, frame)?;
                    let value = self.eval(v, frame)?;
                    dict_insert(&mut out, key, value)?;
                }
                Val::Dict(out)
            }
            Node::Unary { op, x, .. } => {
                let x = self.eval(x, frame)?;
                match *op {
                    "not" => Val::Bool(ops::not(&x)),
                    "-" => ops::neg(&x)?,
                    _ => match x {
                        Val::Int(_) | Val::Float(_) => x,
                        _ => return Err(format!("unknown unary op: {op} {}", x.type_name())),
                    },
                }
            }
            Node::Binary { op, x, y, .. } => self.binary(op, x, y, frame)?,
            Node::Cond {
                then,
                cond,
                otherwise,
                ..
            } => {
                if self.eval(cond, frame)?.truth() {
                    self.eval(then, frame)?
                } else {
                    self.eval(otherwise, frame)?
                }
            }
            Node::Dot { x, name, .. } => ops::attr(&self.eval(x, frame)?, name)?,
            Node::Index { x, key, .. } => {
                let x = self.eval(x, frame)?;
                let key = self.eval(key, frame)?;
                ops::index(&x, &key)?
            }
            Node::Call { func, args, .. } => self.call_node(func, args, frame)?,
            Node::Slice { .. } | Node::Lambda { .. } => {
                return Err("unsupported Starlark: refused when the module loaded".to_owned());
            }
        })
    }

    fn all<'a>(&mut self, items: &'m [Node], frame: &mut Frame<'m, 'a>) -> Result<Vec<Val<'a>>> {
        items.iter().map(|i| self.eval(i, frame)).collect()
    }

    fn binary<'a>(
        &mut self,
        op: &str,
        x: &'m Node,
        y: &'m Node,
        frame: &mut Frame<'m, 'a>,
    ) -> Result<Val<'a>> {
        let x = self.eval(x, frame)?;
        match op {
            "and" if !x.truth() => return Ok(x),
            "or" if x.truth() => return Ok(x),
            "and" | "or" => return self.eval(y, frame),
            _ => {}
        }
        let y = self.eval(y, frame)?;
        let cmp = |c| ops::compare(c, &x, &y).map(Val::Bool);
        match op {
            "==" => cmp(Cmp::Eq),
            "!=" => cmp(Cmp::Ne),
            "<" => cmp(Cmp::Lt),
            "<=" => cmp(Cmp::Le),
            ">" => cmp(Cmp::Gt),
            ">=" => cmp(Cmp::Ge),
            "in" => ops::contains(&x, &y).map(Val::Bool),
            "not in" => ops::not_contains(&x, &y).map(Val::Bool),
            _ => self.arith(op, &x, &y),
        }
    }

    fn call_node<'a>(
        &mut self,
        func: &'m Node,
        args: &'m [Arg],
        frame: &mut Frame<'m, 'a>,
    ) -> Result<Val<'a>> {
        let mut positional = Vec::new();
        let mut keywords = Vec::new();
        for arg in args {
            let v = self.eval(&arg.value, frame)?;
            match &arg.name {
                Some((k, _)) => keywords.push((k.as_str(), v)),
                None => positional.push(v),
            }
        }
        match func {
            Node::Dot { x, name, .. } => {
                let recv = self.eval(x, frame)?;
                builtins::method(&recv, name, &positional, &keywords)
            }
            Node::Name { name, .. } if self.module.defs.iter().any(|d| d.name == *name) => {
                self.call_with(name, positional, keywords)
            }
            Node::Name { name, .. } => builtins::call(self, name, positional, &keywords),
            _ => Err("unsupported Starlark: a call of a computed function".to_owned()),
        }
    }
}

/// The file of `def` (a loaded `.star` file's functions keep theirs).
fn def_file<'m>(module: &'m Module, def: &Def) -> &'m str {
    module
        .files
        .iter()
        .find(|(_, names)| names.contains(&def.name))
        .map_or(module.file.as_str(), |(file, _)| file.as_str())
}
