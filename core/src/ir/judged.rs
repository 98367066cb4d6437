//! Which lists of checks the report judges by their verdict before it descends into them (a
//! property's, an item's value): both back ends ask [`judged_first`], so that they take the
//! same `$ref` evaluations from a value's budget and place a refused one alike.

use super::Check;

/// Most checks a list judged first may hold, nested ones counted (a `$ref` as one: its
/// definition is judged at the reference). The emitted report inlines the verdict of each
/// such list at its descent: the bound keeps the report's code linear in the schema's size.
/// A larger list (an object with properties of its own) is walked, its own properties judged
/// first.
pub const JUDGED_FIRST_MAX: usize = 8;

/// Whether the report judges `cs` by its verdict before descending into a value with it, and
/// descends only where the verdict fails (a valid subtree then costs its verdict alone: no
/// location kept, no violation built).
pub fn judged_first(cs: &[Check]) -> bool {
    let mut left = JUDGED_FIRST_MAX;
    fits(cs, &mut left)
}

/// Whether `cs` and the lists nested in it hold at most `left` checks, `left` counting down.
fn fits(cs: &[Check], left: &mut usize) -> bool {
    cs.iter().all(|c| match left.checked_sub(1) {
        Some(l) => {
            *left = l;
            c.nested_all(&mut |n| fits(n, left))
        }
        None => false,
    })
}

#[cfg(test)]
mod tests {
    use super::{JUDGED_FIRST_MAX, judged_first};
    use crate::ir::Check;

    fn keyword(checks: Vec<Check>) -> Check {
        Check::Keyword {
            location: "/k".to_owned(),
            message: None,
            checks,
        }
    }

    #[test]
    fn lists_up_to_the_bound_nested_checks_counted_are_judged_first() {
        let leaf = || keyword(vec![Check::NotNull]);
        assert!(judged_first(&[]));
        let at_bound: Vec<Check> = (0..JUDGED_FIRST_MAX / 2).map(|_| leaf()).collect();
        assert!(judged_first(&at_bound));
        let mut over = at_bound.clone();
        over.push(Check::Never);
        assert!(!judged_first(&over));
        let nested = vec![keyword(vec![keyword(at_bound)])];
        assert!(!judged_first(&nested));
        let reference = vec![keyword(vec![Check::Ref {
            name: "big".to_owned(),
        }])];
        assert!(judged_first(&reference));
    }
}
