//! `when=` (ytt `validationKwargs.shouldValidate`, `pkg/validations/validate.go`): a function
//! of the value, or of the value and `ctx`, whose result must be a bool.

use serde_json::Value;

use super::Context;
use crate::starlark::Lambda;
use crate::starlark::{Val, interp};

/// Whether the assertions run.
///
/// # Errors
/// ytt's hard error, without the `Validating <path>: ` prefix:
/// `Failed to evaluate when=: function must accept 1 or 2 arguments (3 given)`,
/// `Failure evaluating when=: key "x" not in yamlfragment`,
/// `want when= to be bool, got string` (no truthiness).
pub fn when(v: &Value, ctx: Context<'_>, f: &Lambda) -> Result<bool, String> {
    when_by(v, ctx, f.params.len(), |args| interp::call(f, args))
}

/// [`when`] with the function given as Rust (generated code's compiled lambda) and its number
/// of parameters.
///
/// # Errors
/// As [`when`].
pub fn when_by<'a>(
    v: &'a Value,
    ctx: Context<'a>,
    params: usize,
    f: impl FnOnce(&[Val<'a>]) -> Result<Val<'a>, String>,
) -> Result<bool, String> {
    let value = Val::from_data(v);
    let args = match params {
        1 => vec![value],
        2 => vec![
            value,
            Val::Ctx {
                parent: ctx.parent,
                root: ctx.root,
            },
        ],
        n => {
            return Err(format!(
                "Failed to evaluate when=: function must accept 1 or 2 arguments ({n} given)"
            ));
        }
    };
    match f(&args) {
        Ok(Val::Bool(b)) => Ok(b),
        Ok(other) => Err(format!("want when= to be bool, got {}", other.type_name())),
        Err(message) => Err(format!("Failure evaluating when=: {message}")),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::starlark::{Value as Arg, evaluate_arguments};

    fn guard(text: &str) -> Lambda {
        let args = evaluate_arguments(text).unwrap_or_default();
        match args.keywords.first() {
            Some((_, Arg::Function(f))) => (**f).clone(),
            _ => panic!("not a when=: {text}"),
        }
    }

    #[test]
    fn guards_as_ytt() {
        let root = json!({"mode": "x", "count": 0, "label": "web", "zones": ["a"]});
        let ctx = Context {
            parent: Some(&root),
            root: &root,
        };
        let v = json!("value");
        let run = |t: &str| when(&v, ctx, &guard(t));
        assert_eq!(
            run(r#"when=lambda v, ctx: ctx.parent["mode"] == "x""#),
            Ok(true)
        );
        assert_eq!(run(r#"when=lambda v: v != "value""#), Ok(false));
        assert_eq!(
            run(r#"when=lambda _, ctx: not ctx.parent["count"]"#),
            Ok(true)
        );
        assert_eq!(
            run(r#"when=lambda _, ctx: ctx.parent["label"] or False"#),
            Err("want when= to be bool, got string".to_owned())
        );
        assert_eq!(
            run(r#"when=lambda _, ctx: ctx.parent["zones"]"#),
            Err("want when= to be bool, got yamlfragment".to_owned())
        );
        assert_eq!(
            run("when=lambda: True"),
            Err(
                "Failed to evaluate when=: function must accept 1 or 2 arguments (0 given)"
                    .to_owned()
            )
        );
        assert_eq!(
            run(r#"when=lambda _, ctx: ctx.parent["missing"]"#),
            Err(r#"Failure evaluating when=: key "missing" not in yamlfragment"#.to_owned())
        );
        assert_eq!(
            run(r#"when=lambda _, ctx: ctx.values["mode"] == "a""#),
            Err("Failure evaluating when=: struct has no .values field or method".to_owned())
        );
        assert_eq!(
            run(r#"when=lambda _, ctx: ctx.parent["zones"][3] == "a""#),
            Err("Failure evaluating when=: key 3 not in yamlfragment".to_owned())
        );
    }

    #[test]
    fn document_level_parent_is_none() {
        let root = json!({"a": 1});
        let ctx = Context {
            parent: None,
            root: &root,
        };
        assert_eq!(
            when(
                &root,
                ctx,
                &guard(r#"when=lambda v, ctx: ctx.parent["a"] == 1"#)
            ),
            Err("Failure evaluating when=: unhandled index operation NoneType[string]".to_owned())
        );
    }
}
