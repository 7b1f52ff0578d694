//! What every handler shares.

use super::response_cache::ResponseCache;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use std::net::IpAddr;

use super::client_address::TrustedProxies;
use crate::auth::jwt::JwtVerifier;
use crate::auth::keyed_limit::KeyedLimiter;
use crate::domain::ids::JobId;
use crate::workspace::Registry;

#[derive(Clone, Debug)]
pub struct HttpSettings {
    /// Jobs a scoped key's job list looks at (newest first) before claims filtering; 0 = all.
    pub claims_window: usize,
    /// Largest careers-page application body (JSON or multipart).
    pub intake_body_bytes_max: usize,
    /// How long a request's line and headers may take to arrive.
    pub header_read_timeout_milliseconds: u64,
    /// How long a request body may take to arrive, from its headers on.
    pub body_read_timeout_milliseconds: u64,
    /// How long a graceful shutdown waits for in-flight requests.
    pub shutdown_timeout_seconds: u64,
    /// Proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: TrustedProxies,
    /// Mounts `/__test/panic`, for the test that proves a panic is contained.
    pub testing_routes: bool,
    /// Serves /metrics on its own address instead of on this listener.
    pub metrics_elsewhere: bool,
}

/// Largest JSON body of every route but the careers-page apply: a 10,000
/// character comment is at most 60 KB even with every character escaped.
pub const JSON_BODY_BYTES_MAX: usize = 1024 * 1024;

/// Whether recovery has finished. Until it has, the API answers 503.
#[derive(Clone, Debug, Default)]
pub struct Readiness(Arc<AtomicBool>);

impl Readiness {
    pub fn mark_ready(&self) {
        self.0.store(true, Ordering::Release);
    }

    pub fn is_ready(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// The requests the server is handling now: counted by the outermost
/// middleware, for the operator's view and for tests that must know a
/// request has arrived before they act (instead of sleeping on a guess).
#[derive(Clone, Default)]
pub struct RequestsInFlight(Arc<InFlight>);

#[derive(Default)]
struct InFlight {
    count: AtomicUsize,
    /// Callers of `at_least` now: only then does a request wake anyone, so
    /// the hot path takes no lock for a waiter that is not there.
    waiting: AtomicUsize,
    arrived: tokio::sync::Notify,
}

impl RequestsInFlight {
    pub fn count(&self) -> usize {
        self.0.count.load(Ordering::Acquire)
    }

    /// Counts a request until the guard drops, whether it ends or is cancelled.
    pub fn enter(&self) -> InFlightGuard {
        self.0.count.fetch_add(1, Ordering::AcqRel);
        if self.0.waiting.load(Ordering::Acquire) > 0 {
            self.0.arrived.notify_waiters();
        }
        InFlightGuard(self.clone())
    }

    /// Returns once at least `count` requests are in flight.
    pub async fn at_least(&self, count: usize) {
        struct Waiting<'a>(&'a AtomicUsize);
        impl Drop for Waiting<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::AcqRel);
            }
        }
        self.0.waiting.fetch_add(1, Ordering::AcqRel);
        let _waiting = Waiting(&self.0.waiting);
        loop {
            let arrived = self.0.arrived.notified();
            tokio::pin!(arrived);
            arrived.as_mut().enable();
            if self.count() >= count {
                return;
            }
            arrived.await;
        }
    }
}

pub struct InFlightGuard(RequestsInFlight);

impl AppState {
    /// Whether this listener serves /metrics.
    pub fn serves_metrics_here(&self) -> bool {
        self.metrics.is_some() && !self.settings.metrics_elsewhere
    }
}

impl Drop for InFlightGuard {
    fn drop(&mut self) {
        (self.0).0.count.fetch_sub(1, Ordering::AcqRel);
    }
}

pub struct AppState {
    pub registry: Arc<Registry>,
    /// Renders /metrics; `None` when metrics are switched off, and then
    /// nothing is recorded per request either.
    pub metrics: Option<metrics_exporter_prometheus::PrometheusHandle>,
    pub readiness: Readiness,
    pub requests_in_flight: RequestsInFlight,
    pub jwt: Arc<JwtVerifier>,
    /// /api/v1 requests without a valid key, per client address.
    pub anonymous_limiter: KeyedLimiter<IpAddr>,
    /// Careers-page applications per client address, and per job.
    pub apply_limiter_by_address: KeyedLimiter<IpAddr>,
    pub apply_limiter_by_job: KeyedLimiter<JobId>,
    /// Bodies of recent reads, sent again while their version holds.
    pub responses: ResponseCache,
    pub settings: HttpSettings,
}
