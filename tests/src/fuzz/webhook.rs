//! `AdmissionReview` bodies through the webhook's HTTP handler (`validgen serve`), over an
//! in-memory HTTP/1.1 connection.

use std::convert::Infallible;
use std::sync::{Arc, LazyLock};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::header::CONTENT_TYPE;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, StatusCode};
use hyper_util::rt::TokioIo;
use validgen::{admission, extract};
use validgen_cli::serve::Limits;
use validgen_cli::serve::http::{State, VALIDATE_PATH, handle};

use super::capped;
use super::kubevirt::interpreted_with_plan;

/// One runtime for every run: a current-thread runtime with the blocking pool the handler
/// decides reviews on, and timers (its limits).
static RUNTIME: LazyLock<tokio::runtime::Runtime> = LazyLock::new(|| {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a tokio runtime")
});

/// The server's state: the conformance rule sets' catalog, the default limits.
static STATE: LazyLock<Arc<State>> = LazyLock::new(|| {
    Arc::new(State::new(
        interpreted_with_plan().clone(),
        Limits::default(),
    ))
});

/// Posts `body` to the review path and returns the answer's status and body.
async fn post(body: Vec<u8>) -> (StatusCode, Bytes) {
    let (client, server) = tokio::io::duplex(64 * 1024);
    let service = service_fn(|req| async { Ok::<_, Infallible>(handle(req, STATE.clone()).await) });
    tokio::spawn(http1::Builder::new().serve_connection(TokioIo::new(server), service));
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(client))
        .await
        .expect("an HTTP/1.1 handshake in memory");
    tokio::spawn(connection);
    let request = Request::post(VALIDATE_PATH)
        .header(CONTENT_TYPE, "application/json")
        .body(Full::new(Bytes::from(body)))
        .expect("a request");
    let response = sender.send_request(request).await.expect("an answer");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("the answer's body")
        .to_bytes();
    (status, bytes)
}

/// Review bytes posted to the handler: no panic, never a 500; a 400 exactly when the bytes are
/// not a review ([`extract::review_bytes`] refuses them, under the same regex compilation
/// budget), a 413 only for more JSON values than the limit; a 200 answers with the review
/// response of the catalog's decision, byte for byte.
pub fn webhook(data: &[u8]) {
    let body = capped(data).to_vec();
    let budget = STATE.limits.regex_compile_budget;
    let want = validgen_goregex::with_compile_budget(budget, || {
        extract::review_bytes(&body, interpreted_with_plan())
    });
    let (status, answer) = RUNTIME.block_on(post(body));
    match status {
        StatusCode::OK => {
            let want = want.expect("a 200 answers a review");
            let expected = admission::response_json(&want.uid, &want.decision, true);
            assert_eq!(
                String::from_utf8_lossy(&answer),
                String::from_utf8_lossy(expected.as_ref()),
                "the answer"
            );
        }
        StatusCode::BAD_REQUEST => assert!(want.is_err(), "a review answered 400"),
        StatusCode::PAYLOAD_TOO_LARGE => {}
        other => panic!("status {other}: {}", String::from_utf8_lossy(&answer)),
    }
}
