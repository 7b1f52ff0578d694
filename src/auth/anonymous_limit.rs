//! Rate limiting of /api/v1 requests that carry no valid key, per client IP.
//! Without it a missing or guessed key would be free to repeat without bound,
//! and the `X-RateLimit-*` headers of a 401 would have nothing true to say.

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::clock::{Clock as _, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};

use super::key_registry::RateDecision;

/// Above this many tracked addresses, idle ones are dropped.
pub const TRACKED_ADDRESSES_MAX: usize = 100_000;

pub struct AnonymousLimiter {
    limit_per_minute: u32,
    limiter: RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, DefaultClock, StateInformationMiddleware>,
}

impl AnonymousLimiter {
    pub fn new(limit_per_minute: u32) -> Self {
        let limit_per_minute = limit_per_minute.max(1);
        let quota = Quota::per_minute(NonZeroU32::new(limit_per_minute).expect("clamped to at least 1"));
        Self { limit_per_minute, limiter: RateLimiter::keyed(quota).with_middleware() }
    }

    pub fn check(&self, address: IpAddr) -> RateDecision {
        if self.limiter.len() > TRACKED_ADDRESSES_MAX {
            self.limiter.retain_recent();
        }
        let outcome = self.limiter.check_key(&address).map(|snapshot| snapshot.remaining_burst_capacity());
        let wait = outcome.as_ref().err().map(|not_until| not_until.wait_time_from(DefaultClock::default().now()));
        RateDecision::from_outcome(self.limit_per_minute, outcome.ok(), wait)
    }
}
