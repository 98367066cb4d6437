//! Admission: catalogs of templates, the reference webhook's decision, and
//! `AdmissionReview` requests and responses.

mod catalog;
mod decide;
pub(crate) mod envelope;
mod response;
mod review;
pub mod shape;

pub use catalog::{
    Catalog, CatalogError, CatalogErrors, LEGACY_VALIDATIONS, Template, VALIDATIONS, collect_files,
};
pub use decide::{
    Decision, Mode, SKIP, Source, TEMPLATE_NAME, TEMPLATE_NAMESPACE, TEMPLATE_NAMESPACE_OLD,
    Validators, decide, decide_explained, decide_with, interpret_text, interpret_text_with,
    verdict,
};
pub(crate) use decide::{RuleChoice, decide_kept, rule_choice};
pub use response::response_json;
pub use review::{ReviewError, Reviewed, review_value, review_value_with};
pub(crate) use review::{no_object, wrong_resource};
pub use validgen_core::interpret::Explain;
