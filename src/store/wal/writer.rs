//! [`Wal`], the handle, and the writer thread behind it: group commit.
//!
//! Appenders put records on a bounded queue and return; one dedicated thread
//! takes the first waiting record, drains whatever else is queued (up to
//! `batch_records_max` records or `BATCH_BYTES_TARGET` bytes), frames the
//! batch into one buffer, makes one write and, in `always` mode, one
//! fdatasync, then runs the batch's completions in LSN order. While it syncs,
//! the next batch gathers in the queue, so the cost of one fdatasync is shared
//! by however many writers are waiting: throughput grows with concurrency.
//!
//! LSNs are given by the writer in queue order, which is submission order.
//!
//! One thread owns the active segment and every counter about it, so the hot
//! path takes no lock; handles see the progress through atomics. A storage
//! error stops the writer for good (fail-stop, see the module documentation
//! of `wal`): it fails the batch, truncates the segment back to the end of
//! what was acknowledged, then answers every later request with the error
//! until the last handle is dropped.

use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::sync::Arc;
use std::thread::{JoinHandle, ThreadId};
use std::time::{Duration, Instant};

use parking_lot::Mutex;

use super::config::{FsyncMode, WalConfig, BATCH_BYTES_TARGET};
use super::error::{Failure, WalError};
use super::frame::{encode_record, RECORD_PAYLOAD_BYTES_MAX};
use super::reader::TornTail;
use super::recovery::recover;
use super::segment::{list_segments, segment_path};
use super::storage::{SegmentFile, Storage};
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

enum Request {
    Append { payload: Vec<u8>, completion: Completion },
    Control(Control),
}

/// A request answered on a reply channel, in queue order: after every record
/// queued before it is written.
enum Control {
    Flush { reply: Reply },
    AdvanceTo { lsn: Lsn, reply: Reply },
}

type Reply = SyncSender<Result<Lsn, WalError>>;

/// What handles and the writer thread both see. Atomics, because handles
/// read them on every request and the writer updates them after every batch.
struct Shared {
    /// The last LSN the writer gave a record.
    last_lsn: AtomicU64,
    /// The last LSN acknowledged: synced in `always` mode, written otherwise.
    durable_lsn: AtomicU64,
    /// The last LSN known fdatasynced.
    synced_lsn: AtomicU64,
    /// The first LSN of the segment being written, which is never removed.
    active_first_lsn: AtomicU64,
    /// Set once, with `failure`, when the writer fail-stops; checked first so
    /// that healthy appends take no lock.
    failed: AtomicBool,
    failure: Mutex<Option<Failure>>,
}

impl Shared {
    fn failure(&self) -> Option<Failure> {
        if !self.failed.load(Ordering::Acquire) {
            return None;
        }
        self.failure.lock().clone()
    }

    /// Keeps the first failure: it is the cause, later ones are consequences.
    fn record_failure(&self, failure: Failure) -> Failure {
        let mut slot = self.failure.lock();
        let first = slot.get_or_insert(failure).clone();
        self.failed.store(true, Ordering::Release);
        first
    }
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
        let recovered = recover(&config.directory, &storage)?;
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
            truncated: recovered.truncated.map(|(torn_tail, broken_copy)| truncated_tail(torn_tail, broken_copy)),
        };
        let shared = Arc::new(Shared {
            last_lsn: AtomicU64::new(recovered.last_lsn),
            durable_lsn: AtomicU64::new(recovered.last_lsn),
            synced_lsn: AtomicU64::new(recovered.last_lsn),
            active_first_lsn: AtomicU64::new(recovered.active_first_lsn),
            failed: AtomicBool::new(false),
            failure: Mutex::new(None),
        });
        let (sender, receiver) = sync_channel(config.queue_capacity);
        let writer = Writer {
            directory: config.directory.clone(),
            segment_bytes: config.segment_bytes,
            fsync: config.fsync,
            batch_records_max: config.batch_records_max,
            storage: Arc::clone(&storage),
            shared: Arc::clone(&shared),
            receiver,
            segment: ActiveSegment::resumed(recovered.active_file, recovered.active_first_lsn, recovered.active_bytes),
            next_lsn: recovered.last_lsn + 1,
            written_lsn: recovered.last_lsn,
            synced_lsn: recovered.last_lsn,
            buffer: Vec::new(),
            batch: Vec::with_capacity(config.batch_records_max),
            unsynced_since: None,
        };
        let thread = std::thread::Builder::new()
            .name("shortlist-wal-writer".to_owned())
            .spawn(move || writer.run())
            .map_err(|error| WalError::io("starting the write-ahead log writer thread", error))?;
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
        sender.send(Request::Append { payload, completion }).map_err(|_| WalError::QueueClosed)
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

