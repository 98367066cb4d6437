//! The operations map items and array items share, once the items an overlay item matches
//! are found (ytt 0.48 `map.go` and `array.go`: merge, remove, replace, assert).

use super::matching::{Expects, Match, child_defaults, read_match};
use super::{OverlayError, apply, array, kwargs, via};
use validgen_gotext::yaml::{ArrayItem, Comment, MapItem, Node, Pos, Scalar};

/// A map item or an array item.
pub(super) trait Item: Clone {
    /// Its annotations.
    fn comments(&self) -> &[Comment];
    /// Its value and position, to change.
    fn parts(&mut self) -> (&mut Node, &mut Pos);
    /// Its value.
    fn value(&self) -> &Node;
    /// Its position.
    fn pos(&self) -> &Pos;
    /// This item with another value (ytt's `DeepCopy` then `SetValue`).
    fn with_value(&self, value: Node) -> Self;
    /// Its `@overlay/match`, `defaults` filling in what it leaves out.
    fn read_match(&self, defaults: &Expects) -> Result<Match, OverlayError>;
    /// The indexes of the items of `left` it matches; `None`: its `when=` does not hold, and
    /// nothing is done.
    fn find(&self, m: &Match, left: &[Self]) -> Result<Option<Vec<usize>>, OverlayError>;
}

/// `item` applied by `op` (`merge`, `remove`, `replace` or `assert`) to the items of `left`
/// it matches; `defaults` are the parent's `@overlay/match-child-defaults`. Annotations are
/// read in ytt's order (child defaults, match, the operation's own), so the first error is
/// ytt's.
///
/// # Errors
/// ytt's error of the operation, its annotations or its functions.
pub(super) fn operate<I: Item>(
    op: &str,
    left: &mut Vec<I>,
    item: &I,
    defaults: &Expects,
) -> Result<(), OverlayError> {
    let children = match op {
        "merge" | "assert" => {
            child_defaults(kwargs(item.comments(), "match-child-defaults")?, defaults)?
        }
        _ => Expects::default(),
    };
    let m = item.read_match(defaults)?;
    match op {
        "merge" => merge(left, item, &m, &children),
        "remove" => {
            let Some(at) = item.find(&m, left)? else {
                return Ok(());
            };
            let mut i = 0;
            left.retain(|_| {
                i += 1;
                !at.contains(&(i - 1))
            });
            Ok(())
        }
        "replace" => replace(left, item, &m),
        _ => {
            let assert = via::Assert::of(item.comments())?;
            let Some(at) = item.find(&m, left)? else {
                return Ok(());
            };
            for i in at {
                if let Some(l) = left.get_mut(i) {
                    assert.check(l.value(), item.value())?;
                    apply(l.parts().0, item.value(), &children)?;
                }
            }
            Ok(())
        }
    }
}

/// `mergeMapItem`/`mergeArrayItem`: no match appends the item; a scalar, or anything over a
/// null, replaces the matched value (and its position); maps and arrays merge.
fn merge<I: Item>(
    left: &mut Vec<I>,
    item: &I,
    m: &Match,
    children: &Expects,
) -> Result<(), OverlayError> {
    let Some(at) = item.find(m, left)? else {
        return Ok(());
    };
    if at.is_empty() {
        left.push(item.clone());
    }
    for i in at {
        let Some(l) = left.get_mut(i) else {
            continue;
        };
        let (value, pos) = l.parts();
        let replace = match value {
            Node::Scalar(Scalar::Null) => true,
            _ => apply(value, item.value(), children)?,
        };
        if replace {
            *value = item.value().clone();
            *pos = item.pos().clone();
        }
    }
    Ok(())
}

/// `replaceMapItem`/`replaceArrayItem`: each match becomes the new item, its value `via=`'s
/// result; with `or_add=True` and no match the item is added.
fn replace<I: Item>(left: &mut Vec<I>, item: &I, m: &Match) -> Result<(), OverlayError> {
    let replace = via::Replace::of(item.comments())?;
    let Some(at) = item.find(m, left)? else {
        return Ok(());
    };
    for &i in &at {
        if let Some(l) = left.get_mut(i) {
            let value = replace.value(Some(l.value()), item.value())?;
            *l = item.with_value(value);
        }
    }
    if at.is_empty() && replace.or_add {
        let value = replace.value(None, item.value())?;
        left.push(item.with_value(value));
    }
    Ok(())
}

impl Item for MapItem {
    fn comments(&self) -> &[Comment] {
        &self.comments
    }
    fn parts(&mut self) -> (&mut Node, &mut Pos) {
        (&mut self.value, &mut self.pos)
    }
    fn value(&self) -> &Node {
        &self.value
    }
    fn pos(&self) -> &Pos {
        &self.pos
    }
    fn with_value(&self, value: Node) -> Self {
        MapItem {
            value,
            ..self.clone()
        }
    }
    fn read_match(&self, defaults: &Expects) -> Result<Match, OverlayError> {
        read_match(kwargs(&self.comments, "match")?, defaults)
    }
    fn find(&self, m: &Match, left: &[Self]) -> Result<Option<Vec<usize>>, OverlayError> {
        m.map_items(left, self)
    }
}

impl Item for ArrayItem {
    fn comments(&self) -> &[Comment] {
        &self.comments
    }
    fn parts(&mut self) -> (&mut Node, &mut Pos) {
        (&mut self.value, &mut self.pos)
    }
    fn value(&self) -> &Node {
        &self.value
    }
    fn pos(&self) -> &Pos {
        &self.pos
    }
    fn with_value(&self, value: Node) -> Self {
        ArrayItem {
            value,
            ..self.clone()
        }
    }
    fn read_match(&self, defaults: &Expects) -> Result<Match, OverlayError> {
        array::read_match(&self.comments, defaults)
    }
    fn find(&self, m: &Match, left: &[Self]) -> Result<Option<Vec<usize>>, OverlayError> {
        m.array_items(left, self)
    }
}
