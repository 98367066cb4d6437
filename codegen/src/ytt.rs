//! Folders of ytt data-values schemas: every schema file compiled by the ytt frontend of
//! `validgen-ytt` (typed as ytt types it, its validations lowered into the IR) and emitted
//! as validators. Behind `include_ytt_schemas!`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use validgen_core::files::manifest_files;
use validgen_gotext::yaml;
use validgen_ytt::lower::{rule_set, schema_checks};
use validgen_ytt::schema::{self, BuildError};
use validgen_ytt::validation::ValidationError;

use crate::diag::{Diagnostic, Diagnostics};
use crate::emit::ytt::YttItem;
use crate::names::function_name;

/// The generated code of a folder of ytt schemas.
#[derive(Debug, Clone)]
pub struct GeneratedYtt {
    /// The items: per schema a validator, a static and a function; `YTT_SCHEMAS`.
    pub tokens: TokenStream,
    /// Every file read (absolute when the folder was), for rebuild tracking.
    pub files: Vec<PathBuf>,
}

/// Compiles every ytt schema (`*.yml`, `*.yaml`, recursively, sorted) of `dir`; `display`
/// names it in diagnostics. Each schema is named after its path relative to the folder.
///
/// # Errors
/// Every file that cannot be read, is not YAML, or is not a schema ytt accepts (ytt's error,
/// at the line of the annotation concerned where ytt names one), and names clashing.
pub fn compile_ytt_dir(dir: &Path, display: &str) -> Result<GeneratedYtt, Diagnostics> {
    let mut files = Vec::new();
    let mut diags = Diagnostics::default();
    if let Err(e) = manifest_files(dir, &mut files) {
        diags.push(Diagnostic::file(display, e.to_string()));
        return Err(diags);
    }
    let mut items: BTreeMap<String, YttItem> = BTreeMap::new();
    for path in &files {
        let rel = path
            .strip_prefix(dir)
            .unwrap_or(path)
            .display()
            .to_string()
            .replace('\\', "/");
        let shown = format!("{display}/{rel}");
        match compile_file(path, &rel) {
            Ok(item) => {
                if let Some(other) = items.get(&item.name) {
                    diags.push(Diagnostic::file(
                        &shown,
                        format!("`{}` and `{rel}` both become `{}`", other.file, item.name),
                    ));
                } else {
                    items.insert(item.name.clone(), item);
                }
            }
            Err((line, message)) => diags.push(Diagnostic::at(&shown, line, 0, None, message)),
        }
    }
    if !diags.0.is_empty() {
        return Err(diags);
    }
    let items: Vec<YttItem> = items.into_values().collect();
    Ok(GeneratedYtt {
        tokens: crate::emit::ytt::catalog(&items),
        files,
    })
}

/// One schema file compiled, or its first error (line, 0 when ytt names none, and text).
fn compile_file(path: &Path, rel: &str) -> Result<YttItem, (usize, String)> {
    let text = std::fs::read_to_string(path).map_err(|e| (0, e.to_string()))?;
    let set = yaml::parse(&text, rel).map_err(|e| (e.pos.line, e.message))?;
    let built = schema::build(&set, &text).map_err(|e| match e {
        BuildError::Arguments { annotation, error } => (annotation.pos.line, error.ytt_message()),
        BuildError::Report(report) => (0, report.trim().to_owned()),
        BuildError::Message(message) => (0, message),
        BuildError::Unsupported { pos, construct } => {
            (pos.line, format!("unsupported: {construct}"))
        }
    })?;
    let checks = schema_checks(&built).map_err(|e| {
        let message = match &e.error {
            ValidationError::Invalid(line) => line.clone(),
            ValidationError::Starlark(error) => error.ytt_message(),
        };
        (e.annotation.pos.line, message)
    })?;
    let stem = rel.rsplit_once('.').map_or(rel, |(stem, _)| stem);
    Ok(YttItem {
        name: function_name(stem),
        file: rel.to_owned(),
        text,
        rules: rule_set(checks, Vec::new()),
    })
}
