//! The first line of an error as the `ytt` command prints it: go-cli-ui's `MultiLineError`
//! (`vendor/github.com/cppforlife/go-cli-ui/errors/multi_line_error.go`, `error_piece.go`)
//! breaks it after each `: ` followed by a capital letter outside brackets, and indents each
//! new line two spaces more than the one before.

/// `error` with its first line broken as the `ytt` command prints it.
pub(crate) fn multi_line(error: &str) -> String {
    let (first, rest) = match error.split_once('\n') {
        Some((first, rest)) => (first, Some(rest)),
        None => (error, None),
    };
    let broken = break_first_line(first);
    let mut out = String::with_capacity(error.len() + 64);
    for (i, chunk) in broken.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for _ in 0..i {
            out.push_str("  ");
        }
        out.push_str(chunk);
    }
    if let Some(rest) = rest {
        out.push('\n');
        out.push_str(rest);
    }
    out
}

/// One piece of the line: text at the top level (where breaks happen) or text inside brackets.
enum Piece {
    Top(String),
    Nested(String),
}

/// The line with `:\n` in place of each top-level `: ` before a capital letter. As the Go
/// code: a closing bracket with no opener ends the line there (the rest is dropped), and
/// `...|` to `|...` is raw text in which brackets do not count.
fn break_first_line(line: &str) -> String {
    let mut pieces: Vec<Piece> = Vec::new();
    // Open containers (the line itself not counted): whether each is a raw `...|` one.
    let mut stack: Vec<bool> = Vec::new();
    let bytes = line.as_bytes();
    for (i, c) in line.char_indices() {
        let raw = stack.last() == Some(&true);
        if !raw {
            match c {
                '(' | '[' | '{' => {
                    stack.push(false);
                    push(&mut pieces, c, true);
                    continue;
                }
                ')' | ']' | '}' => {
                    if stack.pop().is_none() {
                        break;
                    }
                    push(&mut pieces, c, true);
                    continue;
                }
                _ => {}
            }
        }
        // `...|` opens a raw piece (Go checks it only strictly before the end of the line).
        if i + 4 < bytes.len() && bytes.get(i..i + 4) == Some(b"...|".as_slice()) {
            stack.push(true);
        } else if i >= 3 && bytes.get(i - 3..=i) == Some(b"|...".as_slice()) {
            // Closes whatever is open, the line itself included (then the rest is dropped).
            push(&mut pieces, c, !stack.is_empty());
            if stack.pop().is_none() {
                break;
            }
            continue;
        }
        push(&mut pieces, c, !stack.is_empty());
    }
    let mut out = String::with_capacity(line.len() + 16);
    for piece in pieces {
        match piece {
            Piece::Nested(text) => out.push_str(&text),
            Piece::Top(text) => out.push_str(&break_text(&text)),
        }
    }
    out
}

/// Appends `c` to the last piece of its kind, or starts a new piece.
fn push(pieces: &mut Vec<Piece>, c: char, nested: bool) {
    match (pieces.last_mut(), nested) {
        (Some(Piece::Nested(text)), true) | (Some(Piece::Top(text)), false) => text.push(c),
        (_, true) => pieces.push(Piece::Nested(c.to_string())),
        (_, false) => pieces.push(Piece::Top(c.to_string())),
    }
}

/// `: X` (X an ASCII capital) becomes `:\nX`.
fn break_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == ':' {
            let mut ahead = chars.clone();
            if ahead.next() == Some(' ') && ahead.next().is_some_and(|n| n.is_ascii_uppercase()) {
                chars.next();
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breaks_and_indents_the_first_line_only() {
        let got = multi_line(
            "Overlaying data values (in following order: values.yml): Document on line \
             values.yml:2: Map item (key 'app') on line values.yml:3: Expected map, but was \
             string",
        );
        assert_eq!(
            got,
            "Overlaying data values (in following order: values.yml):\n  Document on line \
             values.yml:2:\n    Map item (key 'app') on line values.yml:3:\n      Expected \
             map, but was string"
        );
        let report = "Overlaying data values (in following order: x): \nOne or more: Two\n";
        assert_eq!(multi_line(report), report);
    }

    #[test]
    fn brackets_protect_and_an_unmatched_closer_ends_the_line() {
        assert_eq!(multi_line("a (b: C) d: E"), "a (b: C) d:\n  E");
        assert_eq!(multi_line("a) b: C"), "a");
    }
}
