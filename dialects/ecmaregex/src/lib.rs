//! ECMA-262 regular expressions (JSON Schema `pattern`, `patternProperties`) on the `regex`
//! crate.
//!
//! JSON Schema defines `pattern` as an ECMA-262 regular expression matched as
//! `RegExp.prototype.test` does: an unanchored search. Patterns are Unicode-aware, so they are
//! read as with the `u` flag (no Annex B leniency), and no other flag is set.
//!
//! # How ECMA semantics are obtained
//!
//! A recursive-descent parser of the ECMA-262 `Pattern` grammar (Unicode mode, named groups)
//! checks the pattern and translates it, construct by construct, into a pattern for the
//! `regex` crate whose `is_match` answers as `RegExp.prototype.test` would:
//!
//! - `\d` is `[0-9]`, `\w` is `[A-Za-z0-9_]`, `\b` / `\B` are ASCII word boundaries
//!   (`(?-u:\b)`), whereas the `regex` crate's are Unicode-aware;
//! - `\s` is ECMA's WhiteSpace and LineTerminator: TAB, VT, FF, SP, U+00A0, U+FEFF, the `Zs`
//!   category, LF, CR, U+2028, U+2029;
//! - `.` matches any code point but LF, CR, U+2028 and U+2029; `^` and `$` are the start and
//!   the end of the input only (no trailing-newline exception, no multiline flag);
//! - escapes `\t \n \v \f \r`, `\cX`, `\0`, `\xHH`, `\uHHHH`, `\u{H…}` are decoded, a
//!   surrogate pair `\uD83D\uDE00` is one code point, `[\b]` is U+0008; only syntax characters
//!   and `/` (and `-` in a class) may be escaped as themselves, so `\a` or `\-` outside a class
//!   is an error, as in Unicode mode;
//! - `\p{…}` / `\P{…}` take exactly the names of ECMA-262 (case-sensitive):
//!   `General_Category` values (`\p{L}`, `\p{Letter}`, `\p{gc=Lu}`, `\p{digit}`), `Script` and
//!   `Script_Extensions` values (`\p{sc=Greek}`, `\p{scx=Grek}`) and the binary properties
//!   (`\p{Alphabetic}`, `\p{ASCII}`, `\p{Any}`…), mapped to the `regex` crate's tables;
//! - quantifiers (greedy or lazy), classes with ranges and negation (`[]` matches nothing,
//!   `[^]` anything), groups, non-capturing and named groups (names are checked; captures are
//!   not needed to answer `is_match`).
//!
//! # Lookarounds and backreferences: bounded backtracking
//!
//! A pattern with lookahead `(?=…)` `(?!…)`, lookbehind `(?<=…)` `(?<!…)` (of any width) or
//! backreferences `\1` `\k<name>` is translated the same way for `fancy-regex`, whose
//! backtracking VM runs those constructs and hands the rest of the pattern to the `regex`
//! crate. Every other pattern stays on the `regex` crate alone, in linear time. Backtracking
//! can take time exponential in the text (`^(?=a)(a|a)*$` on `aaa…b`), so each match may take
//! at most [`BACKTRACK_LIMIT`] steps: past it, [`EcmaRegex::is_match`] is
//! [`LimitExceeded`], which a validator reports as a violation, never a pass. The jsonschema
//! crate does the same (its `PatternOptions::fancy_regex().backtrack_limit`). As ECMA-262
//! says, a backreference to a group that took no part in the match matches the empty string
//! (`fancy-regex` would fail it: the translation is `(?(1)\1|)`), and `\b` is ASCII.
//!
//! # Refused
//!
//! Patterns are refused with an [`EcmaError`] naming the construct and its byte offset:
//!
//! - the ES2025 modifiers `(?i:…)` and the binary property `Changes_When_NFKC_Casefolded`
//!   (no table in the `regex` crate);
//! - syntax errors: unbalanced parentheses or brackets, `{2,1}`, a lone `{`, `}` or `]`, a
//!   dangling `\`, nothing to repeat (`*a`, `^*`, `(?=a)*`, `a**`), invalid escapes and
//!   property names, a backreference to no group, out-of-order class ranges, duplicate group
//!   names (unless in different alternatives);
//! - patterns over validgen's limits (they are untrusted input): longer than
//!   [`MAX_PATTERN_BYTES`], nesting groups deeper
//!   than [`MAX_NESTING`], repetition counts over `u32::MAX`, or whose automaton would exceed
//!   [`NFA_SIZE_LIMIT`] (`\p{L}{1000}`).
//!
//! # Known differences
//!
//! - Input is a Rust `&str`: it cannot hold lone surrogates, so a pattern's lone surrogate
//!   (`\uD800`) matches nothing here, while JavaScript could match it in a malformed string.
//! - Unicode data is the `regex` crate's (Unicode 16), which may lag the JavaScript engine's.
//! - Group names are checked against `ID_Start` / `ID_Continue` of the same data.
//! - With backreferences, a group inside a repeated group keeps its capture from an earlier
//!   iteration where ECMA-262 clears it at each iteration (RepeatMatcher), and a
//!   backreference inside a lookbehind is matched forwards.
//!
//! ```
//! use validgen_ecmaregex::EcmaRegex;
//!
//! let re = EcmaRegex::new(r"^\d+$").unwrap();
//! assert_eq!(re.is_match("42"), Ok(true));
//! assert_eq!(re.is_match("٣"), Ok(false)); // ECMA's \d is ASCII only
//! let password = EcmaRegex::new(r"^(?=.*\d)(?!.*(.)\1)").unwrap();
//! assert_eq!(password.is_match("a1b2"), Ok(true));
//! assert_eq!(password.is_match("a11"), Ok(false));
//! let err = EcmaRegex::new("a(?=b)*").unwrap_err();
//! assert_eq!(err.offset, 6);
//! ```

