//! `def` functions with statement bodies, as ytt 0.48 runs them (starlark-go of the k14s fork,
//! ytt's block syntax: a block opened by a line ending in `:` is closed by `end`, indentation
//! does not count): `if`/`elif`/`else`, `for` over lists, tuples, dicts, data values and
//! `range()`, assignments (augmented too), `return` anywhere, `break`/`continue`, local
//! variables, parameters with defaults, calls between the functions of one module, `fail()`.
//!
//! A [`Module`] is the functions of one file (with those it `load()`s from `.star` files); the
//! interpreter runs them with a step budget per call from a rule ([`MAX_STEPS`]: starlark-go
//! has none, and a `for` over a huge `range()` would never end), failing closed with an error
//! naming the file and line. Generated code calls the interpreter too: it carries the
//! module's [`Module::source`] and re-reads it with [`Module::parse`].

mod block;
mod builtins;
mod exec;
mod names;
mod std_modules;

use super::syntax::Node;
use super::val::Val;

/// Statements one call from a rule may run (each statement, loop iteration and call counts
/// one; building a string or list counts its length), before it fails.
pub const MAX_STEPS: u64 = 100_000;

/// One statement of a function's body; `line` is its line in its file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Stmt {
    /// An expression evaluated for its effect (`fail("no")`).
    Expr { x: Node, line: usize },
    /// `target = value`, or `target op= value` (`op` is `+`, `-`, ...).
    Assign {
        target: Node,
        op: Option<&'static str>,
        value: Node,
        line: usize,
    },
    /// `return` or `return x` (`text`: the expression's text).
    Return {
        x: Option<Node>,
        text: String,
        line: usize,
    },
    /// `if`/`elif`/`else` (an `elif` is an `if` in `otherwise`).
    If {
        cond: Node,
        then: Vec<Stmt>,
        otherwise: Vec<Stmt>,
        line: usize,
    },
    /// `for vars in iter:`.
    For {
        vars: Node,
        iter: Node,
        body: Vec<Stmt>,
        line: usize,
    },
    /// `break`.
    Break { line: usize },
    /// `continue`.
    Continue { line: usize },
}

/// One function.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Def {
    /// Its name.
    pub name: String,
    /// Its parameters and their defaults (evaluated at each call; they are constant
    /// expressions, so the value is starlark-go's).
    pub params: Vec<(String, Option<Node>)>,
    /// Names assigned in its body (its local variables besides the parameters).
    pub locals: Vec<String>,
    /// Its body.
    pub body: Vec<Stmt>,
    /// The line of its `def`.
    pub line: usize,
}

/// A global variable of a file (`checks = [a, b]`), evaluated where it is named (its value
/// is fixed: it may name only builtins, functions and globals assigned before it, as
/// starlark-go's module initialisation requires).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Global {
    /// Its name.
    pub name: String,
    /// Its value's expression.
    pub value: Node,
    /// Its line.
    pub line: usize,
}

/// The functions of one file: a schema or data-values file's `#@ def`s, or a `.star` file's,
/// with the functions those load.
#[derive(Debug, Clone, PartialEq)]
pub struct Module {
    /// The file's name, for located errors.
    file: String,
    /// The code lines read (line number, code), for [`Module::source`].
    lines: Vec<(usize, String)>,
    /// The functions.
    defs: Vec<Def>,
    /// The global variables.
    globals: Vec<Global>,
    /// The standard modules loaded (`assert` for `load("@ytt:assert", "assert")`).
    modules: Vec<String>,
    /// The modules merged into this one ([`Module::merge`]).
    loaded: Vec<Module>,
    /// Each loaded file and the functions it brought.
    files: Vec<(String, Vec<String>)>,
}

/// Why a module does not load: the line and the text.
pub type LoadError = (usize, String);

