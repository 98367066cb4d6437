//! Diagnostics: every problem of a catalog, located in its file, collected and reported
//! together (a build shows them all at once). The macro, `validgen check` and `validgen
//! generate` all show these same diagnostics: what is wrong, where, and (when there is one) a
//! hint on what was probably meant.

#[cfg(feature = "kubevirt")]
pub(crate) mod locate;

use std::fmt;

/// One problem, at `file:line:col`, for a rule where one is concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as the user names it (e.g. `templates/rhel9-server-small.yaml`).
    pub file: String,
    /// 1-based line; 0 when the problem concerns the whole file.
    pub line: usize,
    /// 1-based column; 0 when unknown.
    pub column: usize,
    /// The rule concerned: its name (or `#index` when unnamed).
    pub rule: Option<String>,
    /// What is wrong.
    pub message: String,
    /// What was probably meant, or how to fix it (e.g. ``did you mean `.spec.domain.cpu.cores`?``).
    /// (Boxed: the diagnostic is the error type of many results, kept small.)
    pub hint: Option<Box<str>>,
    /// The stable identifier of the kind of problem when it has one beyond "build error" (a
    /// [`crate::lint::Lint::id`], e.g. `unknown-rule-kind`), for `check`'s JSON and SARIF.
    pub code: Option<&'static str>,
}

impl Diagnostic {
    /// A problem at a position.
    pub fn at(
        file: &str,
        line: usize,
        column: usize,
        rule: Option<String>,
        message: String,
    ) -> Self {
        Diagnostic {
            file: file.to_owned(),
            line,
            column,
            rule,
            message,
            hint: None,
            code: None,
        }
    }

    /// The same, with a hint (none when `hint` is `None`).
    #[must_use]
    pub fn with_hint(mut self, hint: Option<String>) -> Self {
        self.hint = hint.map(String::into_boxed_str);
        self
    }

    /// The same, with the identifier of its kind.
    #[must_use]
    pub fn with_code(mut self, code: Option<&'static str>) -> Self {
        self.code = code;
        self
    }

    /// A problem with a whole file.
    pub fn file(file: &str, message: String) -> Self {
        Self::at(file, 0, 0, None, message)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}", self.file)?,
            (l, 0) => write!(f, "{}:{l}", self.file)?,
            (l, c) => write!(f, "{}:{l}:{c}", self.file)?,
        }
        if let Some(rule) = &self.rule {
            write!(f, ": rule `{rule}`")?;
        }
        write!(f, ": {}", self.message)?;
        // On a line of its own, as rustc shows its `help:` notes.
        if let Some(hint) = &self.hint {
            write!(f, "\nhelp: {hint}")?;
        }
        Ok(())
    }
}

/// A collection of diagnostics, in the order found (files sorted, rules in order).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Adds all of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// `true` when there is none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok(value)` when there is no diagnostic, else `Err(self)`.
    ///
    /// # Errors
    /// The diagnostics, when any.
    pub fn into_result<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}
