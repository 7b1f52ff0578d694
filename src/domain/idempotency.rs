//! Idempotent writes: what a workspace remembers of each write a client sent
//! with an `Idempotency-Key`, so that a retry of it answers the first answer
//! again instead of acting twice.
//!
//! A record is made in the same log record as the write it answers (see
//! `Event::Idempotent`), so after a crash either both are there or neither:
//! a retry after a restart replays exactly when the write happened. The
//! answer is kept as the bytes the client was sent, opaque to the domain,
//! because "the same response" means the same bytes, whatever has changed
//! in the workspace since.
//!
//! Records are scoped to the API key that made them, live for
//! `IDEMPOTENCY_WINDOW_MILLISECONDS` after their write, and are bounded per
//! workspace in number and in bytes; past a bound the oldest are forgotten
//! first. Expiry and eviction run as records are added, from the records'
//! own times, so a replay of the log forgets exactly what the live workspace
//! forgot.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::error::{defect, Checked};
use super::ids::KeyId;
use super::time::Timestamp;

/// How long a write's answer is replayed to a retry with its key.
pub const IDEMPOTENCY_WINDOW_MILLISECONDS: i64 = 24 * 60 * 60 * 1_000;
/// The most keys a workspace remembers at once; the oldest go first.
pub const IDEMPOTENCY_KEYS_PER_WORKSPACE_MAX: usize = 200_000;
/// The most answer bytes a workspace remembers at once; the oldest go first.
pub const IDEMPOTENCY_ANSWER_BYTES_PER_WORKSPACE_MAX: usize = 64 * 1024 * 1024;
/// The longest `Idempotency-Key` a client may send.
pub const IDEMPOTENCY_KEY_LENGTH_MAX: usize = 255;

/// A client's idempotency key: 1 to 255 printable ASCII characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IdempotencyKey(Box<str>);

impl IdempotencyKey {
    pub fn parse(value: &str) -> Checked<IdempotencyKey> {
        if value.is_empty() || value.len() > IDEMPOTENCY_KEY_LENGTH_MAX {
            return defect(format!("must be 1 to {IDEMPOTENCY_KEY_LENGTH_MAX} characters long"));
        }
        if !value.bytes().all(|byte| (b' '..=b'~').contains(&byte)) {
            return defect("must hold printable ASCII characters only");
        }
        Ok(IdempotencyKey(value.into()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// SHA-256 of what makes two requests the same request (method, path, and
/// the body in a canonical form); computed by whoever reads the request.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RequestFingerprint(pub [u8; 32]);

impl std::fmt::Debug for RequestFingerprint {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "RequestFingerprint({})", crate::encoding::hex(&self.0[..8]))
    }
}

/// An answer as it was sent: its status and its body's bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredAnswer {
    pub status: u16,
    pub body: Arc<[u8]>,
}

/// Who sent a keyed write, and which write: the key it is scoped to, the
/// client's key, and the request's fingerprint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdempotencyClaim {
    pub api_key: KeyId,
    pub key: IdempotencyKey,
    pub fingerprint: RequestFingerprint,
}

impl IdempotencyClaim {
    pub fn scope(&self) -> IdempotencyScope {
        (self.api_key.clone(), self.key.clone())
    }
}

/// A remembered key is found by the API key that sent it and its own text.
pub type IdempotencyScope = (KeyId, IdempotencyKey);

/// One remembered write.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdempotencyRecord {
    pub api_key: KeyId,
    pub key: IdempotencyKey,
    pub fingerprint: RequestFingerprint,
    pub answer: StoredAnswer,
    /// When the write was decided: the window runs from here.
    pub at: Timestamp,
}

impl IdempotencyRecord {
    fn scope(&self) -> IdempotencyScope {
        (self.api_key.clone(), self.key.clone())
    }

    fn expires_by(&self, now: Timestamp) -> bool {
        now.unix_milliseconds().saturating_sub(self.at.unix_milliseconds()) >= IDEMPOTENCY_WINDOW_MILLISECONDS
    }

    /// What the record holds in memory, roughly: its answer and its key.
    fn bytes(&self) -> usize {
        self.answer.body.len() + self.key.as_str().len()
    }
}