/// The segment being written, and how much of it is written and
/// acknowledged; `acknowledged_bytes ≤ written_bytes` always holds.
struct ActiveSegment {
    file: Box<dyn SegmentFile>,
    first_lsn: Lsn,
    written_bytes: u64,
    /// Where a failure truncates back to: everything before it was reported
    /// durable to someone, everything after it was not.
    acknowledged_bytes: u64,
}

impl ActiveSegment {
    fn resumed(file: Box<dyn SegmentFile>, first_lsn: Lsn, length_bytes: u64) -> Self {
        ActiveSegment { file, first_lsn, written_bytes: length_bytes, acknowledged_bytes: length_bytes }
    }
}

/// The writer thread's state; nothing else touches it.
struct Writer {
    directory: PathBuf,
    segment_bytes: u64,
    fsync: FsyncMode,
    batch_records_max: usize,
    storage: Arc<dyn Storage>,
    shared: Arc<Shared>,
    receiver: Receiver<Request>,
    segment: ActiveSegment,
    next_lsn: Lsn,
    /// The last LSN written to the active segment (or an earlier one).
    written_lsn: Lsn,
    synced_lsn: Lsn,
    /// The current batch, framed; reused so a steady load allocates nothing,
    /// and shrunk back to `BATCH_BYTES_TARGET` after an oversized batch.
    buffer: Vec<u8>,
    batch: Vec<(Lsn, Completion)>,
    /// When the oldest unsynced write happened, in `interval` mode.
    unsynced_since: Option<Instant>,
}

impl Writer {
    fn run(mut self) {
        while let Some(request) = self.receive() {
            let control = match request {
                Request::Append { payload, completion } => self.gather_and_commit(payload, completion),
                Request::Control(control) => Some(control),
            };
            match control {
                Some(Control::Flush { reply }) => self.flush(reply),
                Some(Control::AdvanceTo { lsn, reply }) => {
                    let answer = self.advance_to(lsn);
                    let _ = reply.send(answer);
                }
                None => {}
            }
            if self.shared.failed.load(Ordering::Acquire) {
                break;
            }
        }
        if self.shared.failed.load(Ordering::Acquire) {
            self.refuse_until_closed();
        } else if self.written_lsn > self.synced_lsn {
            // The queue closed: every handle is gone. Sync what `interval`
            // and `never` wrote, so a clean shutdown loses nothing.
            if let Err(error) = self.sync() {
                self.fail_stop("fdatasync at shutdown", &error);
            }
        }
    }

