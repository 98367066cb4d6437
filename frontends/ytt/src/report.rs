//! ytt's validation report (`Validating final data values:`), as ytt 0.48
//! `pkg/validations` prints it: one block per invalid node in pre-order, one `- must be:` line
//! per violated assertion; or the first hard error of a `when=`, alone.

use std::fmt::Write as _;

use super::data::locate;
use validgen_core::ir::Violation;
use validgen_gotext::yaml::{Node, Pos};

/// The report of `violations` (the rule core's, rule 0 the schema's and rule 1 the data values'
/// assertions) on the final data values `root` (the document at `root_pos`): the text after
/// `ytt: Error: `, or `None` when nothing failed.
pub fn report(violations: &[Violation], root: &Node, root_pos: &Pos) -> Option<String> {
    if violations.is_empty() {
        return None;
    }
    let mut found: Vec<(Vec<usize>, usize, String, Pos, &Violation)> = violations
        .iter()
        .map(|v| {
            let located = locate(root, root_pos, &v.location);
            let (order, path, pos) = match located {
                Some(l) => (l.order, l.path, l.pos),
                None => (Vec::new(), v.location.clone(), root_pos.clone()),
            };
            (order, v.rule, path, pos, v)
        })
        .collect();
    // Pre-order of the nodes; on one node the schema's validations before the data values'
    // (a stable sort keeps each rule's own order).
    found.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut text = String::from("Validating final data values:\n");
    if let Some((_, _, path, _, v)) = found.iter().find(|f| f.4.check == "when") {
        let _ = writeln!(text, "Validating {path}: {}", v.found);
        return Some(text);
    }
    // One block per validation that failed (ytt's `Invalidation`): a node with a schema
    // validation and an `@assert/validate` that both fail gets two.
    let mut i = 0;
    while i < found.len() {
        let (order, rule, path, pos, first) = &found[i];
        let shown = if path.is_empty() { "(document)" } else { path };
        let _ = writeln!(text, "  {shown}\n    from: {pos}");
        while i < found.len()
            && &found[i].0 == order
            && found[i].1 == *rule
            && found[i].4.keyword == first.keyword
        {
            let v = found[i].4;
            let _ = writeln!(text, "    - must be: {} (by: {})", v.expected, v.keyword);
            if !v.found.is_empty() {
                let _ = writeln!(text, "      found: {}", v.found);
            }
            i += 1;
        }
        text.push('\n');
    }
    text.push('\n');
    Some(text)
}
