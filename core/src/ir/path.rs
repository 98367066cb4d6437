//! Paths: where in a document a rule reads its values, in the dialect the rule language uses,
//! relative to a root.

use validgen_jsonpath::JsonPath;

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
    /// A JSON Pointer (RFC 6901): the reference tokens, unescaped, from the document's root.
    Pointer(Vec<String>),
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
    /// use validgen_core::ir::{Path, Root};
    ///
    /// let p = Path::jsonpath("jsonpath::.spec.x", ".spec.x", Root::Under(&["spec", "template"]))?;
    /// assert_eq!(p.expr, ".spec.x");
    /// assert!(Path::jsonpath("jsonpath::[", "[", Root::Document).is_err());
    /// # Ok::<(), validgen_core::ir::PathError>(())
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

    /// A JSON Pointer (RFC 6901) from the document's root: `""` is the whole document.
    ///
    /// # Errors
    /// A non-empty pointer not starting with `/`, or a `~` not followed by `0` or `1`.
    ///
    /// ```
    /// use validgen_core::ir::{Path, Syntax};
    ///
    /// let p = Path::pointer("/a~1b/0/~0")?;
    /// assert_eq!(p.syntax, Syntax::Pointer(vec!["a/b".into(), "0".into(), "~".into()]));
    /// assert!(Path::pointer("a").is_err());
    /// # Ok::<(), validgen_core::ir::PathError>(())
    /// ```
    pub fn pointer(text: &str) -> Result<Path, PathError> {
        let error = |message: &str| PathError {
            template: text.to_owned(),
            message: message.to_owned(),
        };
        let mut tokens = Vec::new();
        if !text.is_empty() {
            let Some(rest) = text.strip_prefix('/') else {
                return Err(error("a JSON Pointer starts with `/`"));
            };
            for raw in rest.split('/') {
                let mut token = String::with_capacity(raw.len());
                let mut chars = raw.chars();
                while let Some(c) = chars.next() {
                    match (c, c == '~') {
                        (_, false) => token.push(c),
                        (_, true) => match chars.next() {
                            Some('0') => token.push('~'),
                            Some('1') => token.push('/'),
                            _ => return Err(error("`~` must be followed by `0` or `1`")),
                        },
                    }
                }
                tokens.push(token);
            }
        }
        Ok(Path {
            expr: text.to_owned(),
            source: text.to_owned(),
            root: Root::Document,
            syntax: Syntax::Pointer(tokens),
        })
    }

    /// The client-go JSONPath of a [`Syntax::JsonPath`] path.
    pub fn as_jsonpath(&self) -> Option<&JsonPath> {
        match &self.syntax {
            Syntax::JsonPath(p) => Some(p),
            Syntax::Pointer(_) => None,
        }
    }
}
