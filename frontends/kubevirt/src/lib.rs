//! The KubeVirt frontend: everything that knows about `vm.kubevirt.io/validations` and the
//! reference template validator (kubevirt/ssp-operator `internal/template-validator`), apart
//! from the format-neutral core ([`validgen_core::ir`], [`validgen_core::model`], [`validgen_core::interpret`]).
//!
//! - [`rules`]: the rule-set annotation parser, its lowering to the IR, and the reference's
//!   texts of rules (errors, and the explanations of the value checks' findings);
//! - [`typed`]: the VM decoded as Go decodes it (KubeVirt types, zero values, the reference
//!   VM) and [`typed::Lookup`], its [`validgen_core::model::Document`];
//! - [`admission`]: catalogs of templates, the admission decision, `AdmissionReview`s;
//! - [`keys`]: the annotation and label keys the decision reads;
//! - [`capture`]: what the single pass keeps of a VM for a catalog's rules;
//! - [`extract`]: from `AdmissionReview` bytes to a verdict in one pass;
//! - [`view`]: the JSON generated validators read (a `Value`, or the single pass's values);
//! - [`compiled`]: the compiled catalog and what generated code calls (through the facade's
//!   private module);
//! - [`manifest`]: YAML/JSON manifests read with limits against hostile input;
//! - [`diff`]: two catalog releases compared rule by rule, and the VMs whose verdict changes.
//! - [`process`]: a template's `objects[0]` processed as `oc process` does, and its default VM
//!   judged with the template's rules.

pub mod admission;
pub mod capture;
#[doc(hidden)]
pub mod compiled;
pub mod diff;
pub mod extract;
pub mod keys;
pub mod manifest;
pub mod process;
pub mod rules;
pub mod typed;
pub mod view;
