//! YAML with positions (`validgen::model::Yaml`) against serde-saphyr's own values.

use validgen::model::{Yaml, YamlVersion};
use validgen::serde_json::Value;

use super::{each_value, text};

/// The most values whose position is checked per document (bounds the run on large inputs).
const LOCATED: usize = 1000;

/// A YAML text (one document, then a stream): where validgen's reading and serde-saphyr's
/// (`from_str::<Value>`, `from_multiple::<Value>`, default options) both give documents, they
/// are the same values, and every value validgen gives has a position within the text. The
/// YAML 1.1 and 1.2 core readings run too (no panic, bounded by serde-saphyr's budgets).
pub fn yaml(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let lines = yaml_lines(text);
    if let (Ok(ours), Ok(theirs)) = (Yaml::parse(text), serde_saphyr::from_str::<Value>(text)) {
        assert_eq!(ours.value(), &theirs, "one document");
        each_value(ours.value(), LOCATED, &mut |pointer, _| {
            let span = ours.span(pointer);
            assert!(
                span.is_some_and(|s| s.line >= 1 && s.line <= lines + 1 && s.column >= 1),
                "{pointer:?} at {span:?} ({lines} lines)"
            );
        });
    }
    let ours = Yaml::parse_all(text);
    if let (Ok(ours), Ok(theirs)) = (&ours, serde_saphyr::from_multiple::<Value>(text)) {
        let theirs: Vec<&Value> = theirs.iter().filter(|d| !d.is_null()).collect();
        let values: Vec<&Value> = ours.iter().map(Yaml::value).collect();
        assert_eq!(values, theirs, "a stream");
    }
    for version in [YamlVersion::Core12, YamlVersion::Yaml11] {
        let _ = Yaml::parse_as(text, version);
    }
}

/// How many lines `text` has as YAML counts them: a line break is CR LF, LF or a lone CR
/// (YAML 1.2 §5.4, `b-break`), where Rust's `str::lines` breaks at LF only.
fn yaml_lines(text: &str) -> usize {
    let breaks = text.replace("\r\n", "\n").matches(['\n', '\r']).count();
    breaks + 1
}
