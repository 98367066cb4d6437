//! The integration tests of `validgen-vap`, one binary: a module per file (a helper
//! module for what several share).

mod arguments;
mod catalog;
mod celgo;
mod common;
mod corpus_vms;
mod cost;
mod edge_cases;
mod legacy_templates;
mod parity;
mod rule_texts;
mod unknown_rule_texts;
mod untranslatable;
