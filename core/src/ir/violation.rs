//! Violations: what a document check found wrong, as data. Each frontend formats them.

use serde::Serialize;

/// One value that failed a document check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The rule that found it: its 0-based position in the rule set.
    pub rule: usize,
    /// Where the value is: the rule's path as written, followed by a JSON Pointer (RFC 6901)
    /// into the value (`/spec/ports/0`); empty for the whole document.
    pub location: String,
    /// The check that failed, by its JSON Schema keyword (`type`, `required`, `minLength`…).
    pub check: &'static str,
    /// What the check expected, in words (`integer`, `at least 3 items`).
    pub expected: String,
    /// What was found, in words or as JSON (`string`, `2 items`).
    pub found: String,
    /// Where the value is in its source text, when the document model knows (YAML read with
    /// [`crate::model::Yaml`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub span: Option<Span>,
    /// Where the check is in its schema: the JSON Pointer (RFC 6901) of the JSON Schema
    /// keyword (`/properties/port/maximum`); empty when the frontend has no schema.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub keyword: String,
    /// The schema author's text for this violation (ajv-errors `errorMessage`), shown instead
    /// of `expected`/`found`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// A position in a source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// Line, 1-based.
    pub line: usize,
    /// Column, 1-based, in characters.
    pub column: usize,
}

impl Violation {
    /// A violation of no rule and at no location yet (the interpreter or generated code
    /// places it).
    pub fn new(check: &'static str, expected: impl Into<String>, found: impl Into<String>) -> Self {
        Violation {
            rule: 0,
            location: String::new(),
            check,
            expected: expected.into(),
            found: found.into(),
            span: None,
            keyword: String::new(),
            message: None,
        }
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = if self.location.is_empty() {
            "(document)"
        } else {
            &self.location
        };
        f.write_str(at)?;
        if let Some(s) = self.span {
            write!(f, " (line {}, column {})", s.line, s.column)?;
        }
        match &self.message {
            Some(text) => write!(f, ": {text}"),
            None => write!(
                f,
                ": {}: expected {}, found {}",
                self.check, self.expected, self.found
            ),
        }
    }
}

/// The location of the value being checked, as a violation reports it: pushed and popped as
/// checks descend into items and properties.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct At(String);

impl At {
    /// At a value found at `base` (a rule path's text).
    pub fn new(base: &str) -> Self {
        // Room for a few levels below the base before the first reallocation.
        let mut at = String::with_capacity(base.len() + 48);
        at.push_str(base);
        At(at)
    }

    /// The location as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The current length, to [`truncate`](Self::truncate) back to.
    pub fn mark(&self) -> usize {
        self.0.len()
    }

    /// Back to an earlier [`mark`](Self::mark).
    pub fn truncate(&mut self, mark: usize) {
        self.0.truncate(mark);
    }

    /// Into property `key` (escaped as a JSON Pointer token).
    pub fn key(&mut self, key: &str) {
        self.0.push('/');
        if !key.bytes().any(|b| b == b'~' || b == b'/') {
            self.0.push_str(key);
            return;
        }
        for c in key.chars() {
            match c {
                '~' => self.0.push_str("~0"),
                '/' => self.0.push_str("~1"),
                c => self.0.push(c),
            }
        }
    }

    /// Into item `i`.
    pub fn index(&mut self, i: usize) {
        self.0.push('/');
        // Digits without the formatting machinery: this runs for every item visited.
        let mut digits = [0u8; 20];
        let mut n = i;
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[start..] {
            self.0.push(char::from(d));
        }
    }

    /// `v` placed here.
    pub fn place(&self, mut v: Violation) -> Violation {
        v.location = self.0.clone();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::At;

    #[test]
    fn locations_are_json_pointers() {
        let mut at = At::new("");
        at.key("spec");
        at.index(0);
        at.key("a/b~c");
        at.index(1234567);
        assert_eq!(at.as_str(), "/spec/0/a~1b~0c/1234567");
        at.truncate(5);
        at.index(10);
        assert_eq!(at.as_str(), "/spec/10");
    }
}
