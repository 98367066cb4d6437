//! How go-yaml v2 writes a scalar: its text, the style its encoder asks for (`encode.go`) and
//! the style its emitter settles on (`emitterc.go`, `yamlEmitterAnalyzeScalar` and
//! `yamlEmitterSelectScalarStyle`), for block collections with no tags (ytt's data values).

use std::borrow::Cow;

use super::Scalar;
use super::float::go_format_float;
use super::resolve::{Resolved, is_base60_float, resolve_plain};

/// A scalar style of the emitter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    /// `text`
    Plain,
    /// `'text'`
    SingleQuoted,
    /// `"text"`
    DoubleQuoted,
    /// `|` block
    Literal,
}

/// A scalar ready to write: its text and the facts the emitter decides from.
pub(super) struct ScalarOut<'a> {
    /// The text to write (before quoting or escaping).
    pub text: Cow<'a, str>,
    /// The style the encoder asks for.
    requested: Style,
    analysis: Analysis,
}

/// What `yamlEmitterAnalyzeScalar` finds out about a text.
#[allow(clippy::struct_excessive_bools)] // the emitter's own flags
struct Analysis {
    multiline: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

impl<'a> ScalarOut<'a> {
    /// `scalar` as go-yaml v2's encoder hands it over: `null`, `true`/`false`, a decimal integer,
    /// a float as Go formats it, and a string as a literal block if it has a line feed, plain if
    /// it would read back as a string (and is not a YAML 1.1 base-60 number such as `1:30`),
    /// else double-quoted.
    pub(super) fn new(scalar: &'a Scalar) -> ScalarOut<'a> {
        let (text, requested): (Cow<'a, str>, Style) = match scalar {
            Scalar::Null => (Cow::Borrowed("null"), Style::Plain),
            Scalar::Bool(b) => (
                Cow::Borrowed(if *b { "true" } else { "false" }),
                Style::Plain,
            ),
            Scalar::Int(i) => (Cow::Owned(i.to_string()), Style::Plain),
            Scalar::Float(f) => (Cow::Owned(go_format_float(*f)), Style::Plain),
            Scalar::String(s) => {
                let style = if s.contains('\n') {
                    Style::Literal
                } else if resolve_plain(s) == Resolved::Str && !is_base60_float(s) {
                    Style::Plain
                } else {
                    Style::DoubleQuoted
                };
                (Cow::Borrowed(s.as_str()), style)
            }
        };
        let analysis = analyze(&text);
        ScalarOut {
            text,
            requested,
            analysis,
        }
    }

    /// Whether the emitter writes it as a simple key (`key: value`) rather than a complex one
    /// (`? key`): single-line and at most 128 bytes (`yamlEmitterCheckSimpleKey`).
    pub(super) fn is_simple_key(&self) -> bool {
        !self.analysis.multiline && self.text.len() <= 128
    }

    /// The style written (`yamlEmitterSelectScalarStyle`, block context, no tag): a plain text
    /// that may not be plain is single-quoted; a single-quoted one that may not be is
    /// double-quoted; a literal block that may not be one, or in a simple key, double-quoted.
    pub(super) fn style(&self, simple_key: bool) -> Style {
        let a = &self.analysis;
        let mut style = self.requested;
        if simple_key && a.multiline {
            style = Style::DoubleQuoted;
        }
        if style == Style::Plain && (!a.block_plain_allowed || (self.text.is_empty() && simple_key))
        {
            style = Style::SingleQuoted;
        }
        if style == Style::SingleQuoted && !a.single_quoted_allowed {
            style = Style::DoubleQuoted;
        }
        if style == Style::Literal && (!a.block_allowed || simple_key) {
            style = Style::DoubleQuoted;
        }
        style
    }
}

/// A line break for the emitter: LF, CR, NEL, LS, PS.
pub(super) fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// The emitter's printable characters (`isPrintable`): LF, ASCII 0x20-0x7E, U+00A0-U+D7FF and
/// U+E000-U+FFFD except the BOM; a tab, a CR or a character beyond the BMP is not.
pub(super) fn is_printable(c: char) -> bool {
    matches!(c, '\n' | ' '..='~' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
        && c != '\u{feff}'
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// `yamlEmitterAnalyzeScalar` for the block context (the flow-only flags are not needed: the
/// only flow collections written are the empty `{}` and `[]`).
fn analyze(value: &str) -> Analysis {
    if value.is_empty() {
        return Analysis {
            multiline: false,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: false,
        };
    }
    let mut block_indicators = value.starts_with("---") || value.starts_with("...");
    let (mut line_breaks, mut special_characters) = (false, false);
    let (mut leading_space, mut leading_break) = (false, false);
    let (mut trailing_space, mut trailing_break) = (false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    let mut preceded_by_whitespace = true;
    let mut chars = value.chars().peekable();
    let mut first = true;
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let last = next.is_none();
        let followed_by_whitespace = next.is_none_or(is_blank);
        if first {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => block_indicators = true,
                '?' | ':' | '-' if followed_by_whitespace => block_indicators = true,
                _ => {}
            }
        } else {
            match c {
                ':' if followed_by_whitespace => block_indicators = true,
                '#' if preceded_by_whitespace => block_indicators = true,
                _ => {}
            }
        }
        if !is_printable(c) {
            special_characters = true;
        }
        if c == ' ' {
            leading_space |= first;
            trailing_space |= last;
            break_space |= previous_break;
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            line_breaks = true;
            leading_break |= first;
            trailing_break |= last;
            space_break |= previous_space;
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = is_blank(c) || is_break(c) || c == '\0';
        first = false;
    }
    let edges = leading_space || leading_break || trailing_space || trailing_break;
    Analysis {
        multiline: line_breaks,
        block_plain_allowed: !(edges
            || break_space
            || space_break
            || special_characters
            || line_breaks
            || block_indicators),
        single_quoted_allowed: !(break_space || space_break || special_characters),
        block_allowed: !(trailing_space || space_break || special_characters),
    }
}
