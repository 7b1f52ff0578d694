//! Why the log refused something. Each error has a stable machine-readable
//! code (callers map codes, not messages, to responses) and a message an
//! operator can act on: a damaged log names the file, the byte offset and the
//! remedy; a stopped log says how writes come back.

use std::io;
use std::path::PathBuf;

use super::frame::RECORD_PAYLOAD_BYTES_MAX;
use super::Lsn;

/// The Linux errno of "No space left on device".
pub(crate) const ERRNO_NO_SPACE: i32 = 28;
/// The Linux errno of "Input/output error", what a failed writeback reports.
pub(crate) const ERRNO_IO: i32 = 5;

#[derive(Debug, thiserror::Error)]
pub enum WalError {
    /// The log has stopped accepting writes after a storage error.
    #[error(
        "the write-ahead log has stopped accepting writes after a storage error ({reason}); fix the disk, then \
         restart the server: recovery keeps every acknowledged record and truncates any torn tail"
    )]
    Failed { reason: String },
    /// The log has stopped accepting writes because its disk is full.
    #[error(
        "the write-ahead log has stopped accepting writes because its disk is full ({reason}); free space, then \
         restart the server: recovery keeps every acknowledged record and truncates any torn tail"
    )]
    StorageFull { reason: String },
    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: io::Error,
    },
    #[error(
        "the write-ahead log is damaged in {} at byte offset {offset}: {reason}. Records from there on cannot be \
         replayed. Restore from a snapshot with `shortlist restore`, or move the damaged segment and every later \
         one aside (their records are lost) and restart",
        file.display()
    )]
    Corrupt { file: PathBuf, offset: u64, reason: String },
    #[error("the write-ahead log writer has stopped")]
    QueueClosed,
    #[error(
        "a record of {payload_bytes} bytes exceeds the write-ahead log's limit of {RECORD_PAYLOAD_BYTES_MAX} bytes"
    )]
    RecordTooLarge { payload_bytes: usize },
    #[error("invalid write-ahead log setting: {reason}")]
    InvalidConfig { reason: String },
    #[error(
        "cannot continue the write-ahead log after LSN {requested_lsn}: it already holds records up to LSN \
         {last_lsn}; restore into an empty data directory"
    )]
    CannotAdvance { last_lsn: Lsn, requested_lsn: Lsn },
}

impl WalError {
    /// A stable code that callers may match on.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            WalError::Failed { .. } => "WAL_FAILED",
            WalError::StorageFull { .. } => "WAL_STORAGE_FULL",
            WalError::Io { .. } => "WAL_IO",
            WalError::Corrupt { .. } => "WAL_CORRUPT",
            WalError::QueueClosed => "WAL_QUEUE_CLOSED",
            WalError::RecordTooLarge { .. } => "WAL_RECORD_TOO_LARGE",
            WalError::InvalidConfig { .. } => "WAL_INVALID_CONFIG",
            WalError::CannotAdvance { .. } => "WAL_CANNOT_ADVANCE",
        }
    }

    /// Whether the error means the log no longer accepts writes (fail-stop);
    /// a caller answers "storage unavailable" until an operator restarts it.
    #[must_use]
    pub fn is_fail_stop(&self) -> bool {
        matches!(self, WalError::Failed { .. } | WalError::StorageFull { .. } | WalError::QueueClosed)
    }

    pub(crate) fn io(context: impl Into<String>, source: io::Error) -> Self {
        WalError::Io { context: context.into(), source }
    }
}

/// Whether an IO error says the disk is full.
pub(crate) fn is_no_space(error: &io::Error) -> bool {
    error.raw_os_error() == Some(ERRNO_NO_SPACE) || error.kind() == io::ErrorKind::StorageFull
}

/// The first storage error the writer saw, kept so that every later append
/// fails with the same cause. Stored as text because `io::Error` is not
/// `Clone`, and each failed completion needs its own error value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    pub storage_full: bool,
    pub reason: String,
}

impl Failure {
    pub fn from_io(context: &str, error: &io::Error) -> Self {
        Failure { storage_full: is_no_space(error), reason: format!("{context}: {error}") }
    }

    pub fn to_error(&self) -> WalError {
        let reason = self.reason.clone();
        if self.storage_full {
            WalError::StorageFull { reason }
        } else {
            WalError::Failed { reason }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_stable_screaming_snake_case() {
        let corrupt = WalError::Corrupt { file: "a.wal".into(), offset: 3, reason: "bad".into() };
        assert_eq!(WalError::Failed { reason: String::new() }.code(), "WAL_FAILED");
        assert_eq!(WalError::StorageFull { reason: String::new() }.code(), "WAL_STORAGE_FULL");
        assert_eq!(WalError::io("context", io::Error::other("x")).code(), "WAL_IO");
        assert_eq!(corrupt.code(), "WAL_CORRUPT");
        assert_eq!(WalError::QueueClosed.code(), "WAL_QUEUE_CLOSED");
        assert_eq!(WalError::RecordTooLarge { payload_bytes: 1 }.code(), "WAL_RECORD_TOO_LARGE");
        assert_eq!(WalError::InvalidConfig { reason: String::new() }.code(), "WAL_INVALID_CONFIG");
        assert_eq!(WalError::CannotAdvance { last_lsn: 1, requested_lsn: 2 }.code(), "WAL_CANNOT_ADVANCE");
    }

    #[test]
    fn corrupt_message_names_file_offset_and_remedy() {
        let error = WalError::Corrupt {
            file: "/data/wal/00000000000000000001.wal".into(),
            offset: 4096,
            reason: "checksum mismatch".into(),
        };
        let message = error.to_string();
        assert!(message.contains("/data/wal/00000000000000000001.wal"), "{message}");
        assert!(message.contains("byte offset 4096"), "{message}");
        assert!(message.contains("checksum mismatch"), "{message}");
        assert!(message.contains("shortlist restore"), "{message}");
        assert!(message.contains("move the damaged segment"), "{message}");
    }

    #[test]
    fn enospc_is_recognized_by_errno_and_becomes_storage_full() {
        let error = io::Error::from_raw_os_error(ERRNO_NO_SPACE);
        assert!(is_no_space(&error));
        let failure = Failure::from_io("writing a batch", &error);
        assert!(matches!(failure.to_error(), WalError::StorageFull { .. }));
        assert!(failure.to_error().is_fail_stop());
    }

    #[test]
    fn other_io_errors_become_failed() {
        let failure = Failure::from_io("fdatasync", &io::Error::other("EIO"));
        let error = failure.to_error();
        assert!(matches!(error, WalError::Failed { .. }));
        assert!(error.to_string().contains("fdatasync: EIO"), "{error}");
        assert!(error.to_string().contains("restart the server"), "{error}");
    }
}
