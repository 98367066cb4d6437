//! Every recorded conformance case sent over HTTPS to a real `validgen serve` server on
//! loopback: the server's answer is byte-for-byte the in-process `admission::review` answer
//! (what `validgen review` prints), so the server adds nothing to and loses nothing of the
//! runtime's verdicts. Agreement with the reference's recorded bodies is the runtime's business
//! (the workspace conformance test asserts it); here it is only counted and printed.

use crate::serve_support;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;
use tokio::sync::Mutex;
use validgen_cli::serve::{CatalogSource, Limits};
use validgen_kubevirt::admission::{self, Catalog, Template};

use serve_support::{Client, review_body, start};

/// Keep-alive connections the cases are spread over.
const CONNECTIONS: usize = 8;

struct Case {
    id: String,
    body: String,
    /// The reference's body, when it is comparable with ours (it neither crashed nor failed to
    /// parse the rule set, and the map-order case is left out).
    reference: Option<String>,
}

fn load() -> Vec<(Vec<Value>, Vec<Case>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/conformance/cases.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("read cases.jsonl");
    let mut groups: BTreeMap<String, (Vec<Value>, Vec<Case>)> = BTreeMap::new();
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let c: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("cases.jsonl:{}: {e}", i + 1));
        let id = c["id"].as_str().expect("case id").to_owned();
        let templates = c["input"]["templates"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let exp = &c["expected"];
        let comparable = c.get("reference_panicked").is_none()
            && c.get("nondeterministic").is_none()
            && exp["parse_error"].is_null();
        let case = Case {
            body: review_body(&format!("oracle-{id}"), &c["input"]["vm"]),
            reference: exp["response_body"]
                .as_str()
                .filter(|_| comparable)
                .map(str::to_owned),
            id,
        };
        let key = serde_json::to_string(&templates).expect("templates as JSON");
        groups
            .entry(key)
            .or_insert_with(|| (templates, Vec::new()))
            .1
            .push(case);
    }
    groups.into_values().collect()
}

/// The catalog the reference's informer would hold: exactly `namespace/name` keys.
fn catalog(templates: &[Value]) -> Catalog {
    let mut c = Catalog::new();
    for (i, t) in templates.iter().enumerate() {
        c.insert(Template::from_json(t.clone(), format!("case#{i}")).expect("a Template"));
    }
    c
}

/// The verdict of a response body: uid, allowed, code, reason and the causes' fields.
fn verdict(body: &str) -> Value {
    let v: Value = serde_json::from_str(body).expect("answer is JSON");
    let r = &v["response"];
    let fields: Vec<Value> = r["status"]["details"]["causes"]
        .as_array()
        .map(|c| c.iter().map(|c| c["field"].clone()).collect())
        .unwrap_or_default();
    serde_json::json!([
        r["uid"],
        r["allowed"],
        r["status"]["code"],
        r["status"]["reason"],
        fields
    ])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_conformance_case_gets_the_in_process_answer_over_https() {
    let groups = load();
    let total: usize = groups.iter().map(|g| g.1.len()).sum();
    assert_eq!(total, 2505, "the conformance file is complete");
    let server = start(CatalogSource::Fixed(Catalog::new()), Limits::default()).await;
    let mut clients = Vec::new();
    for _ in 0..CONNECTIONS {
        clients.push(Arc::new(Mutex::new(server.client().await)));
    }
    let mut failures = Vec::new();
    let mut against_reference = 0;
    let mut same_verdict = 0;
    let mut same_bytes = 0;
    for (templates, cases) in groups {
        let catalog = Arc::new(catalog(&templates));
        // One server, one catalog at a time: swap it as a reload would.
        server.state.set_catalog((*catalog).clone());
        let cases = Arc::new(cases);
        let mut tasks = Vec::new();
        for (k, client) in clients.iter().enumerate() {
            let (cases, catalog, client) = (cases.clone(), catalog.clone(), client.clone());
            tasks.push(tokio::spawn(async move {
                let mut client: tokio::sync::MutexGuard<'_, Client> = client.lock().await;
                let mut out = Vec::new();
                for case in cases.iter().skip(k).step_by(CONNECTIONS) {
                    out.push(check(&mut client, case, &catalog).await);
                }
                out
            }));
        }
        for t in tasks {
            for (outcome, fail) in t.await.expect("client task") {
                against_reference += usize::from(outcome != Reference::NotCompared);
                same_verdict += usize::from(outcome >= Reference::SameVerdict);
                same_bytes += usize::from(outcome == Reference::SameBody);
                failures.extend(fail);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of 2505 cases differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    // 2505 less 101 crashes, 94 rule-set parse errors (our message has a location) and the
    // map-order case.
    assert_eq!(against_reference, 2309, "cases compared with the reference");
    eprintln!(
        "reference: {same_verdict} of {against_reference} verdicts agree, \
         {same_bytes} bodies byte-identical (less warnings)"
    );
    assert_eq!(
        server
            .metric(
                "validgen_webhook_requests_total{path=\"/virtualmachine-validate\",code=\"200\"}"
            )
            .await,
        Some(2505.0)
    );
    server.stop().await;
}

/// How an answer compares with the reference's recorded body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Reference {
    /// Not comparable (crash, rule-set parse error, map order) or not compared.
    NotCompared,
    /// Another verdict.
    OtherVerdict,
    /// The same uid, allowed, code, reason and cause fields.
    SameVerdict,
    /// The same bytes, less our `warnings`.
    SameBody,
}

/// Sends one case; returns how it compares with the reference, and the failure.
async fn check(client: &mut Client, case: &Case, catalog: &Catalog) -> (Reference, Option<String>) {
    let answer = client.review(case.body.clone()).await;
    let got = String::from_utf8_lossy(&answer.body).into_owned();
    let reviewed = validgen_kubevirt::extract::review_bytes(case.body.as_bytes(), catalog)
        .expect("a decodable review");
    let want = admission::response_json(&reviewed.uid, &reviewed.decision, true);
    if answer.status != 200 || answer.content_type.as_deref() != Some("application/json") {
        return (
            Reference::NotCompared,
            Some(format!(
                "{}: HTTP {} {:?}",
                case.id, answer.status, answer.content_type
            )),
        );
    }
    if answer.body != want {
        return (
            Reference::NotCompared,
            Some(format!(
                "{}: server\n    {got}\n  in-process\n    {}",
                case.id,
                String::from_utf8_lossy(&want)
            )),
        );
    }
    // The server's body is ours, so ours without warnings stands for it less its warnings.
    let without_warnings = admission::response_json(&reviewed.uid, &reviewed.decision, false);
    let outcome = match &case.reference {
        None => Reference::NotCompared,
        Some(r) if without_warnings == r.as_bytes() => Reference::SameBody,
        Some(r) if verdict(&got) == verdict(r) => Reference::SameVerdict,
        Some(_) => Reference::OtherVerdict,
    };
    (outcome, None)
}
