//! A custom rule `("description", lambda v: ...)`, as ytt's `NodeValidation.Validate` runs it
//! (`pkg/validations/validate.go`).

use serde_json::Value;

use super::{Context, found};
use crate::starlark::Lambda;
use crate::starlark::{Val, interp};

/// Calls `f` with the value alone (ytt never passes `ctx` to a rule, so a two-parameter lambda
/// fails with `function lambda missing 1 argument (ctx)`; `_ctx` is unused). Passes only on
/// exactly `True`; any other result is a violation without `found:`; a failure is a violation
/// whose `found:` is Starlark's message.
pub fn custom(v: &Value, _ctx: Context<'_>, f: &Lambda) -> Option<Option<String>> {
    custom_by(v, |args| interp::call(f, args))
}

/// [`custom`] with the function given as Rust (generated code's compiled lambda, which checks
/// its arguments as [`interp::call`] does).
pub fn custom_by<'a>(
    v: &'a Value,
    f: impl FnOnce(&[Val<'a>]) -> Result<Val<'a>, String>,
) -> Option<Option<String>> {
    match f(&[Val::from_data(v)]) {
        Ok(Val::Bool(true)) => None,
        Ok(_) => Some(None),
        // ytt prints a failing rule's error without starlark-go's `fail: ` (and its own
        // `check: `) prefix (`pkg/validations/validate.go` `Validate`).
        Err(message) => {
            let text = message.strip_prefix("fail: ").unwrap_or(&message);
            found(text.strip_prefix("check: ").unwrap_or(text).to_owned())
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::starlark::{Value as Arg, evaluate_arguments};

    fn rule(text: &str) -> Lambda {
        let args = evaluate_arguments(text).unwrap_or_default();
        match args.positional.first() {
            Some(Arg::Tuple(t)) => match t.get(1) {
                Some(Arg::Function(f)) => (**f).clone(),
                _ => panic!("not a rule: {text}"),
            },
            _ => panic!("not a rule: {text}"),
        }
    }

    #[test]
    fn results_as_ytt() {
        let root = json!({"tls": false});
        let ctx = Context {
            parent: None,
            root: &root,
        };
        let v = json!("abc");
        assert_eq!(
            custom(&v, ctx, &rule(r#"("x", lambda v: len(v) > 2)"#)),
            None
        );
        assert_eq!(
            custom(&v, ctx, &rule(r#"("x", lambda v: len(v))"#)),
            Some(None)
        );
        assert_eq!(custom(&v, ctx, &rule(r#"("x", lambda v: v)"#)), Some(None));
        assert_eq!(
            custom(&v, ctx, &rule(r#"("x", lambda v, ctx: True)"#)),
            Some(Some("function lambda missing 1 argument (ctx)".to_owned()))
        );
        assert_eq!(
            custom(&v, ctx, &rule(r#"("x", lambda: True)"#)),
            Some(Some(
                "function lambda accepts no arguments (1 given)".to_owned()
            ))
        );
        assert_eq!(
            custom(&root, ctx, &rule(r#"("x", lambda v: v["tlss"] == True)"#)),
            Some(Some(r#"key "tlss" not in yamlfragment"#.to_owned()))
        );
        assert_eq!(
            custom(&v, ctx, &rule(r#"("x", lambda v: v > 1)"#)),
            Some(Some("string > int not implemented".to_owned()))
        );
        let list = json!(["a", "b"]);
        assert_eq!(
            custom(&list, ctx, &rule(r#"("x", lambda v: v == ["a", "b"])"#)),
            Some(None)
        );
        assert_eq!(
            custom(&list, ctx, &rule(r#"("x", lambda v: 1 in v)"#)),
            None
        );
        assert_eq!(
            custom(&list, ctx, &rule(r#"("x", lambda v: "a" in v)"#)),
            Some(None)
        );
    }
}
