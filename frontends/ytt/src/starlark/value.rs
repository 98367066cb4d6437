//! The values of annotation arguments and how starlark-go prints them (`repr` as `%v`/`String()`,
//! `str` as `str()` and `"{}".format()`), as `starlark/value.go` `writeValue`.

use std::borrow::Cow;
use std::sync::Arc;

use crate::starlark::Lambda;
use crate::starlark::Val;

/// A Starlark value of an annotation argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `None`.
    None,
    /// `True`/`False`.
    Bool(bool),
    /// An int (starlark-go ints are unbounded; validgen keeps 64 bits and refuses more).
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    String(String),
    /// A list.
    List(Vec<Value>),
    /// A tuple.
    Tuple(Vec<Value>),
    /// A dict, entries in insertion order (keys unique under Starlark equality).
    Dict(Vec<(Value, Value)>),
    /// A function (a lambda).
    Function(Arc<Lambda>),
}

impl Value {
    /// The type's name as Starlark prints it (`int`, `string`, `NoneType`, `function`).
    pub fn type_name(&self) -> &'static str {
        self.as_val().type_name()
    }

    /// The value as starlark-go's `String()` prints it, which ytt's `%v` and `%s` use:
    /// strings quoted (`"a"`), floats as `%g` (`2`, `1e+07`), `(1,)`, `<function lambda>`.
    pub fn repr(&self) -> String {
        self.as_val().repr()
    }

    /// The value as Starlark's `str()` prints it: a string as itself, anything else as
    /// [`Value::repr`].
    pub fn str(&self) -> String {
        self.as_val().str()
    }
}

/// Conversions between argument values and the values lambdas see
/// ([`crate::starlark::Val`]).
impl Value {
    /// This argument value as a lambda sees it.
    pub fn as_val(&self) -> Val<'_> {
        match self {
            Value::None => Val::None,
            Value::Bool(b) => Val::Bool(*b),
            Value::Int(i) => Val::Int(*i),
            Value::Float(f) => Val::Float(*f),
            Value::String(s) => Val::Str(Cow::Borrowed(s)),
            Value::List(items) => Val::List(items.iter().map(Value::as_val).collect()),
            Value::Tuple(items) => Val::Tuple(items.iter().map(Value::as_val).collect()),
            Value::Dict(entries) => Val::Dict(
                entries
                    .iter()
                    .map(|(k, v)| (k.as_val(), v.as_val()))
                    .collect(),
            ),
            Value::Function(f) => Val::Function(f),
        }
    }

    /// The argument value of a computed value, if it is one (fragments and `ctx` are not).
    pub fn from_val(v: &Val<'_>) -> Option<Value> {
        Some(match v {
            Val::None => Value::None,
            Val::Bool(b) => Value::Bool(*b),
            Val::Int(i) => Value::Int(*i),
            Val::Float(f) => Value::Float(*f),
            Val::Str(s) => Value::String(s.to_string()),
            Val::List(items) => {
                Value::List(items.iter().map(Value::from_val).collect::<Option<_>>()?)
            }
            Val::Tuple(items) => {
                Value::Tuple(items.iter().map(Value::from_val).collect::<Option<_>>()?)
            }
            Val::Dict(entries) => Value::Dict(
                entries
                    .iter()
                    .map(|(k, v)| Some((Value::from_val(k)?, Value::from_val(v)?)))
                    .collect::<Option<_>>()?,
            ),
            Val::Function(f) => Value::Function(Arc::new((*f).clone())),
            Val::Fragment(_) | Val::Ctx { .. } | Val::Callable(_) => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::starlark::Expr;

    #[test]
    fn repr_and_str_as_starlark_go() {
        let f = Value::Function(Arc::new(Lambda {
            params: vec!["v".to_owned()],
            body: Expr::Bool(true),
            def: None,
        }));
        let list = Value::List(vec![Value::String(String::new()), f]);
        assert_eq!(list.repr(), r#"["", <function lambda>]"#);
        assert_eq!(Value::String("m".to_owned()).repr(), r#""m""#);
        assert_eq!(Value::String("m".to_owned()).str(), "m");
        assert_eq!(Value::Float(2.0).repr(), "2");
        assert_eq!(Value::Float(0.25).str(), "0.25");
        assert_eq!(
            Value::Tuple(vec![Value::String("a".to_owned())]).repr(),
            r#"("a",)"#
        );
        let dict = Value::Dict(vec![
            (
                Value::String("host".to_owned()),
                Value::String("a".to_owned()),
            ),
            (Value::String("port".to_owned()), Value::Int(1)),
        ]);
        assert_eq!(dict.repr(), r#"{"host": "a", "port": 1}"#);
        assert_eq!(
            Value::List(vec![Value::Bool(true), Value::None]).str(),
            "[True, None]"
        );
    }
}
