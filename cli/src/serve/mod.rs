//! `validgen serve`: the admission webhook, a drop-in for the KubeVirt template validator
//! (ssp-operator's `virt-template-validator`).
//!
//! HTTPS only (rustls, `ring` provider, HTTP/1.1). `POST /virtualmachine-validate` takes an
//! `admission.k8s.io/v1` `AdmissionReview` and answers as the reference does (SEMANTICS §8):
//! same `uid`, verdict, status and causes, plus `warnings` for unsatisfied `justWarning`
//! rules. `GET /healthz`, `/readyz` and `/metrics` are served on the same port.
//!
//! Modules: [`server`] accepts connections, [`conns`] bounds them, [`http`] answers requests, [`tls`] holds the
//! certificate, [`reload`] watches the files, [`metrics`] counts, [`logging`] sets up `tracing`.

pub mod conns;
pub mod http;
pub mod json_values;
pub mod logging;
pub mod metrics;
pub mod reload;
pub mod server;
pub mod tls;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use validgen_kubevirt::admission::Catalog;

pub use server::Server;

use crate::cli::ServeArgs;
pub use crate::cli::{DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_JSON_VALUES, parse_duration};
use crate::{EXIT_ERROR, EXIT_OK};

/// The default regex compilation budget of one review: 16 MiB of automata, about a quarter
/// of a second of compilation (real rule sets use a few KiB).
pub const DEFAULT_REGEX_COMPILE_BUDGET: usize = 16 << 20;

/// Where the templates come from.
#[derive(Debug, Clone)]
pub enum CatalogSource {
    /// Catalog folders, merged as by `validgen validate` (templates without a namespace serve
    /// every namespace) and reloaded when their files change.
    Dirs(Vec<PathBuf>),
    /// A catalog built in memory, served as is (keys exactly as built).
    Fixed(Catalog),
}

/// Limits that keep slow, large or many requests from taking the server down.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest request body, in bytes (413 above).
    pub max_body_bytes: usize,
    /// Time for a request's headers, and for an idle keep-alive connection to send its next
    /// request (the connection is closed after it).
    pub header_timeout: Duration,
    /// Time for a request's body (408 after it). Bodies are read before a review slot is
    /// taken, holding only the bytes they have sent.
    pub read_timeout: Duration,
    /// Longest wait for a review slot when `max_in_flight` reviews are under way (503 after it).
    pub queue_timeout: Duration,
    /// Time for a TLS handshake.
    pub handshake_timeout: Duration,
    /// Connections open at once; at the limit a new one closes an idle one of the address
    /// holding the most ([`conns`]).
    pub max_connections: usize,
    /// Reviews being decided at once (on the blocking pool); also sizes the memory of
    /// request bodies held at once ([`Limits::body_memory`]).
    pub max_in_flight: usize,
    /// Most JSON values (counted by [`json_values::count_values`]) in a review; 413 above.
    /// Bounds the JSON tree a review may be decoded into.
    pub max_json_values: usize,
    /// Bytes of regex automata one review may compile (patterns not already in the shared
    /// cache), see [`validgen_goregex::with_compile_budget`].
    pub regex_compile_budget: usize,
    /// Time given to open requests after a shutdown signal.
    pub shutdown_timeout: Duration,
}

impl Limits {
    /// Bytes of request bodies held at once, read or being read: `max_in_flight` ×
    /// `max_body_bytes`. A body waits for room as its bytes arrive (503 after
    /// `queue_timeout`).
    pub fn body_memory(&self) -> usize {
        self.max_in_flight.saturating_mul(self.max_body_bytes)
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            header_timeout: Duration::from_secs(10),
            read_timeout: Duration::from_secs(10),
            queue_timeout: Duration::from_secs(5),
            handshake_timeout: Duration::from_secs(3),
            max_connections: 1024,
            max_in_flight: 64,
            max_json_values: DEFAULT_MAX_JSON_VALUES,
            regex_compile_budget: DEFAULT_REGEX_COMPILE_BUDGET,
            shutdown_timeout: Duration::from_secs(20),
        }
    }
}

/// Everything a [`Server`] needs.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// Address to bind (port 0: any free port, see [`Server::local_addr`]).
    pub listen: SocketAddr,
    /// The templates.
    pub catalog: CatalogSource,
    /// PEM certificate chain, leaf first.
    pub tls_cert: PathBuf,
    /// PEM private key.
    pub tls_key: PathBuf,
    /// Request limits.
    pub limits: Limits,
    /// How often the certificate and catalog files are checked for changes.
    pub reload_interval: Duration,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// A file could not be read.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The OS error.
        message: String,
    },
    /// The certificate or key is unusable.
    #[error("{what}: {message}")]
    Tls {
        /// The files or setting concerned.
        what: String,
        /// What is wrong.
        message: String,
    },
    /// A catalog folder could not be loaded.
    #[error("catalog: {0}")]
    Catalog(String),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {message}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The OS error.
        message: String,
    },
}

impl ServeConfig {
    /// The configuration the command-line arguments describe.
    pub fn from_args(args: &ServeArgs) -> Self {
        ServeConfig {
            listen: args.listen,
            catalog: CatalogSource::Dirs(args.templates.clone()),
            tls_cert: args.tls_cert.clone(),
            tls_key: args.tls_key.clone(),
            limits: Limits {
                max_body_bytes: args.max_body_bytes,
                header_timeout: args.header_timeout,
                read_timeout: args.read_timeout,
                queue_timeout: args.queue_timeout,
                max_connections: usize::try_from(args.max_connections).unwrap_or(usize::MAX),
                max_in_flight: usize::try_from(args.max_in_flight).unwrap_or(usize::MAX),
                max_json_values: args.max_json_values,
                handshake_timeout: args.handshake_timeout,
                shutdown_timeout: args.shutdown_timeout,
                ..Limits::default()
            },
            reload_interval: args.reload_interval,
        }
    }
}

/// Runs `validgen serve` until SIGTERM or SIGINT. Returns the exit status: 0 after a graceful
/// stop, 2 when the server cannot start.
pub fn run(args: &ServeArgs) -> u8 {
    logging::init(args.log_format);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("validgen serve: cannot start the async runtime: {e}");
            return EXIT_ERROR;
        }
    };
    let config = ServeConfig::from_args(args);
    runtime.block_on(async move {
        let server = match Server::bind(config).await {
            Ok(s) => s,
            Err(e) => {
                // Said once, plainly, as the other start-up failures: not also as a log event,
                // which `RUST_LOG` may filter out.
                eprintln!("validgen serve: {e}");
                return EXIT_ERROR;
            }
        };
        match server.run(shutdown_signal()).await {
            Ok(()) => EXIT_OK,
            Err(e) => {
                eprintln!("validgen serve: {e}");
                EXIT_ERROR
            }
        }
    })
}

/// Completes on SIGTERM (how Kubernetes stops a pod) or SIGINT (Ctrl-C).
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => tracing::info!("SIGTERM received"),
                    _ = tokio::signal::ctrl_c() => tracing::info!("SIGINT received"),
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot watch SIGTERM; only SIGINT stops the server");
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("interrupt received");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_ms_s_m_and_bare_seconds() {
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("10"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        for bad in ["", "0s", "-1s", "s", "5x", "1e400", "NaNs", "inf"] {
            assert!(parse_duration(bad).is_err(), "{bad:?}");
        }
    }
}
