//! Data values given one key at a time (`-v key=value`, `--data-value-yaml key=yaml`), as
//! ytt 0.48 `pkg/cmd/template/data_values_flags.go` turns each into an overlay: a document
//! whose keys (the key split on `.`) carry `@overlay/match missing_ok=True`, the last one
//! `@overlay/replace or_add=True`, all at line 1 of `(data-value arg)` or
//! `(data-value-yaml arg)`, whose line is the argument itself (a YAML value's own nodes are
//! at lines of the unnamed file `""`, whose text is the value). All `-v` come before all
//! `--data-value-yaml`, whatever their order on the command line.

use std::sync::Arc;

use super::files::Files;
use super::values::multiline::multi_line;
use validgen_gotext::yaml::{Comment, Document, DocumentSet, MapItem, Node, Pos, Scalar, parse};

/// One argument as ytt reads it: the name its position gives, its text (the excerpt of a
/// type error), and its overlay document.
pub(crate) struct KeyValue {
    /// `(data-value arg)`, `(data-value-yaml arg)` or `(data-value-file arg) a=path`.
    pub(crate) name: String,
    /// The argument (`a.b=1`); for a file, the file's text (ytt quotes it whole as line 1).
    pub(crate) text: String,
    /// Whether `text` is quoted whole (a file's), not line by line.
    pub(crate) whole: bool,
    /// The overlay.
    pub(crate) documents: DocumentSet,
}

/// The overlays of `strings` (`-v`: values as strings), then `yaml` (`--data-value-yaml`:
/// values read as YAML), then `files` (`--data-value-file key=path`: the file's text as a
/// string, read from `read`).
///
/// # Errors
/// ytt's text (after `ytt: Error: `, with its line break): an argument without `=`
/// (`Extracting data value from KV: Expected format key=value`), a value that is not YAML
/// (the reader's message in ytt's frame), a file that cannot be read or is a folder of
/// several files; a library reference (`@lib:key=...`) and a folder without files (on which
/// ytt 0.48 panics) are refused.
pub(crate) fn key_values(
    strings: &[String],
    yaml: &[String],
    files: &[String],
    read: &dyn Files,
) -> Result<Vec<KeyValue>, String> {
    let strings = strings.iter().map(|kv| one(kv, false));
    let yaml = yaml.iter().map(|kv| one(kv, true));
    let files = files.iter().map(|kv| file(kv, read));
    strings.chain(yaml).chain(files).collect()
}

/// The overlays of the environment variables `environment` (in its order) whose names start
/// with `PREFIX_`, for each prefix of `strings` (`--data-values-env`: values as strings) then
/// of `yaml` (`--data-values-env-yaml`: values read as YAML); `PREFIX_a__b=1` sets `a.b` (ytt
/// `DataValuesFlags.env`). They come before every `-v`.
///
/// # Errors
/// ytt's text: a value that is not YAML (the reader's message in ytt's frame); a library
/// reference (`@lib:PREFIX`) is refused.
pub(crate) fn environment(
    strings: &[String],
    yaml: &[String],
    environment: &[(String, String)],
) -> Result<Vec<KeyValue>, String> {
    let prefixes = strings.iter().map(|p| (p, false));
    let prefixes = prefixes.chain(yaml.iter().map(|p| (p, true)));
    let mut out = Vec::new();
    for (prefix, is_yaml) in prefixes {
        let fail = |text: String| {
            format!(
                "{}\n",
                multi_line(&format!(
                    "Extracting data values from env under prefix '{prefix}': {text}"
                ))
            )
        };
        let arg = if is_yaml {
            "data-values-env-yaml"
        } else {
            "data-values-env"
        };
        if prefix.starts_with('@') {
            return Err(library_reference(&format!("--{arg} {prefix}"), prefix));
        }
        for (name, raw) in environment {
            let Some(key) = name.strip_prefix(&format!("{prefix}_")) else {
                continue;
            };
            let value = if is_yaml {
                yaml_value(raw).map_err(|e| match e {
                    Unread::GoYaml(e) => fail(format!(
                        "Extracting data value from env variable '{name}': Deserializing YAML value: {e}"
                    )),
                    Unread::Refused(e) => format!("--{arg} {prefix} ({name}): {e}\n"),
                })?
            } else {
                Node::Scalar(Scalar::String(raw.clone()))
            };
            out.push(overlay(
                (key, "__"),
                value,
                format!("({arg} arg) {prefix}"),
                format!("{name}={raw}"),
                false,
            )?);
        }
    }
    Ok(out)
}

