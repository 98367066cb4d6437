//! `validgen vap`: a catalog compiled to ValidatingAdmissionPolicies by `validgen_vap`, with
//! its translatability report.

use std::io::Write as _;
use std::path::Path;

use validgen_kubevirt::admission::Catalog;
use validgen_vap::{Action, Class, Options, UnknownRuleTexts, compile, to_yaml};

use crate::cli::{VapAction, VapArgs, VapCommand, VapUnknown};
use crate::render::escape_controls;
use crate::{EXIT_DENIED, EXIT_ERROR, EXIT_OK};

/// Runs `vap` (or `vap test`); returns the exit status.
pub fn run(args: &VapArgs) -> u8 {
    let catalog = match (&args.command, &args.catalog) {
        #[cfg(feature = "vap-test")]
        (Some(VapCommand::Test(test)), _) => return crate::vap_test::run(test),
        #[cfg(not(feature = "vap-test"))]
        (Some(VapCommand::Test(_)), _) => return crate::not_built("vap test", "vap-test"),
        (None, Some(catalog)) => catalog,
        // clap requires one of them.
        (None, None) => return EXIT_ERROR,
    };
    let actions: Vec<Action> = args
        .actions
        .iter()
        .map(|a| match a {
            VapAction::Deny => Action::Deny,
            VapAction::Warn => Action::Warn,
            VapAction::Audit => Action::Audit,
        })
        .collect();
    if let Err(e) = Action::check(&actions) {
        eprintln!("error: --actions: {e}");
        return EXIT_ERROR;
    }
    let catalog = match Catalog::load_dir(catalog) {
        Ok(c) => c,
        Err(errors) => {
            for e in errors.0 {
                eprintln!("error: {}", escape_controls(&e.to_string()));
            }
            return EXIT_ERROR;
        }
    };
    for w in catalog.warnings() {
        eprintln!("warning: {}", escape_controls(w));
    }
    let out = compile(
        &catalog,
        &Options {
            actions,
            unknown_rule_texts: match args.unknown_rule_texts {
                VapUnknown::Allow => UnknownRuleTexts::Allow,
                VapUnknown::Warn => UnknownRuleTexts::Warn,
                VapUnknown::Deny => UnknownRuleTexts::Deny,
            },
            template_namespace: args.template_namespace.clone(),
            ..Options::default()
        },
    );
    if let Err(e) = write_policies(&out.documents, args.out.as_deref()) {
        eprintln!("error: {e}");
        return EXIT_ERROR;
    }
    if let Some(file) = &args.report {
        let json = serde_json::to_string_pretty(&out.report).unwrap_or_default() + "\n";
        if let Err(e) = std::fs::write(file, json) {
            eprintln!("error: {}: {e}", file.display());
            return EXIT_ERROR;
        }
    }
    eprint!("{}", out.report.table());
    if args.deny_approximate && out.report.worst() != Class::Exact {
        return EXIT_DENIED;
    }
    EXIT_OK
}

/// The policies as one YAML stream on standard output, or (`out`) one file per policy with its
/// binding.
fn write_policies(documents: &[serde_json::Value], out: Option<&Path>) -> Result<(), String> {
    let Some(dir) = out else {
        let yaml = to_yaml(documents)?;
        let mut stdout = std::io::stdout().lock();
        return stdout
            .write_all(yaml.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("standard output: {e}"));
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for pair in documents.chunks(2) {
        let name = pair[0]["metadata"]["name"].as_str().unwrap_or("policy");
        let file = dir.join(format!("{name}.yaml"));
        std::fs::write(&file, to_yaml(pair)?).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    Ok(())
}
