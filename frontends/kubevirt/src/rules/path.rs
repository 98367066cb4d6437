//! Rule paths: `jsonpath::` strings, relative to the VM's `spec.template`.

use super::RulePathError;
use validgen_core::ir::{Path, Root};
#[cfg(test)]
use validgen_jsonpath::JsonPath;

/// The prefix every path string starts with.
pub(crate) const PREFIX: &str = "jsonpath::";

/// The root of every KubeVirt rule path: the VM's `spec.template`.
pub const ROOT: Root = Root::Under(&["spec", "template"]);

/// Parses a KubeVirt rule path string, as the reference's `path.New`: it must start with
/// `jsonpath::`; the rest, less one leading `$`, is appended textually to `.spec.template` and
/// parsed as the client-go template `{.spec.template<rest>}`.
///
/// ```
/// use validgen_kubevirt::rules::rule_path;
///
/// let p = rule_path("jsonpath::$.spec.domain.cpu.cores")?;
/// assert_eq!(p.expr, ".spec.domain.cpu.cores");
/// assert!(rule_path(".spec.domain.cpu.cores").is_err());
/// # Ok::<(), validgen_kubevirt::rules::RulePathError>(())
/// ```
///
/// # Errors
/// The prefix is missing, or the template does not parse.
pub fn rule_path(text: &str) -> Result<Path, RulePathError> {
    let Some(rest) = text.strip_prefix(PREFIX) else {
        return Err(RulePathError::MissingPrefix {
            text: text.to_owned(),
        });
    };
    let expr = rest.strip_prefix('$').unwrap_or(rest);
    Path::jsonpath(text, expr, ROOT).map_err(|e| RulePathError::Syntax {
        text: text.to_owned(),
        template: e.template,
        message: e.message,
    })
}

/// Whether a string argument is a path (the reference's `isJSONPath`).
pub(crate) fn is_path(text: &str) -> bool {
    text.starts_with(PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expr(text: &str) -> Option<String> {
        rule_path(text).ok().map(|p| p.expr)
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
                rule_path(bad).map(|p| p.expr),
                Err(RulePathError::MissingPrefix {
                    text: bad.to_owned()
                }),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn source_and_template() {
        let p = rule_path("jsonpath::$.spec.x").ok();
        assert_eq!(
            p.as_ref().map(|p| p.source.as_str()),
            Some("jsonpath::$.spec.x")
        );
        assert_eq!(
            p.and_then(|p| p.as_jsonpath().cloned()),
            JsonPath::parse("{.spec.template.spec.x}").ok()
        );
    }
}
