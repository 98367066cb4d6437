//! Writing a value as ytt prints data values. (Placeholder until the printer lands.)

use super::Node;

/// `node` as YAML text, as `ytt --data-values-inspect` prints it.
pub fn print(node: &Node) -> String {
    format!("{node:?}")
}
