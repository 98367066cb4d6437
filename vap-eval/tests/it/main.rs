//! The integration tests of `validgen-vap-eval`, one binary: a module per file (a helper
//! module for what several share).

mod kube_cel_pins;
mod semantics;