/// What a keyed write finds when it arrives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Remembered<'a> {
    /// No live record: the write goes ahead.
    Nothing,
    /// The same request was answered: send its answer again.
    SameRequest(&'a IdempotencyRecord),
    /// The key was used for another request.
    OtherRequest(&'a IdempotencyRecord),
}

/// The records of one workspace, oldest first.
#[derive(Clone, Debug, Default)]
pub struct IdempotencyRecords {
    by_scope: HashMap<IdempotencyScope, IdempotencyRecord>,
    /// Scopes in the order their records were made, with the record's time;
    /// an entry whose record was since replaced is skipped when it reaches
    /// the front.
    order: VecDeque<(Timestamp, IdempotencyScope)>,
    bytes: usize,
}

impl IdempotencyRecords {
    /// The live record of `claim`'s scope, as of `now`.
    pub fn remembered(&self, claim: &IdempotencyClaim, now: Timestamp) -> Remembered<'_> {
        match self.by_scope.get(&claim.scope()) {
            Some(record) if record.expires_by(now) => Remembered::Nothing,
            Some(record) if record.fingerprint == claim.fingerprint => Remembered::SameRequest(record),
            Some(record) => Remembered::OtherRequest(record),
            None => Remembered::Nothing,
        }
    }

    /// Adds a record (replacing an expired one of its scope), then forgets
    /// what is past the window as of the record's time, and the oldest
    /// records while a bound is passed.
    pub fn remember(&mut self, record: IdempotencyRecord) {
        let at = record.at;
        let scope = record.scope();
        self.bytes += record.bytes();
        if let Some(replaced) = self.by_scope.insert(scope.clone(), record) {
            self.bytes -= replaced.bytes();
        }
        self.order.push_back((at, scope));
        while let Some((front_at, _)) = self.order.front() {
            let expired =
                at.unix_milliseconds().saturating_sub(front_at.unix_milliseconds()) >= IDEMPOTENCY_WINDOW_MILLISECONDS;
            let over = self.by_scope.len() > IDEMPOTENCY_KEYS_PER_WORKSPACE_MAX
                || self.bytes > IDEMPOTENCY_ANSWER_BYTES_PER_WORKSPACE_MAX;
            let stale = self.is_stale(self.order.front().expect("checked"));
            if !(expired || over || stale) {
                break;
            }
            let (front_at, front_scope) = self.order.pop_front().expect("checked");
            if !stale {
                let record = self.by_scope.remove(&front_scope).expect("a live order entry has its record");
                debug_assert_eq!(record.at, front_at);
                self.bytes -= record.bytes();
            }
        }
        debug_assert!(self.by_scope.len() <= self.order.len());
    }

    /// An order entry whose record has been replaced by a later one.
    fn is_stale(&self, (at, scope): &(Timestamp, IdempotencyScope)) -> bool {
        self.by_scope.get(scope).is_none_or(|record| record.at != *at)
    }

    pub fn len(&self) -> usize {
        self.by_scope.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_scope.is_empty()
    }

    /// Answer and key bytes held.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The records, oldest first: the order `remember` must see them in
    /// again to rebuild the same state (snapshots keep this order).
    pub fn oldest_first(&self) -> impl Iterator<Item = &IdempotencyRecord> {
        self.order.iter().filter(|entry| !self.is_stale(entry)).map(|(_, scope)| &self.by_scope[scope])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_id(seed: u8) -> KeyId {
        KeyId::parse(&format!("key_{}", "a".repeat(20 + usize::from(seed % 3)))).expect("a key ID")
    }

    fn record(api_key: &KeyId, key: &str, fingerprint: u8, at_ms: i64, body: &[u8]) -> IdempotencyRecord {
        IdempotencyRecord {
            api_key: api_key.clone(),
            key: IdempotencyKey::parse(key).expect("a key"),
            fingerprint: RequestFingerprint([fingerprint; 32]),
            answer: StoredAnswer { status: 200, body: body.into() },
            at: Timestamp::from_unix_milliseconds(at_ms),
        }
    }

    fn claim(api_key: &KeyId, key: &str, fingerprint: u8) -> IdempotencyClaim {
        IdempotencyClaim {
            api_key: api_key.clone(),
            key: IdempotencyKey::parse(key).expect("a key"),
            fingerprint: RequestFingerprint([fingerprint; 32]),
        }
    }

    const T0: i64 = 1_800_000_000_000;

    #[test]
    fn keys_are_one_to_255_printable_ascii_characters() {
        assert!(IdempotencyKey::parse("a").is_ok());
        assert!(IdempotencyKey::parse(&"k".repeat(255)).is_ok());
        assert!(IdempotencyKey::parse("order 42 / retry ~ok").is_ok());
        assert!(IdempotencyKey::parse("").is_err());
        assert!(IdempotencyKey::parse(&"k".repeat(256)).is_err());
        assert!(IdempotencyKey::parse("tab\there").is_err());
        assert!(IdempotencyKey::parse("é").is_err());
    }

    #[test]
    fn the_same_request_is_remembered_and_another_request_with_the_key_is_told_apart() {
        let (api_key, mut records) = (key_id(0), IdempotencyRecords::default());
        records.remember(record(&api_key, "k1", 1, T0, b"first"));
        let now = Timestamp::from_unix_milliseconds(T0 + 1_000);
        assert!(
            matches!(records.remembered(&claim(&api_key, "k1", 1), now), Remembered::SameRequest(found) if &*found.answer.body == b"first")
        );
        assert!(matches!(records.remembered(&claim(&api_key, "k1", 2), now), Remembered::OtherRequest(_)));
        assert_eq!(records.remembered(&claim(&api_key, "k2", 1), now), Remembered::Nothing);
    }

    #[test]
    fn keys_are_scoped_to_the_api_key_that_sent_them() {
        let (first, second, mut records) = (key_id(0), key_id(1), IdempotencyRecords::default());
        records.remember(record(&first, "k1", 1, T0, b"first"));
        let now = Timestamp::from_unix_milliseconds(T0);
        assert_eq!(records.remembered(&claim(&second, "k1", 1), now), Remembered::Nothing);
    }

    #[test]
    fn a_record_lives_for_the_window_and_is_forgotten_once_a_later_record_passes_it() {
        let (api_key, mut records) = (key_id(0), IdempotencyRecords::default());
        records.remember(record(&api_key, "old", 1, T0, b"old"));
        let just_inside = Timestamp::from_unix_milliseconds(T0 + IDEMPOTENCY_WINDOW_MILLISECONDS - 1);
        let at_the_end = Timestamp::from_unix_milliseconds(T0 + IDEMPOTENCY_WINDOW_MILLISECONDS);
        assert!(matches!(records.remembered(&claim(&api_key, "old", 1), just_inside), Remembered::SameRequest(_)));
        assert_eq!(records.remembered(&claim(&api_key, "old", 1), at_the_end), Remembered::Nothing);
        assert_eq!(records.len(), 1, "still held until a later record passes it");

        records.remember(record(&api_key, "new", 1, T0 + IDEMPOTENCY_WINDOW_MILLISECONDS, b"new"));
        assert_eq!(records.len(), 1);
        assert_eq!(records.bytes(), "new".len() * 2);
        assert_eq!(records.oldest_first().map(|record| record.key.as_str()).collect::<Vec<_>>(), ["new"]);
    }

    #[test]
    fn an_expired_key_can_be_used_again_and_its_old_order_entry_is_skipped() {
        let (api_key, mut records) = (key_id(0), IdempotencyRecords::default());
        records.remember(record(&api_key, "k", 1, T0, b"one"));
        records.remember(record(&api_key, "other", 1, T0 + 10, b"x"));
        let later = T0 + IDEMPOTENCY_WINDOW_MILLISECONDS - 1;
        records.remember(record(&api_key, "k", 2, later, b"two"));
        assert_eq!(records.len(), 2);
        let keys: Vec<_> = records.oldest_first().map(|record| record.key.as_str()).collect();
        assert_eq!(keys, ["other", "k"]);
        let now = Timestamp::from_unix_milliseconds(later);
        assert!(
            matches!(records.remembered(&claim(&api_key, "k", 2), now), Remembered::SameRequest(found) if &*found.answer.body == b"two")
        );
        assert_eq!(records.bytes(), "otherx".len() + "ktwo".len());
    }

    #[test]
    fn past_the_key_bound_the_oldest_records_are_forgotten_first() {
        let (api_key, mut records) = (key_id(0), IdempotencyRecords::default());
        for index in 0..IDEMPOTENCY_KEYS_PER_WORKSPACE_MAX + 3 {
            records.remember(record(&api_key, &format!("k{index}"), 1, T0 + index as i64, b"{}"));
        }
        assert_eq!(records.len(), IDEMPOTENCY_KEYS_PER_WORKSPACE_MAX);
        let now = Timestamp::from_unix_milliseconds(T0 + 1_000_000);
        assert_eq!(records.remembered(&claim(&api_key, "k2", 1), now), Remembered::Nothing);
        assert!(matches!(records.remembered(&claim(&api_key, "k3", 1), now), Remembered::SameRequest(_)));
    }

    #[test]
    fn past_the_byte_bound_the_oldest_records_are_forgotten_first() {
        let (api_key, mut records) = (key_id(0), IdempotencyRecords::default());
        let body = vec![b'x'; 1024 * 1024];
        for index in 0..70 {
            records.remember(record(&api_key, &format!("k{index:02}"), 1, T0 + index, &body));
        }
        assert!(records.bytes() <= IDEMPOTENCY_ANSWER_BYTES_PER_WORKSPACE_MAX);
        assert_eq!(records.len(), 63, "64 MiB holds 63 answers of 1 MiB and their keys");
        assert_eq!(records.oldest_first().next().map(|record| record.key.as_str()), Some("k07"));
    }
}
