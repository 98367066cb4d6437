//! Go `regexp` on the `regex` crate. Interim stand-in with the final API; replaced on merge.
#![allow(missing_docs)]
#[derive(Debug, Clone)]
pub struct GoRegex {
    source: String,
    re: regex::Regex,
}
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("error parsing regexp: {0}")]
pub struct GoRegexError(String);
impl GoRegex {
    pub fn new(pattern: &str) -> Result<GoRegex, GoRegexError> {
        regex::Regex::new(pattern)
            .map(|re| GoRegex {
                source: pattern.to_owned(),
                re,
            })
            .map_err(|e| GoRegexError(e.to_string()))
    }
    pub fn is_match(&self, s: &str) -> bool {
        self.re.is_match(s)
    }
    pub fn as_str(&self) -> &str {
        &self.source
    }
}
