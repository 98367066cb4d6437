//! One array item of a schema overlay applied to the array before it, as ytt 0.48
//! `pkg/yttlibrary/overlay/array.go`: an item without `@overlay/match` matches nothing (and
//! must), so a merge appends it; with one, `by=` finds the items it applies to. The schema
//! that results must still hold exactly one item per array (ytt's schema error otherwise).

use super::matching::{Expects, child_defaults, read_match, unannotated};
use super::{OverlayError, apply, kwargs, merge_value, via, which_op};
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
    let children = match op {
        "merge" | "assert" => {
            child_defaults(kwargs(&item.comments, "match-child-defaults")?, defaults)?
        }
        _ => Expects::default(),
    };
    let found = matcher(&item.comments, defaults)?;
    match op {
        "merge" => {
            let Some(at) = found.array_items(left, item)? else {
                return Ok(());
            };
            if at.is_empty() {
                left.push(item.clone());
            }
            for i in at {
                if let Some(l) = left.get_mut(i) {
                    merge_value(&mut l.value, &mut l.pos, &item.value, &item.pos, &children)?;
                }
            }
        }
        "remove" => {
            let Some(at) = found.array_items(left, item)? else {
                return Ok(());
            };
            let mut i = 0;
            left.retain(|_| {
                i += 1;
                !at.contains(&(i - 1))
            });
        }
        "replace" => {
            let replace = via::Replace::of(&item.comments)?;
            let Some(at) = found.array_items(left, item)? else {
                return Ok(());
            };
            for &i in &at {
                if let Some(l) = left.get_mut(i) {
                    let value = replace.value(Some(&l.value), &item.value)?;
                    *l = ArrayItem {
                        value,
                        ..item.clone()
                    };
                }
            }
            if at.is_empty() && replace.or_add {
                let value = replace.value(None, &item.value)?;
                left.push(ArrayItem {
                    value,
                    ..item.clone()
                });
            }
        }
        "insert" => {
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
        }
        _ => {
            let assert = via::Assert::of(&item.comments)?;
            let Some(at) = found.array_items(left, item)? else {
                return Ok(());
            };
            for i in at {
                if let Some(l) = left.get_mut(i) {
                    assert.check(&l.value, &item.value)?;
                    apply(&mut l.value, &item.value, &children)?;
                }
            }
        }
    }
    Ok(())
}

/// The array item's `@overlay/match` (`NewArrayItemMatchAnnotation`): none matches nothing;
/// one without keyword arguments is an error.
fn matcher(comments: &[Comment], defaults: &Expects) -> Result<super::matching::Match, OverlayError> {
    match kwargs(comments, "match")? {
        None => Ok(unannotated()),
        Some(args) if args.is_empty() => Err(OverlayError::Ytt(
            "Expected 'overlay/match' annotation to have at least one keyword argument (by=..., expects=...)".to_owned(),
        )),
        args => read_match(args, defaults),
    }
}
