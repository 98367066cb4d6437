//! The budget of `$ref` evaluations of one value: nesting is bounded by
//! [`MAX_DEPTH`](super::MAX_DEPTH), but a schema that applies two references to the same value
//! (`{"not": {"$ref": "#"}, "allOf": [{"$ref": "#"}]}` under `items`) doubles its work with
//! each level of the document. Counting evaluations bounds the total work; once the budget is
//! spent every further reference fails, and the value is reported invalid with
//! [`Budget::violation`], never valid.

use std::cell::{Cell, RefCell};

use crate::ir::{At, Violation};

/// How many `$ref` evaluations one value at a rule's path may take, in the verdict and again in
/// the full report: four for each of the 250 000 values a document read by
/// [`crate::model::Yaml`] may hold. The 20 real schemas of `tests/corpus/json-schema` on their
/// instances (and mutations of them), and the JSON-Schema-Test-Suite, take at most 334. The
/// schemas above reach it in about a second.
pub const MAX_REFS: u32 = 1_000_000;

/// The `$ref` evaluations left for one value, and where the first refused one was. Made once per
/// value (no allocation until the budget is spent); shared by reference down the evaluation.
#[derive(Debug)]
pub struct Budget {
    left: Cell<u32>,
    spent: Cell<bool>,
    /// The violation of the first refused evaluation, once its keyword is known.
    refused: RefCell<Option<Violation>>,
    /// Whether `refused` has its value's location: a refusal met by a verdict (which builds
    /// no locations) is placed by the report around it ([`Budget::place`]).
    placed: Cell<bool>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            left: Cell::new(MAX_REFS),
            spent: Cell::new(false),
            refused: RefCell::new(None),
            placed: Cell::new(false),
        }
    }
}

impl Budget {
    /// Takes one evaluation: `false` (and from then on [`Budget::spent`]) when none is left;
    /// the first refusal is kept, not yet placed, for [`Budget::violation`].
    // Inlined: generated code calls it at every `$ref`, and a call costs as much as the count
    // (BENCHMARKS.md, "The speed items"); the refusal is out of line.
    #[inline]
    pub fn take(&self) -> bool {
        match self.left.get() {
            0 => self.exhausted(),
            n => {
                self.left.set(n - 1);
                true
            }
        }
    }

    /// [`Budget::take`] with none left: spends the budget, keeps the first refusal.
    #[cold]
    fn exhausted(&self) -> bool {
        if !self.spent.replace(true) {
            *self.refused.borrow_mut() = Some(refusal());
        }
        false
    }

    /// Takes `n` evaluations at once (a streamed verdict's count for one value): `false` (and
    /// from then on [`Budget::spent`]) when fewer are left.
    pub fn take_many(&self, n: u32) -> bool {
        match self.left.get().checked_sub(n) {
            Some(left) => {
                self.left.set(left);
                true
            }
            None => {
                self.spent.set(true);
                false
            }
        }
    }

    /// Whether an evaluation was refused.
    pub fn spent(&self) -> bool {
        self.spent.get()
    }

    /// The violation of an evaluation refused at `at`, to push where the reference is; the first
    /// one is kept for [`Budget::violation`].
    pub fn refuse(&self, at: &At) -> Violation {
        self.place(at);
        at.place(refusal())
    }

    /// Gives the first refused evaluation the value location `at`, if it has none yet: called
    /// where a report judged checks by their verdict (which builds no locations) and the
    /// verdict met the refusal.
    // Inlined: a report calls it wherever it descends after a failed verdict, and the budget
    // is nearly never spent there.
    #[inline]
    pub fn place(&self, at: &At) {
        if self.spent.get() {
            self.place_refused(at);
        }
    }

    /// [`Budget::place`] once the budget is spent.
    #[cold]
    fn place_refused(&self, at: &At) {
        if self.placed.replace(true) {
            return;
        }
        let mut refused = self.refused.borrow_mut();
        let found = refused.get_or_insert_with(refusal);
        at.as_str().clone_into(&mut found.location);
    }

    /// Gives the first refused evaluation its keyword location, if it has none yet: called by the
    /// keyword that holds the reference, the innermost one around it.
    // Inlined: a verdict calls it wherever a check fails, failed branches of `anyOf`/`oneOf`
    // included, and the budget is nearly never spent there.
    #[inline]
    pub fn locate(&self, keyword: &str) {
        if self.spent.get() {
            self.locate_refused(keyword);
        }
    }

    /// `held`, the verdict of the keyword at `keyword`, passed through; one that does not hold
    /// [`Budget::locate`]s a refused evaluation there. The generated verdict calls it for a
    /// keyword with a `$ref` (or `unevaluated*`) in it, the only ones that can meet a refusal
    /// (`ir::Check::any_takes_refs`); the interpreter's locates the same keywords.
    #[inline]
    pub fn held(&self, held: bool, keyword: &str) -> bool {
        if !held {
            self.locate(keyword);
        }
        held
    }

    /// [`Budget::locate`] once the budget is spent.
    #[cold]
    fn locate_refused(&self, keyword: &str) {
        if let Some(found) = self.refused.borrow_mut().as_mut()
            && found.keyword.is_empty()
        {
            keyword.clone_into(&mut found.keyword);
        }
    }

    /// The violation that replaces a value's report once the budget is spent: the first refused
    /// evaluation, with its value's and its keyword's locations.
    pub fn violation(self) -> Option<Violation> {
        self.refused.into_inner()
    }
}

/// The violation of a refused evaluation, at no location yet.
fn refusal() -> Violation {
    Violation::new(
        "$ref",
        format!("at most {MAX_REFS} `$ref` evaluations for one value"),
        "more (the schema applies references to the same values too many times)",
    )
}

#[cfg(test)]
mod tests {
    use super::{Budget, MAX_REFS};
    use crate::ir::At;

    #[test]
    fn the_budget_refuses_after_max_refs_and_keeps_the_first_refusal() {
        let budget = Budget::default();
        assert!((0..MAX_REFS).all(|_| budget.take()));
        assert!(!budget.spent());
        assert!(!budget.take());
        assert!(budget.spent());
        let mut at = At::new("");
        at.index(3);
        let first = budget.refuse(&at);
        budget.locate("/items/$ref");
        at.index(4);
        budget.refuse(&at);
        budget.locate("/other/$ref");
        let kept = budget.violation().expect("a refusal");
        assert_eq!(kept.location, "/3");
        assert_eq!(kept.keyword, "/items/$ref");
        assert_eq!(first.expected, kept.expected);
        assert!(kept.expected.contains(&MAX_REFS.to_string()));
    }

    #[test]
    fn a_refusal_met_by_a_verdict_is_placed_by_the_report_around_it() {
        let budget = Budget::default();
        let mut at = At::new("");
        at.key("a");
        // Nothing refused: nothing to place.
        budget.place(&at);
        assert!((0..MAX_REFS).all(|_| budget.take()));
        assert!(!budget.take());
        budget.locate("/anyOf/0/$ref");
        budget.place(&at);
        at.key("b");
        budget.place(&at);
        budget.locate("/anyOf");
        let kept = budget.violation().expect("a refusal");
        assert_eq!(
            (kept.location.as_str(), kept.keyword.as_str()),
            ("/a", "/anyOf/0/$ref")
        );
    }
}
