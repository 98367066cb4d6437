//! The checks of the benchmarks' fixtures, one binary: the compiled and interpreted paths of
//! each format give the same answers on the measured inputs, so the benchmarks compare equal
//! work.
#![allow(clippy::unwrap_used)]

mod crd;
mod json_schema;
mod kubevirt;
mod kyverno;
mod ytt;
