//! The values a lambda sees while it runs: literals, data values (maps and arrays as ytt's
//! `yamlfragment`, `pkg/yamltemplate/starlark_fragment.go`), and `ctx` (a ytt `struct` with
//! `parent` and `root`, `pkg/validations/validate.go`), borrowing the data they come from.

use std::borrow::Cow;
use std::fmt::Write;
use std::rc::Rc;

use serde_json::Value as Json;

use crate::starlark::Lambda;
use validgen_gotext::strconv::{format_float, quote};

/// A Starlark value during evaluation.
#[derive(Debug, Clone)]
pub enum Val<'a> {
    /// `None` (also a null data value).
    None,
    /// A bool.
    Bool(bool),
    /// An int.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    Str(Cow<'a, str>),
    /// A list (a literal or computed one; a data-value array is a [`Val::Fragment`]).
    List(Vec<Val<'a>>),
    /// A tuple.
    Tuple(Vec<Val<'a>>),
    /// A dict, entries in insertion order.
    Dict(Vec<(Val<'a>, Val<'a>)>),
    /// A data-value map or array (a JSON object or array): ytt's `yamlfragment`.
    Fragment(&'a Json),
    /// `ctx` of a two-parameter `when=`: a `struct` with `parent` and `root`.
    Ctx {
        /// The map or array holding the value; `None` for the document.
        parent: Option<&'a Json>,
        /// The document's value.
        root: &'a Json,
    },
    /// A function.
    Function(&'a Lambda),
    /// A function value inside `def` functions: a function of the module, a lambda made by
    /// a running function, or a builtin of a loaded standard module.
    Callable(Rc<Callable>),
}

/// A function value of the interpreter of `def` functions.
#[derive(Debug)]
pub enum Callable {
    /// The module's function of this name.
    Def(String),
    /// A lambda made inside a function: the lambda (its place in the running call's
    /// registry) and the cells of the variables it names from the enclosing functions.
    Closure {
        /// The lambda's index in the call's registry.
        id: usize,
        /// The variables it names from the functions enclosing it, and their cells (the
        /// call's variables, shared: a lambda sees a variable's value when it runs, as
        /// starlark-go's cells).
        cells: Vec<(String, usize)>,
    },
    /// A builtin of a loaded standard module (`assert.try_to`).
    Builtin(&'static str),
}

impl<'a> Val<'a> {
    /// A data value: maps and arrays as fragments, numbers as ints when they fit 64 bits.
    pub fn from_data(v: &'a Json) -> Self {
        match v {
            Json::Null => Val::None,
            Json::Bool(b) => Val::Bool(*b),
            Json::Number(n) => match n.as_i64() {
                Some(i) => Val::Int(i),
                None => Val::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Json::String(s) => Val::Str(Cow::Borrowed(s)),
            Json::Object(_) | Json::Array(_) => Val::Fragment(v),
        }
    }

    /// A literal given as JSON (a rule's bound): arrays as lists, objects as dicts with string
    /// keys, never fragments.
    pub fn from_literal_json(v: &'a Json) -> Self {
        match v {
            Json::Array(items) => Val::List(items.iter().map(Val::from_literal_json).collect()),
            Json::Object(map) => Val::Dict(
                map.iter()
                    .map(|(k, v)| (Val::Str(Cow::Borrowed(k)), Val::from_literal_json(v)))
                    .collect(),
            ),
            scalar => Val::from_data(scalar),
        }
    }

    /// The type's name as starlark-go prints it (`yamlfragment`, `struct`, `NoneType`).
    pub fn type_name(&self) -> &'static str {
        match self {
            Val::None => "NoneType",
            Val::Bool(_) => "bool",
            Val::Int(_) => "int",
            Val::Float(_) => "float",
            Val::Str(_) => "string",
            Val::List(_) => "list",
            Val::Tuple(_) => "tuple",
            Val::Dict(_) => "dict",
            Val::Fragment(_) => "yamlfragment",
            Val::Ctx { .. } => "struct",
            Val::Function(_) => "function",
            Val::Callable(c) => match **c {
                Callable::Builtin(_) => "builtin_function_or_method",
                _ => "function",
            },
        }
    }

    /// Starlark truthiness: `None`, `False`, `0`, `0.0`, empty strings and containers
    /// (fragments included) are false.
    pub fn truth(&self) -> bool {
        match self {
            Val::None => false,
            Val::Bool(b) => *b,
            Val::Int(i) => *i != 0,
            Val::Float(f) => *f != 0.0,
            Val::Str(s) => !s.is_empty(),
            Val::List(items) | Val::Tuple(items) => !items.is_empty(),
            Val::Dict(entries) => !entries.is_empty(),
            Val::Fragment(v) => fragment_len(v) > 0,
            Val::Ctx { .. } | Val::Function(_) | Val::Callable(_) => true,
        }
    }

    /// As starlark-go's `String()` (ytt's `%v`): `yamlfragment(*yamlmeta.Map)` for a map
    /// fragment, `struct(...)` for `ctx`.
    pub fn repr(&self) -> String {
        let mut out = String::new();
        self.write_repr(&mut out);
        out
    }

    /// As Starlark's `str()`: a string as itself, anything else as [`Val::repr`].
    pub fn str(&self) -> String {
        match self {
            Val::Str(s) => s.to_string(),
            v => v.repr(),
        }
    }

    fn write_repr(&self, out: &mut String) {
        match self {
            Val::None => out.push_str("None"),
            Val::Bool(true) => out.push_str("True"),
            Val::Bool(false) => out.push_str("False"),
            Val::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Val::Float(f) => out.push_str(&format_float(*f)),
            Val::Str(s) => out.push_str(&quote(s)),
            Val::List(items) => {
                out.push('[');
                write_items(out, items);
                out.push(']');
            }
            Val::Tuple(items) => {
                out.push('(');
                write_items(out, items);
                if items.len() == 1 {
                    out.push(',');
                }
                out.push(')');
            }
            Val::Dict(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    k.write_repr(out);
                    out.push_str(": ");
                    v.write_repr(out);
                }
                out.push('}');
            }
            Val::Fragment(Json::Array(_)) => out.push_str("yamlfragment(*yamlmeta.Array)"),
            Val::Fragment(_) => out.push_str("yamlfragment(*yamlmeta.Map)"),
            Val::Ctx { .. } => out.push_str("struct(...)"),
            Val::Function(_) => out.push_str("<function lambda>"),
            Val::Callable(c) => match &**c {
                Callable::Def(name) => {
                    let _ = write!(out, "<function {name}>");
                }
                Callable::Closure { .. } => out.push_str("<function lambda>"),
                Callable::Builtin(name) => {
                    let _ = write!(out, "<built-in function {name}>");
                }
            },
        }
    }
}

fn write_items(out: &mut String, items: &[Val<'_>]) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        item.write_repr(out);
    }
}

/// The number of entries of a data map or items of a data array (0 for anything else).
pub(crate) fn fragment_len(v: &Json) -> usize {
    match v {
        Json::Object(map) => map.len(),
        Json::Array(items) => items.len(),
        _ => 0,
    }
}
