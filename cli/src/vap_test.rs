//! `validgen vap test`: VMs (or AdmissionReviews) evaluated against ValidatingAdmissionPolicies
//! offline by `validgen_vap_eval`, with the API server's verdicts and wording.

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use validgen_kubevirt::manifest::{self, Document};
use validgen_kubevirt::typed::TypedVm;
use validgen_vap_eval::{Evaluator, Outcome, Policy, Request, load_named};

use crate::cli::{VapTestArgs, VapTestFormat};
use crate::render::escape_controls;
use crate::{EXIT_DENIED, EXIT_ERROR, EXIT_OK};

/// One document judged.
struct Judged {
    /// `file` or `file#n` (n 1-based, when the file has several documents).
    origin: String,
    request: Request,
    kind: String,
    outcome: Outcome,
}

/// Runs `vap test`; returns the exit status.
pub fn run(args: &VapTestArgs) -> u8 {
    let policies = match policies(&args.policies, args.max_bytes) {
        Ok(p) => p,
        Err(errors) => {
            for e in errors {
                eprintln!("error: {}", escape_controls(&e));
            }
            return EXIT_ERROR;
        }
    };
    for p in policies.iter().filter(|p| p.bindings.is_empty()) {
        eprintln!(
            "warning: ValidatingAdmissionPolicy '{}' has no binding: the API server never evaluates it",
            escape_controls(&p.name)
        );
    }
    let params = match param_objects(&args.params, args.max_bytes) {
        Ok(p) => p,
        Err(errors) => {
            for e in errors {
                eprintln!("error: {}", escape_controls(&e));
            }
            return EXIT_ERROR;
        }
    };
    let evaluator = Evaluator::default().with_params(params);
    let (mut judged, mut errors) = (Vec::new(), Vec::new());
    for input in &args.inputs {
        for (file, read) in read_inputs(input, args.max_bytes) {
            let documents = match read {
                Ok(d) => d,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            let several = documents.len() > 1;
            for doc in documents {
                let origin = if several {
                    format!("{file}#{}", doc.index + 1)
                } else {
                    file.clone()
                };
                let review = doc.value["kind"] == "AdmissionReview";
                let request = if review {
                    Request::from_review(&doc.value)
                } else {
                    Ok(Request::create(&doc.value))
                };
                let request = request.and_then(|mut r| {
                    if !args.raw {
                        admitted(&mut r)?;
                    }
                    Ok(r)
                });
                match request {
                    Ok(request) => {
                        let object = if request.object.is_null() {
                            &request.old_object
                        } else {
                            &request.object
                        };
                        judged.push(Judged {
                            kind: object["kind"].as_str().unwrap_or_default().to_owned(),
                            outcome: evaluator.admit(&policies, &request),
                            origin,
                            request,
                        });
                    }
                    Err(e) => errors.push(format!("{origin}: {e}")),
                }
            }
        }
    }
    let printed = match args.output {
        VapTestFormat::Text => text(&judged),
        VapTestFormat::Json => {
            serde_json::to_string_pretty(&Value::Array(judged.iter().map(to_json).collect()))
                .unwrap_or_default()
                + "\n"
        }
    };
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(printed.as_bytes())
        .and_then(|()| stdout.flush())
    {
        errors.push(format!("standard output: {e}"));
    }
    for e in &errors {
        eprintln!("error: {}", escape_controls(e));
    }
    if !errors.is_empty() {
        EXIT_ERROR
    } else if judged.iter().any(|j| !j.outcome.allowed()) {
        EXIT_DENIED
    } else {
        EXIT_OK
    }
}

/// A VirtualMachine request's objects as the API server admits them: decoded as KubeVirt's API
/// decodes them, quantities re-encoded (SEMANTICS §10, as `validate` without `--raw`).
///
/// # Errors
/// The decoding error of a VM the API server refuses before admission.
fn admitted(request: &mut Request) -> Result<(), String> {
    if (request.group.as_str(), request.resource.as_str()) != ("kubevirt.io", "virtualmachines") {
        return Ok(());
    }
    for object in [&mut request.object, &mut request.old_object] {
        if object.is_null() {
            continue;
        }
        let mut typed = TypedVm::decode(object).map_err(|e| {
            format!("the API server refuses this VM before admission: {e} (--raw evaluates it as written)")
        })?;
        typed.canonicalize_quantities();
        *object = typed.json().clone();
    }
    Ok(())
}

/// Whether a folder's file is read: `.yaml`, `.yml`, `.json`.
fn is_manifest(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e == "yaml" || e == "yml" || e == "json")
}

