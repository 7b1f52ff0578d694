//! The auth hot path: from a presented API key to the workspace and claims it
//! stands for, without touching any workspace. Keys are bucketed by the first
//! eight bytes of their digest and the full digest is then compared in
//! constant time. Each entry carries the key's rate limiter and its live
//! `lastUsedAt`, updated in memory only, so a read never costs a disk write;
//! the workspace actor records it in the log coalesced, at most once a
//! minute, and snapshots and shutdown take the live value.

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;

use governor::clock::Clock as _;
use governor::middleware::StateInformationMiddleware;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};
use parking_lot::RwLock;

use super::api_key::{digests_equal, has_api_key_shape, hash_api_key};
use super::rate_clock::RateLimitClock;
use crate::clock::Clock;
use crate::domain::api_key::{ApiKey, Claims};
use crate::domain::id_map::IdMap;
use crate::domain::ids::{KeyId, WorkspaceId};
use crate::domain::key_hash::KeyHash;
use crate::domain::time::Timestamp;

type KeyLimiter = RateLimiter<NotKeyed, InMemoryState, RateLimitClock, StateInformationMiddleware>;

/// Sentinel for "never used" in the atomic.
const NEVER_USED: i64 = i64::MIN;

pub struct KeyEntry {
    pub workspace_id: WorkspaceId,
    pub key_id: KeyId,
    pub claims: Claims,
    pub expires_at: Option<Timestamp>,
    pub rate_limit_per_minute: u32,
    hash: KeyHash,
    revoked: AtomicBool,
    last_used_at: AtomicI64,
    limiter: KeyLimiter,
}

/// The rate-limit state after one request, for the `X-RateLimit-*` headers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateDecision {
    pub allowed: bool,
    pub limit: u32,
    pub remaining: u32,
    /// Seconds until the full limit is available again (at least 1 when refused).
    pub reset_seconds: u64,
    /// When refused: whole seconds until one more request is allowed, at least 1.
    pub retry_after_seconds: u64,
}

impl KeyEntry {
    pub fn last_used_at(&self) -> Option<Timestamp> {
        let value = self.last_used_at.load(Ordering::Relaxed);
        (value != NEVER_USED).then(|| Timestamp::from_unix_milliseconds(value))
    }

    pub fn check_rate(&self) -> RateDecision {
        let outcome = self.limiter.check().map(|snapshot| snapshot.remaining_burst_capacity());
        let wait = outcome.as_ref().err().map(|not_until| not_until.wait_time_from(self.limiter.clock().now()));
        RateDecision::from_outcome(self.rate_limit_per_minute, outcome.ok(), wait)
    }
}

impl RateDecision {
    /// `remaining` is `Some` when the request was allowed; `wait` is how long
    /// until the next one would be, when it was not.
    pub fn from_outcome(limit: u32, remaining: Option<u32>, wait: Option<std::time::Duration>) -> RateDecision {
        // The limiter refills one request every 60 / limit seconds.
        let refill_seconds = 60.0 / f64::from(limit.max(1));
        match (remaining, wait) {
            (Some(remaining), _) => RateDecision {
                allowed: true,
                limit,
                remaining,
                reset_seconds: (f64::from(limit.saturating_sub(remaining)) * refill_seconds).ceil() as u64,
                retry_after_seconds: 0,
            },
            (None, wait) => RateDecision {
                allowed: false,
                limit,
                remaining: 0,
                reset_seconds: (f64::from(limit) * refill_seconds).ceil().max(1.0) as u64,
                retry_after_seconds: wait.map_or(1.0, |wait| wait.as_secs_f64().ceil()).max(1.0) as u64,
            },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRejection {
    /// Unknown, malformed or revoked.
    Invalid,
    Expired,
}

pub struct KeyRegistry {
    /// By the first 8 bytes of the key's SHA-256: already uniform, so the
    /// map's fast hash is as good as any (see `domain::id_map`).
    buckets: RwLock<IdMap<u64, Vec<Arc<KeyEntry>>>>,
    /// The clock every key's rate limiter reads.
    clock: RateLimitClock,
}

impl KeyRegistry {
    pub fn new(clock: Arc<dyn Clock>) -> Self {
        Self { buckets: RwLock::default(), clock: RateLimitClock::new(clock) }
    }

    /// Registers an active key; `last_used_at` is its recorded last use.
    pub fn insert(
        &self,
        workspace_id: &WorkspaceId,
        key: &ApiKey,
        default_rate_limit_per_minute: u32,
        last_used_at: Option<Timestamp>,
    ) {
        if key.revoked_at.is_some() {
            return;
        }
        let rate_limit_per_minute = key.rate_limit_per_minute.unwrap_or(default_rate_limit_per_minute).max(1);
        let per_minute = NonZeroU32::new(rate_limit_per_minute).expect("clamped to at least 1");
        let entry = Arc::new(KeyEntry {
            workspace_id: workspace_id.clone(),
            key_id: key.id.clone(),
            claims: key.claims.clone(),
            expires_at: key.expires_at,
            rate_limit_per_minute,
            hash: key.hash,
            revoked: AtomicBool::new(false),
            last_used_at: AtomicI64::new(last_used_at.map_or(NEVER_USED, Timestamp::unix_milliseconds)),
            limiter: RateLimiter::direct_with_clock(Quota::per_minute(per_minute), self.clock.clone())
                .with_middleware(),
        });
        self.buckets.write().entry(key.hash.lookup_tag()).or_default().push(entry);
    }

    /// Revocation takes effect for the very next lookup.
    pub fn revoke(&self, hash: &KeyHash) {
        let mut buckets = self.buckets.write();
        if let Some(bucket) = buckets.get_mut(&hash.lookup_tag()) {
            bucket.retain(|entry| {
                let matches = digests_equal(&entry.hash, hash);
                if matches {
                    entry.revoked.store(true, Ordering::SeqCst);
                }
                !matches
            });
        }
    }

    pub fn authenticate(&self, presented: &str, now: Timestamp) -> Result<Arc<KeyEntry>, KeyRejection> {
        if !has_api_key_shape(presented) {
            return Err(KeyRejection::Invalid);
        }
        let hash = hash_api_key(presented);
        let entry = {
            let buckets = self.buckets.read();
            let bucket = buckets.get(&hash.lookup_tag()).ok_or(KeyRejection::Invalid)?;
            bucket.iter().find(|entry| digests_equal(&entry.hash, &hash)).cloned().ok_or(KeyRejection::Invalid)?
        };
        if entry.revoked.load(Ordering::SeqCst) {
            return Err(KeyRejection::Invalid);
        }
        if entry.expires_at.is_some_and(|expires_at| now >= expires_at) {
            return Err(KeyRejection::Expired);
        }
        // `fetch_max`: a request stamped earlier that finishes later must not move it back.
        entry.last_used_at.fetch_max(now.unix_milliseconds(), Ordering::Relaxed);
        Ok(entry)
    }

    pub fn entry(&self, hash: &KeyHash) -> Option<Arc<KeyEntry>> {
        let buckets = self.buckets.read();
        buckets.get(&hash.lookup_tag())?.iter().find(|entry| digests_equal(&entry.hash, hash)).cloned()
    }
}
