//! The pieces of a stream read as documents to validate against schemas: each piece is one
//! JSON or YAML document, parsed with the position of every value (several JSON values on one
//! line are parsed apart), so that violations are located at lines of the stream. A piece
//! that is one JSON array or object is read in one pass into a `Tape` (serde_json's reading,
//! several times cheaper than the YAML reader's); any other piece, and one the tape refuses,
//! is read as YAML as before. Every
//! document is validated, whatever its value (a bare number, a string, `null`); a `kind:
//! List` is one document, not its items.

use std::ops::Range;

use validgen_core::model::{Tape, Yaml, YamlError};
use validgen_kubevirt::manifest::ManifestError;

use super::Item;
use super::parsed::Parsed;
use super::schema::SchemaSet;
use super::stream::Piece;

/// The items of one piece of stream `file`; `documents` counts the stream's documents so far
/// (a piece that cannot be read takes a number too, so that later ones keep theirs).
pub(super) fn piece_items(
    piece: &Piece,
    documents: &mut usize,
    file: &str,
    set: &SchemaSet,
) -> Vec<Item> {
    let text = match std::str::from_utf8(&piece.text) {
        Ok(t) => t,
        Err(e) => {
            *documents += 1;
            return vec![not_utf8(file, piece, e.valid_up_to())];
        }
    };
    if let Some(tape) = json_container(text) {
        let index = *documents;
        *documents += 1;
        return vec![set.validate(file, index, piece.first_line, &Parsed::Json(&tape))];
    }
    let mut item = |parsed: Result<Yaml, YamlError>| {
        let index = *documents;
        *documents += 1;
        match parsed {
            Ok(yaml) => set.validate(file, index, piece.first_line, &Parsed::Yaml(&yaml)),
            Err(e) => syntax_error(file, piece.first_line, &e),
        }
    };
    match Yaml::parse_as(text, set.yaml) {
        Ok(yaml) => vec![item(Ok(yaml))],
        Err(e) => match json_values(text) {
            // JSON values side by side (`{"a": 1} {"b": 2}`): one document each, parsed with
            // the text before it blanked, so that positions stay those of the piece.
            Some(values) if values.len() > 1 => values
                .into_iter()
                .map(|range| item(Yaml::parse_as(&blanked(text, range), set.yaml)))
                .collect(),
            _ => vec![item(Err(e))],
        },
    }
}

/// `text` read as one JSON array or object (its first character after blanks `[` or `{`),
/// when it is one: `None` for anything else, YAML's to read. So that a JSON document's
/// outcome stays the YAML reader's, a document the YAML reader refuses is YAML's too: one
/// with a repeated key (serde_json would keep the last value), or near the YAML reader's
/// budgets (64 levels, 250 000 values: `model::Yaml`), whose errors stay the CLI's.
fn json_container(text: &str) -> Option<Tape<'_>> {
    /// Below the YAML reader's budgets, with a margin (beyond: its error, or its verdict).
    const YAML_DEPTH: usize = 60;
    const YAML_VALUES: usize = 240_000;
    let first = text
        .trim_start_matches([' ', '\t', '\n', '\r'])
        .bytes()
        .next();
    if !matches!(first, Some(b'{' | b'[')) {
        return None;
    }
    Tape::parse(text.as_bytes()).ok().filter(|tape| {
        !tape.repeats_a_key() && tape.depth() < YAML_DEPTH && tape.value_count() < YAML_VALUES
    })
}

/// The byte ranges of the JSON values of `text`, when it is nothing but JSON values.
fn json_values(text: &str) -> Option<Vec<Range<usize>>> {
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    let mut out = Vec::new();
    let mut start = 0;
    while let Some(value) = stream.next() {
        value.ok()?;
        let end = stream.byte_offset();
        let skipped = text[start..end].len() - text[start..end].trim_start().len();
        out.push(start + skipped..end);
        start = end;
    }
    Some(out)
}

/// `text` up to the end of `range`, every byte before it a space (line breaks kept).
fn blanked(text: &str, range: Range<usize>) -> String {
    let mut out = String::with_capacity(range.end);
    out.extend(
        text[..range.start]
            .bytes()
            .map(|b| if b == b'\n' { '\n' } else { ' ' }),
    );
    out.push_str(&text[range]);
    out
}

/// The error item of a piece that is not JSON/YAML, at its line of the stream.
fn syntax_error(file: &str, first_line: usize, e: &YamlError) -> Item {
    let (line, column) = if e.line > 0 {
        (first_line + e.line - 1, e.column)
    } else {
        (first_line, 0)
    };
    let error = ManifestError::Syntax {
        file: file.to_owned(),
        line,
        column,
        message: e.message.clone(),
    };
    Item::Error {
        source: format!("{file}:{line}"),
        message: error.to_string(),
    }
}

/// The error item of a piece whose byte at `offset` is not UTF-8.
fn not_utf8(file: &str, piece: &Piece, offset: usize) -> Item {
    let before = &piece.text[..offset];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = piece.first_line + before.iter().filter(|&&b| b == b'\n').count();
    let error = ManifestError::NotUtf8 {
        file: file.to_owned(),
        line,
        column: offset - line_start + 1,
        offset: piece.offset + offset,
    };
    Item::Error {
        source: format!("{file}:{line}"),
        message: error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{blanked, json_values};

    #[test]
    fn json_values_side_by_side_keep_their_columns() {
        let text = "{\"a\": 1}  {\"b\":\n 2}\n";
        let values = json_values(text).expect("JSON");
        assert_eq!(values, vec![0..8, 10..19]);
        assert_eq!(blanked(text, values[1].clone()), "          {\"b\":\n 2}");
        assert!(json_values("a: 1\n").is_none());
    }
}