/// The files of `path`: itself, or a folder's manifests sorted by name.
fn files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if !path.is_dir() {
        return Ok(vec![path.to_owned()]);
    }
    let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && is_manifest(p))
        .collect();
    files.sort();
    Ok(files)
}

/// The documents of every file of `input` (`-`: standard input), by file name.
fn read_inputs(input: &Path, max_bytes: usize) -> Vec<(String, Result<Vec<Document>, String>)> {
    if input == Path::new("-") {
        let mut bytes = Vec::new();
        let read = std::io::stdin()
            .lock()
            .take(max_bytes as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("-: {e}"))
            .and_then(|_| manifest::parse("-", &bytes, max_bytes).map_err(|e| e.to_string()));
        return vec![("-".to_owned(), read)];
    }
    match files(input) {
        Ok(files) => files
            .iter()
            .map(|f| {
                (
                    f.display().to_string(),
                    manifest::read_file(f, max_bytes).map_err(|e| e.to_string()),
                )
            })
            .collect(),
        Err(e) => vec![(input.display().to_string(), Err(e))],
    }
}

/// The policies and bindings of `path` (a file or a folder), every problem located.
fn policies(path: &Path, max_bytes: usize) -> Result<Vec<Policy>, Vec<String>> {
    let mut documents = Vec::new();
    let mut errors = Vec::new();
    for (file, read) in read_inputs(path, max_bytes) {
        match read {
            Ok(docs) => documents.extend(
                docs.into_iter()
                    .map(|d| (format!("{file}#{}", d.index + 1), d.value)),
            ),
            Err(e) => errors.push(e),
        }
    }
    if documents.is_empty() && errors.is_empty() {
        errors.push(format!("{}: no policy documents", path.display()));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    load_named(documents.iter().map(|(origin, v)| (origin.clone(), v))).map_err(|e| e.0)
}

/// The param objects of every file of `paths`, every unreadable file reported.
fn param_objects(paths: &[PathBuf], max_bytes: usize) -> Result<Vec<Value>, Vec<String>> {
    let (mut objects, mut errors) = (Vec::new(), Vec::new());
    for (_, read) in paths.iter().flat_map(|p| read_inputs(p, max_bytes)) {
        match read {
            Ok(docs) => objects.extend(docs.into_iter().map(|d| d.value)),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(objects)
    } else {
        Err(errors)
    }
}

/// The text report: per document its verdict line, then its denial, warnings and audit
/// failures, indented.
fn text(judged: &[Judged]) -> String {
    let mut out = String::new();
    for j in judged {
        let verdict = if j.outcome.allowed() {
            "allowed"
        } else {
            "denied"
        };
        out += &format!(
            "{}: {} '{}': {verdict}\n",
            j.origin,
            escape_controls(&j.kind),
            escape_controls(&j.request.name)
        );
        if let Some(m) = j.outcome.status_message(&j.request) {
            out += &format!("  {}\n", escape_controls(&m));
        }
        for w in &j.outcome.warnings {
            out += &format!("  warning: {}\n", escape_controls(&w.warning()));
        }
        for a in &j.outcome.audit {
            let index = a
                .expression_index
                .map(|i| format!(" (validation {i})"))
                .unwrap_or_default();
            out += &format!(
                "  audit: ValidatingAdmissionPolicy '{}' with binding '{}'{index}: {}\n",
                escape_controls(&a.policy),
                escape_controls(&a.binding),
                escape_controls(&a.message)
            );
        }
    }
    out
}

/// One judged document as JSON.
fn to_json(j: &Judged) -> Value {
    let decision = |d: &validgen_vap_eval::Decision| {
        json!({
            "policy": d.policy,
            "binding": d.binding,
            "message": d.message,
            "expressionIndex": d.expression_index,
        })
    };
    json!({
        "input": j.origin,
        "kind": j.kind,
        "name": j.request.name,
        "operation": j.request.operation,
        "allowed": j.outcome.allowed(),
        "code": j.outcome.denied.as_ref().map(validgen_vap_eval::Decision::code),
        "message": j.outcome.status_message(&j.request),
        "denial": j.outcome.denied.as_ref().map(decision),
        "warnings": j.outcome.warnings.iter().map(validgen_vap_eval::Decision::warning).collect::<Vec<_>>(),
        "audit": j.outcome.audit.iter().map(decision).collect::<Vec<_>>(),
        "costs": j.outcome.costs.iter().map(|(b, c)| json!({"binding": b, "cost": c})).collect::<Vec<_>>(),
    })
}
