//! `validgen serve` against a real HTTPS server on loopback: the probes and metrics, the
//! reference's 400s, the limits (size, slow headers and bodies, concurrency), truncated and
//! garbage input, certificate and catalog reloading, graceful shutdown, and the binary itself.

use crate::serve_support;

use std::process::Command;
use std::time::{Duration, Instant};

use hyper::body::Bytes;
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;
use validgen_cli::serve::{CatalogSource, DEFAULT_MAX_BODY_BYTES, Limits};
use validgen_kubevirt::admission::Catalog;

use serve_support::{
    Client, connect, raw_exchange, raw_status, read_until_close, review_body, self_signed,
    spawn_binary, start, write_cert,
};

/// A VM whose own rules require at least `min` cores; it has `cores`.
fn vm(cores: u64, min: u64, just_warning: bool) -> Value {
    let rules = json!([{
        "name": "cores", "path": "jsonpath::.spec.domain.cpu.cores", "rule": "integer",
        "message": "more cores needed", "min": min, "justWarning": just_warning,
    }]);
    json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": "vm1", "namespace": "default",
                     "annotations": {"vm.kubevirt.io/validations": rules.to_string()}},
        "spec": {"template": {"spec": {"domain": {"cpu": {"cores": cores}, "devices": {}}}}}
    })
}

/// A VM without rules of its own, naming the template `ns/tpl`.
fn vm_of_template() -> Value {
    json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": "vm2", "namespace": "default",
                     "labels": {"vm.kubevirt.io/template": "tpl",
                                "vm.kubevirt.io/template.namespace": "ns"}},
        "spec": {"template": {"spec": {"domain": {"cpu": {"cores": 2}, "devices": {}}}}}
    })
}

/// A Template `ns/tpl` whose legacy rules need `min` cores.
fn template_yaml(min: u64) -> String {
    let rules = json!([{"name": "cores", "path": "jsonpath::.spec.domain.cpu.cores",
                        "rule": "integer", "message": "more cores needed", "min": min}]);
    format!(
        "apiVersion: template.openshift.io/v1\nkind: Template\nmetadata:\n  name: tpl\n  \
         namespace: ns\n  annotations:\n    validations: '{rules}'\nobjects: []\n"
    )
}

fn json_of(body: &Bytes) -> Value {
    serde_json::from_slice(body).expect("the answer is JSON")
}

/// Polls `check` every 50 ms for up to 10 s.
async fn eventually<F: AsyncFnMut() -> bool>(what: &str, mut check: F) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for {what}");
}

