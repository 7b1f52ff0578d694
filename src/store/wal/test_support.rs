//! Helpers shared by the log's unit tests: a scratch directory that removes
//! itself, and small readers of what is on disk. Temporary directories are
//! made by hand (no tempfile crate) under the system's temporary directory,
//! with a name unique to the process and the call. [`GatedStorage`] holds the
//! writer inside an fdatasync so that tests of batching need no timing.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::sync::Arc;

use parking_lot::{Condvar, Mutex};

use super::reader::RecordIterator;
use super::segment::list_segments;
use super::{
    read_records, Completion, FaultyStorage, FileStorage, Lsn, OpenReport, SegmentFile, Storage, Wal, WalConfig,
    WalError,
};

/// A fresh directory, removed with its contents when dropped.
pub struct TestDirectory(tempfile::TempDir);

impl TestDirectory {
    pub fn new(name: &str) -> Self {
        let prefix = format!("shortlist-wal-test-{name}-");
        TestDirectory(tempfile::Builder::new().prefix(&prefix).tempdir().expect("create the test directory"))
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

/// The names of the files in `directory`, sorted.
pub fn file_names(directory: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(directory)
        .expect("list the directory")
        .map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A configuration for tests: the defaults, in `directory`.
pub fn test_config(directory: &Path) -> WalConfig {
    WalConfig::for_directory(directory)
}

/// Opens a log on the real file system.
pub fn open_log(config: WalConfig) -> (Wal, OpenReport) {
    Wal::open(config, Arc::new(FileStorage)).expect("open the log")
}

/// Appends one record and waits for its completion.
pub fn append_and_wait(wal: &Wal, payload: impl Into<Vec<u8>>) -> Result<Lsn, WalError> {
    let (sender, receiver) = std::sync::mpsc::channel();
    wal.append(payload.into(), completion_sending_to(sender))?;
    receiver.recv().expect("every accepted record's completion runs")
}

/// A completion that sends its result on `sender`.
pub fn completion_sending_to(sender: Sender<Result<Lsn, WalError>>) -> Completion {
    Box::new(move |result| {
        let _ = sender.send(result);
    })
}

/// Every record of the log, read back from the start.
pub fn read_all(directory: &Path) -> Vec<(Lsn, Vec<u8>)> {
    read_records(directory, 0).expect("read the log").collect::<Result<_, _>>().expect("a valid log")
}

/// The segment files of `directory` in LSN order.
pub fn segment_paths(directory: &Path) -> Vec<PathBuf> {
    list_segments(directory).expect("list segments").into_iter().map(|segment| segment.path).collect()
}

/// Where the newest segment's records end: the zeros ahead of them are not
/// counted.
pub fn records_end(directory: &Path) -> u64 {
    let mut records = RecordIterator::open(directory, 0).expect("read the log");
    for record in &mut records {
        record.expect("a valid log");
    }
    records.end_offset()
}

pub fn file_length(path: &Path) -> u64 {
    std::fs::metadata(path).expect("file metadata").len()
}

/// [`FaultyStorage`] (for its faults and call counters) whose next fdatasync,
/// once the gate is closed, waits until the test releases it. This makes
/// batching deterministic: while the writer is held in one sync, everything
/// the test appends gathers in the queue.
#[derive(Clone, Default)]
pub struct GatedStorage {
    faults: FaultyStorage,
    gate: Arc<Gate>,
}

#[derive(Default)]
struct Gate {
    state: Mutex<GateState>,
    changed: Condvar,
}

#[derive(Default)]
struct GateState {
    closed: bool,
    holding: bool,
}

impl GatedStorage {
    pub fn new() -> Self {
        GatedStorage::default()
    }

    pub fn faults(&self) -> &FaultyStorage {
        &self.faults
    }

    /// The next fdatasync waits at the gate until [`GatedStorage::release`].
    pub fn close_gate(&self) {
        self.gate.state.lock().closed = true;
    }

    /// Waits until an fdatasync is held at the gate.
    pub fn wait_until_held(&self) {
        let mut state = self.gate.state.lock();
        while !state.holding {
            self.gate.changed.wait(&mut state);
        }
    }

    /// Lets the held fdatasync proceed.
    pub fn release(&self) {
        let mut state = self.gate.state.lock();
        state.closed = false;
        self.gate.changed.notify_all();
    }

    fn wrap(&self, inner: Box<dyn SegmentFile>) -> Box<dyn SegmentFile> {
        Box::new(GatedSegment { inner, gate: Arc::clone(&self.gate) })
    }
}

impl Storage for GatedStorage {
    fn create_segment(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>> {
        self.faults.create_segment(path).map(|inner| self.wrap(inner))
    }

    fn open_segment_at(&self, path: &Path, records_bytes: u64) -> io::Result<Box<dyn SegmentFile>> {
        self.faults.open_segment_at(path, records_bytes).map(|inner| self.wrap(inner))
    }

    fn sync_directory(&self, directory: &Path) -> io::Result<()> {
        self.faults.sync_directory(directory)
    }
}

struct GatedSegment {
    inner: Box<dyn SegmentFile>,
    gate: Arc<Gate>,
}

impl SegmentFile for GatedSegment {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner.write_all(bytes)
    }

    fn sync_data(&mut self) -> io::Result<()> {
        let mut state = self.gate.state.lock();
        if state.closed {
            state.holding = true;
            self.gate.changed.notify_all();
            while state.closed {
                self.gate.changed.wait(&mut state);
            }
            state.holding = false;
        }
        drop(state);
        // The faults are checked after the gate, so a test can arm one while
        // the writer is held.
        self.inner.sync_data()
    }

    fn set_len(&mut self, length: u64) -> io::Result<()> {
        self.inner.set_len(length)
    }
}
