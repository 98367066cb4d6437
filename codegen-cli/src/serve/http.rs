//! The HTTP routes: `POST /virtualmachine-validate` (the admission review), `GET /healthz`,
//! `GET /readyz` and `GET /metrics`.
//!
//! Status codes of the review path follow the reference webhook (ssp-operator
//! `webhooks.GetAdmissionReview`): a `Content-Type` other than exactly `application/json`, or a
//! body that is not an `AdmissionReview`, gets 400 with an empty body; a decodable review gets
//! 200 with the review response. Limits the reference does not have add 405 (not a POST),
//! 408 (body slower than the read timeout), 413 (body over the size limit) and 503 (no review
//! slot freed within the queue timeout).

use std::sync::Arc;
use std::time::Instant;

use arc_swap::ArcSwap;
use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use tokio::sync::Semaphore;
use validgen_runtime::admission::{self, Catalog, Reviewed};

use super::Limits;
use super::metrics::{self, Metrics};

/// The admission review path (the reference's `VmValidatePath`).
pub const VALIDATE_PATH: &str = "/virtualmachine-validate";

/// Bodies above this size are reviewed on the blocking pool, so that a few huge reviews cannot
/// hold up the request workers.
const INLINE_REVIEW_BYTES: usize = 256 * 1024;

/// What every request shares: the catalog being served, the metrics, the limits.
#[derive(Debug)]
pub struct State {
    catalog: ArcSwap<Catalog>,
    /// Metrics of the server.
    pub metrics: Metrics,
    /// Request limits.
    pub limits: Limits,
    in_flight: Semaphore,
}

impl State {
    /// Serves `catalog` under `limits`.
    pub fn new(catalog: Catalog, limits: Limits) -> Self {
        let metrics = Metrics::new();
        metrics.templates(catalog.len());
        State {
            catalog: ArcSwap::from_pointee(catalog),
            metrics,
            in_flight: Semaphore::new(limits.max_in_flight),
            limits,
        }
    }

    /// Serves `catalog` from the next review on (reviews under way finish with the old one).
    pub fn set_catalog(&self, catalog: Catalog) {
        self.metrics.templates(catalog.len());
        self.catalog.store(Arc::new(catalog));
    }

    /// The catalog being served.
    pub fn catalog(&self) -> Arc<Catalog> {
        self.catalog.load_full()
    }
}

/// The response body type.
pub type Body = Full<Bytes>;

/// Answers one request and records it in the metrics.
pub async fn handle(req: Request<Incoming>, state: Arc<State>) -> Response<Body> {
    let start = Instant::now();
    let path = req.uri().path();
    let (label, resp) = match path {
        VALIDATE_PATH => (VALIDATE_PATH, validate(req, &state).await),
        "/healthz" | "/readyz" => {
            let label = if path == "/healthz" {
                "/healthz"
            } else {
                "/readyz"
            };
            (
                label,
                probe(req.method(), "ok", "text/plain; charset=utf-8"),
            )
        }
        "/metrics" => {
            let text = state.metrics.encode();
            (
                "/metrics",
                probe(req.method(), &text, metrics::CONTENT_TYPE),
            )
        }
        _ => ("other", empty(StatusCode::NOT_FOUND)),
    };
    state
        .metrics
        .request(label, resp.status().as_u16(), start.elapsed());
    resp
}

