//! Reloading: the catalog folders and the certificate files are polled for changes, and what
//! changed is loaded and swapped in while requests go on being served with the old value.
//! A file that fails to load leaves the old value in place (logged, and counted in
//! `validgen_webhook_reloads_total{result="error"}`).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

use rustls::crypto::CryptoProvider;
use validgen_kubevirt::admission::{Catalog, collect_files};

use super::ServeError;
use super::http::State;
use super::tls::{self, CertResolver};

/// Loads and merges catalog folders as `validgen validate` does: templates without a namespace
/// serve every namespace, and a later folder's template replaces an earlier one's with the same
/// key. No folder gives an empty catalog (VMs are then judged by their own rules only).
///
/// Warnings of the folders (a template defined twice, …) are logged.
///
/// # Errors
/// [`ServeError::Catalog`] with every error of every folder (one per line): a file that fails
/// fails the whole catalog, so that the catalog in service never lacks a template of it.
pub fn load_catalogs(dirs: &[PathBuf]) -> Result<Catalog, ServeError> {
    let loaded = crate::validate::load_catalogs(dirs);
    for w in &loaded.warnings {
        tracing::warn!(warning = %w, "catalog");
    }
    if loaded.errors.is_empty() {
        Ok(loaded.catalog)
    } else {
        let errors: Vec<String> = loaded.errors.into_iter().map(|(_, e)| e).collect();
        Err(ServeError::Catalog(errors.join("\n")))
    }
}

/// What the catalog folders look like on disk: every manifest file with its modification time
/// and size (a file added, removed, rewritten or touched changes it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogStamp(Vec<(PathBuf, Option<SystemTime>, u64)>);

impl CatalogStamp {
    /// Stamps `dirs` now; an unlistable folder is part of the stamp as such.
    pub fn of(dirs: &[PathBuf]) -> Self {
        let mut entries = Vec::new();
        for dir in dirs {
            let mut files = Vec::new();
            if collect_files(dir, &mut files).is_err() {
                entries.push((dir.clone(), None, u64::MAX));
                continue;
            }
            for f in files {
                let meta = std::fs::metadata(&f).ok();
                let mtime = meta.as_ref().and_then(|m| m.modified().ok());
                let len = meta.map_or(u64::MAX, |m| m.len());
                entries.push((f, mtime, len));
            }
        }
        CatalogStamp(entries)
    }
}

/// The certificate and key files' contents (they are small, and comparing bytes catches a
/// rewrite within the file system's timestamp granularity); `None` for an unreadable file.
type CertStamp = (Option<Vec<u8>>, Option<Vec<u8>>);

fn cert_stamp(cert: &Path, key: &Path) -> CertStamp {
    (std::fs::read(cert).ok(), std::fs::read(key).ok())
}

/// What the reloader watches, and what it updates.
pub struct Watched {
    /// Catalog folders; `None` when the catalog is fixed (not read from files).
    pub dirs: Option<Vec<PathBuf>>,
    /// Certificate chain file.
    pub cert: PathBuf,
    /// Private key file.
    pub key: PathBuf,
    /// Where requests read the catalog and metrics.
    pub state: Arc<State>,
    /// Where handshakes read the certificate.
    pub resolver: Arc<CertResolver>,
    /// Parses keys.
    pub provider: Arc<CryptoProvider>,
}

/// Stamps taken before the values being served were loaded, so that a change made during the
/// first load is seen by the first poll.
pub struct Stamps {
    catalog: Option<CatalogStamp>,
    cert: CertStamp,
}

impl Stamps {
    /// Stamps the files of `dirs`, `cert` and `key` now.
    pub fn take(dirs: Option<&[PathBuf]>, cert: &Path, key: &Path) -> Self {
        Stamps {
            catalog: dirs.map(CatalogStamp::of),
            cert: cert_stamp(cert, key),
        }
    }
}

/// The polling thread; stopping it (or dropping this) ends it within one poll.
pub struct Reloader {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Reloader {
    /// Polls every `interval` on its own thread (loading a large catalog must not hold up a
    /// request worker).
    ///
    /// # Errors
    /// [`ServeError::Io`] when the thread cannot be started.
    pub fn spawn(w: Watched, mut stamps: Stamps, interval: Duration) -> Result<Self, ServeError> {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("validgen-reload".to_owned())
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(interval) {
                    poll(&w, &mut stamps);
                }
            })
            .map_err(|e| ServeError::Io {
                path: "reload thread".to_owned(),
                message: e.to_string(),
            })?;
        Ok(Reloader {
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Stops polling and waits for the thread.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take()
            && t.join().is_err()
        {
            tracing::error!("the reload thread panicked");
        }
    }
}

impl Drop for Reloader {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// One poll: reload what changed since `stamps`.
fn poll(w: &Watched, stamps: &mut Stamps) {
    let cert = cert_stamp(&w.cert, &w.key);
    if cert != stamps.cert {
        // Remember the new stamp even on failure: a half-written pair is retried when the
        // other file changes, without an error every poll in between.
        stamps.cert = cert;
        match tls::load(&w.cert, &w.key, &w.provider) {
            Ok(key) => {
                w.resolver.set(key);
                w.state.metrics.reload("certificate", true);
                tracing::info!(cert = %w.cert.display(), "certificate reloaded");
            }
            Err(e) => {
                w.state.metrics.reload("certificate", false);
                tracing::error!(error = %e, "certificate reload failed; serving the previous one");
            }
        }
    }
    if let Some(dirs) = &w.dirs {
        let now = CatalogStamp::of(dirs);
        if Some(&now) != stamps.catalog.as_ref() {
            stamps.catalog = Some(now);
            match load_catalogs(dirs) {
                Ok(c) => {
                    let n = c.len();
                    w.state.set_catalog(c);
                    w.state.metrics.reload("catalog", true);
                    tracing::info!(templates = n, "catalog reloaded");
                }
                Err(e) => {
                    w.state.metrics.reload("catalog", false);
                    tracing::error!(error = %e, "catalog reload failed; serving the previous one");
                }
            }
        }
    }
}
