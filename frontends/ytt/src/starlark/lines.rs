//! The logical lines of a `.star` file, as starlark-go's scanner joins them (`syntax/scan.go`):
//! a line break inside `(`, `[` or `{`, or after a `\`, continues the line; a `#` outside a
//! string starts a comment (ytt's `#!` comments are comments to Starlark too).

/// The file's logical lines: the number of the line each starts on, and its text (comments
/// removed, trimmed, pieces joined by a space); blank lines are left out.
pub(crate) fn logical(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let mut depth = 0usize;
    for (i, raw) in text.split('\n').enumerate() {
        let (code, opened, closed) = scan(raw);
        depth = (depth + opened).saturating_sub(closed);
        let code = code.trim();
        let continued = code.ends_with('\\');
        let code = code.strip_suffix('\\').unwrap_or(code).trim_end();
        match current.as_mut() {
            Some((_, joined)) => {
                if !code.is_empty() {
                    joined.push(' ');
                    joined.push_str(code);
                }
            }
            None if code.is_empty() => continue,
            None => current = Some((i + 1, code.to_owned())),
        }
        if depth == 0 && !continued {
            out.extend(current.take());
        }
    }
    out.extend(current);
    out
}

/// Where a scan of Starlark text stands with string literals: inside one (its quote), just
/// after a backslash there.
#[derive(Debug, Default)]
pub(crate) struct Quotes {
    quote: Option<char>,
    escaped: bool,
}

impl Quotes {
    /// Reads `c` if the scan is inside a string literal (its closing quote included): whether
    /// it was.
    pub(crate) fn inside(&mut self, c: char) -> bool {
        let Some(q) = self.quote else {
            return false;
        };
        if self.escaped {
            self.escaped = false;
        } else if c == '\\' {
            self.escaped = true;
        } else if c == q {
            self.quote = None;
        }
        true
    }

    /// Whether `c`, outside a string literal, opens one.
    pub(crate) fn open(&mut self, c: char) -> bool {
        let opens = c == '"' || c == '\'';
        if opens {
            self.quote = Some(c);
        }
        opens
    }
}

/// A physical line without its comment, and the brackets it opens and closes outside strings.
fn scan(line: &str) -> (&str, usize, usize) {
    let (mut opened, mut closed) = (0usize, 0usize);
    let mut quotes = Quotes::default();
    for (at, c) in line.char_indices() {
        if quotes.inside(c) || quotes.open(c) {
            continue;
        }
        match c {
            '#' => return (line.get(..at).unwrap_or(line), opened, closed),
            '(' | '[' | '{' => opened += 1,
            ')' | ']' | '}' => closed += 1,
            _ => {}
        }
    }
    (line, opened, closed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_brackets_and_backslashes() {
        let text = "load(\"@ytt:assert\", \"assert\")\n\nfs = [\n  a, #! first\n  b\n]\n#! note\nif x and \\\n   y: # why\nz = \"#[\"\n";
        let got = logical(text);
        let want: Vec<(usize, String)> = vec![
            (1, "load(\"@ytt:assert\", \"assert\")".to_owned()),
            (3, "fs = [ a, b ]".to_owned()),
            (8, "if x and y:".to_owned()),
            (10, "z = \"#[\"".to_owned()),
        ];
        assert_eq!(got, want);
    }
}
