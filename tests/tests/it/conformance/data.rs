//! Reading the vendored conformance file.

use serde::Deserialize;
use serde_json::Value;
use validgen_core::interpret::Outcome;

/// One recorded case.
#[derive(Debug, Deserialize)]
pub struct Case {
    pub id: String,
    pub input: Input,
    pub expected: Expected,
    #[serde(default)]
    pub expected_admitted: Option<Expected>,
    #[serde(default)]
    pub reference_panicked: bool,
    #[serde(default)]
    pub nondeterministic: bool,
}

#[derive(Debug, Deserialize)]
pub struct Input {
    pub vm: Value,
    #[serde(default)]
    pub templates: Vec<Value>,
}

/// The reference's answer.
#[derive(Debug, Deserialize)]
pub struct Expected {
    pub allowed: bool,
    pub code: Option<u16>,
    pub reason: Option<String>,
    pub message: Option<String>,
    pub causes: Option<Vec<ExpCause>>,
    pub rules: Option<Vec<ExpRule>>,
    pub parse_error: Option<String>,
    #[serde(default)]
    pub response_body: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct ExpCause {
    #[serde(rename = "type")]
    pub kind: String,
    pub field: String,
    pub message: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ExpRule {
    pub name: String,
    pub field: String,
    pub satisfied: Option<bool>,
    pub skipped: bool,
    pub error: Option<String>,
    pub just_warning: bool,
    pub explanation: String,
}

impl ExpRule {
    /// The recorded outcome and its text in validgen's terms.
    pub fn outcome(&self) -> (Outcome, String) {
        match (&self.error, self.skipped, self.satisfied) {
            (Some(e), _, _) => (Outcome::Error, e.clone()),
            (None, true, _) => (Outcome::Skipped, String::new()),
            (None, false, Some(true)) => (Outcome::Satisfied, self.explanation.clone()),
            (None, false, _) => (Outcome::Unsatisfied, self.explanation.clone()),
        }
    }
}

/// Reads `tests/conformance/cases.jsonl`.
pub fn load_cases() -> Vec<Case> {
    load_cases_at(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/cases.jsonl"
    ))
}

/// Reads cases in the format of `cases.jsonl` from `path`.
pub fn load_cases_at(path: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).unwrap_or_else(|e| panic!("line {}: {e}", i + 1)))
        .collect()
}
