//! Regular expressions of `Pattern` and `Matches` checks, with their dialect.

use validgen_ecmaregex::EcmaRegex;
pub use validgen_ecmaregex::LimitExceeded;
use validgen_goregex::GoRegex;

/// A compiled pattern in its dialect.
#[derive(Clone)]
pub enum Regex {
    /// Go `regexp` (RE2 syntax, Go's matching semantics), as KubeVirt rules use.
    Re2(GoRegex),
    /// ECMA-262 (JavaScript `RegExp` with the `u` flag), as JSON Schema `pattern` requires.
    Ecma(EcmaRegex),
}

/// The dialect and the pattern (`Ecma("^a+$")`), which make the automaton: two checks that
/// print alike are alike (the emitter shares definitions that print alike).
impl std::fmt::Debug for Regex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dialect = match self {
            Regex::Re2(_) => "Re2",
            Regex::Ecma(_) => "Ecma",
        };
        f.debug_tuple(dialect).field(&self.as_str()).finish()
    }
}

impl Regex {
    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        match self {
            Regex::Re2(re) => re.as_str(),
            Regex::Ecma(re) => re.as_str(),
        }
    }

    /// Whether `text` contains a match (unanchored).
    ///
    /// # Errors
    /// An ECMA-262 pattern with lookarounds or backreferences took more backtracking steps
    /// than its limit ([`validgen_ecmaregex::BACKTRACK_LIMIT`]): the text neither matches
    /// nor fails to, and the caller reports it.
    // Inlined, as the engine's own: a `patternProperties` key is matched in a few tens of
    // instructions, which two calls would add to.
    #[inline]
    pub fn is_match(&self, text: &str) -> Result<bool, LimitExceeded> {
        match self {
            Regex::Re2(re) => Ok(re.is_match(text)),
            Regex::Ecma(re) => re.is_match(text),
        }
    }
}
