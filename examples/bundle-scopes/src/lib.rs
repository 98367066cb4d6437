//! The update agent of the add-on bundle scopes concept, on validators compiled by validgen.
//!
//! Before an add-on bundle is installed, the agent reads the base bundle descriptor, loads the
//! JSON Schema grammar its `addon-grammar` names, validates the add-on descriptor against it
//! and refuses the add-on with every reason at once, each located in the add-on's file. The
//! grammar (`grammar/addon-bundle.schema.json`) says what each scope allows: `normal-addon`
//! (the default) no root, no added capabilities, no realtime flag, no init containers;
//! `realtime` root, the realtime flag, init containers and the capabilities `CAP_SYS_NICE`,
//! `CAP_IPC_LOCK`, `CAP_NET_ADMIN`, `CAP_NET_RAW`, `CAP_SYS_RESOURCE`, each once; `base-bundle`
//! any Linux capability. One check spans two files and is the agent's own: the add-on's scope
//! must be one the base bundle offers in `scopeDefinitions`.
//!
//! The grammars under `grammar/` are compiled into this program (`include_schemas!`); a base
//! bundle naming another grammar file gets it compiled at run time and interpreted (same
//! verdicts and texts, as validgen's two back ends agree).

use std::path::Path;

use validgen::interpret::{DocumentReport, Explain};
use validgen::json_schema::{self, SchemaValidator};
use validgen::model::Yaml;
use validgen::serde_json::Value;

validgen::include_schemas!("grammar");

/// Why an add-on is refused: one reason, located in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    /// 1-based line of the offending value (0 when unknown).
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The value's JSON Pointer in the descriptor (`/containers/0/capAdd/1`).
    pub location: String,
    /// What is wrong, in the grammar author's words where they gave some.
    pub message: String,
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = if self.location.is_empty() {
            "(descriptor)"
        } else {
            &self.location
        };
        write!(f, "{}:{}: {at}: {}", self.line, self.column, self.message)
    }
}

/// Why the check could not be made at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AgentError {
    /// A descriptor is not one YAML document.
    Unreadable(String),
    /// The base bundle names no grammar, or one that cannot be read or compiled.
    Grammar(String),
    /// The base bundle does not satisfy its own grammar.
    BaseBundle(Vec<Reason>),
}

impl std::fmt::Display for AgentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AgentError::Unreadable(m) | AgentError::Grammar(m) => f.write_str(m),
            AgentError::BaseBundle(reasons) => {
                write!(f, "the base bundle does not satisfy its grammar:")?;
                for r in reasons {
                    write!(f, "\n  {r}")?;
                }
                Ok(())
            }
        }
    }
}

/// A grammar: compiled into the agent, or compiled at run time and interpreted.
enum Grammar {
    Compiled(&'static SchemaValidator),
    Interpreted {
        rules: validgen::ir::RuleSet,
        schema: Value,
    },
}

impl Grammar {
    /// The grammar `base` names (`addon-grammar`, relative to `base_dir`).
    fn named(base: &Value, base_dir: &Path) -> Result<Grammar, AgentError> {
        let Some(name) = base.get("addon-grammar").and_then(Value::as_str) else {
            return Err(AgentError::Grammar(
                "the base bundle names no addon-grammar".to_owned(),
            ));
        };
        let file = name.strip_prefix("grammar/").unwrap_or(name);
        if let Some(v) = SCHEMAS.iter().find(|v| v.file == file) {
            return Ok(Grammar::Compiled(v));
        }
        let path = base_dir.join(name);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| AgentError::Grammar(format!("{}: {e}", path.display())))?;
        let schema: Value = json_schema::SchemaText::parse(&text)
            .map(|s| s.value().clone())
            .map_err(|e| AgentError::Grammar(format!("{}: {e}", path.display())))?;
        match json_schema::compile(&schema, &json_schema::Options::default()) {
            Ok(c) => Ok(Grammar::Interpreted {
                rules: c.rules,
                schema,
            }),
            Err(errors) => {
                let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
                Err(AgentError::Grammar(format!(
                    "{}: {}",
                    path.display(),
                    all.join("; ")
                )))
            }
        }
    }

    /// Every reason `doc` does not satisfy the grammar.
    fn reasons(&self, doc: &Yaml) -> Vec<Reason> {
        let mut report: DocumentReport = match self {
            Grammar::Compiled(v) => (v.validate)(doc.value(), Explain::Failures),
            Grammar::Interpreted { rules, .. } => {
                validgen::interpret::evaluate_document(rules, &doc.document(), Explain::Failures)
            }
        };
        doc.locate(&mut report);
        report
            .violations
            .iter()
            .map(|v| {
                let message = match self {
                    Grammar::Compiled(g) => g.describe(v, doc.value()),
                    Grammar::Interpreted { schema, .. } => {
                        json_schema::describe(v, doc.value(), schema)
                    }
                };
                let (line, column) = v.span.map_or((0, 0), |s| (s.line, s.column));
                Reason {
                    line,
                    column,
                    location: v.location.clone(),
                    message,
                }
            })
            .collect()
    }
}

/// Checks an add-on descriptor (`addon`, YAML) against the grammar the base bundle descriptor
/// (`base`, YAML, read from `base_dir`) names, and against the scopes the base bundle offers.
/// `Ok` holds every reason the add-on is refused (empty: it may be installed).
///
/// # Errors
/// A descriptor is not YAML, the grammar cannot be loaded, or the base bundle breaks it.
pub fn check_addon(base: &str, base_dir: &Path, addon: &str) -> Result<Vec<Reason>, AgentError> {
    let read = |what: &str, text: &str| {
        Yaml::parse(text).map_err(|e| AgentError::Unreadable(format!("{what}: {e}")))
    };
    let base = read("base bundle", base)?;
    let addon = read("add-on", addon)?;
    let grammar = Grammar::named(base.value(), base_dir)?;
    let base_reasons = grammar.reasons(&base);
    if !base_reasons.is_empty() {
        return Err(AgentError::BaseBundle(base_reasons));
    }
    let mut reasons = grammar.reasons(&addon);
    reasons.extend(offered_scope(base.value(), &addon));
    Ok(reasons)
}

/// The add-on's scope (default `normal-addon`) must be one the base bundle offers.
fn offered_scope(base: &Value, addon: &Yaml) -> Option<Reason> {
    let scope = addon
        .value()
        .get("scope")
        .map_or(Some("normal-addon"), Value::as_str)?;
    let offered: Vec<&str> = base
        .get("scopeDefinitions")
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if offered.contains(&scope) {
        return None;
    }
    let (line, column) = addon.span("/scope").map_or((0, 0), |s| (s.line, s.column));
    let base_name = base
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("the base bundle");
    Some(Reason {
        line,
        column,
        location: "/scope".to_owned(),
        message: format!(
            "scope `{scope}` is not offered by base bundle {base_name} (it offers {})",
            offered.join(", ")
        ),
    })
}
