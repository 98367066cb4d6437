//! ECMA-262 regular expressions (JSON Schema `pattern`, `patternProperties`) on the `regex`
//! crate. PLACEHOLDER: the pattern is handed to the `regex` crate unchanged; the translation
//! with ECMA-262 semantics replaces this module.

use std::fmt;

/// A compiled ECMA-262 pattern.
#[derive(Debug, Clone)]
pub struct EcmaRegex {
    pattern: String,
    re: regex::Regex,
}

/// Why a pattern was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EcmaError {
    /// Byte offset of the offending construct in the pattern.
    pub offset: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for EcmaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for EcmaError {}

impl EcmaRegex {
    /// Compiles `pattern`.
    ///
    /// # Errors
    /// The pattern is not valid ECMA-262, or uses a construct refused.
    pub fn new(pattern: &str) -> Result<Self, EcmaError> {
        let re = regex::Regex::new(pattern).map_err(|e| EcmaError {
            offset: 0,
            message: e.to_string(),
        })?;
        Ok(EcmaRegex {
            pattern: pattern.to_owned(),
            re,
        })
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.pattern
    }

    /// Whether `text` contains a match (unanchored, as `RegExp.prototype.test`).
    pub fn is_match(&self, text: &str) -> bool {
        self.re.is_match(text)
    }
}
