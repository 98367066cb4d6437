//! The HTTP routes: `POST /virtualmachine-validate` (the admission review), `GET /healthz`,
//! `GET /readyz` and `GET /metrics`.
//!
//! Status codes of the review path follow the reference webhook (ssp-operator
//! `webhooks.GetAdmissionReview`): a `Content-Type` other than exactly `application/json`, or a
//! body that is not an `AdmissionReview`, gets 400 with an empty body; a decodable review gets
//! 200 with the review response. Limits the reference does not have add 405 (not a POST),
//! 408 (body slower than the read timeout), 413 (body over the size limit, or more JSON values
//! than `max_json_values`) and 503 (no room for the body, or no review slot, freed within the
//! queue timeout). Reviews are decided on the blocking pool under a regex compilation budget.

use std::sync::Arc;
use std::time::{Duration, Instant};

use arc_swap::ArcSwap;
use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use tokio::sync::Semaphore;
use validgen_goregex as goregex;
use validgen_kubevirt::admission::{self, Catalog, Reviewed};
use validgen_kubevirt::extract;

use super::metrics::{self, Metrics};
use super::{Limits, json_values};

/// The admission review path (the reference's `VmValidatePath`).
pub const VALIDATE_PATH: &str = "/virtualmachine-validate";

/// What every request shares: the catalog being served, the metrics, the limits.
#[derive(Debug)]
pub struct State {
    catalog: ArcSwap<Catalog>,
    /// Metrics of the server.
    pub metrics: Metrics,
    /// Request limits.
    pub limits: Limits,
    /// Review slots (`max_in_flight`).
    in_flight: Arc<Semaphore>,
    /// Bytes of request bodies that may be held at once (read, or being read).
    body_bytes: Semaphore,
}

