//! The arguments of ytt's `@overlay/...` annotations (`by=`, `expects=`, `when=`, `via=`...),
//! which may call the matchers of the `@ytt:overlay` module a file loads
//! (`#@overlay/match by=overlay.subset({"name": "http"})`): as ytt 0.48
//! `pkg/yttlibrary/overlay/api.go` builds them. Running a matcher is the overlay's business
//! (`crate::schema`); here they are only read.

use super::error::{ArgumentsError, ErrorKind, unsupported};
use super::syntax::{Arg, Node};
use super::{Value, lower, parser, resolve};

/// The value of a keyword argument of an `@overlay/...` annotation.
#[derive(Debug, Clone, PartialEq)]
pub enum OverlayValue {
    /// A plain value (an int, a string, a list, a lambda or `def` function...).
    Value(Value),
    /// A matcher built by the `@ytt:overlay` module.
    Matcher(Matcher),
}

/// A function of the `@ytt:overlay` module, as `overlay.<name>(...)` returns it: each is
/// called with three arguments (an index or key, the left node, the new node) and returns a
/// bool (`pkg/yttlibrary/overlay/api.go`).
#[derive(Debug, Clone, PartialEq)]
pub enum Matcher {
    /// `overlay.all`: always true.
    All,
    /// `overlay.index(i)`: the array index is `i`.
    Index(i64),
    /// `overlay.map_key("name")`: both nodes are maps whose values at this key are equal.
    MapKey(String),
    /// `overlay.subset(v)`: the left node holds `v` (maps by key, arrays by index).
    Subset(Value),
    /// `overlay.and_op(f, ...)`: every function is true (in order, stopping at the first false).
    And(Vec<OverlayValue>),
    /// `overlay.or_op(f, ...)`: one of them is true.
    Or(Vec<OverlayValue>),
    /// `overlay.not_op(f)`: `f` is false.
    Not(Box<OverlayValue>),
}

impl Matcher {
    /// The builtin's name, which starlark-go puts before its errors
    /// (`overlay.map_key_matcher: Expected value to be map, but was string`); ytt 0.48 names
    /// `not_op`'s function `overlay.or_op`.
    pub fn name(&self) -> &'static str {
        match self {
            Matcher::All => "overlay.all",
            Matcher::Index(_) => "overlay.index_matcher",
            Matcher::MapKey(_) => "overlay.map_key_matcher",
            Matcher::Subset(_) => "overlay.subset_matcher",
            Matcher::And(_) => "overlay.and_op",
            Matcher::Or(_) | Matcher::Not(_) => "overlay.or_op",
        }
    }
}

/// The keyword arguments of an `@overlay/...` annotation's text, in order; `module` is the
/// name under which the file loads `@ytt:overlay` (`None` when it does not).
///
/// # Errors
/// As [`super::evaluate_arguments`]; a use of the module other than a matcher given as an
/// argument (`overlay.apply`, a matcher inside a lambda, a builtin argument ytt rejects when
/// the file is evaluated) is refused.
pub fn evaluate_overlay_arguments(
    text: &str,
    module: Option<&str>,
) -> Result<Vec<(String, OverlayValue)>, ArgumentsError> {
    let args = parser::parse_arguments(text)?;
    let known: Vec<&str> = module.into_iter().collect();
    if let Some(e) = resolve::resolve_with(&args, &known).first() {
        return Err(e.clone());
    }
    let mut out = Vec::new();
    for arg in &args {
        if let Some(star) = arg.star {
            return Err(unsupported(arg.col, format!("{star} argument")));
        }
        // ytt reads only the keyword arguments of overlay annotations (`Kwargs`).
        if let Some((name, _)) = &arg.name {
            out.push((name.clone(), overlay_value(&arg.value, module)?));
        }
    }
    Ok(out)
}

fn overlay_value(node: &Node, module: Option<&str>) -> Result<OverlayValue, ArgumentsError> {
    let of_module =
        |x: &Node| matches!((x, module), (Node::Name { name, .. }, Some(m)) if name == m);
    match node {
        Node::Dot { x, name, .. } if of_module(x) && name == "all" => {
            Ok(OverlayValue::Matcher(Matcher::All))
        }
        Node::Call { func, args, col } => match &**func {
            Node::Dot { x, name, .. } if of_module(x) => {
                matcher(name, args, *col, module).map(OverlayValue::Matcher)
            }
            _ => plain(node, module),
        },
        _ => plain(node, module),
    }
}

