//! The annotations a valid document collects (2020-12 core §7.7, 2019-09 core §7.7): what the
//! standard output's `list` and `hierarchical` formats show in their valid units, as the
//! `jsonschema` crate's `evaluate` (0.61) shows them.
//!
//! A [`Plan`] is read from a compiled rule set once (the interpreter's, or the generator's,
//! which embeds it in generated code as JSON): the applicators of each schema object, the
//! annotation keywords each schema object writes, and the subschemas whose verdict decides
//! whether their annotations count (`anyOf`/`oneOf` branches, `if`, `contains`), numbered.
//! [`collect`] walks it over a document with a back end's verdict of those subschemas:
//! the interpreter's ([`interpreted_verdict`]) or generated code's (`__<name>_branch`), which
//! give the same answers, so both back ends give the same annotations.
//!
//! Only outputs ask for annotations: the verdict and report paths collect nothing.

mod plan;
mod walk;

pub use plan::{Node, Pattern, Plan, Step, branches, plan};
pub use walk::{AnnotationUnit, collect, interpreted_verdict};
