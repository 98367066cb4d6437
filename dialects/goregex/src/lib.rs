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
//! - Patterns longer than [`limits::MAX_PATTERN_BYTES`], patterns Go accepts whose automaton
//!   in the `regex` crate would exceed [`limits::NFA_SIZE_LIMIT`] (`\pL{1000}` needs about 50 MiB), and patterns compiled by a
//!   review past its [`limits::with_compile_budget`], fail with [`ErrorCode::OverLimit`]
//!   instead of matching: a rule set carried by a VM is untrusted input.
//!
//! Compiled patterns are shared through a bounded cache ([`cache`]).
//!
//! ```
//! use validgen_goregex::GoRegex;
//!
//! let re = GoRegex::new(r"^\d+$").unwrap();
//! assert!(re.is_match("42"));
//! assert!(!re.is_match("٣")); // Go's \d is ASCII only
//! let err = GoRegex::new("q(?=35)").unwrap_err();
//! assert_eq!(err.to_string(), "error parsing regexp: invalid or unsupported Perl syntax: `(?=`");
//! ```

mod ast;
pub mod cache;
mod emit;
pub mod limits;
mod parse;
mod tables;

use std::fmt;
use std::sync::Arc;

use regex_automata::meta;
use regex_automata::util::syntax;

pub use limits::with_compile_budget;
/// Nesting limit given to the `regex` crate: Go allows trees 1000 high and the translation
/// adds at most a few groups per level.
const RUST_NEST_LIMIT: u32 = 4000;

/// Trees up to this height are handed to the `regex` crate on the calling thread; deeper
/// ones (Go allows 1000) on a thread with a large stack, as its compiler recurses.
const INLINE_BUILD_MAX_HEIGHT: u32 = 48;
/// Stack of that thread.
const DEEP_BUILD_STACK: usize = 256 << 20;

/// Why the `regex` crate's engine refused a translation.
enum Refused {
    /// Its automaton is over [`limits::NFA_SIZE_LIMIT`].
    TooBig,
    /// Anything else (not expected for a translation of a pattern Go accepts).
    Other,
}

/// Builds the matcher with the settings of `regex::RegexBuilder` (leftmost-first, UTF-8) and
/// our limits.
fn build_rust(rust: &str, deep: bool) -> Result<meta::Regex, Refused> {
    let build = || {
        let config = meta::Config::new()
            .match_kind(regex_automata::MatchKind::LeftmostFirst)
            .utf8_empty(true)
            .nfa_size_limit(Some(limits::NFA_SIZE_LIMIT))
            .hybrid_cache_capacity(limits::DFA_CACHE_BYTES);
        meta::Builder::new()
            .configure(config)
            .syntax(syntax::Config::new().utf8(true).nest_limit(RUST_NEST_LIMIT))
            .build(rust)
            .map_err(|e| {
                if e.size_limit().is_some() {
                    Refused::TooBig
                } else {
                    Refused::Other
                }
            })
    };
    if !deep {
        return build();
    }
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("goregex-build".to_owned())
            .stack_size(DEEP_BUILD_STACK)
            .spawn_scoped(scope, build)
            .map_err(|_| Refused::Other)
            .and_then(|handle| handle.join().unwrap_or(Err(Refused::Other)))
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
    /// Not Go's: the pattern is valid Go, but compiling it would exceed validgen's limits
    /// ([`limits`]).
    OverLimit,
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
            ErrorCode::OverLimit => "pattern exceeds validgen's regex limits",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A pattern Go's `regexp.Compile` rejects (Go's `*syntax.Error`), or one over validgen's
/// limits ([`ErrorCode::OverLimit`]).
///
/// Displays as Go does: ``error parsing regexp: <code>: `<expr>` ``; over the limits:
/// ``regex `<expr>` exceeds validgen's regex limits (…)``.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoRegexError {
    code: ErrorCode,
    expr: String,
}