    /// The next request, syncing on time in `interval` mode while waiting.
    /// `None` when every handle is gone, or when an interval sync failed.
    fn receive(&mut self) -> Option<Request> {
        loop {
            let Some(deadline) = self.sync_deadline() else {
                return self.receiver.recv().ok();
            };
            let now = Instant::now();
            if now >= deadline {
                self.sync_on_interval();
                if self.shared.failed.load(Ordering::Acquire) {
                    return None;
                }
                continue;
            }
            match self.receiver.recv_timeout(deadline - now) {
                Ok(request) => return Some(request),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    fn sync_deadline(&self) -> Option<Instant> {
        match self.fsync {
            FsyncMode::Interval { milliseconds } => {
                self.unsynced_since.map(|since| since + Duration::from_millis(milliseconds))
            }
            FsyncMode::Always | FsyncMode::Never => None,
        }
    }

    fn sync_on_interval(&mut self) {
        if let Err(error) = self.sync() {
            self.fail_stop("fdatasync on the interval", &error);
        }
    }

    /// Frames the first record and whatever else is queued into one batch and
    /// commits it. Returns a control request met while draining: it must wait
    /// until the records queued before it are written.
    fn gather_and_commit(&mut self, payload: Vec<u8>, completion: Completion) -> Option<Control> {
        debug_assert!(self.batch.is_empty());
        self.buffer.clear();
        // A batch with a huge record must not pin its buffer for good.
        self.buffer.shrink_to(BATCH_BYTES_TARGET);
        self.add_to_batch(&payload, completion);
        let mut control = None;
        while self.batch.len() < self.batch_records_max && self.buffer.len() < BATCH_BYTES_TARGET {
            match self.receiver.try_recv() {
                Ok(Request::Append { payload, completion }) => self.add_to_batch(&payload, completion),
                Ok(Request::Control(request)) => {
                    control = Some(request);
                    break;
                }
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
        }
        self.commit_batch();
        control
    }

    fn add_to_batch(&mut self, payload: &[u8], completion: Completion) {
        let lsn = self.next_lsn;
        self.next_lsn += 1;
        encode_record(lsn, payload, &mut self.buffer);
        self.batch.push((lsn, completion));
        self.shared.last_lsn.store(lsn, Ordering::Release);
    }

    /// One write, one fdatasync in `always` mode, then the completions.
    fn commit_batch(&mut self) {
        let first_lsn = self.batch.first().map(|(lsn, _)| *lsn).expect("a batch holds a record");
        let last_lsn = self.batch.last().map(|(lsn, _)| *lsn).expect("a batch holds a record");
        debug_assert_eq!(first_lsn, self.written_lsn + 1, "batches are contiguous");
        if self.segment.written_bytes >= self.segment_bytes {
            if let Err((context, error)) = self.roll(first_lsn) {
                return self.fail_stop(context, &error);
            }
        }
        if let Err(error) = self.segment.file.write_all(&self.buffer) {
            return self.fail_stop("writing a batch of records", &error);
        }
        self.segment.written_bytes += self.buffer.len() as u64;
        self.written_lsn = last_lsn;
        match self.fsync {
            FsyncMode::Always => {
                if let Err(error) = self.sync() {
                    return self.fail_stop("fdatasync of a batch of records", &error);
                }
            }
            FsyncMode::Interval { .. } | FsyncMode::Never => {
                self.unsynced_since.get_or_insert_with(Instant::now);
            }
        }
        self.acknowledge(last_lsn);
        if self.sync_deadline().is_some_and(|deadline| Instant::now() >= deadline) {
            self.sync_on_interval();
        }
    }

    fn acknowledge(&mut self, last_lsn: Lsn) {
        self.segment.acknowledged_bytes = self.segment.written_bytes;
        self.shared.durable_lsn.store(last_lsn, Ordering::Release);
        for (lsn, completion) in self.batch.drain(..) {
            run_completion(completion, Ok(lsn));
        }
    }

    /// fdatasyncs the active segment; everything written is then synced.
    fn sync(&mut self) -> io::Result<()> {
        self.segment.file.sync_data()?;
        self.synced_lsn = self.written_lsn;
        self.unsynced_since = None;
        self.shared.synced_lsn.store(self.synced_lsn, Ordering::Release);
        Ok(())
    }

    /// Closes the full segment (synced) and starts the one whose first record
    /// is `first_lsn`, making its directory entry durable.
    fn roll(&mut self, first_lsn: Lsn) -> Result<(), (&'static str, io::Error)> {
        if self.written_lsn > self.synced_lsn {
            self.sync().map_err(|error| ("fdatasync of a full segment", error))?;
        }
        let path = segment_path(&self.directory, first_lsn);
        let file = self.storage.create_segment(&path).map_err(|error| ("creating a new segment", error))?;
        tracing::debug!(segment = %path.display(), previous_first_lsn = self.segment.first_lsn, "rolled the write-ahead log");
        self.segment = ActiveSegment::resumed(file, first_lsn, 0);
        self.shared.active_first_lsn.store(first_lsn, Ordering::Release);
        self.storage
            .sync_directory(&self.directory)
            .map_err(|error| ("syncing the log directory after creating a segment", error))
    }

    /// Writes and syncs what is written but unsynced, then answers.
    fn flush(&mut self, reply: Reply) {
        if self.written_lsn > self.synced_lsn && !self.shared.failed.load(Ordering::Acquire) {
            if let Err(error) = self.sync() {
                self.fail_stop("fdatasync for a flush", &error);
            }
        }
        let answer = match self.shared.failure() {
            Some(failure) => Err(failure.to_error()),
            None => Ok(self.synced_lsn),
        };
        // The caller may have stopped waiting; nothing to do then.
        let _ = reply.send(answer);
    }

    /// Renames the empty active segment so that the next record is `lsn + 1`;
    /// see [`Wal::advance_to`].
    fn advance_to(&mut self, lsn: Lsn) -> Result<Lsn, WalError> {
        if let Some(failure) = self.shared.failure() {
            return Err(failure.to_error());
        }
        if lsn <= self.written_lsn {
            return Ok(self.written_lsn);
        }
        let cannot_advance = || WalError::CannotAdvance { last_lsn: self.written_lsn, requested_lsn: lsn };
        let next_lsn = lsn.checked_add(1).ok_or_else(cannot_advance)?;
        // Only a log without records may skip LSNs: an older segment, or bytes
        // in the active one, would end before `lsn` and leave a gap.
        let segments = list_segments(&self.directory)?;
        if self.segment.written_bytes > 0 || segments.len() > 1 {
            return Err(cannot_advance());
        }
        debug_assert_eq!(segments.first().map(|segment| segment.first_lsn), Some(self.segment.first_lsn));
        let source = segment_path(&self.directory, self.segment.first_lsn);
        let target = segment_path(&self.directory, next_lsn);
        std::fs::rename(&source, &target)
            .map_err(|error| WalError::io(format!("renaming {} to {}", source.display(), target.display()), error))?;
        if let Err(error) = self.storage.sync_directory(&self.directory) {
            self.fail_stop("syncing the log directory after advancing the LSN", &error);
            return Err(self.shared.failure().expect("just failed").to_error());
        }
        self.segment.first_lsn = next_lsn;
        self.next_lsn = next_lsn;
        self.written_lsn = lsn;
        self.synced_lsn = lsn;
        for counter in [&self.shared.last_lsn, &self.shared.durable_lsn, &self.shared.synced_lsn] {
            counter.store(lsn, Ordering::Release);
        }
        self.shared.active_first_lsn.store(next_lsn, Ordering::Release);
        tracing::info!(directory = %self.directory.display(), last_lsn = lsn, "advanced the write-ahead log");
        Ok(lsn)
    }

    /// Stops the log for good: records the cause, cuts the segment back to
    /// what was acknowledged (best effort: recovery cuts a torn tail anyway),
    /// and fails the batch in hand.
    fn fail_stop(&mut self, context: &str, error: &io::Error) {
        let failure = self.shared.record_failure(Failure::from_io(context, error));
        tracing::error!(
            directory = %self.directory.display(),
            segment_first_lsn = self.segment.first_lsn,
            %error,
            "the write-ahead log failed ({context}); it stops accepting writes until the server restarts"
        );
        let acknowledged_bytes = self.segment.acknowledged_bytes;
        if let Err(truncate_error) = self.segment.file.set_len(acknowledged_bytes) {
            tracing::error!(%truncate_error, acknowledged_bytes, "could not truncate the segment after a failure");
        }
        self.segment.written_bytes = acknowledged_bytes;
        for (_lsn, completion) in self.batch.drain(..) {
            run_completion(completion, Err(failure.to_error()));
        }
    }

    /// After a failure: answers every request with the failure until every
    /// handle is gone, so no completion is ever left without an answer.
    fn refuse_until_closed(&mut self) {
        let failure = self.shared.failure().expect("refusing only after a failure");
        for request in self.receiver.iter() {
            match request {
                Request::Append { completion, .. } => run_completion(completion, Err(failure.to_error())),
                Request::Control(Control::Flush { reply } | Control::AdvanceTo { reply, .. }) => {
                    let _ = reply.send(Err(failure.to_error()));
                }
            }
        }
    }
}

/// Runs a completion, keeping the writer alive if it panics: a dead writer
/// would leave every later completion without an answer.
fn run_completion(completion: Completion, result: Result<Lsn, WalError>) {
    if catch_unwind(AssertUnwindSafe(|| completion(result))).is_err() {
        tracing::error!("a write-ahead log completion panicked");
    }
}