/// Why a value is not read: go-yaml's error (ytt prints it in its frame), or validgen's
/// refusal of what ytt reads or panics on.
enum Unread {
    GoYaml(String),
    Refused(String),
}

/// A value read as YAML as ytt reads it (`parseYAML(data, "")`): its nodes at lines of the
/// unnamed file `""`; null when empty.
fn yaml_value(raw: &str) -> Result<Node, Unread> {
    let set = parse(raw, "").map_err(|e| {
        if e.go_yaml {
            Unread::GoYaml(e.message)
        } else {
            Unread::Refused(e.message)
        }
    })?;
    Ok(set
        .documents
        .into_iter()
        .next()
        .map_or(Node::Scalar(Scalar::Null), |d| d.value))
}

/// `--data-value-file key=path` (ytt `kvFile`).
fn file(kv: &str, read: &dyn Files) -> Result<KeyValue, String> {
    let fail = |text: String| {
        format!(
            "{}\n",
            multi_line(&format!("Extracting data value from file: {text}"))
        )
    };
    let Some((key, path)) = kv.split_once('=') else {
        return Err(fail("Expected format key=/file/path".to_owned()));
    };
    let found = |e: String| fail(format!("Finding file '{path}': {}", e.trim_end()));
    let text = match read.list(path).map_err(found)?.as_deref() {
        None => read.read(path).map_err(found)?,
        Some([one]) => read
            .read(&format!("{}/{one}", path.trim_end_matches('/')))
            .map_err(|_| fail(format!("Reading file '{path}'")))?,
        Some([]) => {
            return Err(format!(
                "--data-value-file {kv}: unsupported: a folder without files (ytt 0.48 panics)\n"
            ));
        }
        Some(_) => {
            return Err(fail(format!(
                "Expected '{path}' to be a file, but is a directory"
            )));
        }
    };
    let name = format!("(data-value-file arg) {key}={path}");
    let value = Node::Scalar(Scalar::String(text.clone()));
    overlay((key, "."), value, name, text, true)
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
    let value = if is_yaml {
        yaml_value(raw).map_err(|e| match e {
            Unread::GoYaml(e) => fail(format!(
                "Deserializing value for key '{key}': Deserializing YAML value: {e}"
            )),
            Unread::Refused(e) => format!("--data-value-yaml {kv}: {e}\n"),
        })?
    } else {
        Node::Scalar(Scalar::String(raw.to_owned()))
    };
    overlay((key, "."), value, name.to_owned(), kv.to_owned(), false)
}

/// validgen's refusal of a library reference (`@lib:...`) given by `what`: ytt hands such
/// values to a library a template loads, and validgen evaluates no template.
pub(crate) fn library_reference(what: &str, reference: &str) -> String {
    format!(
        "{what}: unsupported: a library reference (`{reference}`): validgen reads the root library only\n"
    )
}

/// The overlay document that sets `key` (split on `separator`: `.`, `__` for the
/// environment) to `value`, at line 1 of `name`.
fn overlay(
    (key, separator): (&str, &str),
    value: Node,
    name: String,
    text: String,
    whole: bool,
) -> Result<KeyValue, String> {
    if key.starts_with('@') {
        return Err(library_reference(&name, key));
    }
    let pos = Pos {
        file: Arc::from(name.as_str()),
        line: 1,
    };
    let comment = |text: &str| Comment {
        text: text.to_owned(),
        pos: pos.clone(),
    };
    let mut node = value;
    let pieces: Vec<&str> = key.split(separator).collect();
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
        text,
        whole,
        documents: DocumentSet {
            documents: vec![Document {
                pos: pos.clone(),
                comments: Vec::new(),
                value: node,
            }],
        },
    })
}
