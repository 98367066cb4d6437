//! The parse tree of a Go regular expression, with every flag already resolved per node, so
//! that the translation does not depend on flag scoping.

use super::tables::{Ranges, UniClass};

/// One member of a character class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ClassItem {
    /// An inclusive range of code points (Go runes: may include surrogates).
    Range(u32, u32),
    /// An ASCII group (`\d`, `[:alpha:]`…), possibly negated (`\D`, `[:^alpha:]`).
    Ascii { ranges: Ranges, negated: bool },
    /// A Unicode class (`\pL`, `\P{Greek}`…).
    Unicode { class: UniClass, negated: bool },
}

/// A character class: `[…]`, `\d`, `\pL`…
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Class {
    pub items: Vec<ClassItem>,
    pub negated: bool,
    /// Case folding (`(?i)`) was on: each item is closed under simple case folding before
    /// the negations are applied, as Go does.
    pub fold: bool,
}

/// The repetition operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RepKind {
    Star,
    Plus,
    Quest,
    /// `{min}`, `{min,}` (max `None`), `{min,max}`.
    Counted {
        min: u32,
        max: Option<u32>,
    },
}

/// A node of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    /// Matches the empty string.
    Empty,
    /// Matches nothing.
    NoMatch,
    /// A literal string (Go runes, may contain surrogates from `\x{D800}`), case folded or not.
    Literal {
        runes: Vec<u32>,
        fold: bool,
    },
    Class(Class),
    /// `.` without `(?s)`.
    AnyNotNl,
    /// `.` with `(?s)`.
    AnyChar,
    /// `^` with `(?m)`.
    BeginLine,
    /// `$` with `(?m)`.
    EndLine,
    /// `^` without `(?m)`, and `\A`.
    BeginText,
    /// `$` without `(?m)`, and `\z`.
    EndText,
    /// `\b` (ASCII word boundary).
    WordBoundary,
    /// `\B`.
    NoWordBoundary,
    /// A capturing group (named or not): grouping only, for matching.
    Capture(Box<Re>),
    Repeat {
        sub: Box<Re>,
        kind: RepKind,
        greedy: bool,
    },
    Concat(Vec<Re>),
    Alternate(Vec<Re>),
}

/// A node with the measures Go's parser keeps to limit expressions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Re {
    pub node: Node,
    /// Height of the tree (a leaf is 1).
    pub height: u32,
    /// Go's estimate of the compiled size in instructions (`calcSize`).
    pub size: i64,
}

impl Re {
    /// Wraps a node, computing its height and size from its children (Go regexp/syntax
    /// parse.go `calcHeight` and `calcSize`).
    pub(crate) fn new(node: Node) -> Re {
        let (height, size) = measure(&node);
        Re { node, height, size }
    }

    /// Recomputes the measures after the node changed in place.
    pub(crate) fn remeasure(&mut self) {
        let (height, size) = measure(&self.node);
        self.height = height;
        self.size = size;
    }
}

fn measure(node: &Node) -> (u32, i64) {
    let sub_height = |subs: &[Re]| subs.iter().map(|s| s.height).max().unwrap_or(0);
    let (height, size) = match node {
        Node::Literal { runes, .. } => (1, i64::try_from(runes.len()).unwrap_or(i64::MAX)),
        Node::Capture(sub) => (sub.height + 1, sub.size.saturating_add(2)),
        Node::Repeat { sub, kind, .. } => {
            let s = sub.size;
            let size = match *kind {
                RepKind::Star => s.saturating_add(2),
                RepKind::Plus | RepKind::Quest => s.saturating_add(1),
                RepKind::Counted { min, max: None } => {
                    if min == 0 {
                        s.saturating_add(2)
                    } else {
                        i64::from(min).saturating_mul(s).saturating_add(1)
                    }
                }
                RepKind::Counted {
                    min,
                    max: Some(max),
                } => i64::from(max)
                    .saturating_mul(s)
                    .saturating_add(i64::from(max) - i64::from(min)),
            };
            (sub.height + 1, size)
        }
        Node::Concat(subs) => (
            sub_height(subs) + 1,
            subs.iter().fold(0i64, |a, s| a.saturating_add(s.size)),
        ),
        Node::Alternate(subs) => {
            let sum = subs.iter().fold(0i64, |a, s| a.saturating_add(s.size));
            let extra = i64::try_from(subs.len())
                .unwrap_or(i64::MAX)
                .saturating_sub(1);
            (sub_height(subs) + 1, sum.saturating_add(extra.max(0)))
        }
        _ => (1, 0),
    };
    (height, size.max(1))
}
