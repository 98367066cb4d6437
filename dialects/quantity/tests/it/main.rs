//! The integration tests of `validgen-quantity`, one binary: a module per file (a helper
//! module for what several share).

mod quantity_conformance;
mod quantity_props;
