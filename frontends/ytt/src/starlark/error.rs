//! Why an argument list does not evaluate: starlark-go's syntax, resolver and evaluation texts,
//! and validgen's refusal of Starlark beyond simple lambdas.

/// Which stage refused the text; ytt reports the first three as a `Templating file` error
/// (syntax errors stop at the first in the file; resolver errors are all listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// A scanner or parser error (`got identifier, want ','`), as starlark-go `syntax`.
    Syntax,
    /// A name or argument-list error of starlark-go's resolver (`undefined: lowest`,
    /// `keyword argument min repeated`, `positional argument may not follow named`).
    Resolve,
    /// An error while evaluating the arguments (`unknown unary op: - string`).
    Eval,
    /// Starlark that validgen does not compile (`load()`, `def`, method calls...).
    Unsupported,
}

/// Why an argument list does not evaluate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ArgumentsError {
    /// 1-based column (in characters) in the argument text, when known. ytt prints no column.
    pub column: Option<usize>,
    /// Starlark's text (`got identifier, want ','`), or validgen's refusal
    /// (`unsupported Starlark: method call .startswith() (validgen compiles simple lambdas only)`).
    pub message: String,
    /// The stage that refused it.
    pub kind: ErrorKind,
    /// ytt's hint when it depends on the source line rather than on the message (`&&`, `||`
    /// written for `and`, `or`); see [`ArgumentsError::ytt_message`].
    pub hint: Option<&'static str>,
}

impl ArgumentsError {
    pub(crate) fn syntax(column: usize, message: impl Into<String>) -> Self {
        ArgumentsError {
            column: Some(column),
            message: message.into(),
            kind: ErrorKind::Syntax,
            hint: None,
        }
    }

    pub(crate) fn resolve(column: usize, message: impl Into<String>) -> Self {
        ArgumentsError {
            column: Some(column),
            message: message.into(),
            kind: ErrorKind::Resolve,
            hint: None,
        }
    }

    pub(crate) fn eval(message: impl Into<String>) -> Self {
        ArgumentsError {
            column: None,
            message: message.into(),
            kind: ErrorKind::Eval,
            hint: None,
        }
    }

    /// validgen's refusal of a construct, without a column.
    pub(crate) fn unsupported(construct: impl std::fmt::Display) -> Self {
        ArgumentsError {
            column: None,
            ..unsupported(1, construct)
        }
    }

    /// The text after `- ` in ytt's `Templating file` report: the message with the hint ytt
    /// adds to some of them (`undefined: true (hint: use 'True' instead of 'true' for boolean
    /// assignment)`), as ytt 0.48 `pkg/template/compiled_template_error.go`.
    pub fn ytt_message(&self) -> String {
        let hint = match (self.hint, self.message.as_str()) {
            (Some(hint), _) => hint,
            (None, "undefined: true") => "use 'True' instead of 'true' for boolean assignment",
            (None, "undefined: false") => "use 'False' instead of 'false' for boolean assignment",
            (None, "undefined: null") => "use 'None' instead of 'null' to indicate no value",
            (None, "undefined: nil") => "use 'None' instead of 'nil' to indicate no value",
            (None, "undefined: none") => "use 'None' instead of 'none' to indicate no value",
            (None, "unhandled index operation struct[string]") => {
                "use getattr(...) to access struct field programmatically"
            }
            (None, m) if m.starts_with("unknown binary op: ") && m.contains(" | ") => {
                "use 'or' instead of '|' for logical-or"
            }
            (None, m) if m.starts_with("unknown binary op: ") && m.contains(" & ") => {
                "use 'and' instead of '&' for logical-and"
            }
            _ => return self.message.clone(),
        };
        format!("{} (hint: {hint})", self.message)
    }
}

/// validgen's refusal of a construct beyond the compiled subset, naming it.
pub(crate) fn unsupported(column: usize, construct: impl std::fmt::Display) -> ArgumentsError {
    ArgumentsError {
        column: Some(column),
        message: format!(
            "unsupported Starlark: {construct} (validgen compiles simple lambdas only)"
        ),
        kind: ErrorKind::Unsupported,
        hint: None,
    }
}
