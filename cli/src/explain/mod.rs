//! `validgen explain`: a catalog's templates and their rules in plain words.

mod describe;
mod text;

use std::io::Write;

use validgen_kubevirt::admission::{Catalog, Template};

use crate::cli::{ExplainArgs, ExplainFormat};
use crate::{EXIT_ERROR, EXIT_OK};
use describe::{ExplainedTemplate, explain_template};

/// Runs `explain`; returns the exit status.
pub fn run(args: &ExplainArgs) -> u8 {
    let catalog = match Catalog::load_dir(&args.catalog) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_ERROR;
        }
    };
    let dir = args.catalog.display().to_string();
    let selected: Vec<&Template> = match &args.template {
        None => catalog.templates().collect(),
        Some(wanted) => catalog
            .templates()
            .filter(|t| t.name == *wanted || key(t) == *wanted)
            .collect(),
    };
    if let (Some(wanted), true) = (&args.template, selected.is_empty()) {
        eprintln!(
            "error: {dir}: no template named {wanted:?} among its {} templates (run `validgen explain {dir}` to list them)",
            catalog.len()
        );
        return EXIT_ERROR;
    }
    let explained: Vec<ExplainedTemplate> = selected.into_iter().map(explain_template).collect();
    let out = match args.output {
        ExplainFormat::Text => {
            let heading = args.template.is_none().then(|| {
                let n = explained.len();
                format!("{n} template{} in {dir}", if n == 1 { "" } else { "s" })
            });
            text::render(heading.as_deref(), &explained)
        }
        ExplainFormat::Json => match serde_json::to_string_pretty(&explained) {
            Ok(json) => json + "\n",
            Err(e) => {
                eprintln!("error: {e}");
                return EXIT_ERROR;
            }
        },
    };
    if std::io::stdout().lock().write_all(out.as_bytes()).is_err() {
        return EXIT_ERROR;
    }
    EXIT_OK
}

/// `namespace/name`, or `name` for a template without a namespace.
fn key(t: &Template) -> String {
    match t.namespace.as_deref() {
        Some(ns) if !ns.is_empty() => format!("{ns}/{}", t.name),
        _ => t.name.clone(),
    }
}
