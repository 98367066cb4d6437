//! Go `regexp` (RE2 syntax) on top of the `regex` crate.
//!
//! The template validator compiles `regex` rules with Go's `regexp.Compile`: RE2 syntax with
//! the `Perl` flags, unanchored search, and Go's error text when a pattern is bad. This module
//! reproduces both halves:
//!
//! - the syntax check follows Go's `regexp/syntax` parser (parse.go) step by step, so the
//!   first error found, its code and the text it quotes are Go's
//!   (`error parsing regexp: missing closing ): `(``), including the repetition (1000),
//!   nesting (1000) and size limits;
//! - valid patterns are translated to an equivalent pattern for the `regex` crate, so that
//!   [`GoRegex::is_match`] gives Go's `MatchString` answer: `\d \w \s \b` and POSIX classes
//!   are ASCII-only, `\s` has no `\v`, `\Q…\E` is literal, `[a&&b]` holds two `&`, `\pN` and
//!   `\p{Greek}` are Go's categories and scripts, `(?i)` folds as Go does, and so on.
//!
//! Known differences from Go 1.27 (all confined to unusual patterns):
//!
//! - Unicode data: the `regex` crate has Unicode 16, Go 1.27 Unicode 17, so code points
//!   assigned or re-categorised in 17 may classify differently under `\p{…}` and `(?i)`; the
//!   five scripts new in 17 (Beria_Erfe, Chisoi, Sidetic, Tai_Yo, Tolong_Siki) are their
//!   whole blocks. Case folding is the `regex` crate's simple folding, Go's `SimpleFold`
//!   orbits: the same classes in practice (`k`/`K`/`\u{212A}`, `s`/`ſ`; no `ß`/`ss`).
//! - `\pC` (`\p{Other}`) is taken as Go's table `Cc|Cf|Co|Cs`, without unassigned code
//!   points; script names are matched loosely (case, `_`, `-`, space), as Go's tests
//!   `\p{Canadian_Aboriginal}` and `\p{upper case-let ter}` require.
//! - The `expression too large` and `expression nests too deeply` limits are computed on a
//!   tree shaped like Go's but without its alternation factoring and `a|b` → `[ab]` merging,
//!   so expressions right at those limits with large alternations may be judged differently;
//!   the rune limit is exact for classes of ASCII members, approximated under `(?i)`, and
//!   estimated beyond 32 distinct Unicode classes.
//! - Patterns Go accepts whose automaton in the `regex` crate exceeds 512 MiB (it takes about
//!   50 MiB and a second per `\pL{1000}`) are reported as `expression too large`.
//!
//! ```
//! use validgen_runtime::goregex::GoRegex;
//!
//! let re = GoRegex::new(r"^\d+$").unwrap();
//! assert!(re.is_match("42"));
//! assert!(!re.is_match("٣")); // Go's \d is ASCII only
//! let err = GoRegex::new("q(?=35)").unwrap_err();
//! assert_eq!(err.to_string(), "error parsing regexp: invalid or unsupported Perl syntax: `(?=`");
//! ```

mod ast;
mod emit;
mod parse;
mod tables;

use std::fmt;

/// Size limit given to the `regex` crate: large enough for anything Go accepts (its own limit
/// is about 3.3 million instructions).
const RUST_SIZE_LIMIT: usize = 512 << 20;
/// Nesting limit given to the `regex` crate: Go allows trees 1000 high and the translation
/// adds at most a few groups per level.
const RUST_NEST_LIMIT: u32 = 4000;

/// Trees up to this height are handed to the `regex` crate on the calling thread; deeper
/// ones (Go allows 1000) on a thread with a large stack, as its compiler recurses.
const INLINE_BUILD_MAX_HEIGHT: u32 = 48;
/// Stack of that thread.
const DEEP_BUILD_STACK: usize = 256 << 20;

/// Builds the `regex` crate's matcher; `None` if it refuses the pattern.
fn build_rust(rust: &str, deep: bool) -> Option<regex::Regex> {
    let build = || {
        regex::RegexBuilder::new(rust)
            .size_limit(RUST_SIZE_LIMIT)
            .nest_limit(RUST_NEST_LIMIT)
            .build()
            .ok()
    };
    if !deep {
        return build();
    }
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("goregex-build".to_owned())
            .stack_size(DEEP_BUILD_STACK)
            .spawn_scoped(scope, build)
            .ok()
            .and_then(|handle| handle.join().ok())
            .flatten()
    })
}

/// The error codes of Go's `regexp/syntax` (`ErrorCode`), with Go's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// `regexp/syntax: internal error`.
    InternalError,
    /// `invalid character class`.
    InvalidCharClass,
    /// `invalid character class range` (also unknown `[:name:]` and `\p{Name}`).
    InvalidCharRange,
    /// `invalid escape sequence`.
    InvalidEscape,
    /// `invalid named capture`.
    InvalidNamedCapture,
    /// `invalid or unsupported Perl syntax`.
    InvalidPerlOp,
    /// `invalid nested repetition operator`.
    InvalidRepeatOp,
    /// `invalid repeat count`.
    InvalidRepeatSize,
    /// `invalid UTF-8` (cannot happen with `&str` patterns).
    InvalidUtf8,
    /// `missing closing ]`.
    MissingBracket,
    /// `missing closing )`.
    MissingParen,
    /// `missing argument to repetition operator`.
    MissingRepeatArgument,
    /// `trailing backslash at end of expression`.
    TrailingBackslash,
    /// `unexpected )`.
    UnexpectedParen,
    /// `expression nests too deeply`.
    NestingDepth,
    /// `expression too large`.
    Large,
}