impl fmt::Display for GoRegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.code == ErrorCode::OverLimit {
            // The pattern may be long: quote its start only.
            let end = (0..=self.expr.len().min(100))
                .rev()
                .find(|&i| self.expr.is_char_boundary(i))
                .unwrap_or(0);
            let more = if end < self.expr.len() { "…" } else { "" };
            return write!(
                f,
                "regex `{}{more}` exceeds validgen's regex limits (at most {} KiB of pattern \
                 and a {} MiB automaton, within the review's compilation budget; Go's regexp \
                 accepts it)",
                &self.expr[..end],
                limits::MAX_PATTERN_BYTES >> 10,
                limits::NFA_SIZE_LIMIT >> 20
            );
        }
        write!(f, "error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

impl std::error::Error for GoRegexError {}

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
/// once and reuse it; clones share the automaton and its search caches.
#[derive(Debug, Clone)]
pub struct GoRegex(Arc<Compiled>);

#[derive(Debug)]
struct Compiled {
    source: String,
    rust: String,
    regex: meta::Regex,
}

impl GoRegex {
    /// Compiles `pattern` as Go's `regexp.Compile` does, with Go's error when it is invalid.
    ///
    /// Answers from the shared [`cache`] when it can. A pattern longer than
    /// [`limits::MAX_PATTERN_BYTES`], a valid one whose automaton would be over
    /// [`limits::NFA_SIZE_LIMIT`], or one compiled by a review that has spent its
    /// [`with_compile_budget`], is an [`ErrorCode::OverLimit`] error. Should the `regex` crate
    /// refuse a translation for another reason (not expected), the error is Go's
    /// `expression too large`.
    pub fn new(pattern: &str) -> Result<GoRegex, GoRegexError> {
        if let Some(compiled) = cache::get(pattern) {
            return compiled;
        }
        if pattern.len() > limits::MAX_PATTERN_BYTES {
            return Err(GoRegexError {
                code: ErrorCode::OverLimit,
                expr: pattern.to_owned(),
            });
        }
        let tree = match parse::parse(pattern) {
            Ok(t) => t,
            Err(e) => {
                cache::put(pattern, Err(e.clone()), 0);
                return Err(e);
            }
        };
        let error = |code| GoRegexError {
            code,
            expr: pattern.to_owned(),
        };
        if !limits::budget_left() {
            return Err(error(ErrorCode::OverLimit));
        }
        let rust = emit::to_rust(&tree);
        let (compiled, bytes) = match build_rust(&rust, tree.height > INLINE_BUILD_MAX_HEIGHT) {
            Ok(regex) => {
                let bytes = regex.memory_usage() + rust.len() + pattern.len();
                let re = GoRegex(Arc::new(Compiled {
                    source: pattern.to_owned(),
                    rust,
                    regex,
                }));
                (Ok(re), bytes)
            }
            Err(Refused::TooBig) => (Err(error(ErrorCode::OverLimit)), limits::NFA_SIZE_LIMIT),
            Err(Refused::Other) => (Err(error(ErrorCode::Large)), 0),
        };
        limits::charge(bytes);
        cache::put(pattern, compiled.clone(), bytes);
        compiled
    }

    /// Rebuilds a regex from its Go source and a translation made earlier by [`translate`]
    /// (e.g. embedded by the code generator), without parsing the Go syntax again or using the
    /// cache. Uses the same settings and limits as [`GoRegex::new`]; the error is
    /// [`ErrorCode::OverLimit`] or Go's `expression too large` as there.
    pub fn from_translated(source: &str, rust_pattern: &str) -> Result<GoRegex, GoRegexError> {
        // Without the tree, long patterns are assumed possibly deep.
        let deep = rust_pattern.len() > 4 * INLINE_BUILD_MAX_HEIGHT as usize;
        let regex = build_rust(rust_pattern, deep).map_err(|r| GoRegexError {
            code: match r {
                Refused::TooBig => ErrorCode::OverLimit,
                Refused::Other => ErrorCode::Large,
            },
            expr: source.to_owned(),
        })?;
        Ok(GoRegex(Arc::new(Compiled {
            source: source.to_owned(),
            rust: rust_pattern.to_owned(),
            regex,
        })))
    }

    /// Go's `(*Regexp).MatchString`: whether `s` contains a match anywhere (unanchored).
    pub fn is_match(&self, s: &str) -> bool {
        self.0.regex.is_match(s)
    }

    /// The Go source text (what `%s` of a `*regexp.Regexp` prints).
    pub fn as_str(&self) -> &str {
        &self.0.source
    }

    /// The translated pattern for the `regex` crate.
    pub fn rust_pattern(&self) -> &str {
        &self.0.rust
    }
}

impl fmt::Display for GoRegex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.source)
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