/// A value without matchers; the module named anywhere in it is refused.
fn plain(node: &Node, module: Option<&str>) -> Result<OverlayValue, ArgumentsError> {
    lower::value(node).map(OverlayValue::Value).map_err(|e| {
        let undefined = module.map(|m| format!("undefined: {m}"));
        if e.kind == ErrorKind::Resolve && undefined.as_deref() == Some(e.message.as_str()) {
            unsupported(
                e.column.unwrap_or(1),
                "the `@ytt:overlay` module other than as a matcher argument",
            )
        } else {
            e
        }
    })
}

/// `overlay.<name>(args)`, as ytt 0.48 `api.go` builds it.
fn matcher(
    name: &str,
    args: &[Arg],
    col: usize,
    module: Option<&str>,
) -> Result<Matcher, ArgumentsError> {
    let refuse = |what: &str| unsupported(col, format!("overlay.{name}() {what}"));
    if args.iter().any(|a| a.name.is_some() || a.star.is_some()) {
        return Err(refuse("with keyword or * arguments"));
    }
    let values = || {
        args.iter()
            .map(|a| overlay_value(&a.value, module))
            .collect::<Result<Vec<_>, _>>()
    };
    let one = || -> Result<Value, ArgumentsError> {
        match args {
            [arg] => match overlay_value(&arg.value, module)? {
                OverlayValue::Value(v) => Ok(v),
                OverlayValue::Matcher(_) => Err(refuse("of a matcher")),
            },
            _ => Err(refuse("without exactly one argument")),
        }
    };
    Ok(match name {
        "index" => match one()? {
            Value::Int(i) => Matcher::Index(i),
            _ => return Err(refuse("of a value other than an int")),
        },
        "map_key" => match one()? {
            Value::String(s) => Matcher::MapKey(s),
            _ => return Err(refuse("of a value other than a string")),
        },
        "subset" => match one()? {
            v if holds_function(&v) => return Err(refuse("of a function")),
            v => Matcher::Subset(v),
        },
        "and_op" | "or_op" if args.is_empty() => return Err(refuse("without arguments")),
        "and_op" => Matcher::And(values()?),
        "or_op" => Matcher::Or(values()?),
        "not_op" => match values()?.as_slice() {
            [f] => Matcher::Not(Box::new(f.clone())),
            _ => return Err(refuse("without exactly one argument")),
        },
        _ => {
            return Err(refuse(
                "(validgen reads subset, index, all, map_key, and_op, or_op and not_op)",
            ));
        }
    })
}

fn holds_function(v: &Value) -> bool {
    match v {
        Value::Function(_) => true,
        Value::List(items) | Value::Tuple(items) => items.iter().any(holds_function),
        Value::Dict(entries) => entries
            .iter()
            .any(|(k, v)| holds_function(k) || holds_function(v)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_matchers_and_values() {
        let args = evaluate_overlay_arguments(
            r#"by=overlay.and_op(overlay.subset({"name": "a"}), overlay.not_op(overlay.index(1)), overlay.all), expects="1+""#,
            Some("overlay"),
        );
        let Ok(args) = args else {
            panic!("{args:?}");
        };
        assert_eq!(args.len(), 2);
        let OverlayValue::Matcher(Matcher::And(parts)) = &args[0].1 else {
            panic!("{:?}", args[0]);
        };
        assert_eq!(parts.len(), 3);
        assert_eq!(
            parts[1],
            OverlayValue::Matcher(Matcher::Not(Box::new(OverlayValue::Matcher(
                Matcher::Index(1)
            ))))
        );
        assert_eq!(
            args[1].1,
            OverlayValue::Value(Value::String("1+".to_owned()))
        );
    }

    #[test]
    fn refuses_or_reports_other_uses() {
        let message = |text: &str, module| {
            evaluate_overlay_arguments(text, module)
                .err()
                .map(|e| e.message)
                .unwrap_or_default()
        };
        assert_eq!(message("by=overlay.all", None), "undefined: overlay");
        assert!(message("by=overlay.apply(1)", Some("overlay")).starts_with("unsupported"));
        assert!(message("by=overlay.index(\"a\")", Some("overlay")).starts_with("unsupported"));
        assert!(
            message("by=lambda i, l, r: overlay.all", Some("overlay")).starts_with("unsupported")
        );
    }
}
