//! ytt: a schema, data values and templates (YAML, annotations, Starlark) run as `ytt` runs
//! them.

use validgen::ytt::run::{Invocation, run};

use super::{files, text};

/// The input is files ([`super::files`]; the first is `schema.yml`), all given with `-f` in
/// order, run twice: with `--data-values-inspect` (schema, data values, validations) and
/// rendering the templates (Starlark). No panic, bounded time (the Starlark step limit), and
/// the outcome is ytt's: exit code 0, or 1 with an error text.
pub fn ytt(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let files = files(text, "schema.yml");
    let read = |name: &str| -> Result<String, String> {
        files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.clone())
            .ok_or_else(|| format!("{name}: no such file"))
    };
    for inspect in [true, false] {
        let invocation = Invocation {
            files: files.iter().map(|(n, _)| n.clone()).collect(),
            data_values_inspect: inspect,
            ..Invocation::default()
        };
        let outcome = run(&invocation, &read);
        match outcome.exit_code {
            0 => {}
            1 => assert!(!outcome.stderr.is_empty(), "a failure without a text"),
            code => panic!("exit code {code}: {outcome:?}"),
        }
    }
}
