//! CEL expressions type-checked and cost-estimated before they run, as the API server checks a
//! CRD's `x-kubernetes-validations` when the CRD is created (apiextensions-apiserver
//! `pkg/apiserver/schema/cel/compilation.go`, Kubernetes v1.36, on cel-go v0.26's checker and
//! `checker.Cost`). cel 0.13 has neither.
//!
//! - [`decl`]: the declared type of `self` from the structural schema (`SchemaDeclType`);
//! - `infer`: each node's type and cel-go's type errors; `overloads` and `library`: the
//!   functions declared;
//! - `literals` and `format`: the checks of constant arguments (regular expressions,
//!   durations, timestamps, format strings);
//! - `estimate`: the worst-case cost;
//! - [`check`]: all three on one expression, with cel-go's error texts
//!   (`ERROR: <input>:1:6: undefined field 'x'` and its caret lines).
//!
//! The API server's macros that cel 0.13's parser leaves calls are expanded first, as cel-go
//! expands them (`expand`). What the checker cannot type for certain (a protobuf message
//! literal) is `dyn` and never an error, and the result says so ([`Checked::certain`]): a false
//! refusal would reject a CRD the API server takes.

pub mod decl;
mod estimate;
mod exists_one;
mod expand;
mod format;
mod infer;
mod library;
mod literals;
mod overloads;
mod types;

use std::sync::Arc;

use kube_cel::cel::common::ast::{Expr, IdedExpr, LiteralValue};

pub use decl::{Decl, DeclKind, MAX_REQUEST_SIZE_BYTES};
pub use types::Type;

/// A checked expression: its type and its estimated cost.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The expression's type.
    pub ty: Type,
    /// Whether `ty` is the type cel-go gives: false when the expression holds what the checker
    /// cannot type (a protobuf message literal), whose `dyn` may be anything.
    pub certain: bool,
    /// The estimated worst-case cost (cel-go `CostEstimate.Max`), before any cardinality.
    pub max_cost: u64,
    /// Why the API server could not plan the expression's program though it checks (a
    /// literal pattern of `find` or `findAll` Go's `regexp` refuses: `error parsing regexp:
    /// …`; a conversion of a literal that fails when folded: `unsigned integer overflow`).
    pub planning_error: Option<String>,
    /// The declared variables the expression reads, in the order first read (cel-go's
    /// reference map: compilation.go's `UsesOldSelf`).
    pub variables: Vec<String>,
}