impl State {
    /// Serves `catalog` under `limits`.
    pub fn new(catalog: Catalog, limits: Limits) -> Self {
        let metrics = Metrics::new();
        metrics.templates(catalog.len());
        State {
            catalog: ArcSwap::from_pointee(catalog),
            metrics,
            in_flight: Arc::new(Semaphore::new(limits.max_in_flight)),
            body_bytes: Semaphore::new(limits.body_memory().min(Semaphore::MAX_PERMITS)),
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

/// At most this much of an oversized body is read and dropped after the 413 answer, so that a
/// client still sending reads the answer rather than a connection reset.
const DRAIN_BYTES: usize = 4 * 1024 * 1024;
/// At most this long is spent reading and dropping it.
const DRAIN_TIME: Duration = Duration::from_secs(2);

/// Why a body could not be read.
enum ReadError {
    /// Over the size limit.
    TooLarge,
    /// The bytes of all bodies held reached their bound and none were freed in time.
    NoMemory,
    /// The connection failed or the client closed it mid-body.
    Broken(hyper::Error),
}

/// Bytes of the body memory bound held by one request; given back when dropped.
struct BodyBytes {
    state: Arc<State>,
    held: usize,
}

impl Drop for BodyBytes {
    fn drop(&mut self) {
        self.state.body_bytes.add_permits(self.held);
    }
}

/// Reads a whole body of at most `max` bytes, taking its size from the body memory bound as
/// the bytes arrive (a slow body holds only what it has sent).
async fn read_body(
    body: &mut Incoming,
    max: usize,
    held: &mut BodyBytes,
) -> Result<Vec<u8>, ReadError> {
    let mut out = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(ReadError::Broken)?;
        if let Ok(data) = frame.into_data() {
            if out.len() + data.len() > max {
                return Err(ReadError::TooLarge);
            }
            let n = u32::try_from(data.len()).map_err(|_| ReadError::TooLarge)?;
            let wait = held.state.limits.queue_timeout;
            match tokio::time::timeout(wait, held.state.body_bytes.acquire_many(n)).await {
                Ok(Ok(permit)) => permit.forget(),
                _ => return Err(ReadError::NoMemory),
            }
            held.held += data.len();
            out.extend_from_slice(&data);
        }
    }
    Ok(out)
}

/// The 413 answer. Unless the client waits for `100 Continue` before sending the body, up to
/// [`DRAIN_BYTES`] of it are read and dropped for up to [`DRAIN_TIME`] after the answer is
/// sent (the connection then closes), so that the client reads the status instead of a reset.
fn too_large(mut body: Incoming, expects_continue: bool) -> Response<Body> {
    if !expects_continue {
        tokio::spawn(async move {
            let drain = async {
                let mut seen = 0;
                while seen <= DRAIN_BYTES {
                    match body.frame().await {
                        Some(Ok(frame)) => seen += frame.data_ref().map_or(0, Bytes::len),
                        _ => return,
                    }
                }
            };
            let _ = tokio::time::timeout(DRAIN_TIME, drain).await;
        });
    }
    closing(StatusCode::PAYLOAD_TOO_LARGE)
}

/// What the blocking review task may answer besides a review.
enum Refusal {
    /// More JSON values than `--max-json-values`.
    TooManyValues(usize),
    /// Not an `AdmissionReview`.
    NotAReview(admission::ReviewError),
}

/// `POST /virtualmachine-validate`.
async fn validate(req: Request<Incoming>, state: &Arc<State>) -> Response<Body> {
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
    let expects_continue = req
        .headers()
        .get(header::EXPECT)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue"));
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let mut body = req.into_body();
    if declared.is_some_and(|n| n > limits.max_body_bytes as u64) {
        tracing::warn!(
            content_length = declared,
            limit = limits.max_body_bytes,
            "rejected review: body too large"
        );
        return too_large(body, expects_continue);
    }
    // The body is read before a review slot is taken: a slow body holds no slot, only the
    // bytes it has sent (bounded by `body_bytes`) until the read timeout.
    let mut held = BodyBytes {
        state: state.clone(),
        held: 0,
    };
    let read = read_body(&mut body, limits.max_body_bytes, &mut held);
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
            return too_large(body, expects_continue);
        }
        Ok(Err(ReadError::NoMemory)) => {
            tracing::warn!(timeout = ?limits.queue_timeout, "rejected review: the memory for request bodies stayed in use");
            return closing(StatusCode::SERVICE_UNAVAILABLE);
        }
        Ok(Err(ReadError::Broken(e))) => {
            tracing::warn!(error = %e, "rejected review: body could not be read");
            return closing(StatusCode::BAD_REQUEST);
        }
        Ok(Ok(bytes)) => bytes,
    };
    // The slot bounds the reviews being decided (CPU, and their working memory).
    let Ok(Ok(slot)) = tokio::time::timeout(
        limits.queue_timeout,
        state.in_flight.clone().acquire_owned(),
    )
    .await
    else {
        tracing::warn!(timeout = ?limits.queue_timeout, "rejected review: no review slot freed in time");
        return closing(StatusCode::SERVICE_UNAVAILABLE);
    };
    let catalog = state.catalog();
    let (max_values, regex_budget) = (limits.max_json_values, limits.regex_compile_budget);
    // Off the async workers: a costly review must not hold up other requests and the probes.
    let reviewed = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let _held = held;
        let values = json_values::count_values(&bytes, max_values);
        if values > max_values {
            return Err(Refusal::TooManyValues(values));
        }
        goregex::with_compile_budget(regex_budget, || extract::review_bytes(&bytes, &*catalog))
            .map_err(Refusal::NotAReview)
    })
    .await;
    match reviewed {
        Err(e) => {
            tracing::error!(error = %e, "review task failed");
            empty(StatusCode::INTERNAL_SERVER_ERROR)
        }
        Ok(Err(Refusal::TooManyValues(n))) => {
            tracing::warn!(
                limit = max_values,
                "rejected review: more JSON values than the limit"
            );
            let mut r = closing(StatusCode::PAYLOAD_TOO_LARGE);
            *r.body_mut() = Full::new(Bytes::from(format!(
                "the review has more than {max_values} JSON values (at least {n}; \
                 --max-json-values)\n"
            )));
            r
        }
        Ok(Err(Refusal::NotAReview(e))) => {
            tracing::warn!(error = %e, "rejected review: not an AdmissionReview");
            empty(StatusCode::BAD_REQUEST)
        }
        Ok(Ok(r)) => answer(&r, state),
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
