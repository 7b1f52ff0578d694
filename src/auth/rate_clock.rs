//! governor's clock, read from the service's injected [`Clock`]: rate-limit
//! windows, `Retry-After` and `X-RateLimit-Reset` then move when a test
//! moves a `ManualClock`, like every other time the service reads, instead
//! of following the machine's real clock.
//!
//! The clock is read in whole milliseconds, the resolution of [`Timestamp`]:
//! a limit refills one request every `60_000 / limit` milliseconds, so only
//! limits above 60,000 a minute refill within one tick, and those still
//! allow their whole burst at once.
//!
//! [`Timestamp`]: crate::domain::time::Timestamp

use std::sync::Arc;
use std::time::Duration;

use governor::nanos::Nanos;

use crate::clock::Clock;

#[derive(Clone)]
pub struct RateLimitClock(Arc<dyn Clock>);

impl RateLimitClock {
    pub fn new(clock: Arc<dyn Clock>) -> Self {
        Self(clock)
    }
}

impl governor::clock::Clock for RateLimitClock {
    type Instant = Nanos;

    /// Time since the Unix epoch; a clock set before it reads as the epoch.
    fn now(&self) -> Nanos {
        let milliseconds = u64::try_from(self.0.now().unix_milliseconds()).unwrap_or(0);
        Nanos::from(Duration::from_millis(milliseconds))
    }
}
