//! `validgen serve` under abuse, over loopback and bounded in time (scaled down from the
//! probes of issue #12): costly VM-carried regexes, bodies trickling in, huge JSON trees, too
//! large bodies sent whole or slowly past the socket buffers, and many idle connections.

use crate::serve_support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use validgen_cli::serve::{CatalogSource, Limits};
use validgen_kubevirt::admission::Catalog;

use rustls::pki_types::ServerName;
use tokio::net::{TcpSocket, TcpStream};
use tokio_rustls::client::TlsStream;

use serve_support::{Client, Running, connector, raw_status, review_body, start};

fn fixed() -> CatalogSource {
    CatalogSource::Fixed(Catalog::new())
}

/// A VM carrying `rules` as its own rule set, with one disk named `disk0`.
fn vm_with_rules(rules: &Value) -> Value {
    json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": "vm1", "namespace": "default",
                     "annotations": {"vm.kubevirt.io/validations": rules.to_string()}},
        "spec": {"template": {"spec": {"domain": {"cpu": {"cores": 2},
                 "devices": {"disks": [{"name": "disk0", "disk": {"bus": "virtio"}}]}}}}}
    })
}

/// A small review that is allowed (2 cores, at least 1 needed).
fn normal_review(uid: &str) -> String {
    let rules = json!([{"name": "cores", "path": "jsonpath::.spec.domain.cpu.cores",
                        "rule": "integer", "message": "more cores", "min": 1}]);
    review_body(uid, &vm_with_rules(&rules))
}