impl Module {
    /// The functions of the code `lines` (line number and text, `#@ ` left out) of `file`,
    /// which may call the functions `loaded` from other files (see [`Module::merge`]).
    ///
    /// # Errors
    /// The first line that is not a function of what validgen runs, and why (a syntax error
    /// as starlark-go's text, `use of reserved keyword 'pass' is not allowed` as ytt's,
    /// `undefined: x`, a construct validgen does not run).
    pub fn from_lines(
        file: &str,
        lines: Vec<(usize, String)>,
        loaded: &[String],
    ) -> Result<Module, LoadError> {
        let block::Top {
            mut defs,
            globals,
            modules,
        } = block::read(&lines)?;
        names::check(&mut defs, &globals, &modules, loaded)?;
        Ok(Module {
            file: file.to_owned(),
            lines,
            defs,
            globals,
            modules,
            loaded: Vec::new(),
            files: Vec::new(),
        })
    }

    /// The module with the functions of `other` added (a `load()`ed file's: the loaded ones
    /// and those they call, one namespace).
    ///
    /// # Errors
    /// A function of both, at its line in `other`: validgen keeps one namespace per run of
    /// functions, so it refuses what starlark-go would keep apart.
    pub fn merge(mut self, other: &Module) -> Result<Module, LoadError> {
        let own: Vec<&str> = self.names().chain(self.global_names()).collect();
        let clash = other
            .defs
            .iter()
            .map(|d| (d.name.as_str(), d.line))
            .chain(other.globals.iter().map(|g| (g.name.as_str(), g.line)))
            .find(|(name, _)| own.contains(name));
        if let Some((name, line)) = clash {
            return Err((
                line,
                format!(
                    "a second function or variable `{name}` (of `{}`) among the loaded ones",
                    other.file
                ),
            ));
        }
        self.defs.extend(other.defs.iter().cloned());
        self.globals.extend(other.globals.iter().cloned());
        for m in &other.modules {
            if !self.modules.contains(m) {
                self.modules.push(m.clone());
            }
        }
        self.files.push((
            other.file.clone(),
            other.defs.iter().map(|d| d.name.clone()).collect(),
        ));
        self.files.extend(other.files.iter().cloned());
        let mut plain = other.clone();
        plain.defs.truncate(other.defs.len() - other.defs_loaded());
        plain
            .globals
            .truncate(other.globals.len() - other.globals_loaded());
        self.loaded.push(plain);
        Ok(self)
    }

    fn defs_loaded(&self) -> usize {
        self.all_loaded().iter().map(|m| m.defs.len()).sum()
    }

    fn globals_loaded(&self) -> usize {
        self.all_loaded().iter().map(|m| m.globals.len()).sum()
    }

    fn global_names(&self) -> impl Iterator<Item = &str> {
        self.globals.iter().map(|g| g.name.as_str())
    }

    /// The module's text, as [`Module::parse`] reads it back: each file (its own, then the
    /// loaded ones) as a line `\u{1}file` and its code lines `line\tcode`.
    pub fn source(&self) -> String {
        let mut out = String::new();
        for m in std::iter::once(self).chain(self.all_loaded()) {
            out.push_str(&format!("\u{1}{}\n", m.file));
            for (line, code) in &m.lines {
                out.push_str(&format!("{line}\t{code}\n"));
            }
        }
        out
    }

    fn all_loaded(&self) -> Vec<&Module> {
        let mut out = Vec::new();
        for m in &self.loaded {
            out.push(m);
            out.extend(m.all_loaded());
        }
        out
    }

