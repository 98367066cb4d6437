//! Data values given one key at a time (`-v key=value`, `--data-value-yaml key=yaml`), as
//! ytt 0.48 `pkg/cmd/template/data_values_flags.go` turns each into an overlay: a document
//! whose keys (the key split on `.`) carry `@overlay/match missing_ok=True`, the last one
//! `@overlay/replace or_add=True`, all at line 1 of `(data-value arg)` or
//! `(data-value-yaml arg)`, whose line is the argument itself (a YAML value's own nodes are
//! at lines of the unnamed file `""`, whose text is the value). All `-v` come before all
//! `--data-value-yaml`, whatever their order on the command line.

use std::sync::Arc;

use super::values::multiline::multi_line;
use validgen_gotext::yaml::{Comment, Document, DocumentSet, MapItem, Node, Pos, Scalar, parse};

/// One argument as ytt reads it: the name its position gives, its text (the excerpt of a
/// type error), and its overlay document.
pub(crate) struct KeyValue {
    /// `(data-value arg)` or `(data-value-yaml arg)`.
    pub(crate) name: &'static str,
    /// The argument (`a.b=1`).
    pub(crate) text: String,
    /// The overlay.
    pub(crate) documents: DocumentSet,
}

/// The overlays of `strings` (`-v`: values as strings) then `yaml` (`--data-value-yaml`:
/// values read as YAML).
///
/// # Errors
/// ytt's text (after `ytt: Error: `, with its line break): an argument without `=`
/// (`Extracting data value from KV: Expected format key=value`), a value that is not YAML
/// (the reader's message in ytt's frame); a library reference (`@lib:key=...`) is refused.
pub(crate) fn key_values(strings: &[String], yaml: &[String]) -> Result<Vec<KeyValue>, String> {
    let strings = strings.iter().map(|kv| (kv, false));
    let yaml = yaml.iter().map(|kv| (kv, true));
    strings
        .chain(yaml)
        .map(|(kv, is_yaml)| one(kv, is_yaml))
        .collect()
}

fn one(kv: &str, is_yaml: bool) -> Result<KeyValue, String> {
    let fail = |text: String| {
        format!(
            "{}\n",
            multi_line(&format!("Extracting data value from KV: {text}"))
        )
    };
    let Some((key, raw)) = kv.split_once('=') else {
        return Err(fail("Expected format key=value".to_owned()));
    };
    let name = if is_yaml {
        "(data-value-yaml arg)"
    } else {
        "(data-value arg)"
    };
    let pos = Pos {
        file: Arc::from(name),
        line: 1,
    };
    let value = if is_yaml {
        // ytt reads the value as a file without a name (`parseYAML(data, "")`): its nodes
        // are at lines of `""`, whose text is the value.
        let set = parse(raw, "").map_err(|e| {
            fail(format!(
                "Deserializing value for key '{key}': Deserializing YAML value: {}",
                e.message
            ))
        })?;
        set.documents
            .into_iter()
            .next()
            .map_or(Node::Scalar(Scalar::Null), |d| d.value)
    } else {
        Node::Scalar(Scalar::String(raw.to_owned()))
    };
    if key.starts_with('@') {
        return Err(format!(
            "{name}: unsupported: a library reference (`{key}`): validgen reads the root library only\n"
        ));
    }
    let comment = |text: &str| Comment {
        text: text.to_owned(),
        pos: pos.clone(),
    };
    let mut node = value;
    let pieces: Vec<&str> = key.split('.').collect();
    for (i, piece) in pieces.iter().enumerate().rev() {
        let mut comments = vec![comment("@overlay/match missing_ok=True")];
        if i + 1 == pieces.len() {
            comments.push(comment("@overlay/replace or_add=True"));
        }
        node = Node::Map(vec![MapItem {
            pos: pos.clone(),
            key: Scalar::String((*piece).to_owned()),
            value: node,
            comments,
        }]);
    }
    Ok(KeyValue {
        name,
        text: kv.to_owned(),
        documents: DocumentSet {
            documents: vec![Document {
                pos: pos.clone(),
                comments: Vec::new(),
                value: node,
            }],
        },
    })
}
