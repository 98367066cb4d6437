//! The open connections: at most `max_connections`, and accepting never stops.
//!
//! When the limit is reached, a new connection closes an idle one (no request under way: in
//! its TLS handshake, or waiting for a request's headers) instead of waiting in the listen
//! backlog: the idle connection of the client address holding the most connections, the one
//! idle for longest among them. A client flooding the server with idle connections thus only
//! ever closes its own, while the API server's reviews and the kubelet's probes, which come
//! from other addresses, are accepted at once. A new connection from that same address only
//! replaces one idle for a second or more, and is closed at once otherwise (so a flood does
//! not churn through TLS handshakes); under such load the flooding address's idle timeout
//! shrinks to about a second. Connections with a request under way are never closed this
//! way; if every connection has one, the new connection is closed at once.
//!
//! The same registry closes every connection gracefully on shutdown and tells when none is
//! left.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

/// At the limit, a new connection does not replace an idle one of its own address that has
/// been idle for less than this: it is closed instead.
const REPLACE_AFTER: Duration = Duration::from_secs(1);

/// The registry of open connections.
#[derive(Debug)]
pub struct Conns {
    max: usize,
    inner: Mutex<Inner>,
    /// Notified when the last connection ends.
    empty: Notify,
}

#[derive(Debug, Default)]
struct Inner {
    next: u64,
    open: HashMap<u64, Slot>,
    /// Open connections per client address.
    per_addr: HashMap<IpAddr, usize>,
    closing: bool,
}

#[derive(Debug)]
struct Slot {
    addr: IpAddr,
    /// Since when the connection has had no request under way; `None` while it has one.
    idle_since: Option<Instant>,
    close: Arc<Notify>,
}

/// One registered connection: marks its requests, is told to close, and leaves the registry
/// when dropped.
#[derive(Debug)]
pub struct Conn {
    conns: Arc<Conns>,
    id: u64,
    /// Notified when the connection should close (gracefully, after a request under way).
    pub close: Arc<Notify>,
}

impl Inner {
    fn remove(&mut self, id: u64) -> Option<Slot> {
        let slot = self.open.remove(&id)?;
        if let Some(n) = self.per_addr.get_mut(&slot.addr) {
            *n -= 1;
            if *n == 0 {
                self.per_addr.remove(&slot.addr);
            }
        }
        Some(slot)
    }
}

impl Conns {
    /// A registry of at most `max` connections.
    pub fn new(max: usize) -> Arc<Conns> {
        Arc::new(Conns {
            max: max.max(1),
            inner: Mutex::new(Inner::default()),
            empty: Notify::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers a new connection from `addr`, closing an idle one when the limit is reached
    /// (see the module documentation). `None` when every connection has a request under way,
    /// when the only one to close is of the same address and idle for less than a second, or
    /// on shutdown.
    pub fn admit(self: &Arc<Self>, addr: IpAddr) -> Option<Conn> {
        let mut inner = self.lock();
        if inner.closing {
            return None;
        }
        if inner.open.len() >= self.max {
            // Most connections of its address first, then idle for longest.
            let victim = inner
                .open
                .iter()
                .filter_map(|(id, s)| {
                    let idle = s.idle_since?;
                    let n = inner.per_addr.get(&s.addr).copied().unwrap_or(0);
                    Some((std::cmp::Reverse(n), idle, *id))
                })
                .min()?;
            // A flood from one address would churn through its own connections, each new one
            // closing one just opened: refuse the new one instead (no TLS handshake spent).
            let young = victim.1.elapsed() < REPLACE_AFTER;
            if young && inner.open.get(&victim.2).is_some_and(|s| s.addr == addr) {
                return None;
            }
            if let Some(slot) = inner.remove(victim.2) {
                slot.close.notify_one();
            }
        }
        inner.next += 1;
        let id = inner.next;
        let close = Arc::new(Notify::new());
        inner.open.insert(
            id,
            Slot {
                addr,
                idle_since: Some(Instant::now()),
                close: close.clone(),
            },
        );
        *inner.per_addr.entry(addr).or_default() += 1;
        Some(Conn {
            conns: self.clone(),
            id,
            close,
        })
    }

    /// Connections open now.
    pub fn len(&self) -> usize {
        self.lock().open.len()
    }

    /// Whether no connection is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Refuses new connections and tells every open one to close once its request under way
    /// (if any) is answered.
    pub fn close_all(&self) {
        let mut inner = self.lock();
        inner.closing = true;
        for slot in inner.open.values() {
            slot.close.notify_one();
        }
    }

    /// Completes when no connection is open.
    pub async fn all_closed(&self) {
        loop {
            let notified = self.empty.notified();
            if self.is_empty() {
                return;
            }
            notified.await;
        }
    }
}

impl Conn {
    /// Marks a request under way (`true`) or answered (`false`).
    pub fn busy(&self, busy: bool) {
        let mut inner = self.conns.lock();
        if let Some(slot) = inner.open.get_mut(&self.id) {
            slot.idle_since = if busy { None } else { Some(Instant::now()) };
        }
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        let mut inner = self.conns.lock();
        inner.remove(self.id);
        if inner.open.is_empty() {
            self.conns.empty.notify_waiters();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;
    use std::time::Duration;

    use super::{Conn, Conns};

    /// Whether `conn` was told to close (the notification is kept until it listens).
    fn told_to_close(conn: &Conn) -> bool {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("runtime");
        rt.block_on(async {
            tokio::time::timeout(Duration::from_millis(10), conn.close.notified())
                .await
                .is_ok()
        })
    }

    #[test]
    fn at_the_limit_the_busiest_address_loses_its_longest_idle_connection() {
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let conns = Conns::new(3);
        let b1 = conns.admit(b).expect("room");
        let a1 = conns.admit(a).expect("room");
        let a2 = conns.admit(a).expect("room");
        // `b1` is idle for longest, but `a` holds more connections.
        let b2 = conns.admit(b).expect("a1 closed for it");
        assert_eq!(conns.len(), 3);
        assert!(told_to_close(&a1) && !told_to_close(&b1) && !told_to_close(&a2));
        drop(a1);
        assert_eq!(conns.len(), 3, "a1 had already left");
        a2.busy(true);
        b1.busy(true);
        assert!(
            conns.admit(b).is_none(),
            "b2 is b's and idle for less than a second"
        );
        std::thread::sleep(super::REPLACE_AFTER);
        let b3 = conns.admit(b).expect("b2 is idle for long enough");
        assert!(told_to_close(&b2));
        b3.busy(true);
        assert!(conns.admit(a).is_none(), "every connection is busy");
        drop((a2, b1, b2, b3));
        assert!(conns.is_empty());
        conns.close_all();
        assert!(conns.admit(a).is_none(), "closing");
    }
}
