//! The interpreter of [`super::Def`] bodies: statements in order, expressions by dispatching
//! each operation to its function in [`crate::starlark::ops`] (the same as lambdas'), calls with
//! starlark-go's argument binding (`eval.go` `setArgs`), and a step budget.

use std::borrow::Cow;
use std::rc::Rc;

use super::super::ops::{self, Cmp};
use super::super::syntax::{Arg, Node};
use super::super::val::{Callable, Val};
use super::names::BUILTINS;
use super::{Def, MAX_STEPS, Module, Stmt, builtins, std_modules};
use crate::starlark::interp::dict_insert;

/// One call from a rule: the module, the steps spent, the functions running.
pub(super) struct Exec<'m, 'a> {
    module: &'m Module,
    steps: u64,
    /// The functions running (a function's or lambda's address, and its name): starlark-go
    /// refuses a call of a function already running.
    running: Vec<(usize, &'m str)>,
    /// The lambdas made so far ([`Callable::Closure`] names one by its index).
    lambdas: Vec<&'m Node>,
    /// The variables of every function called so far (a frame holds indices into it, so
    /// that the lambdas a function makes share its variables, as starlark-go's cells).
    vars: Vec<Option<Val<'a>>>,
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

/// A running function's variables (parameters, then locals), as places in
/// [`Exec::vars`] (`None` there until assigned).
struct Frame<'m> {
    names: Vec<&'m str>,
    slots: Vec<usize>,
}

impl Frame<'_> {
    fn empty() -> Self {
        Frame {
            names: Vec::new(),
            slots: Vec::new(),
        }
    }

    /// The place of the variable `name` (the last of that name: parameters hide captures).
    fn cell(&self, name: &str) -> Option<usize> {
        let i = self.names.iter().rposition(|n| *n == name)?;
        self.slots.get(i).copied()
    }
}

type Result<T> = std::result::Result<T, String>;

impl<'m, 'a> Exec<'m, 'a> {
    pub(super) fn new(module: &'m Module) -> Self {
        Exec {
            module,
            steps: 0,
            running: Vec::new(),
            lambdas: Vec::new(),
            vars: Vec::new(),
            at: (module.file.as_str(), 0),
        }
    }

