//! What every handler shares.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::auth::anonymous_limit::AnonymousLimiter;
use crate::auth::jwt::JwtVerifier;
use crate::workspace::Registry;

#[derive(Clone, Copy, Debug)]
pub struct HttpSettings {
    /// Jobs a scoped key's job list looks at (newest first) before claims filtering; 0 = all.
    pub claims_window: usize,
    /// Largest careers-page application body (JSON or multipart).
    pub intake_body_bytes_max: usize,
    /// Mounts `/__test/panic`, for the test that proves a panic is contained.
    pub testing_routes: bool,
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

pub struct AppState {
    pub registry: Arc<Registry>,
    pub readiness: Readiness,
    pub jwt: Arc<JwtVerifier>,
    pub anonymous_limiter: AnonymousLimiter,
    pub settings: HttpSettings,
}
