//! The listener: accepts TCP connections (bounded by [`Conns`], which never stops accepting),
//! completes TLS handshakes (with a timeout), serves HTTP/1.1 on each, and on shutdown stops
//! accepting and lets requests under way finish.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;

use super::conns::{Conn, Conns};
use super::http::{self, State};
use super::reload::{self, Reloader, Stamps, Watched};
use super::tls::{self, CertResolver};
use super::{CatalogSource, Limits, ServeConfig, ServeError};

/// A bound, not yet running, webhook server.
pub struct Server {
    listener: TcpListener,
    addr: SocketAddr,
    state: Arc<State>,
    resolver: Arc<CertResolver>,
    acceptor: TlsAcceptor,
    reloader: Reloader,
}

impl Server {
    /// Loads the certificate and the catalog, binds the address and starts watching the files.
    ///
    /// # Errors
    /// [`ServeError`] when the certificate, the key or a catalog folder cannot be loaded, or the
    /// address cannot be bound.
    pub async fn bind(config: ServeConfig) -> Result<Server, ServeError> {
        let ServeConfig {
            listen,
            catalog,
            tls_cert,
            tls_key,
            limits,
            reload_interval,
        } = config;
        let dirs = match &catalog {
            CatalogSource::Dirs(d) => Some(d.clone()),
            CatalogSource::Fixed(_) => None,
        };
        let stamps = Stamps::take(dirs.as_deref(), &tls_cert, &tls_key);
        let provider = tls::provider();
        let key = tls::load(&tls_cert, &tls_key, &provider)?;
        let catalog = match catalog {
            CatalogSource::Dirs(d) => {
                tokio::task::spawn_blocking(move || reload::load_catalogs(&d))
                    .await
                    .map_err(|e| ServeError::Catalog(e.to_string()))??
            }
            CatalogSource::Fixed(c) => c,
        };
        let resolver = Arc::new(CertResolver::new(key));
        let tls_config = tls::server_config(resolver.clone(), provider.clone())?;
        let state = Arc::new(State::new(catalog, limits));
        let listener = TcpListener::bind(listen)
            .await
            .map_err(|e| ServeError::Bind {
                addr: listen,
                message: e.to_string(),
            })?;
        let addr = listener.local_addr().map_err(|e| ServeError::Bind {
            addr: listen,
            message: e.to_string(),
        })?;
        let watched = Watched {
            dirs,
            cert: tls_cert,
            key: tls_key,
            state: state.clone(),
            resolver: resolver.clone(),
            provider,
        };
        let reloader = Reloader::spawn(watched, stamps, reload_interval)?;
        Ok(Server {
            listener,
            addr,
            state,
            resolver,
            acceptor: TlsAcceptor::from(Arc::new(tls_config)),
            reloader,
        })
    }

    /// The bound address (with the port the system chose for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The shared state: the catalog being served (replaceable with [`State::set_catalog`])
    /// and the metrics.
    pub fn state(&self) -> Arc<State> {
        self.state.clone()
    }

    /// The certificate resolver (its current certificate, or a replacement).
    pub fn certificates(&self) -> Arc<CertResolver> {
        self.resolver.clone()
    }

    /// Serves until `shutdown` completes, then stops accepting, waits up to
    /// `limits.shutdown_timeout` for open requests, and stops reloading.
    ///
    /// # Errors
    /// None at present: accept errors (such as running out of file descriptors) are logged and
    /// retried; the `Result` leaves room for fatal ones.
    pub async fn run(self, shutdown: impl Future<Output = ()>) -> Result<(), ServeError> {
        let Server {
            listener,
            addr,
            state,
            acceptor,
            reloader,
            ..
        } = self;
        let limits = state.limits.clone();
        let conns = Conns::new(limits.max_connections);
        tracing::info!(%addr, templates = state.catalog().len(), "listening");
        tokio::pin!(shutdown);
        loop {
            let (tcp, peer) = tokio::select! {
                () = &mut shutdown => break,
                r = listener.accept() => match r {
                    Ok(c) => c,
                    Err(e) => {
                        tracing::error!(error = %e, "accept failed");
                        // EMFILE and the like: give the system a moment instead of spinning.
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                },
            };
            let Some(registered) = conns.admit(peer.ip()) else {
                // Debug only: a flood would write one line per attempt.
                tracing::debug!(%peer, "connection closed at once: connection limit, no idle connection to replace");
                continue;
            };
            let conn = Connection {
                acceptor: acceptor.clone(),
                state: state.clone(),
                limits: limits.clone(),
                registered: Arc::new(registered),
            };
            tokio::spawn(conn.serve(tcp, peer));
        }
        drop(listener);
        tracing::info!(open = conns.len(), "shutting down: finishing open requests");
        conns.close_all();
        if tokio::time::timeout(limits.shutdown_timeout, conns.all_closed())
            .await
            .is_err()
        {
            tracing::warn!(timeout = ?limits.shutdown_timeout, "shutdown timeout: closing connections with requests under way");
        }
        // Joining the reload thread may wait for a catalog load: not on a request worker.
        if tokio::task::spawn_blocking(move || reloader.stop())
            .await
            .is_err()
        {
            tracing::error!("stopping the reload thread failed");
        }
        tracing::info!("stopped");
        Ok(())
    }
}

/// What one connection task needs.
struct Connection {
    acceptor: TlsAcceptor,
    state: Arc<State>,
    limits: Limits,
    registered: Arc<Conn>,
}

impl Connection {
    async fn serve(self, tcp: TcpStream, peer: SocketAddr) {
        // Small request/response exchanges: do not wait to coalesce segments.
        let _ = tcp.set_nodelay(true);
        let close = self.registered.close.clone();
        let handshake =
            tokio::time::timeout(self.limits.handshake_timeout, self.acceptor.accept(tcp));
        let tls = tokio::select! {
            r = handshake => match r {
                Ok(Ok(s)) => s,
                Ok(Err(e)) => {
                    tracing::debug!(%peer, error = %e, "TLS handshake failed");
                    return;
                }
                Err(_) => {
                    tracing::debug!(%peer, "TLS handshake timed out");
                    return;
                }
            },
            () = close.notified() => {
                tracing::debug!(%peer, "closed in the TLS handshake: connection limit");
                return;
            }
        };
        let (state, registered) = (self.state, self.registered);
        let marks = registered.clone();
        let service = service_fn(move |req| {
            let (state, marks) = (state.clone(), marks.clone());
            async move {
                marks.busy(true);
                let resp = http::handle(req, state).await;
                marks.busy(false);
                Ok::<_, Infallible>(resp)
            }
        });
        let conn = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(self.limits.header_timeout)
            .keep_alive(true)
            .serve_connection(TokioIo::new(tls), service);
        tokio::pin!(conn);
        let ended = tokio::select! {
            r = conn.as_mut() => r,
            () = close.notified() => {
                // Closes at once when idle, else after the answer under way.
                conn.as_mut().graceful_shutdown();
                conn.await
            }
        };
        if let Err(e) = ended {
            tracing::debug!(%peer, error = %e, "connection ended with an error");
        }
        drop(registered);
    }
}
