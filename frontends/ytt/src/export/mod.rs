//! A data-values schema exported: as OpenAPI v3 byte for byte as ytt 0.48 prints it
//! ([`openapi_v3`]), and beyond ytt 0.48 with the validation keywords of later ytt releases
//! ([`openapi_v3_with_validations`]) and as JSON Schema draft 2020-12 ([`json_schema()`]).
//!
//! - [`openapi`]: the OpenAPI v3 document;
//! - [`json_schema`](mod@json_schema): the JSON Schema document;
//! - [`mapping`]: a node's validation as keywords, and the rules that have none.

pub mod json_schema;
pub mod mapping;
pub mod openapi;

pub use json_schema::json_schema;
pub use mapping::{Mapped, Unmapped, keywords, unmapped};
pub use openapi::{openapi_v3, openapi_v3_with_validations};
