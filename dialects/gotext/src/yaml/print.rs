//! Writing a value as ytt prints data values (`--data-values-inspect`) and schema exports:
//! go-yaml v2's `Marshal` of ytt's ordered maps (`pkg/yamlmeta/document.go`, `AsYAMLBytes`),
//! following the fork's `encode.go` and `emitterc.go`.

use super::emitter::Emitter;
use super::scalar_style::{ScalarOut, Style};
use super::{Node, Scalar};

/// `node` as YAML text, as ytt 0.48 prints it (go-yaml v2's `Marshal`):
///
/// - block maps and sequences, 2-space indentation; a sequence under a map key at the key's
///   indentation (`domains:\n- a`); a map in a sequence item on the `-` line (`- a: 1`);
/// - an empty map `{}`, an empty sequence `[]`, null `null`;
/// - integers in decimal; floats as Go's shortest `%g` (`0.5`, `1` for 1.0, `1e+06`, `.inf`);
/// - strings plain when they read back as strings; double-quoted when they would read back as
///   another type (`""`, `"1"`, `"yes"`, `"null"`, `"1.5"`, a timestamp `"2024-01-31"`, a YAML
///   1.1 base-60 number `"1:30"`) or hold a character that is not printable (escaped);
///   single-quoted when a plain scalar may not start or contain what they hold (`'- a'`,
///   `'a: b'`, `'@x'`, `' x'`); a literal block (`|`, `|-`, `|+`, with an indentation hint
///   when it starts with a space or a break) when they hold a line feed; never folded;
/// - keys likewise, as `? key` when longer than 128 bytes or multi-line;
/// - a final line feed.
///
/// The recursion is as deep as the value (values from [`super::parse`] are at most 256 deep).
pub fn print(node: &Node) -> String {
    let mut emitter = Emitter::new();
    write_node(&mut emitter, node, false);
    // The implicit document end.
    emitter.write_indent();
    emitter.out
}

/// Writes `node`; `map_value` when it is a map item's value (a sequence there is indentless).
fn write_node(e: &mut Emitter, node: &Node, map_value: bool) {
    match node {
        Node::Scalar(scalar) => write_scalar(e, &ScalarOut::new(scalar), false),
        Node::Array(items) if items.is_empty() => write_empty(e, "[", "]"),
        Node::Map(items) if items.is_empty() => write_empty(e, "{", "}"),
        Node::Array(items) => {
            let indentless = map_value && !e.indention;
            e.increase_indent(false, indentless);
            for item in items {
                e.write_indent();
                e.write_indicator("-", true, false, true);
                write_node(e, &item.value, false);
            }
            e.pop_indent();
        }
        Node::Map(items) => {
            e.increase_indent(false, false);
            for item in items {
                e.write_indent();
                write_key(e, &item.key);
                write_node(e, &item.value, true);
            }
            e.pop_indent();
        }
    }
}

/// A key and its `:` (`yamlEmitterEmitBlockMappingKey` and `...Value`).
fn write_key(e: &mut Emitter, key: &Scalar) {
    let key = ScalarOut::new(key);
    if key.is_simple_key() {
        write_scalar(e, &key, true);
        e.write_indicator(":", false, false, false);
    } else {
        e.write_indicator("?", true, false, true);
        write_scalar(e, &key, false);
        e.write_indent();
        e.write_indicator(":", true, false, true);
    }
}

fn write_scalar(e: &mut Emitter, scalar: &ScalarOut<'_>, simple_key: bool) {
    e.increase_indent(true, false);
    match scalar.style(simple_key) {
        Style::Plain => e.write_plain(&scalar.text),
        Style::SingleQuoted => e.write_single_quoted(&scalar.text),
        Style::DoubleQuoted => e.write_double_quoted(&scalar.text),
        Style::Literal => e.write_literal(&scalar.text),
    }
    e.pop_indent();
}

/// An empty collection in flow style (`yamlEmitterEmitFlowSequenceItem` with no item).
fn write_empty(e: &mut Emitter, open: &str, close: &str) {
    e.write_indicator(open, true, true, false);
    e.increase_indent(true, false);
    e.pop_indent();
    e.write_indicator(close, false, false, false);
}
