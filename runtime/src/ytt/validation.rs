//! Validation annotations (`@schema/validation`, `@assert/validate`) read into
//! [`crate::ir::Validation`], with ytt 0.48's argument checks (`pkg/validations/annotations.go`).
//! (Placeholder until it lands.)

use super::annotations::Annotation;
use crate::ir::Validation;

/// Why a validation annotation does not read.
pub type ValidationError = String;

/// The validation an annotation states.
///
/// # Errors
/// ytt's text after `Invalid @schema/validation annotation - ` (or `@assert/validate`), e.g.
/// `unknown keyword argument "foo" (at schema.yml:3)`.
pub fn validation(annotation: &Annotation) -> Result<Validation, ValidationError> {
    Ok(Validation {
        by: annotation.pos.to_string(),
        when: None,
        assertions: Vec::new(),
    })
}
