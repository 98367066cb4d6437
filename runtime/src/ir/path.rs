//! Paths: where in a document a rule reads its values, in the dialect the rule language uses,
//! relative to a root.

use crate::jsonpath::JsonPath;

/// A path of a rule (its values, a guard or a path-valued argument).
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    /// The path relative to [`root`](Self::root), as reports show it: for KubeVirt the text
    /// without `jsonpath::` and one leading `$` (the reference's `Path.Expr()`, the `field` of
    /// a cause).
    pub expr: String,
    /// The text as written in the rule, with any prefix.
    pub source: String,
    /// Where `expr` starts.
    pub root: Root,
    /// The parsed path, from the document's root.
    pub syntax: Syntax,
}

/// Where a path starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Root {
    /// At the document's root.
    Document,
    /// Under these keys from the document's root (KubeVirt rules: `spec`, `template` of the VM).
    Under(&'static [&'static str]),
}

/// A parsed path, in its dialect.
#[derive(Debug, Clone, PartialEq)]
pub enum Syntax {
    /// A client-go `util/jsonpath` template `{<root><expr>}`: the root's keys as `.key` steps,
    /// with `expr` appended textually (so `expr` may start with `[0]` or `..`).
    JsonPath(JsonPath),
}

/// Why a path does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} (in the template {template:?})")]
pub struct PathError {
    /// The text that was parsed (for JSONPath: the template with the root).
    pub template: String,
    /// The parser's message.
    pub message: String,
}

impl Path {
    /// A client-go JSONPath `expr` under `root`, written `source` in the rule: parsed as the
    /// template `{<root as .key steps><expr>}`.
    ///
    /// # Errors
    /// The template does not parse as client-go JSONPath.
    ///
    /// ```
    /// use validgen_runtime::ir::{Path, Root};
    ///
    /// let p = Path::jsonpath("jsonpath::.spec.x", ".spec.x", Root::Under(&["spec", "template"]))?;
    /// assert_eq!(p.expr, ".spec.x");
    /// assert!(Path::jsonpath("jsonpath::[", "[", Root::Document).is_err());
    /// # Ok::<(), validgen_runtime::ir::PathError>(())
    /// ```
    pub fn jsonpath(source: &str, expr: &str, root: Root) -> Result<Path, PathError> {
        let mut template = String::from("{");
        if let Root::Under(keys) = root {
            for k in keys {
                template.push('.');
                template.push_str(k);
            }
        }
        template.push_str(expr);
        template.push('}');
        match JsonPath::parse(&template) {
            Ok(parsed) => Ok(Path {
                expr: expr.to_owned(),
                source: source.to_owned(),
                root,
                syntax: Syntax::JsonPath(parsed),
            }),
            Err(e) => Err(PathError {
                template,
                message: e.to_string(),
            }),
        }
    }

    /// The client-go JSONPath of a [`Syntax::JsonPath`] path.
    pub fn as_jsonpath(&self) -> &JsonPath {
        match &self.syntax {
            Syntax::JsonPath(p) => p,
        }
    }
}
