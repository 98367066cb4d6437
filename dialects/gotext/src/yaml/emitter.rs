//! The output state of go-yaml v2's emitter (`emitterc.go`) and its writing primitives:
//! indentation, indicators and the four scalar styles ytt's output uses. ytt's fork sets no
//! line width (`bestWidth` -1, so unlimited): long scalars are never folded.

use super::scalar_style::{is_break, is_printable};

/// go-yaml v2's indentation step.
const BEST_INDENT: usize = 2;

/// The text written so far and the emitter's state.
pub(super) struct Emitter {
    pub out: String,
    /// Characters on the current line.
    column: usize,
    /// The last thing written was whitespace (or nothing).
    whitespace: bool,
    /// The current line holds only indentation and indicators so far.
    pub indention: bool,
    /// The current indentation, `None` before the root node.
    indent: Option<usize>,
    indents: Vec<Option<usize>>,
}

impl Emitter {
    pub(super) fn new() -> Emitter {
        Emitter {
            out: String::new(),
            column: 0,
            whitespace: true,
            indention: true,
            indent: None,
            indents: Vec::new(),
        }
    }

    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    /// A line break of a scalar's text: LF as the output's break, others as themselves.
    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    /// `yamlEmitterIncreaseIndent`: a flow context starts at 2, a block one at 0, then each
    /// level adds 2, except an indentless one (a sequence under a map key).
    pub(super) fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        self.indent = match self.indent {
            None if flow => Some(BEST_INDENT),
            None => Some(0),
            Some(i) if indentless => Some(i),
            Some(i) => Some(i + BEST_INDENT),
        };
    }

    pub(super) fn pop_indent(&mut self) {
        self.indent = self.indents.pop().flatten();
    }

    /// `yamlEmitterWriteIndent`: a new line unless the current one holds only indentation,
    /// then spaces up to the indentation.
    pub(super) fn write_indent(&mut self) {
        let indent = self.indent.unwrap_or(0);
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    /// `yamlEmitterWriteIndicator`.
    pub(super) fn write_indicator(
        &mut self,
        indicator: &str,
        need_whitespace: bool,
        is_whitespace: bool,
        is_indention: bool,
    ) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        for c in indicator.chars() {
            self.put(c);
        }
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
    }

    /// `yamlEmitterWritePlainScalar` (no line width).
    pub(super) fn write_plain(&mut self, value: &str) {
        if !self.whitespace {
            self.put(' ');
        }
        self.write_flow_text(value, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// `yamlEmitterWriteSingleQuotedScalar` (no line width): `'` doubled.
    pub(super) fn write_single_quoted(&mut self, value: &str) {
        self.write_indicator("'", true, false, false);
        self.write_flow_text(value, true);
        self.write_indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// The body of a plain or single-quoted scalar: a line break written twice for LF (a
    /// folded line break reads back as a space), and indentation after breaks.
    fn write_flow_text(&mut self, value: &str, single_quoted: bool) {
        let mut breaks = false;
        for c in value.chars() {
            if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if single_quoted && c == '\'' {
                    self.put('\'');
                }
                self.put(c);
                if c != ' ' {
                    self.indention = false;
                }
                breaks = false;
            }
        }
    }

    /// `yamlEmitterWriteDoubleQuotedScalar` (no line width): escapes for what is not printable,
    /// line breaks, the BOM, `"` and `\`.
    pub(super) fn write_double_quoted(&mut self, value: &str) {
        self.write_indicator("\"", true, false, false);
        for c in value.chars() {
            if !is_printable(c) || c == '\u{feff}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                self.write_escape(c);
            } else {
                self.put(c);
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_escape(&mut self, c: char) {
        let short = match c {
            '\0' => Some('0'),
            '\u{7}' => Some('a'),
            '\u{8}' => Some('b'),
            '\t' => Some('t'),
            '\n' => Some('n'),
            '\u{b}' => Some('v'),
            '\u{c}' => Some('f'),
            '\r' => Some('r'),
            '\u{1b}' => Some('e'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            '\u{85}' => Some('N'),
            '\u{a0}' => Some('_'),
            '\u{2028}' => Some('L'),
            '\u{2029}' => Some('P'),
            _ => None,
        };
        if let Some(s) = short {
            self.put(s);
            return;
        }
        let code = u32::from(c);
        let (letter, width) = match code {
            0..=0xFF => ('x', 2),
            0x100..=0xFFFF => ('u', 4),
            _ => ('U', 8),
        };
        self.put(letter);
        for s in format!("{code:0width$X}").chars() {
            self.put(s);
        }
    }

    /// `yamlEmitterWriteLiteralScalar`: `|`, the indentation hint if the text starts with a
    /// space or a break, the chomping hint (`-` without a final break, `+` with more than one),
    /// then the lines at the current indentation.
    pub(super) fn write_literal(&mut self, value: &str) {
        self.write_indicator("|", true, false, false);
        if value.starts_with(|c: char| c == ' ' || is_break(c)) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        let mut tail = value.chars().rev();
        let chomp = match (tail.next(), tail.next()) {
            (Some(last), _) if !is_break(last) => Some("-"),
            (Some(_), None) => Some("+"),
            (Some(_), Some(before)) if is_break(before) => Some("+"),
            _ => None,
        };
        if let Some(chomp) = chomp {
            self.write_indicator(chomp, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in value.chars() {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}
