//! [`Wal`], the handle that appenders hold: it checks a record, queues it
//! for the writer thread (`writer`), and reads the writer's progress from
//! atomics. Opening the log recovers it and starts the writer; dropping the
//! last handle stops the writer once it has written and synced what is
//! queued.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
use std::sync::Arc;
use std::thread::{JoinHandle, ThreadId};

use parking_lot::Mutex;

use super::config::WalConfig;
use super::error::WalError;
use super::frame::RECORD_PAYLOAD_BYTES_MAX;
use super::reader::TornTail;
use super::recovery::recover;
use super::segment::list_segments;
use super::storage::Storage;
use super::writer::{Control, Reply, Request, Shared, Writer};
use super::Lsn;

/// Runs once, on the writer thread, when the record is durable as the fsync
/// mode defines, or when it failed. It must be quick (send a message, wake a
/// task), because the next batch waits for it; it must not call
/// [`Wal::flush`] (the writer would wait for itself) nor `Wal::append` (which
/// blocks the writer for good when the queue is full).
pub type Completion = Box<dyn FnOnce(Result<Lsn, WalError>) + Send + 'static>;

/// What opening the log found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenReport {
    /// The last record's LSN (0 for an empty log); the next append gets one more.
    pub last_lsn: Lsn,
    pub segments: usize,
    /// Records checked, in all segments.
    pub records: u64,
    pub truncated: Option<TruncatedTail>,
}

/// A torn tail that opening the log cut off the newest segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TruncatedTail {
    pub file: PathBuf,
    /// The segment's length after truncation: where the torn record began.
    pub offset: u64,
    /// Bytes cut off, all copied to `broken_copy`.
    pub bytes: u64,
    pub reason: String,
    pub broken_copy: PathBuf,
}

/// The write-ahead log: a cheap-to-clone handle. The writer thread stops, after
/// writing and syncing what is queued, when the last handle is dropped.
#[derive(Clone)]
pub struct Wal {
    handle: Arc<Handle>,
}

/// The state behind every clone of a [`Wal`]; dropping it stops the writer.
struct Handle {
    /// `None` only while dropping: closing the queue is what stops the writer.
    sender: Option<SyncSender<Request>>,
    shared: Arc<Shared>,
    directory: PathBuf,
    storage: Arc<dyn Storage>,
    writer: Option<JoinHandle<()>>,
    writer_thread: ThreadId,
    /// Serializes segment removals, so two callers never race on one file.
    removal: Mutex<()>,
}

impl Drop for Handle {
    fn drop(&mut self) {
        drop(self.sender.take());
        // A completion may hold the last handle; the writer cannot join itself.
        if std::thread::current().id() == self.writer_thread {
            return;
        }
        if let Some(writer) = self.writer.take() {
            if writer.join().is_err() {
                tracing::error!("the write-ahead log writer thread panicked");
            }
        }
    }
}

impl Wal {
    /// Opens (or creates) the log: checks every record of every segment,
    /// repairs a torn tail of the newest segment, and starts the writer.
    pub fn open(config: WalConfig, storage: Arc<dyn Storage>) -> Result<(Wal, OpenReport), WalError> {
        config.validate()?;
        let mut recovered = recover(&config.directory, &storage)?;
        tracing::info!(
            directory = %config.directory.display(),
            segments = recovered.segments,
            records = recovered.records,
            last_lsn = recovered.last_lsn,
            fsync = %config.fsync,
            "opened the write-ahead log"
        );
        let report = OpenReport {
            last_lsn: recovered.last_lsn,
            segments: recovered.segments,
            records: recovered.records,
            truncated: recovered
                .truncated
                .take()
                .map(|(torn_tail, broken_copy)| truncated_tail(torn_tail, broken_copy)),
        };
        let shared = Arc::new(Shared::recovered(&recovered));
        let (sender, receiver) = sync_channel(config.queue_capacity);
        let thread = Writer::spawn(&config, Arc::clone(&storage), Arc::clone(&shared), receiver, recovered)?;
        let handle = Handle {
            sender: Some(sender),
            shared,
            directory: config.directory,
            storage,
            writer_thread: thread.thread().id(),
            writer: Some(thread),
            removal: Mutex::new(()),
        };
        Ok((Wal { handle: Arc::new(handle) }, report))
    }

