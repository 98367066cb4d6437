//! Checks a frontend defines beyond the IR's own vocabulary (ytt's validation annotations):
//! the core runs them through [`ExtensionCheck`] without knowing their rule language, and the
//! frontend's emitter recognises its own by their type.

use std::any::Any;
use std::fmt::Debug;

use serde_json::Value;

use super::{At, Violation};

/// A check of one value written in a frontend's own terms, held by [`super::Check::Extension`].
///
/// The interpreter calls [`ExtensionCheck::apply`]; the verdict-only paths (the interpreter's
/// verdict, the emitter's streamed verdict) cannot run it, and let the full report decide.
/// The code emitter downcasts it (through [`Any`]) to the types of the frontends it compiles,
/// and refuses any other.
pub trait ExtensionCheck: Any + Debug + Send + Sync {
    /// Applies the check to `value`, found at `at` (a JSON Pointer, restored before return),
    /// appending what fails to `out`. `root` is the whole document when the rule's path is the
    /// document itself (ytt functions read `ctx.root` and `ctx.parent` from it), else `None`.
    fn apply(&self, value: &Value, at: &mut At, root: Option<&Value>, out: &mut Vec<Violation>);
}