mod first;
mod parse;
mod simple;
mod tables;

use std::fmt;
use std::sync::Arc;

use regex_automata::meta;
use regex_automata::util::syntax;

pub use parse::{MAX_NESTING, Translation};

/// Longest pattern compiled, in bytes: a schema is untrusted input, and the `regex` crate
/// parses the translation of a pattern before it can tell its automaton is too large.
/// 64 KiB holds the largest pattern of real schemas seen (46 kB, an alternation of names in
/// a public schema collection, issue #32); parsing is linear in it, and [`NFA_SIZE_LIMIT`]
/// bounds what is built.
pub const MAX_PATTERN_BYTES: usize = 64 << 10;
/// Backtracking steps one match of a pattern with lookarounds or backreferences may take
/// (`fancy-regex`'s `backtrack_limit`, whose default this is): past it the match is
/// [`LimitExceeded`], never a pass or a fail.
pub const BACKTRACK_LIMIT: usize = 1_000_000;
/// Largest automaton (Thompson NFA, in bytes) of one pattern: the `regex` crate's
/// `size_limit`, applied to the forward and the reverse automaton each.
pub const NFA_SIZE_LIMIT: usize = 2 << 20;
/// Largest lazy-DFA cache of one pattern, in bytes (per search thread; the `regex` crate's
/// `dfa_size_limit`, whose default this is).
pub const DFA_CACHE_BYTES: usize = 2 << 20;

/// Nesting limit given to the `regex` crate (its default): the translation of a pattern
/// within [`MAX_NESTING`] stays under it.
const RUST_NEST_LIMIT: u32 = 250;

/// A compiled ECMA-262 pattern. Clones share the automaton.
#[derive(Debug, Clone)]
pub struct EcmaRegex(Arc<Compiled>);

#[derive(Debug)]
struct Compiled {
    pattern: String,
    translation: Translation,
    engine: Engine,
}

#[derive(Debug)]
enum Engine {
    /// Alternatives of sequences of (repeated) classes, without an automaton: linear time.
    /// Its table's start row refuses what [`Engine::Linear`]'s first bytes would.
    Simple(Box<simple::Simple>),
    /// The `regex` crate: linear time.
    Linear {
        re: meta::Regex,
        /// The bytes a match can begin with, when it must begin at the start of the text.
        first: Option<first::FirstBytes>,
    },
    /// `fancy-regex`: a backtracking VM for the lookarounds and backreferences, bounded by
    /// [`BACKTRACK_LIMIT`], handing the rest to the `regex` crate.
    Backtracking(fancy_regex::Regex),
}

/// A match of a pattern with lookarounds or backreferences that took more than
/// [`BACKTRACK_LIMIT`] backtracking steps: neither a match nor a mismatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitExceeded;

impl fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "matching took more than {BACKTRACK_LIMIT} backtracking steps (the limit per match)"
        )
    }
}

impl std::error::Error for LimitExceeded {}

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

/// Checks `pattern` as ECMA-262 (Unicode mode) and translates it for the `regex` crate, or for
/// `fancy-regex` when it has lookarounds or backreferences, without building it.
///
/// # Errors
/// As [`EcmaRegex::new`], except for the size of the automaton, which is not built.
pub fn translate(pattern: &str) -> Result<Translation, EcmaError> {
    if pattern.len() > MAX_PATTERN_BYTES {
        return Err(EcmaError {
            offset: 0,
            message: format!(
                "pattern of {} bytes is too long (at most {MAX_PATTERN_BYTES})",
                pattern.len()
            ),
        });
    }
    parse::translate(pattern)
}

/// The error of a pattern whose automaton is over [`NFA_SIZE_LIMIT`].
fn too_large() -> EcmaError {
    EcmaError {
        offset: 0,
        message: format!(
            "pattern is too large: its automaton would exceed {} MiB",
            NFA_SIZE_LIMIT >> 20
        ),
    }
}