    /// Queues one record. `completion` runs on the writer thread once the
    /// record is durable as the fsync mode defines (`always`: after the
    /// fdatasync of its batch; `interval`, `never`: after its write), or when
    /// it failed. Blocks while the queue is full. Fails at once, without
    /// running `completion`, when the record is too large or the log has
    /// failed; otherwise `completion` runs exactly once.
    pub fn append(&self, payload: Vec<u8>, completion: Completion) -> Result<(), WalError> {
        if payload.len() > RECORD_PAYLOAD_BYTES_MAX {
            return Err(WalError::RecordTooLarge { payload_bytes: payload.len() });
        }
        if let Some(failure) = self.handle.shared.failure() {
            return Err(failure.to_error());
        }
        let sender = self.handle.sender.as_ref().ok_or(WalError::QueueClosed)?;
        match sender.try_send(Request::Append { payload, completion }) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(request)) => {
                let waiting = &self.handle.shared.appends_waiting;
                waiting.fetch_add(1, Ordering::AcqRel);
                let sent = sender.send(request);
                waiting.fetch_sub(1, Ordering::AcqRel);
                sent.map_err(|_| WalError::QueueClosed)
            }
            Err(TrySendError::Disconnected(_)) => Err(WalError::QueueClosed),
        }
    }

    /// Appends waiting for room in a full queue right now.
    #[must_use]
    pub fn appends_waiting_for_room(&self) -> usize {
        self.handle.shared.appends_waiting.load(Ordering::Acquire)
    }

    /// Writes and fdatasyncs everything queued before this call, whatever the
    /// fsync mode (for a graceful shutdown), and returns the last durable LSN.
    pub fn flush(&self) -> Result<Lsn, WalError> {
        self.control(|reply| Control::Flush { reply })
    }

    /// Makes the next record's LSN `lsn + 1`, so that a log in a data
    /// directory that a snapshot covering `lsn` was restored into continues
    /// after the snapshot. Does nothing when the log is already at or past
    /// `lsn`; refuses with [`WalError::CannotAdvance`] when it holds records
    /// that end before `lsn` (skipping LSNs would break the sequence). The
    /// empty active segment is renamed, so a crash leaves either name, both
    /// valid. Returns the last LSN afterwards.
    pub fn advance_to(&self, lsn: Lsn) -> Result<Lsn, WalError> {
        self.control(|reply| Control::AdvanceTo { lsn, reply })
    }

    /// Sends a control request through the queue and waits for its answer.
    fn control(&self, make: impl FnOnce(Reply) -> Control) -> Result<Lsn, WalError> {
        assert_ne!(
            std::thread::current().id(),
            self.handle.writer_thread,
            "a completion that waits for the writer would wait for itself"
        );
        let sender = self.handle.sender.as_ref().ok_or(WalError::QueueClosed)?;
        let (reply, answer) = sync_channel(1);
        sender.send(Request::Control(make(reply))).map_err(|_| WalError::QueueClosed)?;
        answer.recv().map_err(|_| WalError::QueueClosed)?
    }

    /// The last LSN given to a record (records still queued have none yet).
    #[must_use]
    pub fn last_lsn(&self) -> Lsn {
        self.handle.shared.last_lsn.load(Ordering::Acquire)
    }

    /// The last LSN acknowledged: known synced in `always` mode, known
    /// written otherwise.
    #[must_use]
    pub fn durable_lsn(&self) -> Lsn {
        self.handle.shared.durable_lsn.load(Ordering::Acquire)
    }

    /// The last LSN known fdatasynced, whatever the mode.
    #[must_use]
    pub fn synced_lsn(&self) -> Lsn {
        self.handle.shared.synced_lsn.load(Ordering::Acquire)
    }

    /// Whether the log has fail-stopped; only a restart brings writes back.
    #[must_use]
    pub fn has_failed(&self) -> bool {
        self.handle.shared.failed.load(Ordering::Acquire)
    }

    /// Why the log fail-stopped, as the error every append now gets.
    #[must_use]
    pub fn failure(&self) -> Option<WalError> {
        self.handle.shared.failure().map(|failure| failure.to_error())
    }

    /// Deletes the oldest segments whose every record has an LSN at most
    /// `lsn`, never the segment being written, then fsyncs the directory.
    /// Returns how many segments it deleted.
    pub fn remove_segments_through(&self, lsn: Lsn) -> Result<usize, WalError> {
        let _one_removal_at_a_time = self.handle.removal.lock();
        let directory = &self.handle.directory;
        // Read before listing: the writer publishes a new active segment only
        // after creating its file, so every listed segment below this LSN is
        // closed, and its last LSN is the next segment's first minus one.
        let active_first_lsn = self.handle.shared.active_first_lsn.load(Ordering::Acquire);
        let segments = list_segments(directory)?;
        let mut removed = 0;
        for pair in segments.windows(2) {
            let (segment, next) = (&pair[0], &pair[1]);
            if segment.first_lsn >= active_first_lsn || next.first_lsn - 1 > lsn {
                break;
            }
            match std::fs::remove_file(&segment.path) {
                Ok(()) => removed += 1,
                Err(error) if error.kind() == io::ErrorKind::NotFound => {}
                Err(error) => return Err(WalError::io(format!("removing {}", segment.path.display()), error)),
            }
        }
        if removed > 0 {
            let context = || format!("syncing {} after removing segments", directory.display());
            self.handle.storage.sync_directory(directory).map_err(|error| WalError::io(context(), error))?;
            tracing::info!(directory = %directory.display(), removed, through_lsn = lsn, "removed write-ahead log segments");
        }
        Ok(removed)
    }

    /// The directory that holds the segments.
    #[must_use]
    pub fn directory(&self) -> &Path {
        &self.handle.directory
    }
}

impl std::fmt::Debug for Wal {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Wal")
            .field("directory", &self.handle.directory)
            .field("last_lsn", &self.last_lsn())
            .field("durable_lsn", &self.durable_lsn())
            .field("failed", &self.has_failed())
            .finish_non_exhaustive()
    }
}

fn truncated_tail(torn_tail: TornTail, broken_copy: PathBuf) -> TruncatedTail {
    TruncatedTail {
        file: torn_tail.file,
        offset: torn_tail.offset,
        bytes: torn_tail.bytes,
        reason: torn_tail.reason,
        broken_copy,
    }
}