/// `GET /healthz` on a new connection, with the time it took.
async fn timed_healthz(s: &Running) -> (u16, Duration) {
    let t = Instant::now();
    let (status, _) = tokio::time::timeout(Duration::from_secs(30), s.get("/healthz"))
        .await
        .expect("healthz answered within 30 s");
    (status, t.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn costly_regexes_fail_their_rule_quickly_and_do_not_hold_up_probes() {
    let s = Arc::new(start(fixed(), Limits::default()).await);
    // `\pL{1000}` took about a second and 50 MiB to compile, on a request worker.
    let rules: Vec<Value> = (0..8)
        .map(|i| {
            json!({"name": format!("r{i}"), "path": "jsonpath::.spec.domain.devices.disks[*].name",
                   "rule": "regex", "message": "m", "regex": format!("\\pL{{1000}}abuse{i}")})
        })
        .collect();
    let body = review_body("regex-dos", &vm_with_rules(&Value::Array(rules)));
    let attacks: Vec<_> = (0..2)
        .map(|_| {
            let (s, body) = (s.clone(), body.clone());
            tokio::spawn(async move {
                let t = Instant::now();
                let r = s.client().await.review(body).await;
                (r, t.elapsed())
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(100)).await;
    for _ in 0..3 {
        let (status, took) = timed_healthz(&s).await;
        assert_eq!(status, 200);
        assert!(took < Duration::from_secs(1), "healthz took {took:?}");
    }
    for a in attacks {
        let (r, took) = a.await.expect("attack task");
        assert!(took < Duration::from_secs(10), "review took {took:?}");
        assert_eq!(r.status, 200);
        let v: Value = serde_json::from_slice(&r.body).expect("JSON answer");
        assert_eq!(v["response"]["allowed"], false);
        assert_eq!(v["response"]["status"]["code"], 422);
        let cause = v["response"]["status"]["details"]["causes"][0]["message"]
            .as_str()
            .expect("a cause");
        assert!(cause.contains("exceeds validgen's regex limits"), "{cause}");
    }
    Arc::into_inner(s).expect("sole owner").stop().await;
}

/// Opens a TLS connection and sends the head of a 1000-byte review, then one byte every
/// 200 ms until `until`.
async fn trickle(s: &Running, until: Instant) {
    let mut tls = s.tls(&[]).await;
    let head = "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\n\
                Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n";
    if tls.write_all(head.as_bytes()).await.is_err() {
        return;
    }
    while Instant::now() < until {
        if tls.write_all(b" ").await.is_err() || tls.flush().await.is_err() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trickling_bodies_hold_no_review_slot() {
    let limits = Limits {
        max_in_flight: 4,
        queue_timeout: Duration::from_millis(500),
        read_timeout: Duration::from_secs(20),
        ..Limits::default()
    };
    let s = Arc::new(start(fixed(), limits).await);
    let until = Instant::now() + Duration::from_secs(4);
    let tricklers: Vec<_> = (0..100)
        .map(|_| {
            let s = s.clone();
            tokio::spawn(async move { trickle(&s, until).await })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut c = s.client().await;
    for i in 0..5 {
        let t = Instant::now();
        let r = c.review(normal_review(&format!("legit-{i}"))).await;
        assert_eq!(r.status, 200, "review {i} while bodies trickle in");
        assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    }
    for t in tricklers {
        t.await.expect("trickler");
    }
    Arc::into_inner(s).expect("sole owner").stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_being_read_share_a_bounded_memory() {
    // Room for one 1000-byte body: a body that has sent 900 bytes and stalls leaves too little
    // for another one, which waits and gets 503 rather than growing the memory.
    let limits = Limits {
        max_in_flight: 1,
        max_body_bytes: 1000,
        queue_timeout: Duration::from_millis(300),
        ..Limits::default()
    };
    let s = start(fixed(), limits).await;
    let mut stalled = s.tls(&[]).await;
    let head = "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\n\
                Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n";
    stalled.write_all(head.as_bytes()).await.expect("head");
    stalled.write_all(&[b' '; 900]).await.expect("body");
    stalled.flush().await.expect("flush");
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut c = s.client().await;
    let body = normal_review("second");
    assert!(body.len() > 100 && body.len() <= 1000);
    assert_eq!(c.review(body.clone()).await.status, 503);
    drop(stalled);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut c = s.client().await;
    assert_eq!(
        c.review(body).await.status,
        200,
        "the bytes were given back"
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviews_with_too_many_json_values_get_413_before_any_tree_is_built() {
    let s = start(fixed(), Limits::default()).await;
    // `"spec": 1` sends the review to the JSON-tree path; 60 000 integers in 120 KB.
    let mut vm = json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
                        "metadata": {"name": "m"}, "spec": 1});
    vm["x"] = Value::Array(vec![json!(1); 60_000]);
    let mut c = s.client().await;
    let r = c.review(review_body("many", &vm)).await;
    assert_eq!(r.status, 413);
    let text = String::from_utf8_lossy(&r.body);
    assert!(text.contains("more than 50000 JSON values"), "{text}");
    // Far below the limit: answered as before.
    vm["x"] = Value::Array(vec![json!(1); 1000]);
    let mut c = s.client().await;
    assert_eq!(c.review(review_body("few", &vm)).await.status, 200);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_sending_a_too_large_body_whole_reads_the_413() {
    let limits = Limits {
        max_body_bytes: 64 * 1024,
        ..Limits::default()
    };
    let s = start(fixed(), limits).await;
    for announced in [true, false] {
        let tls = s.tls(&[]).await;
        let (mut rd, mut wr) = tokio::io::split(tls);
        let body = vec![b' '; 3 * 1024 * 1024];
        let head = if announced {
            format!(
                "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\n\
                 Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len()
            )
        } else {
            "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\n\
             Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                .to_owned()
        };
        let writer = tokio::spawn(async move {
            let mut sent = wr.write_all(head.as_bytes()).await;
            if announced {
                sent = sent.and(wr.write_all(&body).await);
            } else {
                for chunk in body.chunks(16 * 1024) {
                    let mut frame = format!("{:x}\r\n", chunk.len()).into_bytes();
                    frame.extend_from_slice(chunk);
                    frame.extend_from_slice(b"\r\n");
                    sent = sent.and(wr.write_all(&frame).await);
                }
                sent = sent.and(wr.write_all(b"0\r\n\r\n").await);
            }
            sent = sent.and(wr.flush().await);
            (wr, sent)
        });
        // Read only once everything is sent, as a client that writes its whole request first.
        let (wr, sent) = tokio::time::timeout(Duration::from_secs(10), writer)
            .await
            .expect("the body was taken in")
            .expect("writer task");
        assert!(
            sent.is_ok(),
            "announced {announced}: the request was cut: {sent:?}"
        );
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), rd.read_to_end(&mut answer)).await;
        drop(wr);
        let answer = String::from_utf8_lossy(&answer);
        assert_eq!(
            raw_status(&answer),
            Some(413),
            "announced {announced}: {answer:?}"
        );
    }
    s.stop().await;
}

/// Sends the request `head` and `body` over TLS, the body in `piece`-byte writes with `pause`
/// between them, from a socket whose send buffer is pinned small (so that the kernel cannot
/// take in much of the body unless the server reads it); then reads the answer for at most
/// 3 s. Returns whether everything was sent, and the answer.
async fn send_then_read(
    s: &Running,
    head: String,
    body: Vec<u8>,
    piece: usize,
    pause: Duration,
) -> (std::io::Result<()>, String) {
    let socket = TcpSocket::new_v4().expect("socket");
    // Pinning SO_SNDBUF also turns off its growth: without it, loopback buffers of several MB
    // could take in the whole body and hide a server that stops reading.
    socket.set_send_buffer_size(64 * 1024).expect("send buffer");
    let tcp = socket.connect(s.addr).await.expect("connects");
    tcp.set_nodelay(true).expect("nodelay");
    let name = ServerName::try_from("localhost").expect("server name");
    let tls = connector(&[&s.cert.der])
        .connect(name, tcp)
        .await
        .expect("TLS handshake");
    let (mut rd, mut wr) = tokio::io::split(tls);
    let writer = tokio::spawn(async move {
        let mut sent = wr.write_all(head.as_bytes()).await;
        for chunk in body.chunks(piece) {
            if sent.is_err() {
                break;
            }
            sent = wr.write_all(chunk).await;
            if !pause.is_zero() {
                tokio::time::sleep(pause).await;
            }
        }
        sent = sent.and(wr.flush().await);
        (wr, sent)
    });
    let (wr, sent) = tokio::time::timeout(Duration::from_secs(4), writer)
        .await
        .expect("the body was taken in or refused in time")
        .expect("writer task");
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(3), rd.read_to_end(&mut answer)).await;
    drop(wr);
    (sent, String::from_utf8_lossy(&answer).into_owned())
}

/// A body far larger than what the loopback socket buffers take in, sent whole or slowly
/// before reading: the 413 goes out at once, and only the drain (reading and dropping the
/// rest) lets the client finish sending and read it, where a server that closed at once would
/// have the client's writes fail (`EPIPE`, `ECONNRESET`), as many clients report instead of
/// the answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_whose_body_exceeds_the_socket_buffers_reads_the_413() {
    let limits = Limits {
        max_body_bytes: 64 * 1024,
        ..Limits::default()
    };
    let s = start(fixed(), limits).await;
    let started = Instant::now();
    let announced = |len: usize| {
        format!(
            "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\n\
             Content-Type: application/json\r\nContent-Length: {len}\r\n\r\n"
        )
    };
    let chunked = |body: &[u8], size: usize| {
        let mut out = Vec::new();
        for c in body.chunks(size) {
            out.extend_from_slice(format!("{:x}\r\n", c.len()).as_bytes());
            out.extend_from_slice(c);
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b"0\r\n\r\n");
        out
    };
    let body = vec![b' '; 2 * 1024 * 1024];
    let cases = [
        // Announced and sent whole: refused before any of it is read.
        (
            "announced, whole",
            announced(body.len()),
            body.clone(),
            256 * 1024,
            Duration::ZERO,
        ),
        // Chunked and slow (about 0.3 s): refused once past the limit, mid-body.
        (
            "chunked, slow",
            "POST /virtualmachine-validate HTTP/1.1\r\nHost: x\r\n\
             Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                .to_owned(),
            chunked(&body, 16 * 1024),
            64 * 1024,
            Duration::from_millis(10),
        ),
    ];
    let mut failures = Vec::new();
    for (what, head, body, piece, pause) in cases {
        let (sent, answer) = send_then_read(&s, head, body, piece, pause).await;
        if let Err(e) = sent {
            failures.push(format!("{what}: the request was cut: {e}"));
        }
        if raw_status(&answer) != Some(413) {
            failures.push(format!("{what}: {answer:?}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    s.stop().await;
}

/// A TLS connection to the server from the loopback address `from` (as another pod or node
/// would come from its own address), or `None` if the server closed it.
async fn tls_from(s: &Running, from: &str) -> Option<TlsStream<TcpStream>> {
    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(format!("{from}:0").parse().expect("address"))
        .expect("bind");
    let tcp = socket.connect(s.addr).await.ok()?;
    tcp.set_nodelay(true).expect("nodelay");
    let name = ServerName::try_from("localhost").expect("server name");
    connector(&[&s.cert.der]).connect(name, tcp).await.ok()
}

/// Holds a connection from 127.0.0.1 open and idle (plain TCP, or after the TLS handshake)
/// until `until`, opening a new one whenever the server closes it; returns how many it opened.
async fn hold_idle(s: Arc<Running>, tls: bool, until: Instant) -> usize {
    let mut opened = 0;
    while Instant::now() < until {
        let left = until.saturating_duration_since(Instant::now());
        opened += 1;
        let mut buf = [0u8; 16];
        if tls {
            if let Ok(Some(mut c)) = tokio::time::timeout(left, tls_from(&s, "127.0.0.1")).await {
                let _ = tokio::time::timeout(left, c.read(&mut buf)).await;
                continue;
            }
        } else if let Ok(mut c) = TcpStream::connect(s.addr).await {
            let _ = tokio::time::timeout(left, c.read(&mut buf)).await;
            continue;
        }
        // Refused: try again a little later, as the probes of issue #12 do.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    opened
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_beyond_the_limit_do_not_delay_reviews_and_probes() {
    let limits = Limits {
        max_connections: 100,
        ..Limits::default()
    };
    let s = Arc::new(start(fixed(), limits).await);
    let until = Instant::now() + Duration::from_secs(5);
    let holders: Vec<_> = (0..300)
        .map(|i| tokio::spawn(hold_idle(s.clone(), i % 2 == 0, until)))
        .collect();
    tokio::time::sleep(Duration::from_secs(1)).await;
    // The API server and the kubelet come from their own addresses.
    for i in 0..4 {
        let t = Instant::now();
        let tls = tls_from(&s, "127.0.0.2").await.expect("accepted");
        let r = Client::over(tls)
            .await
            .review(normal_review(&format!("legit-{i}")))
            .await;
        assert_eq!(r.status, 200);
        assert!(
            t.elapsed() < Duration::from_secs(1),
            "review {i} took {:?}",
            t.elapsed()
        );
        let t = Instant::now();
        let tls = tls_from(&s, "127.0.0.3").await.expect("accepted");
        let r = Client::over(tls)
            .await
            .send("GET", "/healthz", &[], Default::default())
            .await;
        assert_eq!(r.status, 200);
        assert!(
            t.elapsed() < Duration::from_secs(1),
            "healthz {i} took {:?}",
            t.elapsed()
        );
    }
    let mut opened = 0;
    for h in holders {
        opened += h.await.expect("holder");
    }
    assert!(opened > 300, "idle connections were closed to make room");
    Arc::into_inner(s).expect("sole owner").stop().await;
}
