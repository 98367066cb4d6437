//! Rule paths: `jsonpath::` strings, relative to the VM's `spec.template`.

use super::RulePathError;
use crate::jsonpath::JsonPath;

/// The prefix every path string starts with.
pub(crate) const PREFIX: &str = "jsonpath::";

/// A path of a rule (`path`, `valid`, or a path-valued argument), as the reference's `path.Path`.
#[derive(Debug, Clone, PartialEq)]
pub struct RulePath {
    /// The text without `jsonpath::` and one leading `$` (the reference's `Path.Expr()`); this is
    /// the `field` of the rule's causes.
    pub expr: String,
    /// The text as written, with the prefix.
    pub source: String,
    /// The parsed client-go template `{.spec.template<expr>}`.
    pub jsonpath: JsonPath,
}

impl RulePath {
    /// Parses a path string: it must start with `jsonpath::`; the rest, less one leading `$`, is
    /// appended textually to `.spec.template` and parsed as the client-go template
    /// `{.spec.template<rest>}`.
    ///
    /// ```
    /// use validgen_runtime::rules::RulePath;
    ///
    /// let p = RulePath::new("jsonpath::$.spec.domain.cpu.cores")?;
    /// assert_eq!(p.expr, ".spec.domain.cpu.cores");
    /// assert!(RulePath::new(".spec.domain.cpu.cores").is_err());
    /// # Ok::<(), validgen_runtime::rules::RulePathError>(())
    /// ```
    pub fn new(text: &str) -> Result<RulePath, RulePathError> {
        let Some(rest) = text.strip_prefix(PREFIX) else {
            return Err(RulePathError::MissingPrefix {
                text: text.to_owned(),
            });
        };
        let expr = rest.strip_prefix('$').unwrap_or(rest);
        let template = format!("{{.spec.template{expr}}}");
        match JsonPath::parse(&template) {
            Ok(jsonpath) => Ok(RulePath {
                expr: expr.to_owned(),
                source: text.to_owned(),
                jsonpath,
            }),
            Err(e) => Err(RulePathError::Syntax {
                text: text.to_owned(),
                template,
                message: e.to_string(),
            }),
        }
    }
}

/// Whether a string argument is a path (the reference's `isJSONPath`).
pub(crate) fn is_path(text: &str) -> bool {
    text.starts_with(PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expr(text: &str) -> Option<String> {
        RulePath::new(text).ok().map(|p| p.expr)
    }

    #[test]
    fn prefix_and_dollar() {
        assert_eq!(expr("jsonpath::.spec.x").as_deref(), Some(".spec.x"));
        assert_eq!(expr("jsonpath::$.spec.x").as_deref(), Some(".spec.x"));
        assert_eq!(expr("jsonpath::$$.spec.x").as_deref(), Some("$.spec.x"));
        assert_eq!(expr("jsonpath::").as_deref(), Some(""));
        assert_eq!(expr("jsonpath::$").as_deref(), Some(""));
        assert_eq!(expr("jsonpath::spec.x").as_deref(), Some("spec.x"));
        for bad in [
            "",
            ".spec.x",
            "$.spec.x",
            "JSONPATH::.spec.x",
            " jsonpath::.x",
            "jsonpath:",
        ] {
            assert_eq!(
                RulePath::new(bad),
                Err(RulePathError::MissingPrefix {
                    text: bad.to_owned()
                }),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn source_and_template() {
        let p = RulePath::new("jsonpath::$.spec.x").ok();
        assert_eq!(
            p.as_ref().map(|p| p.source.as_str()),
            Some("jsonpath::$.spec.x")
        );
        assert_eq!(
            p.map(|p| p.jsonpath),
            JsonPath::parse("{.spec.template.spec.x}").ok()
        );
    }
}
