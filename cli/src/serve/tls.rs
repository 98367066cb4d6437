//! TLS: the certificate and key read from PEM files, served through a resolver whose key can be
//! swapped while connections are being accepted (certificate rotation without a restart).

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use arc_swap::ArcSwap;
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;

use super::ServeError;

/// The crypto provider: `ring` (`aws-lc-rs` would need cmake to build).
pub fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Reads a certificate chain (leaf first) and its private key from PEM bytes, and checks that
/// the key belongs to the leaf certificate.
///
/// # Errors
/// [`ServeError::Tls`] naming `what` when there is no certificate, no key, a PEM or key format
/// the provider does not support, or a key that does not match the certificate.
pub fn certified_key(
    cert_pem: &[u8],
    key_pem: &[u8],
    what: &str,
    provider: &CryptoProvider,
) -> Result<CertifiedKey, ServeError> {
    let err = |message: String| ServeError::Tls {
        what: what.to_owned(),
        message,
    };
    let chain = CertificateDer::pem_slice_iter(cert_pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| err(format!("certificate: {e}")))?;
    if chain.is_empty() {
        return Err(err(
            "certificate: no `BEGIN CERTIFICATE` block found".to_owned()
        ));
    }
    let key = PrivateKeyDer::from_pem_slice(key_pem).map_err(|e| err(format!("key: {e}")))?;
    CertifiedKey::from_der(chain, key, provider).map_err(|e| err(e.to_string()))
}

/// Reads [`certified_key`] from two files.
///
/// # Errors
/// [`ServeError::Io`] when a file cannot be read, else as [`certified_key`].
pub fn load(
    cert: &Path,
    key: &Path,
    provider: &CryptoProvider,
) -> Result<CertifiedKey, ServeError> {
    let cert_pem = read(cert)?;
    let key_pem = read(key)?;
    let what = format!("{} + {}", cert.display(), key.display());
    certified_key(&cert_pem, &key_pem, &what, provider)
}

/// Reads a whole file, as [`ServeError::Io`] on failure.
pub(super) fn read(path: &Path) -> Result<Vec<u8>, ServeError> {
    std::fs::read(path).map_err(|e| ServeError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })
}

/// Hands every TLS handshake the current certificate; [`CertResolver::set`] replaces it for the
/// handshakes that follow (established connections keep theirs).
pub struct CertResolver {
    current: ArcSwap<CertifiedKey>,
}

impl CertResolver {
    /// A resolver serving `key`.
    pub fn new(key: CertifiedKey) -> Self {
        CertResolver {
            current: ArcSwap::from_pointee(key),
        }
    }

    /// Serves `key` from the next handshake on.
    pub fn set(&self, key: CertifiedKey) {
        self.current.store(Arc::new(key));
    }

    /// The certificate being served.
    pub fn current(&self) -> Arc<CertifiedKey> {
        self.current.load_full()
    }
}

impl fmt::Debug for CertResolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CertResolver")
            .field("chain_len", &self.current.load().cert.len())
            .finish()
    }
}

impl ResolvesServerCert for CertResolver {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(self.current.load_full())
    }
}

/// The rustls server configuration: TLS 1.2 and 1.3, no client certificates, HTTP/1.1 by ALPN,
/// certificates from `resolver`.
///
/// # Errors
/// [`ServeError::Tls`] if the provider supports none of the protocol versions.
pub fn server_config(
    resolver: Arc<CertResolver>,
    provider: Arc<CryptoProvider>,
) -> Result<rustls::ServerConfig, ServeError> {
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| ServeError::Tls {
            what: "TLS configuration".to_owned(),
            message: e.to_string(),
        })?
        .with_no_client_auth()
        .with_cert_resolver(resolver);
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(config)
}
