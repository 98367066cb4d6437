//! Shared by the `serve*` tests: self-signed certificates, an in-process server on an ephemeral
//! loopback port, and HTTPS clients (a hyper one, and a raw one for malformed requests).

#![allow(dead_code)] // each test binary uses part of it

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use rustls::RootCertStore;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;
use validgen_cli::serve::http::State;
use validgen_cli::serve::tls::CertResolver;
use validgen_cli::serve::{CatalogSource, Limits, ServeConfig, ServeError, Server};

/// A self-signed certificate for `localhost` and `127.0.0.1`.
pub struct Cert {
    /// PEM of the certificate.
    pub cert_pem: String,
    /// PEM of its private key.
    pub key_pem: String,
    /// DER of the certificate.
    pub der: CertificateDer<'static>,
}

/// Makes a new self-signed certificate, with a new key and its own subject name (a client
/// trusting several of them tells them apart by subject).
pub fn self_signed() -> Cert {
    static SERIAL: AtomicU64 = AtomicU64::new(0);
    let n = SERIAL.fetch_add(1, Ordering::Relaxed);
    let mut params =
        rcgen::CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned()])
            .expect("certificate parameters");
    params.distinguished_name.push(
        rcgen::DnType::CommonName,
        format!("validgen test {} #{n}", std::process::id()),
    );
    let key = rcgen::KeyPair::generate().expect("generate a key");
    let cert = params.self_signed(&key).expect("self-sign");
    Cert {
        cert_pem: cert.pem(),
        key_pem: key.serialize_pem(),
        der: cert.der().clone(),
    }
}

/// Writes `cert` to `cert.pem` and `key.pem` in `dir`.
pub fn write_cert(dir: &Path, cert: &Cert) -> (PathBuf, PathBuf) {
    let c = dir.join("cert.pem");
    let k = dir.join("key.pem");
    std::fs::write(&c, &cert.cert_pem).expect("write cert.pem");
    std::fs::write(&k, &cert.key_pem).expect("write key.pem");
    (c, k)
}

/// An in-process server on 127.0.0.1 with an ephemeral port.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its catalog and metrics.
    pub state: Arc<State>,
    /// Its certificate.
    pub certs: Arc<CertResolver>,
    /// The certificate it started with (trusted by [`Running::client`]).
    pub cert: Cert,
    /// Holds cert.pem and key.pem.
    pub dir: tempfile::TempDir,
    trusted: std::sync::Mutex<Vec<CertificateDer<'static>>>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), ServeError>>>,
}

/// Starts a server on `catalog` with `limits`, polling files every 100 ms.
pub async fn start(catalog: CatalogSource, limits: Limits) -> Running {
    let dir = tempfile::tempdir().expect("temporary folder");
    let cert = self_signed();
    let (tls_cert, tls_key) = write_cert(dir.path(), &cert);
    let config = ServeConfig {
        listen: "127.0.0.1:0".parse().expect("loopback address"),
        catalog,
        tls_cert,
        tls_key,
        limits,
        reload_interval: Duration::from_millis(100),
    };
    let server = Server::bind(config).await.expect("server starts");
    let addr = server.local_addr();
    let state = server.state();
    let certs = server.certificates();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(server.run(async {
        let _ = stopped.await;
    }));
    Running {
        addr,
        state,
        certs,
        trusted: std::sync::Mutex::new(vec![cert.der.clone()]),
        cert,
        dir,
        stop: Some(stop),
        task: Some(task),
    }
}