fn fixed() -> CatalogSource {
    CatalogSource::Fixed(Catalog::new())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probes_metrics_and_unknown_paths() {
    let s = start(fixed(), Limits::default()).await;
    assert_eq!(s.get("/healthz").await, (200, "ok".to_owned()));
    assert_eq!(s.get("/readyz").await, (200, "ok".to_owned()));
    assert_eq!(s.get("/nope").await.0, 404);
    let mut c = s.client().await;
    let r = c
        .send("GET", "/virtualmachine-validate", &[], Bytes::new())
        .await;
    assert_eq!(r.status, 405, "only POST reviews");
    let r = c.send("POST", "/healthz", &[], Bytes::new()).await;
    assert_eq!(r.status, 405);
    let r = c.send("GET", "/metrics", &[], Bytes::new()).await;
    assert_eq!(r.status, 200);
    assert!(
        r.content_type
            .as_deref()
            .is_some_and(|t| t.starts_with("application/openmetrics-text")),
        "{:?}",
        r.content_type
    );
    let text = String::from_utf8_lossy(&r.body);
    assert!(text.contains("# TYPE kubevirt_ssp_template_validator_rejected counter"));
    assert_eq!(
        serve_support::metric_value(&text, "kubevirt_ssp_template_validator_rejected_total"),
        Some(0.0)
    );
    assert_eq!(
        serve_support::metric_value(
            &text,
            "validgen_webhook_requests_total{path=\"/healthz\",code=\"200\"}"
        ),
        Some(1.0)
    );
    assert!(text.trim_end().ends_with("# EOF"));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verdicts_warnings_and_the_rejected_counter() {
    let s = start(fixed(), Limits::default()).await;
    let mut c = s.client().await;

    let r = c.review(review_body("u-allowed", &vm(4, 2, false))).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.content_type.as_deref(), Some("application/json"));
    assert_eq!(
        json_of(&r.body),
        json!({"kind": "AdmissionReview", "apiVersion": "admission.k8s.io/v1",
               "response": {"uid": "u-allowed", "allowed": true}})
    );

    let r = c.review(review_body("u-denied", &vm(1, 2, false))).await;
    let v = json_of(&r.body);
    assert_eq!(v["response"]["uid"], "u-denied");
    assert_eq!(v["response"]["allowed"], false);
    assert_eq!(v["response"]["status"]["code"], 422);
    assert_eq!(v["response"]["status"]["reason"], "Invalid");
    assert_eq!(
        v["response"]["status"]["details"]["causes"][0]["field"],
        ".spec.domain.cpu.cores"
    );

    let r = c.review(review_body("u-warned", &vm(1, 2, true))).await;
    let v = json_of(&r.body);
    assert_eq!(v["response"]["allowed"], true);
    let warning = v["response"]["warnings"][0].as_str().unwrap_or_default();
    assert!(
        warning.starts_with("more cores needed: "),
        "a justWarning rule comes back as a warning: {v}"
    );

    // A rule set that does not parse: a 400 verdict inside a 200 answer, not a rejection.
    let mut bad = vm(1, 2, false);
    bad["metadata"]["annotations"]["vm.kubevirt.io/validations"] = json!("[{");
    let r = c.review(review_body("u-400", &bad)).await;
    assert_eq!(r.status, 200);
    assert_eq!(json_of(&r.body)["response"]["status"]["code"], 400);

    assert_eq!(
        s.metric("kubevirt_ssp_template_validator_rejected_total")
            .await,
        Some(1.0),
        "only the rule denial counts"
    );
    assert_eq!(
        s.metric(
            "validgen_webhook_request_duration_seconds_count{path=\"/virtualmachine-validate\"}"
        )
        .await,
        Some(4.0)
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undecodable_requests_get_an_empty_400_like_the_reference() {
    let s = start(fixed(), Limits::default()).await;
    let mut c = s.client().await;
    let review = review_body("u", &vm(4, 2, false));
    let json = [("content-type", "application/json")];
    type Headers<'a> = &'a [(&'a str, &'a str)];
    let cases: Vec<(&str, Headers<'_>, Bytes)> = vec![
        ("not JSON", &json, Bytes::from_static(b"hello")),
        ("empty body", &json, Bytes::new()),
        ("JSON, not a review", &json, Bytes::from_static(b"[1, 2]")),
        (
            "review without request",
            &json,
            Bytes::from_static(b"{\"kind\": \"AdmissionReview\"}"),
        ),
        (
            "truncated JSON",
            &json,
            Bytes::from(review[..review.len() / 2].to_owned()),
        ),
        ("no content type", &[], Bytes::from(review.clone())),
        (
            "text/plain",
            &[("content-type", "text/plain")],
            Bytes::from(review.clone()),
        ),
        (
            "a charset parameter (the reference compares the exact string)",
            &[("content-type", "application/json; charset=utf-8")],
            Bytes::from(review.clone()),
        ),
    ];
    for (what, headers, body) in cases {
        let r = c
            .send("POST", "/virtualmachine-validate", headers, body)
            .await;
        assert_eq!((r.status, r.body.len()), (400, 0), "{what}");
    }
    // The same connection still serves reviews.
    assert_eq!(c.review(review.clone()).await.status, 200);
    assert_eq!(
        s.metric("validgen_webhook_requests_total{path=\"/virtualmachine-validate\",code=\"400\"}")
            .await,
        Some(8.0)
    );
    s.stop().await;
}

/// A review padded (in an annotation) to exactly `len` bytes.
fn review_of_len(len: usize) -> String {
    let mut v = vm(4, 2, false);
    v["metadata"]["annotations"]["padding"] = json!("");
    let base = review_body("big", &v).len();
    v["metadata"]["annotations"]["padding"] = json!("x".repeat(len - base));
    let body = review_body("big", &v);
    assert_eq!(body.len(), len);
    body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_up_to_3_mib_are_reviewed_and_larger_ones_get_413() {
    let s = start(fixed(), Limits::default()).await;
    let mut c = s.client().await;
    let r = c.review(review_of_len(DEFAULT_MAX_BODY_BYTES)).await;
    assert_eq!(r.status, 200);
    assert_eq!(json_of(&r.body)["response"]["allowed"], true);

    // A larger announced length is refused on sight (the client waits for the answer before
    // sending the body, as with `Expect: 100-continue`).
    let mut tls = s.tls(&[]).await;
    let head = format!(
        "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nExpect: 100-continue\r\n\r\n",
        DEFAULT_MAX_BODY_BYTES + 1
    );
    let answer = raw_exchange(&mut tls, head.as_bytes(), false, Duration::from_secs(5)).await;
    assert_eq!(raw_status(&answer), Some(413), "{answer}");

    // Without a Content-Length (chunked), the limit applies while reading: 3 MiB + 64 KiB.
    let mut tls = s.tls(&[]).await;
    let head = "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\n\
                Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    tls.write_all(head.as_bytes()).await.expect("write head");
    let chunk = vec![b' '; 64 * 1024];
    for _ in 0..(DEFAULT_MAX_BODY_BYTES / chunk.len() + 1) {
        let mut frame = format!("{:x}\r\n", chunk.len()).into_bytes();
        frame.extend_from_slice(&chunk);
        frame.extend_from_slice(b"\r\n");
        tls.write_all(&frame).await.expect("write a chunk");
    }
    let answer = raw_exchange(&mut tls, b"0\r\n\r\n", false, Duration::from_secs(5)).await;
    assert_eq!(raw_status(&answer), Some(413), "{answer}");
    assert_eq!(s.get("/healthz").await.0, 200);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_custom_body_limit_applies() {
    let limits = Limits {
        max_body_bytes: 1000,
        ..Limits::default()
    };
    let s = start(fixed(), limits).await;
    let mut c = s.client().await;
    assert_eq!(c.review(review_of_len(1000)).await.status, 200);
    // Small enough to be sent whole before the answer: the hyper client reads it.
    assert_eq!(c.review(review_of_len(1001)).await.status, 413);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn truncated_bodies_and_garbage_get_400_and_the_server_goes_on() {
    let s = start(fixed(), Limits::default()).await;
    // The client announces 500 bytes, sends 100, and closes its side.
    let mut tls = s.tls(&[]).await;
    let request = format!(
        "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: 500\r\n\r\n{}",
        &review_body("t", &vm(4, 2, false))[..100]
    );
    let answer = raw_exchange(&mut tls, request.as_bytes(), true, Duration::from_secs(5)).await;
    assert_eq!(raw_status(&answer), Some(400), "{answer}");

    // Not HTTP at all inside TLS.
    let mut tls = s.tls(&[]).await;
    let answer = raw_exchange(
        &mut tls,
        b"\x00\x01garbage\r\n\r\n",
        false,
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(raw_status(&answer), Some(400), "{answer}");

    // Not TLS at all: the handshake fails, nothing else happens.
    let mut tcp = tokio::net::TcpStream::connect(s.addr)
        .await
        .expect("connect");
    tcp.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("write");
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(
        Duration::from_secs(5),
        tokio::io::AsyncReadExt::read_to_end(&mut tcp, &mut buf),
    )
    .await;
    assert!(!String::from_utf8_lossy(&buf).contains("ok"));

    assert_eq!(s.get("/healthz").await, (200, "ok".to_owned()));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_idle_connections_and_slow_bodies_are_cut_off() {
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        read_timeout: Duration::from_millis(300),
        ..Limits::default()
    };
    let s = start(fixed(), limits).await;

    // Slow loris: headers that never end. The server closes the connection.
    let mut tls = s.tls(&[]).await;
    let t0 = Instant::now();
    let answer = raw_exchange(
        &mut tls,
        b"POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\n",
        false,
        Duration::from_secs(5),
    )
    .await;
    let took = t0.elapsed();
    assert!(
        took >= Duration::from_millis(250) && took < Duration::from_secs(3),
        "closed after {took:?}: {answer:?}"
    );

    // An idle keep-alive connection is closed as well.
    let mut tls = s.tls(&[]).await;
    let t0 = Instant::now();
    let answer = read_until_close(&mut tls, Duration::from_secs(5)).await;
    assert!(
        t0.elapsed() < Duration::from_secs(3),
        "idle connection kept open: {answer:?}"
    );

    // A body that trickles in too slowly: 408.
    let mut tls = s.tls(&[]).await;
    let answer = raw_exchange(
        &mut tls,
        b"POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"kind\"",
        false,
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(raw_status(&answer), Some(408), "{answer}");

    assert_eq!(s.get("/healthz").await, (200, "ok".to_owned()));
    s.stop().await;
}

/// A review slow to decide: `n` distinct patterns to compile (tens of milliseconds each).
fn slow_review(uid: &str, n: usize) -> String {
    let rules: Vec<Value> = (0..n)
        .map(|i| {
            json!({"name": format!("r{i}"), "path": "jsonpath::.spec.domain.cpu.cores",
                   "rule": "regex", "message": "m", "regex": format!("\\pL{{40}}{uid}{i}|[0-9]")})
        })
        .collect();
    let mut v = vm(4, 2, false);
    v["metadata"]["annotations"]["vm.kubevirt.io/validations"] =
        json!(Value::Array(rules).to_string());
    review_body(uid, &v)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviews_beyond_the_concurrency_bound_wait_then_get_503() {
    let limits = Limits {
        max_in_flight: 1,
        queue_timeout: Duration::from_millis(300),
        regex_compile_budget: usize::MAX,
        ..Limits::default()
    };
    let s = std::sync::Arc::new(start(fixed(), limits).await);
    // The first review takes the only slot for a while.
    let first = {
        let s = s.clone();
        tokio::spawn(async move { s.client().await.review(slow_review("slot", 60)).await })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    // The second waits for the slot, and gives up after the queue timeout.
    let mut c = s.client().await;
    let t0 = Instant::now();
    let r = c.review(review_body("w", &vm(4, 2, false))).await;
    assert_eq!(r.status, 503);
    assert!(t0.elapsed() >= Duration::from_millis(250));
    assert!(
        !first.is_finished(),
        "the first review should still hold the slot"
    );
    // The first completes and is answered; then the slot serves the next one.
    let answer = first.await.expect("first review");
    assert_eq!(answer.status, 200);
    assert_eq!(json_of(&answer.body)["response"]["allowed"], true);
    let mut c = s.client().await;
    assert_eq!(
        c.review(review_body("w", &vm(4, 2, false))).await.status,
        200
    );
    std::sync::Arc::into_inner(s)
        .expect("sole owner")
        .stop()
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rewritten_certificate_is_served_to_new_connections() {
    let s = start(fixed(), Limits::default()).await;
    let first = s.cert.der.clone();
    let mut old = s.client().await;

    let next = self_signed();
    s.trust(&next.der);
    write_cert(s.dir.path(), &next);
    let served = async || {
        let tls = s.tls(&[]).await;
        tls.get_ref().1.peer_certificates().map(|c| c[0].clone())
    };
    eventually("the new certificate", async || {
        served().await.as_ref() == Some(&next.der)
    })
    .await;
    assert_ne!(first, next.der);
    assert_eq!(s.certs.current().cert[0], next.der);
    // The connection made before the change still works.
    assert_eq!(
        old.review(review_body("u", &vm(4, 2, false))).await.status,
        200
    );

    // A broken pair (a key of another certificate) is refused; the last good one stays.
    let other = self_signed();
    std::fs::write(s.dir.path().join("key.pem"), &other.key_pem).expect("write key");
    eventually("the failed reload", async || {
        s.metric("validgen_webhook_reloads_total{kind=\"certificate\",result=\"error\"}")
            .await
            == Some(1.0)
    })
    .await;
    assert_eq!(served().await.as_ref(), Some(&next.der));
    assert_eq!(
        s.metric("validgen_webhook_reloads_total{kind=\"certificate\",result=\"ok\"}")
            .await,
        Some(1.0)
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_changed_catalog_folder_is_reloaded() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join("tpl.yaml");
    std::fs::write(&file, template_yaml(4)).expect("write template");
    let s = start(
        CatalogSource::Dirs(vec![dir.path().to_owned()]),
        Limits::default(),
    )
    .await;
    let mut c = s.client().await;
    let body = review_body("t", &vm_of_template());
    let r = c.review(body.clone()).await;
    assert_eq!(
        json_of(&r.body)["response"]["status"]["code"],
        422,
        "the template needs 4 cores"
    );
    assert_eq!(
        s.metric("validgen_webhook_catalog_templates").await,
        Some(1.0)
    );

    std::fs::write(&file, template_yaml(1)).expect("rewrite template");
    eventually("the relaxed template", async || {
        json_of(&c.review(body.clone()).await.body)["response"]["allowed"] == true
    })
    .await;

    // A broken file: the last good catalog stays.
    std::fs::write(&file, "kind: Template\nmetadata: [").expect("break template");
    eventually("the failed reload", async || {
        s.metric("validgen_webhook_reloads_total{kind=\"catalog\",result=\"error\"}")
            .await
            == Some(1.0)
    })
    .await;
    let mut c = s.client().await;
    assert_eq!(
        json_of(&c.review(body).await.body)["response"]["allowed"],
        true
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_lets_a_request_under_way_finish() {
    let s = start(fixed(), Limits::default()).await;
    let review = review_body("late", &vm(1, 2, false));
    let mut tls = s.tls(&[]).await;
    let head = format!(
        "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        review.len()
    );
    tls.write_all(head.as_bytes()).await.expect("head");
    tls.flush().await.expect("flush");
    tokio::time::sleep(Duration::from_millis(100)).await;
    let addr = s.addr;
    let stopping = tokio::spawn(s.stop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    // No new connections once stopping.
    assert!(
        tokio::net::TcpStream::connect(addr).await.is_err(),
        "the listener is closed"
    );
    let answer = raw_exchange(&mut tls, review.as_bytes(), false, Duration::from_secs(5)).await;
    assert_eq!(raw_status(&answer), Some(200), "{answer}");
    assert!(answer.contains("\"uid\":\"late\""));
    tokio::time::timeout(Duration::from_secs(5), stopping)
        .await
        .expect("the server stops once the request is answered")
        .expect("stop task");
}

/// Reads the `validgen serve` binary's JSON log lines until the `listening` event; returns
/// its address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_a_catalog_folder_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let cert = self_signed();
    let (cert_file, key_file) = write_cert(dir.path(), &cert);
    let templates = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/other-templates/kubevirt-template-validator"
    );
    let (mut child, mut stderr, addr) = spawn_binary(templates, &cert_file, &key_file);
    // Keep draining the log so that the server never blocks on a full pipe.
    let log = std::thread::spawn(move || {
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut rest);
        rest
    });

    let mut c = Client::over(connect(addr, &[&cert.der]).await).await;
    // The upstream validator's functional-test VM names its template and carries no rules:
    // the catalog folder supplies them (templates without a namespace serve every namespace).
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/vms/kubevirt-template-validator/04-vm-from-template-with-rules-unfulfilled.yaml"
    );
    let docs = validgen_kubevirt::manifest::read_file(std::path::Path::new(file), 1 << 20)
        .expect("read the VM");
    let r = c.review(review_body("bin-1", &docs[0].value)).await;
    assert_eq!(r.status, 200);
    let answer = json_of(&r.body);
    assert_eq!(answer["response"]["uid"], "bin-1");
    assert_eq!(answer["response"]["status"]["code"], 422, "{answer}");
    assert_eq!(
        answer["response"]["status"]["details"]["causes"][0]["field"],
        ".spec.domain.machine.type"
    );

    let pid = child.id().to_string();
    let status = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("run kill");
    assert!(status.success());
    let exit = tokio::task::spawn_blocking(move || child.wait())
        .await
        .expect("wait task")
        .expect("wait for the server");
    assert_eq!(exit.code(), Some(0), "a graceful stop exits 0");
    let rest = log.join().expect("log thread");
    assert!(rest.contains("SIGTERM received"), "{rest}");
    assert!(rest.contains("\"stopped\""), "{rest}");
}

#[test]
fn the_binary_refuses_to_start_without_a_usable_certificate() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let missing = dir.path().join("missing.pem");
    let out = Command::new(env!("CARGO_BIN_EXE_validgen"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .arg("--tls-cert")
        .arg(&missing)
        .arg("--tls-key")
        .arg(&missing)
        .output()
        .expect("run validgen serve");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("missing.pem"), "{err}");
    assert_eq!(
        err.matches("missing.pem").count(),
        1,
        "the start-up error is said once: {err}"
    );

    let not_pem = dir.path().join("not.pem");
    std::fs::write(&not_pem, "hello").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_validgen"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .arg("--tls-cert")
        .arg(&not_pem)
        .arg("--tls-key")
        .arg(&not_pem)
        .output()
        .expect("run validgen serve");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no `BEGIN CERTIFICATE`"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let out = Command::new(env!("CARGO_BIN_EXE_validgen"))
        .args(["serve", "--header-timeout", "0s"])
        .args(["--tls-cert", "c", "--tls-key", "k"])
        .output()
        .expect("run validgen serve");
    assert_eq!(
        out.status.code(),
        Some(2),
        "a zero timeout is a usage error"
    );
}