    /// Reads back a [`Module::source`].
    ///
    /// # Errors
    /// As [`Module::from_lines`], located `file:line`.
    pub fn parse(source: &str) -> Result<Module, String> {
        let mut parts: Vec<(&str, Vec<(usize, String)>)> = Vec::new();
        for l in source.split('\n') {
            if let Some(file) = l.strip_prefix('\u{1}') {
                parts.push((file, Vec::new()));
            } else if let (Some((_, lines)), Some((n, code))) =
                (parts.last_mut(), l.split_once('\t'))
            {
                lines.push((n.parse().unwrap_or(0), code.to_owned()));
            }
        }
        // Every function of the run is known to each file: the loads were checked when the
        // module was first read.
        let mut modules = Vec::new();
        let all: Vec<String> = parts
            .iter()
            .flat_map(|(_, lines)| lines.iter())
            .filter_map(|(_, code)| {
                let code = code.trim_start();
                match code.strip_prefix("def ") {
                    Some(rest) => Some(rest.split('(').next()?.trim().to_owned()),
                    None => {
                        let (name, rest) = code.split_once('=')?;
                        let name = name.trim();
                        (!rest.starts_with('=')
                            && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
                        .then(|| name.to_owned())
                    }
                }
            })
            .collect();
        for (file, lines) in parts {
            let m = Module::from_lines(file, lines, &all)
                .map_err(|(line, e)| format!("{file}:{line}: {e}"))?;
            modules.push(m);
        }
        let mut modules = modules.into_iter();
        let first = modules.next().ok_or_else(|| "an empty module".to_owned())?;
        modules.try_fold(first, |acc, m| {
            acc.merge(&m).map_err(|(line, e)| format!("{line}: {e}"))
        })
    }

    /// The file the module was read from.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The names of its functions, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.defs.iter().map(|d| d.name.as_str())
    }

    /// The names of its global variables (those of the files it loads too), in order.
    pub fn globals(&self) -> impl Iterator<Item = &str> {
        self.global_names()
    }

    /// The parameters of the function `name` (`None` when there is none).
    pub fn params(&self, name: &str) -> Option<Vec<&str>> {
        self.def(name)
            .map(|d| d.params.iter().map(|(p, _)| p.as_str()).collect())
    }

    /// The function `name` as an expression of its parameters, when its body is one
    /// `return` of an expression that lambdas can hold (so both back ends may inline it):
    /// the parameters (without defaults) and the expression's text.
    pub fn as_expression(&self, name: &str) -> Option<(Vec<&str>, &str)> {
        let def = self.def(name)?;
        if def.params.iter().any(|(_, d)| d.is_some()) {
            return None;
        }
        let [
            Stmt::Return {
                x: Some(x), text, ..
            },
        ] = def.body.as_slice()
        else {
            return None;
        };
        let functions: Vec<&str> = self.names().collect();
        if !super::lower::inlinable(x, &functions) || self.names_values(x, &functions) {
            return None;
        }
        Some((
            def.params.iter().map(|(p, _)| p.as_str()).collect(),
            text.as_str(),
        ))
    }

    /// Whether `x` names a global, a module or a function other than as a call's function:
    /// values that lambdas do not hold.
    fn names_values(&self, x: &Node, functions: &[&str]) -> bool {
        let (mut named, mut called) = (0usize, 0usize);
        x.walk(&mut |n| match n {
            Node::Name { name, .. } => {
                let name = name.as_str();
                if self.global_names().any(|g| g == name) || self.modules.iter().any(|m| m == name)
                {
                    named = usize::MAX / 2;
                } else if functions.contains(&name) {
                    named += 1;
                }
            }
            Node::Call { func, .. } => {
                if matches!(&**func, Node::Name { name, .. } if functions.contains(&name.as_str()))
                {
                    called += 1;
                }
            }
            _ => {}
        });
        named != called
    }

    fn def(&self, name: &str) -> Option<&Def> {
        self.defs.iter().find(|d| d.name == name)
    }

    /// Calls the function `name` with positional `args`, within [`MAX_STEPS`].
    ///
    /// # Errors
    /// starlark-go's text of the error (`fail: too big`, `key "x" not in dict`,
    /// `function f missing 1 argument (ctx)`, `function f called recursively`), or
    /// validgen's when the budget is spent (naming the file and line).
    pub fn call<'a>(&self, name: &str, args: Vec<Val<'a>>) -> Result<Val<'a>, String> {
        exec::Exec::new(self).call(name, args)
    }
}

#[cfg(test)]
mod tests;
