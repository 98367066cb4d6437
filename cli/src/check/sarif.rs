//! Findings as SARIF 2.1.0 (one run; the tool's rules are every finding identifier), for
//! code-scanning upload. Locations are the files as named on the command line, as relative URI
//! references; a finding about a whole file has no region. A hint follows the message on a
//! line of its own (`help: …`), as in the text output.

use serde_json::{Map, Value, json};
use validgen_codegen::lint::Lint;

use super::{
    ERROR_ID, Finding, SCHEMA_ERROR_ID, SCHEMA_WARNING_ID, Severity, YTT_SCHEMA_ERROR_ID, describe,
};

/// The published JSON schema of SARIF 2.1.0.
const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// Renders the findings as a SARIF log, pretty-printed, with a final newline.
pub(super) fn render(findings: &[Finding]) -> String {
    // `check` compiles without `reference_failures`, so an unknown rule kind and a regex Go
    // cannot compile are always build errors (a path written from the VM is one, a `.metadata`
    // path a warning).
    let default_level = |l: &Lint| match l {
        Lint::UnknownRuleKind | Lint::PcreRegex => Severity::Error,
        _ => Severity::Warning,
    };
    let ids: Vec<(&str, Severity)> = std::iter::once((ERROR_ID, Severity::Error))
        .chain(Lint::ALL.iter().map(|l| (l.id(), default_level(l))))
        .chain([
            (SCHEMA_ERROR_ID, Severity::Error),
            (SCHEMA_WARNING_ID, Severity::Warning),
        ])
        // Listed when used: runs without ytt schemas keep their rules.
        .chain(
            findings
                .iter()
                .any(|f| f.id == YTT_SCHEMA_ERROR_ID)
                .then_some((YTT_SCHEMA_ERROR_ID, Severity::Error)),
        )
        .collect();
    let rules: Vec<Value> = ids
        .iter()
        .map(|(id, severity)| {
            json!({
                "id": id,
                "name": pascal_case(id),
                "shortDescription": {"text": describe(id)},
                "defaultConfiguration": {"level": severity.as_str()},
            })
        })
        .collect();
    let results: Vec<Value> = findings
        .iter()
        .map(|f| {
            let d = &f.diagnostic;
            let mut text = match &d.rule {
                Some(rule) => format!("rule `{rule}`: {}", d.message),
                None => d.message.clone(),
            };
            if let Some(hint) = &d.hint {
                text.push_str(&format!("\nhelp: {hint}"));
            }
            let mut physical = Map::new();
            physical.insert("artifactLocation".into(), json!({"uri": uri(&d.file)}));
            if d.line > 0 {
                let mut region = Map::new();
                region.insert("startLine".into(), json!(d.line));
                if d.column > 0 {
                    region.insert("startColumn".into(), json!(d.column));
                }
                physical.insert("region".into(), Value::Object(region));
            }
            json!({
                "ruleId": f.id,
                "ruleIndex": ids.iter().position(|(id, _)| *id == f.id),
                "level": f.severity.as_str(),
                "message": {"text": text},
                "locations": [{"physicalLocation": physical}],
            })
        })
        .collect();
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "validgen",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": env!("CARGO_PKG_REPOSITORY"),
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    serde_json::to_string_pretty(&log).unwrap_or_default() + "\n"
}

/// `pcre-regex` → `PcreRegex` (SARIF's `name` of a rule).
fn pascal_case(id: &str) -> String {
    id.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// A file path as a URI reference: `/` separators, and every byte outside the unreserved
/// characters and `/` percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::new();
    for b in path.replace('\\', "/").bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{pascal_case, uri};

    #[test]
    fn names_and_uris() {
        assert_eq!(
            pascal_case("non-canonical-quantity"),
            "NonCanonicalQuantity"
        );
        assert_eq!(uri("a dir/ü.yaml"), "a%20dir/%C3%BC.yaml");
        assert_eq!(uri("templates/rhel9.yaml"), "templates/rhel9.yaml");
    }
}
