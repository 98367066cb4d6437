//! Prometheus metrics of the webhook, served at `/metrics` in the OpenMetrics text format.
//!
//! - `kubevirt_ssp_template_validator_rejected_total`: the reference's counter, raised, as the
//!   reference raises it, once per VM denied by its rules (code 422); malformed requests and
//!   unparsable rule sets (400) do not count.
//! - `validgen_webhook_requests_total{path, code}`: HTTP requests answered, by path (one of the
//!   served paths, or `other`) and status code.
//! - `validgen_webhook_request_duration_seconds{path}`: time from the request's headers to its
//!   response, body read and review included.
//! - `validgen_webhook_catalog_templates`: templates in the catalog being served.
//! - `validgen_webhook_reloads_total{kind, result}`: reloads of `certificate` or `catalog`
//!   files, `ok` or `error`.

use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Registry, Unit};

/// The `Content-Type` of [`Metrics::encode`]'s output.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Labels of the request counter.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    path: &'static str,
    code: u16,
}

/// Labels of the latency histogram.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PathLabels {
    path: &'static str,
}

/// Labels of the reload counter.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReloadLabels {
    kind: &'static str,
    result: &'static str,
}

/// The webhook's metrics and their registry.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    rejected: Counter,
    requests: Family<RequestLabels, Counter>,
    duration: Family<PathLabels, Histogram>,
    templates: Gauge,
    reloads: Family<ReloadLabels, Counter>,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    /// Registers every metric, at zero.
    pub fn new() -> Self {
        let mut registry = Registry::default();
        let rejected = Counter::default();
        // The name gets its `_total` suffix from the encoder.
        registry.register(
            "kubevirt_ssp_template_validator_rejected",
            "The total number of rejected template validators",
            rejected.clone(),
        );
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "validgen_webhook_requests",
            "HTTP requests answered, by path and status code",
            requests.clone(),
        );
        // 100 µs to ~3.3 s in doublings: reviews take well under a millisecond, slow clients
        // sending a body take seconds.
        let duration = Family::<PathLabels, Histogram>::new_with_constructor(|| {
            Histogram::new(exponential_buckets(0.000_1, 2.0, 16))
        });
        registry.register_with_unit(
            "validgen_webhook_request_duration",
            "Time from a request's headers to its response",
            Unit::Seconds,
            duration.clone(),
        );
        let templates = Gauge::default();
        registry.register(
            "validgen_webhook_catalog_templates",
            "Templates in the catalog being served",
            templates.clone(),
        );
        let reloads = Family::<ReloadLabels, Counter>::default();
        registry.register(
            "validgen_webhook_reloads",
            "Reloads of certificate or catalog files, by kind and result",
            reloads.clone(),
        );
        Metrics {
            registry,
            rejected,
            requests,
            duration,
            templates,
            reloads,
        }
    }

    /// Counts one VM denied by its rules.
    pub fn rejected(&self) {
        self.rejected.inc();
    }

    /// Counts one answered request on `path` (a served path or `other`) and its latency.
    pub fn request(&self, path: &'static str, code: u16, elapsed: Duration) {
        self.requests
            .get_or_create(&RequestLabels { path, code })
            .inc();
        self.duration
            .get_or_create(&PathLabels { path })
            .observe(elapsed.as_secs_f64());
    }

    /// Records the size of the catalog now served.
    pub fn templates(&self, n: usize) {
        self.templates.set(i64::try_from(n).unwrap_or(i64::MAX));
    }

    /// Counts a reload of `kind` (`certificate` or `catalog`).
    pub fn reload(&self, kind: &'static str, ok: bool) {
        let result = if ok { "ok" } else { "error" };
        self.reloads
            .get_or_create(&ReloadLabels { kind, result })
            .inc();
    }

    /// The OpenMetrics text exposition of every metric (ends with `# EOF`).
    pub fn encode(&self) -> String {
        let mut out = String::new();
        // Writing into a String cannot fail; an encoder error would leave a partial text.
        if let Err(e) = prometheus_client::encoding::text::encode(&mut out, &self.registry) {
            tracing::error!(error = %e, "encoding metrics");
        }
        out
    }
}
