//! The writer thread behind [`super::Wal`]: group commit.
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
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use parking_lot::Mutex;

use super::config::{FsyncMode, WalConfig, BATCH_BYTES_TARGET};
use super::error::{Failure, WalError};
use super::frame::encode_record;
use super::handle::Completion;
use super::recovery::Recovered;
use super::segment::{list_segments, segment_path};
use super::storage::{SegmentFile, Storage};
use super::Lsn;
use crate::telemetry::names::{WAL_APPENDS, WAL_BATCH_RECORDS, WAL_FSYNC_DURATION, WAL_FSYNC_FAILURES};

pub(super) enum Request {
    Append { payload: Vec<u8>, completion: Completion },
    Control(Control),
}

/// A request answered on a reply channel, in queue order: after every record
/// queued before it is written.
pub(super) enum Control {
    Flush { reply: Reply },
    AdvanceTo { lsn: Lsn, reply: Reply },
}

pub(super) type Reply = SyncSender<Result<Lsn, WalError>>;

/// What handles and the writer thread both see. Atomics, because handles
/// read them on every request and the writer updates them after every batch.
pub(super) struct Shared {
    /// The last LSN the writer gave a record.
    pub(super) last_lsn: AtomicU64,
    /// The last LSN acknowledged: synced in `always` mode, written otherwise.
    pub(super) durable_lsn: AtomicU64,
    /// The last LSN known fdatasynced.
    pub(super) synced_lsn: AtomicU64,
    /// The first LSN of the segment being written, which is never removed.
    pub(super) active_first_lsn: AtomicU64,
    /// Set once, with `failure`, when the writer fail-stops; checked first so
    /// that healthy appends take no lock.
    pub(super) failed: AtomicBool,
    /// Appends blocked on a full queue right now: the writer is a whole
    /// queue behind, and appenders wait (backpressure).
    pub(super) appends_waiting: AtomicUsize,
    pub(super) failure: Mutex<Option<Failure>>,
}

impl Shared {
    pub(super) fn recovered(recovered: &Recovered) -> Shared {
        Shared {
            last_lsn: AtomicU64::new(recovered.last_lsn),
            durable_lsn: AtomicU64::new(recovered.last_lsn),
            synced_lsn: AtomicU64::new(recovered.last_lsn),
            active_first_lsn: AtomicU64::new(recovered.active_first_lsn),
            failed: AtomicBool::new(false),
            appends_waiting: AtomicUsize::new(0),
            failure: Mutex::new(None),
        }
    }

    pub(super) fn failure(&self) -> Option<Failure> {
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
pub(super) struct Writer {
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
    /// Starts the writer thread on a recovered log, fed by `receiver`.
    pub(super) fn spawn(
        config: &WalConfig,
        storage: Arc<dyn Storage>,
        shared: Arc<Shared>,
        receiver: Receiver<Request>,
        recovered: Recovered,
    ) -> Result<JoinHandle<()>, WalError> {
        let writer = Writer {
            directory: config.directory.clone(),
            segment_bytes: config.segment_bytes,
            fsync: config.fsync,
            batch_records_max: config.batch_records_max,
            storage,
            shared,
            receiver,
            segment: ActiveSegment::resumed(recovered.active_file, recovered.active_first_lsn, recovered.active_bytes),
            next_lsn: recovered.last_lsn + 1,
            written_lsn: recovered.last_lsn,
            synced_lsn: recovered.last_lsn,
            buffer: Vec::new(),
            batch: Vec::with_capacity(config.batch_records_max),
            unsynced_since: None,
        };
        std::thread::Builder::new()
            .name("shortlist-wal-writer".to_owned())
            .spawn(move || writer.run())
            .map_err(|error| WalError::io("starting the write-ahead log writer thread", error))
    }

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
        metrics::counter!(WAL_APPENDS).increment(self.batch.len() as u64);
        metrics::histogram!(WAL_BATCH_RECORDS).record(self.batch.len() as f64);
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
        let started = Instant::now();
        let synced = self.segment.file.sync_data();
        metrics::histogram!(WAL_FSYNC_DURATION).record(started.elapsed().as_secs_f64());
        if synced.is_err() {
            metrics::counter!(WAL_FSYNC_FAILURES).increment(1);
        }
        synced?;
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
