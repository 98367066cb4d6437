//! `check --ytt-schema`: every error of a ytt data-values schema, where ytt stops at the
//! first ([`validgen_ytt::check::schema_faults`]), as findings located at their line.

use std::path::Path;

use validgen_codegen::Diagnostic;
use validgen_ytt::check::{folder_faults, schema_faults};
use validgen_ytt::files::Disk;

use super::{Finding, Severity, YTT_SCHEMA_ERROR_ID};
use crate::validate::schema::display_path;

/// Largest schema file read, in bytes (a schema is a few kilobytes; this bounds the work).
const MAX_BYTES: u64 = 16 << 20;

/// The findings of the ytt schema file `path` (named as given), in line order: each with
/// ytt's one-line message (a report's title with its `found:` and `expected:`); a file that
/// cannot be read or is not YAML gives one finding at line 0. A folder is one schema, its
/// schema files overlaid as `ytt -f DIR` overlays them ([`folder_faults`]). With
/// `seed_extensions`, the validations may use the seed extensions (`format=`, `regexp=`,
/// `prefix=`, `unique=`).
pub fn check_ytt_schema(path: &Path, seed_extensions: bool) -> Vec<Finding> {
    let name = display_path(path);
    if path.is_dir() {
        return findings(folder_faults(&name, &Disk::default(), seed_extensions));
    }
    let read = |file: &str| {
        let size = std::fs::metadata(file)
            .map_err(|e| format!("Checking file '{file}': {e}\n"))?
            .len();
        if size > MAX_BYTES {
            return Err(format!(
                "Checking file '{file}': larger than {MAX_BYTES} bytes\n"
            ));
        }
        std::fs::read_to_string(file).map_err(|e| format!("Checking file '{file}': {e}\n"))
    };
    findings(schema_faults(&name, &read, seed_extensions))
}

fn findings(faults: Vec<validgen_ytt::check::SchemaFault>) -> Vec<Finding> {
    faults
        .into_iter()
        .map(|fault| Finding {
            severity: Severity::Error,
            id: YTT_SCHEMA_ERROR_ID,
            diagnostic: Diagnostic::at(&fault.pos.file, fault.pos.line, 0, None, fault.message),
        })
        .collect()
}
