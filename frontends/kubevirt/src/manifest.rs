//! Reading Kubernetes manifests: YAML (several documents per file) or JSON, with limits against
//! hostile input. YAML goes through serde-saphyr, whose budgets stop alias bombs and runaway
//! nesting.

use std::path::Path;

use serde_json::Value;

/// Default largest document accepted: 16 MiB (bytes).
pub const DEFAULT_MAX_BYTES: usize = 16 << 20;

/// One document of a manifest file.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// 0-based position among the file's documents (after expanding `kind: List` and
    /// `kind: VirtualMachineList`).
    pub index: usize,
    /// The document as JSON.
    pub value: Value,
}

/// Why a manifest could not be read. Display names the file and, where known, the line and
/// column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ManifestError {
    /// The file could not be read.
    #[error("{file}: {message}")]
    Io {
        /// The file.
        file: String,
        /// The OS error.
        message: String,
    },
    /// Larger than the limit.
    #[error("{file}: {size} bytes is over the limit of {limit} bytes (raise it with --max-bytes)")]
    TooLarge {
        /// The file.
        file: String,
        /// Its size in bytes.
        size: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// Not UTF-8.
    #[error("{file}:{line}:{column}: not UTF-8 text (invalid byte at offset {offset})")]
    NotUtf8 {
        /// The file.
        file: String,
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 1-based column (in bytes) of the first invalid byte.
        column: usize,
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// Not valid YAML or JSON.
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// 1-based line (0 when unknown).
        line: usize,
        /// 1-based column (0 when unknown).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// No document in the file.
    #[error("{file}: no document in the file")]
    Empty {
        /// The file.
        file: String,
    },
}

/// Reads and parses a manifest file.
///
/// # Errors
/// [`ManifestError`] naming `path`.
pub fn read_file(path: &Path, max_bytes: usize) -> Result<Vec<Document>, ManifestError> {
    let file = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|e| ManifestError::Io {
        file: file.clone(),
        message: e.to_string(),
    })?;
    if meta.len() > max_bytes as u64 {
        return Err(ManifestError::TooLarge {
            file,
            size: usize::try_from(meta.len()).unwrap_or(usize::MAX),
            limit: max_bytes,
        });
    }
    let bytes = std::fs::read(path).map_err(|e| ManifestError::Io {
        file: file.clone(),
        message: e.to_string(),
    })?;
    parse(&file, &bytes, max_bytes)
}

/// Parses manifest bytes; `file` names them in errors (`-` for stdin).
///
/// JSON (a document starting with `{` or `[`, possibly several concatenated) is read with
/// serde_json (recursion limited to 128 levels); anything else as YAML with serde-saphyr's
/// default budgets. A `kind: List` or `kind: VirtualMachineList` document (what the API
/// server answers for a list of VMs) is expanded into its `items`.
///
/// # Errors
/// [`ManifestError`] naming `file`.
pub fn parse(file: &str, bytes: &[u8], max_bytes: usize) -> Result<Vec<Document>, ManifestError> {
    if bytes.len() > max_bytes {
        return Err(ManifestError::TooLarge {
            file: file.to_owned(),
            size: bytes.len(),
            limit: max_bytes,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let offset = e.valid_up_to();
        let before = &bytes[..offset];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        ManifestError::NotUtf8 {
            file: file.to_owned(),
            line: before.iter().filter(|&&b| b == b'\n').count() + 1,
            column: offset - line_start + 1,
            offset,
        }
    })?;
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let values = if trimmed.starts_with('{') || trimmed.starts_with('[') {
        parse_json(file, trimmed)?
    } else {
        parse_yaml(file, text)?
    };
    let mut docs = Vec::new();
    for v in values {
        match v {
            Value::Null => {}
            Value::Object(ref m)
                if matches!(
                    m.get("kind").and_then(Value::as_str),
                    Some("List" | "VirtualMachineList")
                ) =>
            {
                let items = m
                    .get("items")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                docs.extend(items);
            }
            v => docs.push(v),
        }
    }
    if docs.is_empty() {
        return Err(ManifestError::Empty {
            file: file.to_owned(),
        });
    }
    Ok(docs
        .into_iter()
        .enumerate()
        .map(|(index, value)| Document { index, value })
        .collect())
}

fn parse_json(file: &str, text: &str) -> Result<Vec<Value>, ManifestError> {
    serde_json::Deserializer::from_str(text)
        .into_iter::<crate::typed::GoDocument>()
        .map(|r| r.map(|m| m.0))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ManifestError::Syntax {
            file: file.to_owned(),
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        })
}

fn parse_yaml(file: &str, text: &str) -> Result<Vec<Value>, ManifestError> {
    serde_saphyr::from_multiple::<Value>(text).map_err(|e| {
        let (line, column) = e
            .location()
            .map_or((0, 0), |l| (l.line() as usize, l.column() as usize));
        ManifestError::Syntax {
            file: file.to_owned(),
            line,
            column,
            message: validgen_core::model::yaml_message(&e.to_string()),
        }
    })
}

/// serde_json appends " at line L column C"; we print the position in front instead.
fn strip_position(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_owned(),
        None => msg.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_of_vms_are_expanded() {
        let text = "apiVersion: kubevirt.io/v1\nkind: VirtualMachineList\nitems:\n- kind: VirtualMachine\n  metadata: {name: a}\n- kind: VirtualMachine\n  metadata: {name: b}\n---\nkind: List\nitems:\n- kind: VirtualMachine\n";
        let docs = parse("f.yaml", text.as_bytes(), DEFAULT_MAX_BYTES).expect("parses");
        let names: Vec<_> = docs
            .iter()
            .map(|d| (d.index, d.value.pointer("/metadata/name").cloned()))
            .collect();
        assert_eq!(
            names,
            vec![
                (0, Some(Value::from("a"))),
                (1, Some(Value::from("b"))),
                (2, None)
            ]
        );
    }
}
