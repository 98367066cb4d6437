//! The reference's behaviours that validgen once answered differently (issue #12), checked as
//! conformance cases of our own: each input with the answer the reference gives (derived from
//! its code, cited per case), through the interpreter, the compiled validators and the single
//! pass from bytes, which must all agree.

#[path = "gaps/cases.rs"]
mod cases;
#[path = "gaps/duplicates.rs"]
mod duplicates;
// Shared with conformance.rs, which also reads the expected answers.
#[allow(dead_code)]
use crate::data;
#[path = "gaps/reviews.rs"]
mod reviews;
