//! An offline ValidatingAdmissionPolicy evaluator: `admissionregistration.k8s.io/v1` policies
//! and bindings evaluated on an object or an AdmissionReview request as the API server's
//! ValidatingAdmissionPolicy plugin does (K8s `apiserver/pkg/admission/plugin/policy/
//! validating`), over kube-cel's CEL library (cel 0.13), without a cluster.
//!
//! kube-cel's own `VapEvaluator` cannot stand in for the API server (VAP.md §1): it escapes map
//! keys (`annotations['vm.kubevirt.io/validations']` is "No such key"), and has no
//! matchConditions, `variables`, validationActions, failurePolicy or messageExpression rules.
//! This crate drives kube-cel's functions itself:
//! - [`policy`]: policies and bindings read and compiled, every problem located;
//! - [`request`]: a bare object (a CREATE) or an AdmissionReview's request;
//! - [`matching`]: matchConstraints and a binding's matchResources;
//! - [`evaluate`]: match conditions, lazy variables, validations in order, messageExpression
//!   rules, failurePolicy, and Deny/Warn/Audit;
//! - [`outcome`]: the answer, worded as the API server words it;
//! - [`cost`]: the CEL cost against the 10,000,000 per-binding budget (`validgen-cel`'s);
//! - [`library`]: JSON bound as the API server binds it; the CEL functions are the
//!   environment `validgen-cel` shares with the CRD rules, with Go's quantity (`AsInt64`),
//!   regexp and duration semantics where kube-cel's differ.
//!
//! ```
//! use serde_json::json;
//! use validgen_vap_eval::{Evaluator, Request, load};
//!
//! let docs = [
//!     json!({"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicy",
//!            "metadata": {"name": "two-cores"},
//!            "spec": {"matchConstraints": {"resourceRules": [{"apiGroups": ["kubevirt.io"],
//!                       "apiVersions": ["*"], "operations": ["CREATE"], "resources": ["virtualmachines"]}]},
//!                     "validations": [{"expression": "object.spec.cores >= 2", "message": "too few cores"}]}}),
//!     json!({"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicyBinding",
//!            "metadata": {"name": "two-cores"},
//!            "spec": {"policyName": "two-cores", "validationActions": ["Deny"]}}),
//! ];
//! let policies = load(&docs).unwrap();
//! let vm = json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
//!                 "metadata": {"name": "vm1"}, "spec": {"cores": 1}});
//! let request = Request::create(&vm);
//! let outcome = Evaluator::default().admit(&policies, &request);
//! assert_eq!(
//!     outcome.status_message(&request).unwrap(),
//!     "virtualmachines.kubevirt.io \"vm1\" is forbidden: ValidatingAdmissionPolicy 'two-cores' \
//!      with binding 'two-cores' denied request: too few cores"
//! );
//! ```

pub use validgen_cel::cost;
pub mod evaluate;
pub mod expression;
pub mod library;
pub mod matching;
pub mod outcome;
pub mod policy;
pub mod request;

pub use evaluate::{Evaluator, MAX_MESSAGE_BYTES, admit, admit_refs, admit_with};
pub use library::{Quantities, to_cel};
pub use outcome::{Decision, Outcome};
pub use policy::{Binding, LoadErrors, Policy, load, load_named};
pub use request::Request;
