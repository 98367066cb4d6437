//! The members of ytt's standard modules that `def` functions may call, as ytt 0.48 runs them
//! (`pkg/yttlibrary/assert.go`): `assert.fail` and `assert.try_to`. Every other member of a
//! loaded module is refused when its file loads.

use std::borrow::Cow;

use super::super::val::Val;

/// The members validgen runs, as `module.member`.
pub(super) const RUNS: [&str; 2] = ["assert.fail", "assert.try_to"];

/// Whether validgen runs `module.member`.
pub(super) fn runs(module: &str, member: &str) -> bool {
    RUNS.iter()
        .any(|m| m.split_once('.') == Some((module, member)))
}

/// The builtin's name as ytt registers it (`assert.try_to`), for a member validgen runs.
pub(super) fn builtin(module: &str, member: &str) -> Option<&'static str> {
    RUNS.iter()
        .copied()
        .find(|m| m.split_once('.') == Some((module, member)))
}

/// The arguments' count check of ytt's assert functions (`got 2 arguments, want 1`), with
/// the builtin's name in front as ytt's `core.ErrWrapper` puts it.
pub(super) fn one_argument<'v, 'a>(
    name: &str,
    args: &'v [Val<'a>],
    keywords: &[(&str, Val<'a>)],
) -> Result<&'v Val<'a>, String> {
    match (args, keywords.is_empty()) {
        ([x], true) => Ok(x),
        _ => Err(format!(
            "{name}: got {} arguments, want 1",
            args.len() + keywords.len()
        )),
    }
}

/// `assert.fail(message)`: ytt's error `assert.fail: fail: message`.
pub(super) fn fail(args: &[Val<'_>], keywords: &[(&str, Val<'_>)]) -> String {
    match one_argument("assert.fail", args, keywords) {
        Ok(Val::Str(s)) => format!("assert.fail: fail: {s}"),
        Ok(other) => format!(
            "assert.fail: expected a string, but was {}",
            other.type_name()
        ),
        Err(e) => e,
    }
}

/// The result of `assert.try_to` once its function ran: `(value, None)`, or `(None, error)`.
pub(super) fn tried<'a>(result: Result<Val<'a>, String>) -> Val<'a> {
    match result {
        Ok(v) => Val::Tuple(vec![v, Val::None]),
        Err(e) => Val::Tuple(vec![Val::None, Val::Str(Cow::Owned(e))]),
    }
}
