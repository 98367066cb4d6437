//! Diagnostics: every problem of a catalog, located in its file, collected and reported
//! together (a build shows them all at once).

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
        }
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
        write!(f, ": {}", self.message)
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
