//! CEL expressions type-checked and cost-estimated before they run, as the API server checks a
//! CRD's `x-kubernetes-validations` when the CRD is created (apiextensions-apiserver
//! `pkg/apiserver/schema/cel/compilation.go`, Kubernetes v1.36, on cel-go v0.26's checker and
//! `checker.Cost`). cel 0.13 has neither.
//!
//! - [`decl`]: the declared type of `self` from the structural schema (`SchemaDeclType`);
//! - `infer`: each node's type and cel-go's type errors; `overloads`: the functions known;
//! - `estimate`: the worst-case cost;
//! - [`check`]: all three on one expression, with cel-go's error texts
//!   (`ERROR: <input>:1:6: undefined field 'x'` and its caret lines).
//!
//! What the checker cannot type for certain is `dyn` and never an error: a false refusal would
//! reject a CRD the API server takes.

pub mod decl;
mod estimate;
mod infer;
mod overloads;
mod types;

use std::sync::Arc;

use kube_cel::cel::common::ast::IdedExpr;
use kube_cel::cel::parser::Parser;

pub use decl::{Decl, DeclKind, MAX_REQUEST_SIZE_BYTES};
pub use types::Type;

/// A checked expression: its type and its estimated cost.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The expression's type (`dyn` where not certain).
    pub ty: Type,
    /// The estimated worst-case cost (cel-go `CostEstimate.Max`), before any cardinality.
    pub max_cost: u64,
}

/// Checks `source` with the variables `vars` (`self`, `oldSelf`…), where `self`'s declared type
/// is `root` (for the sizes the cost estimator reads).
///
/// # Errors
/// cel-go's issues text (what follows `compilation failed: ` in the API server's error): one
/// `ERROR: <input>:L:C: <message>` block per error, ordered by position, each with the source
/// line and a caret under the column; or the parser's error when `source` does not parse.
pub fn check(source: &str, vars: &[(&str, Type)], root: &Arc<Decl>) -> Result<Checked, String> {
    let e = Parser::default().parse(source).map_err(|e| e.to_string())?;
    let inferred = infer::infer(&e, vars);
    if !inferred.errors.is_empty() {
        let offsets = Offsets::of(source, &e);
        let mut located: Vec<((usize, usize), &str)> = inferred
            .errors
            .iter()
            .map(|(id, m)| (offsets.line_column(*id), m.as_str()))
            .collect();
        located.sort_by_key(|(at, _)| *at);
        let text: Vec<String> = located
            .into_iter()
            .map(|((line, column), m)| display(source, line, column, m))
            .collect();
        return Err(text.join("\n"));
    }
    let ty = inferred.types.get(&e.id).cloned().unwrap_or(Type::Dyn);
    let max_cost = estimate::estimate(&e, &inferred, root).max;
    Ok(Checked { ty, max_cost })
}

/// Where the parser put each node. cel 0.13 keeps node offsets only in its errors, so the
/// source is parsed again with a stray `)` on a line of its own, which the parser reports
/// after building the same tree: its error carries the offsets. When the trees differ, every
/// node is at the start.
struct Offsets<'s> {
    source: &'s str,
    info: Option<std::sync::Arc<kube_cel::cel::common::ast::SourceInfo>>,
}

