//! The rule-set annotation parser. Interim stand-in with the final API; replaced on merge.
#![allow(missing_docs)]
use crate::jsonpath::JsonPath;
#[derive(Debug, Clone, PartialEq)]
pub struct RuleSet {
    pub rules: Vec<Rule>,
}
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    pub index: usize,
    pub location: Location,
    pub name: String,
    pub rule: String,
    pub path: Option<RulePath>,
    pub message: String,
    pub valid: Option<RulePath>,
    pub just_warning: bool,
    pub values: Option<Vec<StrArg>>,
    pub min: Option<IntArg>,
    pub max: Option<IntArg>,
    pub min_length: Option<IntArg>,
    pub max_length: Option<IntArg>,
    pub regex: String,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    Integer,
    String,
    Regex,
    Enum,
    Unrecognized,
}
impl Rule {
    pub fn kind(&self) -> RuleKind {
        match self.rule.as_str() {
            "integer" => RuleKind::Integer,
            "string" => RuleKind::String,
            "regex" => RuleKind::Regex,
            "enum" => RuleKind::Enum,
            _ => RuleKind::Unrecognized,
        }
    }
}
#[derive(Debug, Clone, PartialEq)]
pub struct RulePath {
    pub expr: String,
    pub source: String,
    pub jsonpath: JsonPath,
}
#[derive(Debug, Clone, PartialEq)]
pub enum IntArg {
    Int(i64),
    Path(RulePath),
}
#[derive(Debug, Clone, PartialEq)]
pub enum StrArg {
    Str(String),
    Path(RulePath),
}
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
}
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RuleSetError {
    pub location: Location,
    pub rule_index: Option<usize>,
    pub rule_name: Option<String>,
    pub key: Option<String>,
    pub message: String,
}
pub fn parse_rule_set(_text: &str) -> Result<RuleSet, RuleSetError> {
    Ok(RuleSet { rules: Vec::new() })
}