/// Checks `source` with the variables `vars` (`self`, `oldSelf`…), where `self`'s declared type
/// is `root` (for the sizes the cost estimator reads).
///
/// # Errors
/// cel-go's issues text (what follows `compilation failed: ` in the API server's error): one
/// `ERROR: <input>:L:C: <message>` block per error (type errors, else the validators' errors
/// of constant arguments), ordered by position, each with the source line and a caret under
/// the column; or the parser's error when `source` does not parse.
pub fn check(source: &str, vars: &[(&str, Type)], root: &Arc<Decl>) -> Result<Checked, String> {
    let parsed = crate::parse(source).map_err(|e| e.to_string())?;
    let expanded = expand::expand(&parsed);
    let e = expanded.expr;
    let inferred = infer::infer(&e, vars);
    // cel-go's parser reports the macros' errors; its validators run once the expression
    // type-checks.
    let errors = if !expanded.errors.is_empty() {
        expanded.errors
    } else if inferred.errors.is_empty() {
        literals::validate(&e, &inferred.types)
    } else {
        inferred.errors.clone()
    };
    // A two-argument `existsOne` is a call of an undeclared function to the API server.
    let offsets =
        (!errors.is_empty() || exists_one::expanded(&parsed)).then(|| Offsets::of(source, &parsed));
    let undeclared = offsets
        .as_ref()
        .map(|o| exists_one::undeclared(source, &parsed, o))
        .unwrap_or_default();
    if let Some(offsets) = offsets.filter(|_| !errors.is_empty() || !undeclared.is_empty()) {
        // cel-go locates a negative number at its sign; cel 0.13 at its digits.
        let mut signed = Vec::new();
        literals::visit(&e, &mut |n| {
            if let Expr::Literal(LiteralValue::Int(v)) = &n.expr
                && **v < 0
            {
                signed.push(n.id);
            }
            if let Expr::Literal(LiteralValue::Double(v)) = &n.expr
                && **v < 0.0
            {
                signed.push(n.id);
            }
        });
        let mut located: Vec<((usize, usize), &str)> = errors
            .iter()
            .map(|(id, m)| {
                // A node of a macro's expansion is where the macro's call is.
                let at = expanded.origin.get(id).unwrap_or(id);
                (offsets.line_column(*at, signed.contains(id)), m.as_str())
            })
            .chain(
                undeclared
                    .iter()
                    .map(|(at, m)| (offsets.line_column_at(*at), m.as_str())),
            )
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
    Ok(Checked {
        ty,
        certain: !inferred.uncertain,
        max_cost,
        planning_error: literals::planning_error(&e),
        variables: inferred.referenced,
    })
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
        let info = match crate::parse(&format!("{source}\n)")) {
            Err(errors) => errors.errors.into_iter().find_map(|e| e.source_info),
            Ok(_) => None,
        };
        // The same ids must mean the same nodes: the clean tree must parse out of the marked one.
        let same = crate::parse(source).is_ok_and(|again| &again == clean);
        Offsets {
            source,
            info: info.filter(|_| same),
        }
    }

    /// The byte offset of node `id`, if known.
    fn offset(&self, id: u64) -> Option<usize> {
        self.info
            .as_ref()
            .and_then(|i| i.offset_for(id))
            .map(|(start, _)| start as usize)
    }

    /// The 1-based line and 0-based column (in characters) of node `id`; with `signed`, of
    /// the `-` before it. cel 0.13's offsets count bytes.
    fn line_column(&self, id: u64, signed: bool) -> (usize, usize) {
        let mut offset = self.offset(id).unwrap_or(0);
        if signed
            && let Some(before) = self.source.get(..offset)
            && before.trim_end().ends_with('-')
        {
            offset = before.trim_end().len() - 1;
        }
        self.line_column_at(offset)
    }

    /// The 1-based line and 0-based column (in characters) of byte `offset`.
    fn line_column_at(&self, offset: usize) -> (usize, usize) {
        let (mut line, mut column) = (1, 0);
        for (_, c) in self.source.char_indices().take_while(|(i, _)| *i < offset) {
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
    fn library_calls_are_typed_by_their_overloads() {
        let ty = |source: &str| checked(source).map(|c| c.ty.to_string());
        for (source, expected) in [
            ("self.name.lowerAscii().split('-')", "list(string)"),
            (
                "format.dns1123Label().validate(self.name)",
                "optional_type(list(string))",
            ),
            ("quantity(self.name).add(1)", "kubernetes.Quantity"),
            ("self.tags.first()", "optional_type(string)"),
            ("optional.none()", "optional_type(dyn)"),
            ("self.tags.map(t, t + '!').all(t, t.endsWith('!'))", "bool"),
            ("type(self.replicas)", "type(int)"),
            ("dyn(self.replicas)", "dyn"),
            ("self.port", "dyn"),
        ] {
            assert_eq!(ty(source).as_deref(), Ok(expected), "{source}");
        }
        for (source, error) in [
            (
                "self.name.charAt('a')",
                "found no matching overload for 'charAt' applied to 'string.(string)'",
            ),
            (
                "quantity(self.name).sign()",
                "for 'sign' applied to 'kubernetes.Quantity.()'",
            ),
            (
                "sets.contains(self.tags, [1])",
                "for 'sets.contains' applied to '(list(string), list(int))'",
            ),
            (
                "self.name.nosuch()",
                "undeclared reference to 'nosuch' (in container '')",
            ),
            ("self.name.matches('[')", "1:19: invalid matches argument"),
            (
                "duration('1d') > duration('1s')",
                "1:10: invalid duration argument",
            ),
        ] {
            let e = checked(source).expect_err(source);
            assert!(e.contains(error), "{source}: {e}");
        }
        // A pattern of `find` fails the program's planning, not the check.
        let c = checked("self.name.find('(') == ''").expect("checks");
        assert_eq!(
            c.planning_error.as_deref(),
            Some("error parsing regexp: missing closing ): `(`")
        );
    }

    #[test]
    fn the_servers_macros_and_optional_syntax_are_typed_as_cel_go_expands_them() {
        let ty = |source: &str| checked(source).map(|c| c.ty.to_string());
        for (source, expected) in [
            ("self.tags.all(i, t, t.size() > i)", "bool"),
            ("self.tags.existsOne(i, t, t == 'a')", "bool"),
            (
                "self.tags.transformList(i, t, i > 0, t + '!')",
                "list(string)",
            ),
            ("self.tags.transformMap(i, t, t.size())", "map(int, int)"),
            (
                "self.tags.transformMapEntry(i, t, {t: i})",
                "map(string, int)",
            ),
            ("self.tags.sortBy(t, t.size())", "list(string)"),
            ("self.?name", "optional_type(string)"),
            ("self.?name.optMap(n, n.size())", "optional_type(int)"),
            ("self.tags[?0].orValue('')", "string"),
            ("[?self.?name, self.name]", "list(string)"),
            ("{?'a': optional.of(1)}", "map(string, int)"),
        ] {
            assert_eq!(ty(source).as_deref(), Ok(expected), "{source}");
        }
        // Still what they read: `oldSelf` here.
        let c = checked("self.tags.all(i, t, oldSelf.tags[i] == t)").expect("checks");
        assert_eq!(c.variables, ["self", "oldSelf"]);
        for (source, error) in [
            (
                "self.tags.all(i, t, t + 1 > 0)",
                "1:23: found no matching overload for '_+_' applied to '(string, int)'",
            ),
            (
                "self.tags.all(i, i, true)",
                "1:18: duplicate variable name: i",
            ),
            ("self.tags.sortBy(t, self)", "@sortByAssociatedKeys"),
            (
                "[?self.name]",
                "expected type 'optional_type(string)' but found 'string'",
            ),
        ] {
            let e = checked(source).expect_err(source);
            assert!(e.contains(error), "{source}: {e}");
        }
        // Each element of the range costs its body: at most 5 tags, as a one-variable `all`.
        let two = checked("self.tags.all(i, t, t.size() < 10)").expect("checks");
        let one = checked("self.tags.all(t, t.size() < 10)").expect("checks");
        assert_eq!(two.max_cost, one.max_cost);
    }

    #[test]
    fn optional_old_self_is_an_optional_of_self() {
        let root = spec();
        let ty = root.ty();
        let vars = [
            ("self", ty.clone()),
            ("oldSelf", Type::Optional(Box::new(ty))),
        ];
        let c = check(
            "oldSelf.orValue(self).replicas <= self.replicas",
            &vars,
            &root,
        );
        assert!(c.is_ok_and(|c| c.variables == ["oldSelf", "self"]));
        let e = check("oldSelf.replicas == self.replicas", &vars, &root).expect_err("optional");
        assert!(e.contains("'(optional_type(int), int)'"), "{e}");
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