/// A `GET`/`HEAD` endpoint with a fixed text.
fn probe(method: &Method, text: &str, content_type: &'static str) -> Response<Body> {
    if method != Method::GET && method != Method::HEAD {
        let mut r = empty(StatusCode::METHOD_NOT_ALLOWED);
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    let mut r = Response::new(Full::new(Bytes::from(text.to_owned())));
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    r
}

fn empty(status: StatusCode) -> Response<Body> {
    let mut r = Response::new(Full::default());
    *r.status_mut() = status;
    r
}

/// An error answer after which the connection is closed: the rest of the request body (if any)
/// is not worth reading.
fn closing(status: StatusCode) -> Response<Body> {
    let mut r = empty(status);
    r.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// At most this much of an oversized body is read and dropped before the 413 answer.
const DRAIN_BYTES: usize = 256 * 1024;
/// At most this long is spent reading and dropping it.
const DRAIN_TIME: std::time::Duration = std::time::Duration::from_millis(500);

/// Why a body could not be read.
enum ReadError {
    /// Over the size limit.
    TooLarge,
    /// The connection failed or the client closed it mid-body.
    Broken(hyper::Error),
}

/// Reads a whole body of at most `max` bytes (`capacity` is the size announced, if any).
async fn read_body(body: &mut Incoming, max: usize, capacity: usize) -> Result<Vec<u8>, ReadError> {
    let mut out = Vec::with_capacity(capacity.min(max));
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(ReadError::Broken)?;
        if let Ok(data) = frame.into_data() {
            if out.len() + data.len() > max {
                return Err(ReadError::TooLarge);
            }
            out.extend_from_slice(&data);
        }
    }
    Ok(out)
}

/// Reads and drops up to `max` bytes of what remains of a body.
async fn drain(body: &mut Incoming, max: usize) {
    let mut seen = 0;
    while seen <= max {
        match body.frame().await {
            Some(Ok(frame)) => seen += frame.data_ref().map_or(0, Bytes::len),
            _ => return,
        }
    }
}

/// `POST /virtualmachine-validate`.
async fn validate(req: Request<Incoming>, state: &State) -> Response<Body> {
    if req.method() != Method::POST {
        let mut r = empty(StatusCode::METHOD_NOT_ALLOWED);
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("POST"));
        return r;
    }
    // The reference compares the header with this exact string.
    let content_type = req.headers().get(header::CONTENT_TYPE);
    if content_type.map(HeaderValue::as_bytes) != Some(b"application/json") {
        tracing::warn!(content_type = ?content_type, "rejected review: Content-Type is not application/json");
        return empty(StatusCode::BAD_REQUEST);
    }
    let limits = &state.limits;
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.max_body_bytes as u64) {
        tracing::warn!(
            content_length = declared,
            limit = limits.max_body_bytes,
            "rejected review: body too large"
        );
        return closing(StatusCode::PAYLOAD_TOO_LARGE);
    }
    // The slot bounds the memory of bodies being read and the CPU of reviews being decided.
    let Ok(Ok(_slot)) = tokio::time::timeout(limits.queue_timeout, state.in_flight.acquire()).await
    else {
        tracing::warn!(timeout = ?limits.queue_timeout, "rejected review: no review slot freed in time");
        return closing(StatusCode::SERVICE_UNAVAILABLE);
    };
    let capacity = declared.map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let mut body = req.into_body();
    let read = read_body(&mut body, limits.max_body_bytes, capacity);
    let bytes = match tokio::time::timeout(limits.read_timeout, read).await {
        Err(_) => {
            tracing::warn!(timeout = ?limits.read_timeout, "rejected review: body not received in time");
            return closing(StatusCode::REQUEST_TIMEOUT);
        }
        Ok(Err(ReadError::TooLarge)) => {
            tracing::warn!(
                limit = limits.max_body_bytes,
                "rejected review: body too large"
            );
            // Read (and drop) a little more, so that a client still sending gets the answer
            // rather than a connection reset.
            let _ = tokio::time::timeout(DRAIN_TIME, drain(&mut body, DRAIN_BYTES)).await;
            return closing(StatusCode::PAYLOAD_TOO_LARGE);
        }
        Ok(Err(ReadError::Broken(e))) => {
            tracing::warn!(error = %e, "rejected review: body could not be read");
            return closing(StatusCode::BAD_REQUEST);
        }
        Ok(Ok(bytes)) => Bytes::from(bytes),
    };
    let catalog = state.catalog();
    let reviewed = if bytes.len() <= INLINE_REVIEW_BYTES {
        admission::review(&bytes, &catalog)
    } else {
        match tokio::task::spawn_blocking(move || admission::review(&bytes, &catalog)).await {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(error = %e, "review task failed");
                return empty(StatusCode::INTERNAL_SERVER_ERROR);
            }
        }
    };
    match reviewed {
        Err(e) => {
            tracing::warn!(error = %e, "rejected review: not an AdmissionReview");
            empty(StatusCode::BAD_REQUEST)
        }
        Ok(r) => answer(&r, state),
    }
}

/// The 200 answer to a decodable review, logged with its uid.
fn answer(r: &Reviewed, state: &State) -> Response<Body> {
    let d = &r.decision;
    if d.allowed {
        tracing::debug!(uid = %r.uid, source = ?d.source, warnings = d.warnings.len(), "allowed");
    } else {
        if d.code == Some(422) {
            state.metrics.rejected();
        }
        tracing::info!(uid = %r.uid, code = d.code, source = ?d.source, detail = d.message.as_deref().unwrap_or(""), "denied");
    }
    let body = admission::response_json(&r.uid, d, true);
    let mut resp = Response::new(Full::new(Bytes::from(body)));
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    resp
}
