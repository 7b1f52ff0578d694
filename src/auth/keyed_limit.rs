//! Rate limits keyed by something other than an API key: /api/v1 requests
//! that carry no valid key (by client address), and the public careers-page
//! apply (by client address and by job). Without them a missing or guessed
//! key, or an unauthenticated apply, would be free to repeat without bound:
//! an apply loop would drain a paid job's fit-score envelope.
//!
//! GCRA from `governor`: a burst of the whole per-minute limit, refilled
//! evenly. Idle keys are dropped once too many are tracked, so a flood of
//! distinct addresses cannot grow memory without bound.

use std::hash::Hash;
use std::num::NonZeroU32;
use std::sync::Arc;

use governor::clock::Clock as _;
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};

use super::key_registry::RateDecision;
use super::rate_clock::RateLimitClock;
use crate::clock::Clock;

/// Above this many tracked keys, idle ones are dropped.
pub const TRACKED_KEYS_MAX: usize = 100_000;

type Limiter<K> = RateLimiter<K, DefaultKeyedStateStore<K>, RateLimitClock, StateInformationMiddleware>;

pub struct KeyedLimiter<K: Hash + Eq + Clone> {
    limit_per_minute: u32,
    /// `None` when the limit is 0: the limit is switched off.
    limiter: Option<Limiter<K>>,
}

impl<K: Hash + Eq + Clone> KeyedLimiter<K> {
    /// `limit_per_minute` of 0 switches the limit off (every check passes).
    pub fn new(limit_per_minute: u32, clock: Arc<dyn Clock>) -> Self {
        let limiter = NonZeroU32::new(limit_per_minute).map(|per_minute| {
            let store = DefaultKeyedStateStore::default();
            Limiter::new(Quota::per_minute(per_minute), store, RateLimitClock::new(clock))
        });
        Self { limit_per_minute, limiter }
    }

    pub fn is_enabled(&self) -> bool {
        self.limiter.is_some()
    }

    pub fn check(&self, key: &K) -> RateDecision {
        let Some(limiter) = &self.limiter else {
            return RateDecision { allowed: true, limit: 0, remaining: 0, reset_seconds: 0, retry_after_seconds: 0 };
        };
        if limiter.len() > TRACKED_KEYS_MAX {
            limiter.retain_recent();
        }
        let outcome = limiter.check_key(key).map(|snapshot| snapshot.remaining_burst_capacity());
        let wait = outcome.as_ref().err().map(|not_until| not_until.wait_time_from(limiter.clock().now()));
        RateDecision::from_outcome(self.limit_per_minute, outcome.ok(), wait)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::SystemClock;

    #[test]
    fn each_key_has_its_own_budget() {
        let limiter = KeyedLimiter::<u8>::new(2, Arc::new(SystemClock));
        assert!(limiter.check(&1).allowed);
        assert!(limiter.check(&1).allowed);
        let refused = limiter.check(&1);
        assert!(!refused.allowed);
        assert!(refused.retry_after_seconds >= 1);
        assert!(limiter.check(&2).allowed, "another key is untouched");
    }

    #[test]
    fn a_limit_of_zero_is_switched_off() {
        let limiter = KeyedLimiter::<u8>::new(0, Arc::new(SystemClock));
        assert!(!limiter.is_enabled());
        assert!((0..1_000).all(|_| limiter.check(&1).allowed));
    }
}
