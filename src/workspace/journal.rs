//! The journal: how a workspace actor makes its events durable. One log
//! record is one event of one workspace, encoded by the store's codec and
//! appended to the shared write-ahead log; the log's writer thread calls back
//! once the record is as durable as the fsync mode promises.

use serde::{Deserialize, Serialize};

use crate::domain::event::Event;
use crate::domain::ids::WorkspaceId;
use std::sync::Arc;

use crate::store::codec::{self, CodecError};
use crate::store::wal::{Lsn, Wal, WalError, RECORD_PAYLOAD_BYTES_MAX};

/// What one log record holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogRecord {
    pub workspace_id: WorkspaceId,
    pub event: Event,
}

/// Why a record did not become durable. Clone, because one log failure
/// answers every write waiting on it; the causes stay typed behind `Arc`.
#[derive(Clone, Debug, thiserror::Error)]
pub enum JournalError {
    /// The record could not be encoded; it never reached the log.
    #[error("the record could not be encoded")]
    Encode(#[source] Arc<CodecError>),
    /// The log refused the record, or failed while writing it.
    #[error(transparent)]
    Log(Arc<WalError>),
}

impl JournalError {
    /// A stable code that logs and operators can match on.
    pub fn code(&self) -> &'static str {
        match self {
            JournalError::Encode(error) => error.code(),
            JournalError::Log(error) => error.code(),
        }
    }

    /// Whether the log has stopped accepting writes, so that no later write
    /// can succeed until an operator restarts the server. The other errors
    /// concern one record, which never reached the log.
    pub fn is_fail_stop(&self) -> bool {
        match self {
            JournalError::Encode(_) => false,
            JournalError::Log(error) => error.is_fail_stop(),
        }
    }

    /// The log's writer went away without answering.
    pub fn writer_stopped() -> JournalError {
        JournalError::Log(Arc::new(WalError::QueueClosed))
    }
}

/// A record encoded and checked against the log's limits: what the log
/// accepts without looking at it again.
pub struct EncodedRecord(Vec<u8>);

pub type JournalCompletion = Box<dyn FnOnce(Result<Lsn, JournalError>) + Send + 'static>;

#[derive(Clone)]
pub struct Journal {
    wal: Wal,
}

impl Journal {
    pub fn new(wal: Wal) -> Self {
        Self { wal }
    }

    pub fn wal(&self) -> &Wal {
        &self.wal
    }

    /// Encodes `record` and checks it against the log's record limit. A
    /// workspace encodes a write's records before it applies the write, so a
    /// record the log would refuse fails that write alone (not fail-stop),
    /// before any later write can be built on it.
    pub fn encode(record: &LogRecord) -> Result<EncodedRecord, JournalError> {
        let payload = codec::encode(record).map_err(|error| JournalError::Encode(Arc::new(error)))?;
        if payload.len() > RECORD_PAYLOAD_BYTES_MAX {
            let error = WalError::RecordTooLarge { payload_bytes: payload.len() };
            return Err(JournalError::Log(Arc::new(error)));
        }
        Ok(EncodedRecord(payload))
    }

    /// Appends one encoded record; `completion` runs on the log's writer
    /// thread, or here when the log refuses it at once.
    pub fn append(&self, record: EncodedRecord, completion: JournalCompletion) {
        let shared = Arc::new(parking_lot::Mutex::new(Some(completion)));
        let on_done = shared.clone();
        let appended = self.wal.append(
            record.0,
            Box::new(move |result: Result<Lsn, WalError>| {
                if let Some(completion) = on_done.lock().take() {
                    completion(result.map_err(|error| JournalError::Log(Arc::new(error))));
                }
            }),
        );
        if let Err(error) = appended {
            // Refused before it was queued (the log has failed): answer now.
            if let Some(completion) = shared.lock().take() {
                completion(Err(JournalError::Log(Arc::new(error))));
            }
        }
    }

    pub fn has_failed(&self) -> bool {
        self.wal.has_failed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::UserId;
    use crate::domain::member::{Member, Role};
    use crate::domain::time::Timestamp;

    fn workspace_created(name: String) -> LogRecord {
        let workspace_id = WorkspaceId::parse("acme").unwrap();
        let owner = Member {
            user_id: UserId::parse("olive").unwrap(),
            name: "Olive".into(),
            email: "olive@example.com".into(),
            role: Role::Owner,
            added_at: Timestamp::from_unix_milliseconds(0),
        };
        let at = Timestamp::from_unix_milliseconds(0);
        LogRecord {
            workspace_id: workspace_id.clone(),
            event: Event::WorkspaceCreated { workspace_id, name, owner, at },
        }
    }

    #[test]
    fn a_record_the_log_would_refuse_is_refused_at_encoding_and_is_not_fail_stop() {
        assert!(Journal::encode(&workspace_created("Acme".into())).is_ok());
        let too_large = workspace_created("x".repeat(RECORD_PAYLOAD_BYTES_MAX));
        let error = Journal::encode(&too_large).err().expect("refused");
        assert_eq!(error.code(), "WAL_RECORD_TOO_LARGE");
        assert!(!error.is_fail_stop(), "one record's refusal leaves the log (and the workspace) writable");
    }

    #[test]
    fn a_log_that_stopped_is_fail_stop_and_keeps_its_typed_cause() {
        let stopped = JournalError::Log(Arc::new(WalError::Failed { reason: "fsync: EIO".into() }));
        assert!(stopped.is_fail_stop());
        assert_eq!(stopped.code(), "WAL_FAILED");
        assert!(JournalError::writer_stopped().is_fail_stop());
        let JournalError::Log(cause) = &stopped else { unreachable!() };
        assert!(matches!(**cause, WalError::Failed { .. }), "the cause is the log's own error, not its text");
    }
}