impl<'s> Offsets<'s> {
    fn of(source: &'s str, clean: &IdedExpr) -> Offsets<'s> {
        let info = match Parser::default().parse(&format!("{source}\n)")) {
            Err(errors) => errors.errors.into_iter().find_map(|e| e.source_info),
            Ok(_) => None,
        };
        // The same ids must mean the same nodes: the clean tree must parse out of the marked one.
        let same = Parser::default()
            .parse(source)
            .is_ok_and(|again| &again == clean);
        Offsets {
            source,
            info: info.filter(|_| same),
        }
    }

    /// The 1-based line and 0-based column (in characters) of node `id`.
    fn line_column(&self, id: u64) -> (usize, usize) {
        let offset = self
            .info
            .as_ref()
            .and_then(|i| i.offset_for(id))
            .map_or(0, |(start, _)| start as usize);
        let (mut line, mut column) = (1, 0);
        for c in self.source.chars().take(offset) {
            if c == '\n' {
                line += 1;
                column = 0;
            } else {
                column += 1;
            }
        }
        (line, column)
    }
}

/// One error as cel-go's `Error.ToDisplayString` writes it: the location (column 1-based),
/// the message, the source line (tabs as spaces) and a caret line (a wide dot or caret under
/// a multi-byte character).
fn display(source: &str, line: usize, column: usize, message: &str) -> String {
    let mut out = format!("ERROR: <input>:{line}:{}: {message}", column + 1);
    if let Some(snippet) = source.split('\n').nth(line - 1) {
        let snippet = snippet.replace('\t', " ");
        out.push_str("\n | ");
        out.push_str(&snippet);
        out.push_str("\n | ");
        let mut chars = snippet.chars();
        for c in chars.by_ref().take(column) {
            out.push(if c.len_utf8() > 1 { '\u{ff0e}' } else { '.' });
        }
        let at = chars.next();
        out.push(if at.is_some_and(|c| c.len_utf8() > 1) {
            '\u{ff3e}'
        } else {
            '^'
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn spec() -> Arc<Decl> {
        let schema = json!({"type": "object", "properties": {
            "replicas": {"type": "integer"},
            "name": {"type": "string", "maxLength": 8},
            "tags": {"type": "array", "maxItems": 5,
                "items": {"type": "string", "maxLength": 3}},
            "port": {"x-kubernetes-int-or-string": true},
            "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
            "x-mode": {"type": "string"}}});
        Decl::of(&schema, false).expect("a declared type")
    }

    fn checked(source: &str) -> Result<Checked, String> {
        let root = spec();
        let ty = root.ty();
        check(source, &[("self", ty.clone()), ("oldSelf", ty)], &root)
    }

    #[test]
    fn type_errors_are_cel_gos_located_texts() {
        assert_eq!(
            checked("self.replicas + 'x' == 1").expect_err("ill-typed"),
            "ERROR: <input>:1:15: found no matching overload for '_+_' applied to '(int, string)'\n | self.replicas + 'x' == 1\n | ..............^"
        );
        // Several errors, by position; on a second line.
        assert_eq!(
            checked("self.nosuch == 1 &&\n  self.name.first == 'a'").expect_err("two errors"),
            "ERROR: <input>:1:5: undefined field 'nosuch'\n | self.nosuch == 1 &&\n | ....^\nERROR: <input>:2:12: type 'string' does not support field selection\n |   self.name.first == 'a'\n | ...........^"
        );
        assert!(
            checked("self.free.other == 1")
                .expect_err("unknown fields are not declared")
                .contains("undefined field 'other'")
        );
        assert!(
            checked("self.tags.startsWith('a')")
                .expect_err("a list")
                .contains("applied to 'list(string).(string)'")
        );
    }

    #[test]
    fn what_is_not_certain_is_dyn_and_never_refused() {
        for source in [
            "self.port == 1 || self.port == 'http'",
            "self.x__dash__mode == 'on'",
            "self.name.lowerAscii().split('-').size() > 0",
            "format.dns1123Label().validate(self.name).hasValue()",
            "quantity(self.name).isGreaterThan(quantity('1'))",
            "self.tags.map(t, t + '!').all(t, t.endsWith('!'))",
        ] {
            assert!(checked(source).is_ok(), "{source}: {:?}", checked(source));
        }
        assert!(matches!(
            checked("self.tags.all(t, t.size() > 0)").map(|c| c.ty),
            Ok(Type::Bool)
        ));
    }

    #[test]
    fn costs_are_estimated_from_the_schemas_sizes() {
        // The range `self.tags` 2, then per element (at most 5) the loop condition 2 and the
        // step 4 (`@result && t.size() < 10`), then the result 1.
        let c = checked("self.tags.all(t, t.size() < 10)").expect("checks");
        assert_eq!(c.max_cost, 2 + 5 * (2 + 4) + 1);
        // Without `maxItems`, a list holds what a 3 MiB request can: far dearer.
        let root = Decl::of(
            &json!({"type": "array", "items": {"type": "string"}}),
            false,
        )
        .expect("a list");
        let ty = root.ty();
        let c = check("self.all(a, self.all(b, a != b))", &[("self", ty)], &root).expect("checks");
        assert!(c.max_cost > 10_000_000_000, "{}", c.max_cost);
    }
}
