//! The clock, injected. The service reads time only through `Clock`, so tests
//! can expire a key or a rate-limit window by moving a `ManualClock` instead
//! of sleeping.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::domain::time::Timestamp;

pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> Timestamp;
}

#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        let since_epoch = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
        Timestamp::from_unix_milliseconds(i64::try_from(since_epoch.as_millis()).unwrap_or(i64::MAX))
    }
}

/// A clock that moves only when told to.
#[derive(Debug)]
pub struct ManualClock {
    unix_milliseconds: AtomicI64,
}

impl ManualClock {
    pub fn starting_at(start: Timestamp) -> Self {
        Self { unix_milliseconds: AtomicI64::new(start.unix_milliseconds()) }
    }

    pub fn advance_milliseconds(&self, milliseconds: i64) {
        self.unix_milliseconds.fetch_add(milliseconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_unix_milliseconds(self.unix_milliseconds.load(Ordering::SeqCst))
    }
}