    /// Counts `n` steps at `line`.
    pub(super) fn charge(&mut self, n: u64) -> Result<()> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > MAX_STEPS {
            let (file, line) = self.at;
            let function = self.running.last().map(|(_, n)| *n).unwrap_or_default();
            return Err(format!(
                "validgen: {file}:{line}: the function {function} ran more than {MAX_STEPS} steps (validgen's bound on one evaluation)"
            ));
        }
        Ok(())
    }

    /// Whether the budget is spent (its error must not be caught, by `assert.try_to` either).
    fn spent(&self) -> bool {
        self.steps > MAX_STEPS
    }

    fn step(&mut self, def: &'m Def, line: usize) -> Result<()> {
        self.at = (def_file(self.module, def), line);
        self.charge(1)
    }

    /// Calls the function `name` with positional arguments.
    pub(super) fn call(&mut self, name: &str, args: Vec<Val<'a>>) -> Result<Val<'a>> {
        self.call_with(name, args, Vec::new())
    }

    fn call_with(
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
        let id = std::ptr::from_ref(def) as usize;
        if self.running.iter().any(|(r, _)| *r == id) {
            return Err(format!("function {name} called recursively"));
        }
        self.step(def, def.line)?;
        let params: Vec<(&'m str, Option<&'m Node>)> = def
            .params
            .iter()
            .map(|(p, d)| (p.as_str(), d.as_ref()))
            .collect();
        let mut frame = self.bind(&def.name, &params, args, kwargs)?;
        frame.names.extend(def.locals.iter().map(String::as_str));
        while frame.slots.len() < frame.names.len() {
            frame.slots.push(self.var(None));
        }
        self.running.push((id, &def.name));
        let flow = self.stmts(def, &def.body, &mut frame);
        self.running.pop();
        match flow? {
            Flow::Return(v) => Ok(v),
            _ => Ok(Val::None),
        }
    }

    /// A new variable's place.
    fn var(&mut self, v: Option<Val<'a>>) -> usize {
        self.vars.push(v);
        self.vars.len() - 1
    }

    /// The frame of a call, as starlark-go's `setArgs`: the parameters bound.
    fn bind(
        &mut self,
        name: &str,
        params: &[(&'m str, Option<&'m Node>)],
        args: Vec<Val<'a>>,
        kwargs: Vec<(&str, Val<'a>)>,
    ) -> Result<Frame<'m>> {
        let n = params.len();
        if n == 0 && !(args.is_empty() && kwargs.is_empty()) {
            return Err(format!(
                "function {name} accepts no arguments ({} given)",
                args.len() + kwargs.len()
            ));
        }
        if args.len() > n {
            let defaults = params.iter().any(|(_, d)| d.is_some());
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
            let i = params
                .iter()
                .position(|(p, _)| *p == k)
                .ok_or_else(|| format!("function {name} got an unexpected keyword argument {k}"))?;
            let slot = values.get_mut(i).ok_or_else(String::new)?;
            if slot.is_some() {
                return Err(format!(
                    "function {name} got multiple values for parameter {k}"
                ));
            }
            *slot = Some(v);
        }
        let mut missing = Vec::new();
        for (slot, (param, default)) in values.iter_mut().zip(params) {
            if slot.is_none() {
                match default {
                    Some(d) => *slot = Some(self.eval(d, &mut Frame::empty())?),
                    None => missing.push(*param),
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
        Ok(Frame {
            names: params.iter().map(|(p, _)| *p).collect(),
            slots: values.into_iter().map(|v| self.var(v)).collect(),
        })
    }

    fn stmts(
        &mut self,
        def: &'m Def,
        stmts: &'m [Stmt],
        frame: &mut Frame<'m>,
    ) -> Result<Flow<'a>> {
        for stmt in stmts {
            let flow = self.stmt(def, stmt, frame)?;
            if !matches!(flow, Flow::Next) {
                return Ok(flow);
            }
        }
        Ok(Flow::Next)
    }

    fn stmt(&mut self, def: &'m Def, stmt: &'m Stmt, frame: &mut Frame<'m>) -> Result<Flow<'a>> {
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
    fn iterate(&mut self, iter: &'m Node, frame: &mut Frame<'m>) -> Result<Vec<Val<'a>>> {
        let x = self.eval(iter, frame)?;
        let items = builtins::items(&x)
            .ok_or_else(|| format!("{} value is not iterable", x.type_name()))?;
        self.charge(u64::try_from(items.len()).unwrap_or(u64::MAX))?;
        Ok(items)
    }

    fn assign(&mut self, target: &Node, value: Val<'a>, frame: &mut Frame<'m>) -> Result<()> {
        match target {
            Node::Name { name, .. } => {
                let slot = frame
                    .cell(name)
                    .and_then(|i| self.vars.get_mut(i))
                    .ok_or_else(|| format!("undefined: {name}"))?;
                *slot = Some(value);
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

    fn arith(&mut self, op: &str, x: &Val<'a>, y: &Val<'a>) -> Result<Val<'a>> {
        let v = ops::arith(op, x, y)?;
        if let Val::Str(_) | Val::List(_) | Val::Tuple(_) = v {
            let n = ops::len(&v).unwrap_or(0);
            self.charge(u64::try_from(n).unwrap_or(u64::MAX))?;
        }
        Ok(v)
    }

    fn eval(&mut self, node: &'m Node, frame: &mut Frame<'m>) -> Result<Val<'a>> {
        Ok(match node {
            Node::Name { name, .. } => match name.as_str() {
                "None" => Val::None,
                "True" => Val::Bool(true),
                "False" => Val::Bool(false),
                _ => match frame.cell(name) {
                    Some(slot) => self.vars.get(slot).cloned().flatten().ok_or_else(|| {
                        format!("local variable {name} referenced before assignment")
                    })?,
                    None => self.global(name)?,
                },
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
            Node::Dot { x, name, .. } => match self.module_member(x, name, frame) {
                Some(builtin) => Val::Callable(Rc::new(Callable::Builtin(builtin))),
                None => ops::attr(&self.eval(x, frame)?, name)?,
            },
            Node::Index { x, key, .. } => {
                let x = self.eval(x, frame)?;
                let key = self.eval(key, frame)?;
                ops::index(&x, &key)?
            }
            Node::Call { func, args, .. } => self.call_node(func, args, frame)?,
            Node::Lambda { body, .. } => self.closure(node, body, frame),
            Node::Slice { .. } => {
                return Err("unsupported Starlark: refused when the module loaded".to_owned());
            }
        })
    }

    fn all(&mut self, items: &'m [Node], frame: &mut Frame<'m>) -> Result<Vec<Val<'a>>> {
        items.iter().map(|i| self.eval(i, frame)).collect()
    }

    fn binary(
        &mut self,
        op: &str,
        x: &'m Node,
        y: &'m Node,
        frame: &mut Frame<'m>,
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

    fn call_node(
        &mut self,
        func: &'m Node,
        args: &'m [Arg],
        frame: &mut Frame<'m>,
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
            Node::Dot { x, name, .. } if self.module_member(x, name, frame).is_none() => {
                let recv = self.eval(x, frame)?;
                builtins::method(&recv, name, &positional, &keywords)
            }
            Node::Name { name, .. }
                if frame.cell(name).is_none()
                    && BUILTINS.contains(&name.as_str())
                    && !self.module.defs.iter().any(|d| d.name == *name) =>
            {
                builtins::call(self, name, positional, &keywords)
            }
            _ => {
                let f = self.eval(func, frame)?;
                self.call_value(&f, positional, keywords)
            }
        }
    }

    /// Calls a function value.
    fn call_value(
        &mut self,
        f: &Val<'a>,
        args: Vec<Val<'a>>,
        kwargs: Vec<(&str, Val<'a>)>,
    ) -> Result<Val<'a>> {
        let Val::Callable(c) = f else {
            return Err(format!("invalid call of non-function ({})", f.type_name()));
        };
        match &**c {
            Callable::Def(name) => self.call_with(name, args, kwargs),
            Callable::Closure { id, cells } => self.call_closure(*id, cells, args, kwargs),
            Callable::Builtin("assert.fail") => Err(std_modules::fail(&args, &kwargs)),
            Callable::Builtin(name) => {
                let f = std_modules::one_argument(name, &args, &kwargs)?;
                if !matches!(f, Val::Callable(_)) {
                    return Err(format!(
                        "{name}: expected argument to be a function, but was {}",
                        go_type(f)
                    ));
                }
                let result = self.call_value(f, Vec::new(), Vec::new());
                if self.spent() {
                    return result;
                }
                Ok(std_modules::tried(result))
            }
        }
    }

    /// The builtin `x.name` when `x` names a loaded standard module (not a variable).
    fn module_member(&self, x: &Node, name: &str, frame: &Frame<'m>) -> Option<&'static str> {
        let Node::Name { name: m, .. } = x else {
            return None;
        };
        if frame.cell(m).is_some() || !self.module.modules.contains(m) {
            return None;
        }
        std_modules::builtin(m, name)
    }

    /// The value of a name outside the running function: a global (evaluated where named;
    /// its value is fixed), a function of the module, a builtin.
    fn global(&mut self, name: &str) -> Result<Val<'a>> {
        let module = self.module;
        if let Some(g) = module.globals.iter().find(|g| g.name == name) {
            self.charge(1)?;
            return self.eval(&g.value, &mut Frame::empty());
        }
        if module.defs.iter().any(|d| d.name == name) {
            return Ok(Val::Callable(Rc::new(Callable::Def(name.to_owned()))));
        }
        Err(format!("undefined: {name}"))
    }

    /// A lambda made by a running function: the cells of the variables it names.
    fn closure(&mut self, node: &'m Node, body: &'m Node, frame: &Frame<'m>) -> Val<'a> {
        let id = match self.lambdas.iter().position(|l| std::ptr::eq(*l, node)) {
            Some(id) => id,
            None => {
                self.lambdas.push(node);
                self.lambdas.len() - 1
            }
        };
        let cells = free_names(node, body)
            .into_iter()
            .filter_map(|n| Some((n.to_owned(), frame.cell(n)?)))
            .collect();
        Val::Callable(Rc::new(Callable::Closure { id, cells }))
    }

    fn call_closure(
        &mut self,
        id: usize,
        cells: &[(String, usize)],
        args: Vec<Val<'a>>,
        kwargs: Vec<(&str, Val<'a>)>,
    ) -> Result<Val<'a>> {
        let Some(&node) = self.lambdas.get(id) else {
            return Err("a lambda of another call".to_owned());
        };
        let Node::Lambda { params, body, .. } = node else {
            return Err("a lambda of another call".to_owned());
        };
        let address = std::ptr::from_ref(node) as usize;
        if self.running.iter().any(|(r, _)| *r == address) {
            return Err("function lambda called recursively".to_owned());
        }
        self.charge(1)?;
        let params: Vec<(&'m str, Option<&'m Node>)> = params
            .iter()
            .filter_map(|p| p.name.as_deref().map(|n| (n, p.default.as_ref())))
            .collect();
        let bound = self.bind("lambda", &params, args, kwargs)?;
        // The captured variables first, then the parameters (found first: they hide them).
        let mut frame = Frame::empty();
        for name in free_names(node, body) {
            if let Some((_, c)) = cells.iter().find(|(n, _)| n == name) {
                frame.names.push(name);
                frame.slots.push(*c);
            }
        }
        frame.names.extend(bound.names);
        frame.slots.extend(bound.slots);
        self.running.push((address, "lambda"));
        let v = self.eval(body, &mut frame);
        self.running.pop();
        v
    }
}

/// The names a lambda's body uses other than its parameters, in order: those that are
/// variables where it is made are captured.
fn free_names<'m>(node: &'m Node, body: &'m Node) -> Vec<&'m str> {
    let Node::Lambda { params, .. } = node else {
        return Vec::new();
    };
    let mut out: Vec<&'m str> = Vec::new();
    body.walk(&mut |n| {
        if let Node::Name { name, .. } = n {
            let own = params
                .iter()
                .any(|p| p.name.as_deref() == Some(name.as_str()));
            if !own && !out.contains(&name.as_str()) {
                out.push(name.as_str());
            }
        }
    });
    out
}

/// The Go type ytt's `%T` prints for a Starlark value (`assert.try_to`'s error).
fn go_type(v: &Val<'_>) -> &'static str {
    match v {
        Val::None => "starlark.NoneType",
        Val::Bool(_) => "starlark.Bool",
        Val::Int(_) => "starlark.Int",
        Val::Float(_) => "starlark.Float",
        Val::Str(_) => "starlark.String",
        Val::List(_) => "*starlark.List",
        Val::Tuple(_) => "starlark.Tuple",
        Val::Dict(_) => "*starlark.Dict",
        Val::Fragment(_) => "*yamltemplate.StarlarkFragment",
        Val::Ctx { .. } => "*starlarkstruct.Struct",
        Val::Function(_) | Val::Callable(_) => "*starlark.Function",
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