/// A translation the engine did not take (not expected: the translation is checked).
fn not_compiled(e: impl fmt::Display) -> EcmaError {
    EcmaError {
        offset: 0,
        message: format!("pattern could not be compiled: {e}"),
    }
}

impl EcmaRegex {
    /// Compiles `pattern`.
    ///
    /// # Errors
    /// The pattern is not valid ECMA-262, or uses a construct refused (see the module
    /// documentation), or exceeds the limits on length, nesting and automaton size.
    pub fn new(pattern: &str) -> Result<Self, EcmaError> {
        let translation = translate(pattern)?;
        let engine = match &translation {
            Translation::Linear(rust) => linear(rust)?,
            Translation::Backtracking(fancy) => fancy_regex::RegexBuilder::new(fancy)
                .backtrack_limit(BACKTRACK_LIMIT)
                .delegate_size_limit(NFA_SIZE_LIMIT)
                .delegate_dfa_size_limit(DFA_CACHE_BYTES)
                .build()
                .map(Engine::Backtracking)
                .map_err(|e| match &e {
                    fancy_regex::Error::CompileError(c)
                        if matches!(&**c, fancy_regex::CompileError::InnerError(b) if b.size_limit().is_some()) =>
                    {
                        too_large()
                    }
                    _ => not_compiled(e),
                })?,
        };
        Ok(EcmaRegex(Arc::new(Compiled {
            pattern: pattern.to_owned(),
            translation,
            engine,
        })))
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.0.pattern
    }

    /// The translated pattern, and the engine it is for.
    pub fn translation(&self) -> &Translation {
        &self.0.translation
    }

    /// Whether `text` contains a match (unanchored, as `RegExp.prototype.test`).
    ///
    /// A pattern made of (repeated) classes and literals, such as `^[a-zA-Z0-9_-]+$`, is
    /// matched without the `regex` crate's search: through a table of its states while the
    /// text is ASCII, a bit-parallel position automaton beyond (`src/simple/`); the table's
    /// start row refuses a text whose first byte no match begins with. Another pattern
    /// without lookarounds anchored at the start (`^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$`, too
    /// many optional positions for that matcher) first tests the text's first byte against
    /// those its matches can begin with: most texts it refuses are refused there, at a few
    /// instructions instead of a search's hundreds.
    ///
    /// # Errors
    /// A pattern with lookarounds or backreferences took more than [`BACKTRACK_LIMIT`]
    /// steps on `text` (a pattern without either never errs).
    // Inlined into the caller's crate: a short key's match costs a few tens of instructions.
    #[inline]
    pub fn is_match(&self, text: &str) -> Result<bool, LimitExceeded> {
        let refused = |first: &Option<first::FirstBytes>| {
            first
                .as_ref()
                .is_some_and(|first| !text.as_bytes().first().is_some_and(|&b| first.holds(b)))
        };
        match &self.0.engine {
            Engine::Simple(simple) => Ok(simple.is_match(text)),
            Engine::Linear { re, first } => Ok(!refused(first) && re.is_match(text)),
            Engine::Backtracking(re) => re.is_match(text).map_err(|_| LimitExceeded),
        }
    }
}

/// The engine of `rust`, a linear translation: the simple matcher where it takes the
/// pattern, else the `regex` crate's automaton.
fn linear(rust: &str) -> Result<Engine, EcmaError> {
    let syntax = syntax_config();
    // A translation that does not parse is refused by the automaton's builder below.
    let hir = syntax::parse_with(rust, &syntax).ok();
    if let Some(simple) = hir.as_ref().and_then(simple::Simple::new) {
        return Ok(Engine::Simple(Box::new(simple)));
    }
    Ok(Engine::Linear {
        re: automaton(rust)?,
        first: hir.as_ref().and_then(first::anchored_first_bytes),
    })
}

/// How the `regex` crate reads a translation.
fn syntax_config() -> syntax::Config {
    syntax::Config::new().utf8(true).nest_limit(RUST_NEST_LIMIT)
}

/// The `regex` crate's automaton of `rust`.
fn automaton(rust: &str) -> Result<meta::Regex, EcmaError> {
    let config = meta::Config::new()
        .match_kind(regex_automata::MatchKind::LeftmostFirst)
        .utf8_empty(true)
        .nfa_size_limit(Some(NFA_SIZE_LIMIT))
        .hybrid_cache_capacity(DFA_CACHE_BYTES);
    meta::Builder::new()
        .configure(config)
        .syntax(syntax_config())
        .build(rust)
        .map_err(|e| {
            if e.size_limit().is_some() {
                too_large()
            } else {
                not_compiled(e)
            }
        })
}

impl fmt::Display for EcmaRegex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.pattern)
    }
}

#[cfg(test)]
mod tests;
