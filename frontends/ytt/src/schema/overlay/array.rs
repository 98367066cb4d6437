//! One array item of a schema overlay applied to the array before it, as ytt 0.48
//! `pkg/yttlibrary/overlay/array.go`: an item without `@overlay/match` matches nothing (and
//! must), so a merge appends it; with one, `by=` finds the items it applies to. The schema
//! that results must still hold exactly one item per array (ytt's schema error otherwise).

use super::matching::{self, Expects, Match, unannotated};
use super::{OverlayError, items, kwargs, via, which_op};
use validgen_gotext::yaml::{ArrayItem, Comment};

/// `item` applied to `left` (`mergeArrayItem`, `removeArrayItem`, `replaceArrayItem`,
/// `insertArrayItem`, `appendArrayItem`, `assertArrayItem`).
pub(super) fn item(
    left: &mut Vec<ArrayItem>,
    item: &ArrayItem,
    defaults: &Expects,
) -> Result<(), OverlayError> {
    let op = which_op(&item.comments)?;
    if op == "append" {
        left.push(item.clone());
        return Ok(());
    }
    if op != "insert" {
        return items::operate(op, left, item, defaults);
    }
    let found = read_match(&item.comments, defaults)?;
    let Some(at) = found.array_items(left, item)? else {
        return Ok(());
    };
    let insert = via::Insert::of(&item.comments)?;
    let mut out = Vec::with_capacity(left.len() + at.len());
    for (i, l) in left.drain(..).enumerate() {
        if !at.contains(&i) {
            out.push(l);
            continue;
        }
        let new = ArrayItem {
            value: insert.value(&l.value, &item.value)?,
            ..item.clone()
        };
        if insert.before {
            out.push(new.clone());
        }
        out.push(l);
        if insert.after {
            out.push(new);
        }
    }
    *left = out;
    Ok(())
}

/// The array item's `@overlay/match` (`NewArrayItemMatchAnnotation`): none matches nothing;
/// one without keyword arguments is an error.
pub(super) fn read_match(comments: &[Comment], defaults: &Expects) -> Result<Match, OverlayError> {
    match kwargs(comments, "match")? {
        None => Ok(unannotated()),
        Some(args) if args.is_empty() => Err(OverlayError::Ytt(
            "Expected 'overlay/match' annotation to have at least one keyword argument (by=..., expects=...)".to_owned(),
        )),
        args => matching::read_match(args, defaults),
    }
}