impl ErrorCode {
    /// Go's text for the code.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InternalError => "regexp/syntax: internal error",
            ErrorCode::InvalidCharClass => "invalid character class",
            ErrorCode::InvalidCharRange => "invalid character class range",
            ErrorCode::InvalidEscape => "invalid escape sequence",
            ErrorCode::InvalidNamedCapture => "invalid named capture",
            ErrorCode::InvalidPerlOp => "invalid or unsupported Perl syntax",
            ErrorCode::InvalidRepeatOp => "invalid nested repetition operator",
            ErrorCode::InvalidRepeatSize => "invalid repeat count",
            ErrorCode::InvalidUtf8 => "invalid UTF-8",
            ErrorCode::MissingBracket => "missing closing ]",
            ErrorCode::MissingParen => "missing closing )",
            ErrorCode::MissingRepeatArgument => "missing argument to repetition operator",
            ErrorCode::TrailingBackslash => "trailing backslash at end of expression",
            ErrorCode::UnexpectedParen => "unexpected )",
            ErrorCode::NestingDepth => "expression nests too deeply",
            ErrorCode::Large => "expression too large",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A pattern Go's `regexp.Compile` rejects (Go's `*syntax.Error`).
///
/// Displays as Go does: ``error parsing regexp: <code>: `<expr>` ``.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("error parsing regexp: {}: `{}`", .code.as_str(), .expr)]
pub struct GoRegexError {
    code: ErrorCode,
    expr: String,
}

impl GoRegexError {
    /// Go's error code text, e.g. `missing closing )`.
    pub fn code(&self) -> &str {
        self.code.as_str()
    }

    /// The error code.
    pub fn kind(&self) -> ErrorCode {
        self.code
    }

    /// The part of the expression Go quotes, e.g. `(?=` or `{1001}`.
    pub fn expr(&self) -> &str {
        &self.expr
    }
}

/// A compiled Go regular expression (Go's `*regexp.Regexp` from `regexp.Compile`). Build it
/// once and reuse it.
#[derive(Debug, Clone)]
pub struct GoRegex {
    source: String,
    rust: String,
    regex: regex::Regex,
}

impl GoRegex {
    /// Compiles `pattern` as Go's `regexp.Compile` does, with Go's error when it is invalid.
    ///
    /// Should the `regex` crate refuse a translation Go accepts (only conceivable for
    /// expressions near Go's own size limits), the error is Go's `expression too large`.
    pub fn new(pattern: &str) -> Result<GoRegex, GoRegexError> {
        let tree = parse::parse(pattern)?;
        let rust = emit::to_rust(&tree);
        let too_large = || GoRegexError {
            code: ErrorCode::Large,
            expr: pattern.to_owned(),
        };
        let regex =
            build_rust(&rust, tree.height > INLINE_BUILD_MAX_HEIGHT).ok_or_else(too_large)?;
        Ok(GoRegex {
            source: pattern.to_owned(),
            rust,
            regex,
        })
    }

    /// Rebuilds a regex from its Go source and a translation made earlier by [`translate`]
    /// (e.g. embedded by the code generator), without parsing the Go syntax again. Uses the
    /// same `regex` settings as [`GoRegex::new`]. The error is Go's `expression too large`
    /// should the `regex` crate refuse the translation.
    pub fn from_translated(source: &str, rust_pattern: &str) -> Result<GoRegex, GoRegexError> {
        // Without the tree, long patterns are assumed possibly deep.
        let deep = rust_pattern.len() > 4 * INLINE_BUILD_MAX_HEIGHT as usize;
        let regex = build_rust(rust_pattern, deep).ok_or_else(|| GoRegexError {
            code: ErrorCode::Large,
            expr: source.to_owned(),
        })?;
        Ok(GoRegex {
            source: source.to_owned(),
            rust: rust_pattern.to_owned(),
            regex,
        })
    }

    /// Go's `(*Regexp).MatchString`: whether `s` contains a match anywhere (unanchored).
    pub fn is_match(&self, s: &str) -> bool {
        self.regex.is_match(s)
    }

    /// The Go source text (what `%s` of a `*regexp.Regexp` prints).
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// The translated pattern for the `regex` crate.
    pub fn rust_pattern(&self) -> &str {
        &self.rust
    }
}

impl fmt::Display for GoRegex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

/// Checks `pattern` as Go's `regexp.Compile` does and translates it to an equivalent pattern
/// for the `regex` crate, without building it (for build-time diagnostics).
pub fn translate(pattern: &str) -> Result<String, GoRegexError> {
    let tree = parse::parse(pattern)?;
    Ok(emit::to_rust(&tree))
}

#[cfg(test)]
mod tests;
