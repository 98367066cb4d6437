//! Rule bounds in words, shared by `validgen explain` and the release diff: byte counts in
//! binary units with the exact number of bytes (`1.5Gi (1610612736 bytes)`), other integers as
//! they are.

use validgen_core::ir::Arg;
use validgen_quantity::Quantity;

/// How an integer bound is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoundUnit {
    /// A byte count: binary units with the exact bytes (`1.5Gi (1610612736 bytes)`).
    Bytes,
    /// A plain number.
    Plain,
}

impl BoundUnit {
    /// The unit of the bounds of an `integer` rule on the path `expr`: [`BoundUnit::Bytes`]
    /// when its last field is `memory` or `guest` (`memory.guest`, `requests.memory`), in any
    /// case (JSONPath also accepts Go field names); [`BoundUnit::Plain`] otherwise.
    pub fn for_path(expr: &str) -> BoundUnit {
        let e = expr.trim_end().trim_end_matches([']', '\'', '"']);
        let last = e.rsplit(['.', '[', '\'', '"']).next().unwrap_or(e);
        if last.eq_ignore_ascii_case("memory") || last.eq_ignore_ascii_case("guest") {
            BoundUnit::Bytes
        } else {
            BoundUnit::Plain
        }
    }
}

/// A bound in words: `the value at <path>` for a path argument; a literal in `unit`
/// (`1.5Gi (1610612736 bytes)`, `1000 bytes`, `4`).
pub fn bound_words(arg: &Arg<i64>, unit: BoundUnit) -> String {
    match (arg, unit) {
        (Arg::Path(p), _) => format!("the value at {}", p.expr),
        (Arg::Literal(n), BoundUnit::Bytes) => {
            let human = Quantity::humanize_bytes(*n);
            if human == n.to_string() {
                format!("{n} bytes")
            } else {
                format!("{human} ({n} bytes)")
            }
        }
        (Arg::Literal(n), BoundUnit::Plain) => n.to_string(),
    }
}

/// `<subject> between A and B`, `<subject> at least A`, `<subject> at most B`; `None` without
/// bounds.
pub fn range_words(
    subject: &str,
    min: Option<&Arg<i64>>,
    max: Option<&Arg<i64>>,
    unit: BoundUnit,
) -> Option<String> {
    let b = |arg| bound_words(arg, unit);
    match (min, max) {
        (Some(a), Some(z)) => Some(format!("{subject} between {} and {}", b(a), b(z))),
        (Some(a), None) => Some(format!("{subject} at least {}", b(a))),
        (None, Some(z)) => Some(format!("{subject} at most {}", b(z))),
        (None, None) => None,
    }
}

/// An enum value in words: a literal quoted (`"sata"`), a path as `the value at <path>`.
pub fn value_words(v: &Arg<String>) -> String {
    match v {
        Arg::Literal(s) => format!("{s:?}"),
        Arg::Path(p) => format!("the value at {}", p.expr),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_like_paths() {
        for p in [
            ".spec.domain.memory.guest",
            ".spec.domain.resources.requests.memory",
            ".spec.domain.Memory.Guest",
            ".spec.domain.resources.requests['memory']",
        ] {
            assert_eq!(BoundUnit::for_path(p), BoundUnit::Bytes, "{p}");
        }
        for p in [
            ".spec.domain.cpu.cores",
            ".spec.domain.memory.hugepages",
            "",
        ] {
            assert_eq!(BoundUnit::for_path(p), BoundUnit::Plain, "{p}");
        }
    }

    #[test]
    fn memory_bounds_in_binary_units() {
        assert_eq!(
            bound_words(&Arg::Literal(1_610_612_736), BoundUnit::Bytes),
            "1.5Gi (1610612736 bytes)"
        );
        assert_eq!(
            bound_words(&Arg::Literal(1000), BoundUnit::Bytes),
            "1000 bytes"
        );
        assert_eq!(bound_words(&Arg::Literal(4), BoundUnit::Plain), "4");
        assert_eq!(
            range_words("x", Some(&Arg::Literal(1)), None, BoundUnit::Plain).as_deref(),
            Some("x at least 1")
        );
        assert_eq!(range_words("x", None, None, BoundUnit::Plain), None);
    }
}
