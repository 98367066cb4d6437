//! `validgen review`: the webhook's answer to an `AdmissionReview`, offline.
//!
//! A JSON body goes through [`extract::review_bytes`] exactly as the webhook's body does; a YAML
//! file (one document) is read with the manifest reader, then reviewed the same way. The
//! response review is printed as the webhook writes it ([`admission::response_json`]).

use std::io::{Read, Write};
use std::path::Path;

use validgen_kubevirt::admission::{self, Catalog, Reviewed};
use validgen_kubevirt::{extract, manifest};

use crate::cli::ReviewArgs;
use crate::validate::{Catalogs, load_catalogs};
use crate::{EXIT_DENIED, EXIT_ERROR, EXIT_OK};

/// Runs `review`; returns the exit status.
pub fn run(args: &ReviewArgs) -> u8 {
    let Catalogs {
        catalog,
        errors,
        warnings,
    } = load_catalogs(&args.templates);
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    if !errors.is_empty() {
        for (_, message) in errors {
            eprintln!("error: {message}");
        }
        return EXIT_ERROR;
    }
    let reviewed = read(&args.file, args.max_bytes)
        .and_then(|(name, bytes)| reviewed(&name, &bytes, &catalog, args.max_bytes));
    let reviewed = match reviewed {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_ERROR;
        }
    };
    let mut answer = admission::response_json(&reviewed.uid, &reviewed.decision, !args.no_warnings);
    answer.push(b'\n');
    if std::io::stdout().lock().write_all(&answer).is_err() {
        return EXIT_ERROR;
    }
    if reviewed.decision.allowed {
        EXIT_OK
    } else {
        EXIT_DENIED
    }
}

/// The input's name and bytes (`-` is standard input).
fn read(path: &Path, max_bytes: usize) -> Result<(String, Vec<u8>), String> {
    let name = path.display().to_string();
    let limit = u64::try_from(max_bytes).unwrap_or(u64::MAX);
    let mut bytes = Vec::new();
    // One byte past the limit, so that an oversized input is reported as such.
    let read = if name == "-" {
        std::io::stdin()
            .lock()
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path)
            .and_then(|f| f.take(limit.saturating_add(1)).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("{name}: {e}"))?;
    if bytes.len() > max_bytes {
        return Err(format!(
            "{name}: over the limit of {max_bytes} bytes (raise it with --max-bytes)"
        ));
    }
    Ok((name, bytes))
}

/// Reviews the body of input `name`: JSON as the webhook reads it, else one YAML document.
fn reviewed(
    name: &str,
    bytes: &[u8],
    catalog: &Catalog,
    max_bytes: usize,
) -> Result<Reviewed, String> {
    let first = bytes
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(bytes)
        .iter()
        .find(|b| !b.is_ascii_whitespace());
    if first == Some(&b'{') {
        return extract::review_bytes(bytes, catalog).map_err(|e| format!("{name}: {e}"));
    }
    let docs = manifest::parse(name, bytes, max_bytes).map_err(|e| e.to_string())?;
    match docs.as_slice() {
        [doc] => admission::review_value(&doc.value, catalog).map_err(|e| format!("{name}: {e}")),
        docs => Err(format!(
            "{name}: expected one AdmissionReview, found {} documents",
            docs.len()
        )),
    }
}
