//! The journal: how a workspace actor makes its events durable. One log
//! record is one event of one workspace, encoded by the store's codec and
//! appended to the shared write-ahead log; the log's writer thread calls back
//! once the record is as durable as the fsync mode promises.

use serde::{Deserialize, Serialize};

use crate::domain::event::Event;
use crate::domain::ids::WorkspaceId;
use crate::store::codec;
use crate::store::wal::{Lsn, Wal, WalError};

/// What one log record holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogRecord {
    pub workspace_id: WorkspaceId,
    pub event: Event,
}

#[derive(Clone, Debug, thiserror::Error)]
pub enum JournalError {
    #[error("the record could not be encoded: {0}")]
    Encode(String),
    #[error("{0}")]
    Storage(String),
}

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

    /// Appends one record; `completion` runs on the log's writer thread.
    pub fn append(&self, record: &LogRecord, completion: JournalCompletion) {
        let payload = match codec::encode(record) {
            Ok(payload) => payload,
            Err(error) => return completion(Err(JournalError::Encode(error.to_string()))),
        };
        let shared = std::sync::Arc::new(parking_lot::Mutex::new(Some(completion)));
        let on_done = shared.clone();
        let appended = self.wal.append(
            payload,
            Box::new(move |result: Result<Lsn, WalError>| {
                if let Some(completion) = on_done.lock().take() {
                    completion(result.map_err(|error| JournalError::Storage(error.to_string())));
                }
            }),
        );
        if let Err(error) = appended {
            // Refused before it was queued (the log has failed): answer now.
            if let Some(completion) = shared.lock().take() {
                completion(Err(JournalError::Storage(error.to_string())));
            }
        }
    }

    pub fn has_failed(&self) -> bool {
        self.wal.has_failed()
    }
}