/// A TLS client trusting exactly `roots`.
pub fn connector(roots: &[&CertificateDer<'static>]) -> TlsConnector {
    let mut store = RootCertStore::empty();
    for c in roots {
        store.add((*c).clone()).expect("trust a certificate");
    }
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("TLS versions")
    .with_root_certificates(store)
    .with_no_client_auth();
    TlsConnector::from(Arc::new(config))
}

/// A TLS connection to `addr` (as `localhost`), trusting `roots`.
pub async fn connect(addr: SocketAddr, roots: &[&CertificateDer<'static>]) -> TlsStream<TcpStream> {
    let tcp = TcpStream::connect(addr).await.expect("connect");
    tcp.set_nodelay(true).expect("nodelay");
    let name = ServerName::try_from("localhost").expect("server name");
    connector(roots)
        .connect(name, tcp)
        .await
        .expect("TLS handshake")
}

impl Running {
    /// Trusts `cert` too in the connections made from now on.
    pub fn trust(&self, cert: &CertificateDer<'static>) {
        self.trusted
            .lock()
            .expect("trusted list")
            .push(cert.clone());
    }

    /// A TLS connection to the server, trusting its first certificate, those passed to
    /// [`Running::trust`], and `extra` ones.
    pub async fn tls(&self, extra: &[&CertificateDer<'static>]) -> TlsStream<TcpStream> {
        let trusted = self.trusted.lock().expect("trusted list").clone();
        let mut roots: Vec<&CertificateDer<'static>> = trusted.iter().collect();
        roots.extend_from_slice(extra);
        connect(self.addr, &roots).await
    }

    /// A keep-alive HTTP/1.1 client connection.
    pub async fn client(&self) -> Client {
        Client::over(self.tls(&[]).await).await
    }

    /// Stops the server (as on SIGTERM) and waits for it.
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.task.take() {
            t.await.expect("server task").expect("server stops cleanly");
        }
    }

    /// `GET path` on a new connection: status and body.
    pub async fn get(&self, path: &str) -> (u16, String) {
        let mut c = self.client().await;
        let r = c.send("GET", path, &[], Bytes::new()).await;
        (r.status, String::from_utf8_lossy(&r.body).into_owned())
    }

    /// The value of an unlabelled metric sample line `name value` in `/metrics`, if present.
    pub async fn metric(&self, name: &str) -> Option<f64> {
        let (_, text) = self.get("/metrics").await;
        metric_value(&text, name)
    }
}

/// The value of the sample line starting with `name ` (the labels included in `name`).
pub fn metric_value(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

/// An answer.
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// `Content-Type`, if any.
    pub content_type: Option<String>,
    /// The body.
    pub body: Bytes,
}

/// One HTTP/1.1 connection (requests are sent one after the other on it).
pub struct Client {
    sender: hyper::client::conn::http1::SendRequest<Full<Bytes>>,
}

impl Client {
    /// Speaks HTTP/1.1 over `tls`.
    pub async fn over(tls: TlsStream<TcpStream>) -> Client {
        let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(tls))
            .await
            .expect("HTTP handshake");
        tokio::spawn(async move {
            let _ = conn.await;
        });
        Client { sender }
    }

    /// Sends a request and reads the whole answer.
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Bytes,
    ) -> Answer {
        let mut b = hyper::Request::builder()
            .method(method)
            .uri(path)
            .header("host", "localhost");
        for (k, v) in headers {
            b = b.header(*k, *v);
        }
        let req = b.body(Full::new(body)).expect("request");
        self.sender.ready().await.expect("connection ready");
        let resp = self.sender.send_request(req).await.expect("answer");
        let status = resp.status().as_u16();
        let content_type = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let body = resp
            .into_body()
            .collect()
            .await
            .expect("answer body")
            .to_bytes();
        Answer {
            status,
            content_type,
            body,
        }
    }

    /// `POST /virtualmachine-validate` with `Content-Type: application/json`.
    pub async fn review(&mut self, body: impl Into<Bytes>) -> Answer {
        self.send(
            "POST",
            "/virtualmachine-validate",
            &[("content-type", "application/json")],
            body.into(),
        )
        .await
    }
}

/// Writes `bytes` raw on `tls` (after an optional pause per chunk), then reads until the server
/// closes or `wait` passes; returns what was read.
pub async fn raw_exchange(
    tls: &mut TlsStream<TcpStream>,
    bytes: &[u8],
    close_write: bool,
    wait: Duration,
) -> String {
    tls.write_all(bytes).await.expect("write request");
    tls.flush().await.expect("flush");
    if close_write {
        // Sends close_notify and FIN: the server sees the end of the stream.
        tls.shutdown().await.expect("close the write side");
    }
    read_until_close(tls, wait).await
}

/// Reads until EOF, an error, or `wait` passes.
pub async fn read_until_close(tls: &mut TlsStream<TcpStream>, wait: Duration) -> String {
    let mut out = Vec::new();
    let _ = tokio::time::timeout(wait, async {
        let mut buf = [0u8; 4096];
        loop {
            match tls.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => out.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    String::from_utf8_lossy(&out).into_owned()
}

/// The status code of a raw HTTP/1.1 answer (`HTTP/1.1 400 Bad Request` → 400).
pub fn raw_status(answer: &str) -> Option<u16> {
    answer.split_whitespace().nth(1)?.parse().ok()
}

/// An `AdmissionReview` of `vm` as the API server sends it (CREATE of `kubevirt.io/v1`
/// `virtualmachines`).
pub fn review_body(uid: &str, vm: &serde_json::Value) -> String {
    serde_json::json!({
        "kind": "AdmissionReview",
        "apiVersion": "admission.k8s.io/v1",
        "request": {
            "uid": uid,
            "kind": {"group": "kubevirt.io", "version": "v1", "kind": "VirtualMachine"},
            "resource": {"group": "kubevirt.io", "version": "v1", "resource": "virtualmachines"},
            "operation": "CREATE",
            "object": vm,
        }
    })
    .to_string()
}

/// The real `validgen` binary serving `templates` over TLS on a free loopback port, logging
/// JSON at `info`: the child, its log (to keep draining) and the address it listens on.
pub fn spawn_binary(
    templates: &str,
    cert_file: &Path,
    key_file: &Path,
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
    SocketAddr,
) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_validgen"))
        .args(["serve", "--listen", "127.0.0.1:0", "--log-format", "json"])
        .args(["--templates", templates])
        .arg("--tls-cert")
        .arg(cert_file)
        .arg("--tls-key")
        .arg(key_file)
        .env("RUST_LOG", "info")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start validgen serve");
    let mut log = std::io::BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    let addr = loop {
        line.clear();
        let n = log.read_line(&mut line).expect("read the log");
        assert!(n > 0, "the server exited before listening");
        let Ok(event) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        if event["fields"]["message"] == "listening" {
            let addr = event["fields"]["addr"].as_str().expect("addr field");
            break addr.parse().expect("a socket address");
        }
    };
    (child, log, addr)
}
