//! The system calls of the write path, behind a trait, so that tests can make
//! any of them fail the way disks fail: a failing fdatasync, a short write, a
//! full disk. Only writing goes through [`Storage`]; recovery reads with plain
//! `std::fs`, because a fault on the read path is just an error to report.
//!
//! [`FaultyStorage`] is public, not `cfg(test)`, so that integration tests can
//! inject faults through the whole application and check what HTTP clients
//! see.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::error::{ERRNO_IO, ERRNO_NO_SPACE};

/// An open segment, written at its end.
pub trait SegmentFile: Send {
    /// Appends all of `bytes` at the end of the file.
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()>;
    /// fdatasync: the data and the size are on stable storage when it returns.
    fn sync_data(&mut self) -> io::Result<()>;
    /// Truncates (or extends) the file; later writes go to the new end.
    fn set_len(&mut self, length: u64) -> io::Result<()>;
}

/// Creates and opens segments, and makes directory entries durable.
pub trait Storage: Send + Sync {
    /// Creates a new, empty segment; fails if the file exists.
    fn create_segment(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>>;
    /// Opens an existing segment for appending at its end.
    fn open_segment_for_append(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>>;
    /// fsyncs a directory, so that files created or removed in it stay so.
    fn sync_directory(&self, directory: &Path) -> io::Result<()>;
}

/// The real storage: `std::fs`, `File::sync_data` (fdatasync), and directory
/// fsync by opening the directory and calling `sync_all` on it.
#[derive(Clone, Copy, Debug, Default)]
pub struct FileStorage;

/// A segment file opened in append mode, so every write lands at the end
/// even after a truncation, without tracking a cursor.
struct FileSegment {
    file: File,
}

impl SegmentFile for FileSegment {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.file.write_all(bytes)
    }

    fn sync_data(&mut self) -> io::Result<()> {
        self.file.sync_data()
    }

    fn set_len(&mut self, length: u64) -> io::Result<()> {
        self.file.set_len(length)
    }
}

impl Storage for FileStorage {
    fn create_segment(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>> {
        let file = OpenOptions::new().append(true).create_new(true).open(path)?;
        Ok(Box::new(FileSegment { file }))
    }

    fn open_segment_for_append(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>> {
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(Box::new(FileSegment { file }))
    }

    fn sync_directory(&self, directory: &Path) -> io::Result<()> {
        File::open(directory)?.sync_all()
    }
}

/// The faults armed for the next call, and counters that let tests see
/// batching (far fewer syncs than records).
#[derive(Debug, Default)]
struct Faults {
    fail_next_sync: AtomicBool,
    short_write_next: AtomicBool,
    enospc_next_write: AtomicBool,
    fail_next_create: AtomicBool,
    write_calls: AtomicU64,
    sync_calls: AtomicU64,
}

impl Faults {
    /// Takes an armed one-shot fault: true once per arming.
    fn take(flag: &AtomicBool) -> bool {
        flag.swap(false, Ordering::SeqCst)
    }
}

/// [`FileStorage`] with one-shot faults armed from outside. Each fault
/// applies to the next matching call on any segment, then disarms itself.
#[derive(Clone, Debug, Default)]
pub struct FaultyStorage {
    faults: Arc<Faults>,
}

impl FaultyStorage {
    #[must_use]
    pub fn new() -> Self {
        FaultyStorage::default()
    }

    /// The next fdatasync fails with EIO, as a dying disk's would.
    pub fn fail_next_sync(&self) {
        self.faults.fail_next_sync.store(true, Ordering::SeqCst);
    }

    /// The next write writes the first half of its bytes, then fails.
    pub fn short_write_next(&self) {
        self.faults.short_write_next.store(true, Ordering::SeqCst);
    }

    /// The next write writes nothing and fails with ENOSPC.
    pub fn enospc_next_write(&self) {
        self.faults.enospc_next_write.store(true, Ordering::SeqCst);
    }

    /// The next segment creation fails with EIO.
    pub fn fail_next_create(&self) {
        self.faults.fail_next_create.store(true, Ordering::SeqCst);
    }

    /// Disarms every fault that has not fired yet.
    pub fn heal(&self) {
        for flag in [
            &self.faults.fail_next_sync,
            &self.faults.short_write_next,
            &self.faults.enospc_next_write,
            &self.faults.fail_next_create,
        ] {
            flag.store(false, Ordering::SeqCst);
        }
    }

    /// Writes attempted on segments so far.
    #[must_use]
    pub fn write_calls(&self) -> u64 {
        self.faults.write_calls.load(Ordering::SeqCst)
    }

    /// fdatasyncs attempted on segments so far.
    #[must_use]
    pub fn sync_calls(&self) -> u64 {
        self.faults.sync_calls.load(Ordering::SeqCst)
    }

    fn wrap(&self, inner: Box<dyn SegmentFile>) -> Box<dyn SegmentFile> {
        Box::new(FaultySegment { inner, faults: Arc::clone(&self.faults) })
    }
}

impl Storage for FaultyStorage {
    fn create_segment(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>> {
        if Faults::take(&self.faults.fail_next_create) {
            return Err(io::Error::other("injected fault: segment creation failed"));
        }
        FileStorage.create_segment(path).map(|inner| self.wrap(inner))
    }

    fn open_segment_for_append(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>> {
        FileStorage.open_segment_for_append(path).map(|inner| self.wrap(inner))
    }

    fn sync_directory(&self, directory: &Path) -> io::Result<()> {
        FileStorage.sync_directory(directory)
    }
}

struct FaultySegment {
    inner: Box<dyn SegmentFile>,
    faults: Arc<Faults>,
}

impl SegmentFile for FaultySegment {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.faults.write_calls.fetch_add(1, Ordering::SeqCst);
        if Faults::take(&self.faults.enospc_next_write) {
            return Err(io::Error::from_raw_os_error(ERRNO_NO_SPACE));
        }
        if Faults::take(&self.faults.short_write_next) {
            self.inner.write_all(&bytes[..bytes.len() / 2])?;
            return Err(io::Error::other(format!(
                "injected fault: short write of {} of {} bytes",
                bytes.len() / 2,
                bytes.len()
            )));
        }
        self.inner.write_all(bytes)
    }

    fn sync_data(&mut self) -> io::Result<()> {
        self.faults.sync_calls.fetch_add(1, Ordering::SeqCst);
        if Faults::take(&self.faults.fail_next_sync) {
            // EIO, what Linux reports when writeback failed.
            return Err(io::Error::from_raw_os_error(ERRNO_IO));
        }
        self.inner.sync_data()
    }

    fn set_len(&mut self, length: u64) -> io::Result<()> {
        self.inner.set_len(length)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::wal::error::is_no_space;
    use crate::store::wal::test_support::TestDirectory;

    #[test]
    fn faults_fire_once_then_disarm() {
        let directory = TestDirectory::new("faults-fire-once");
        let storage = FaultyStorage::new();
        let mut segment = storage.create_segment(&directory.path().join("a")).expect("create");
        storage.fail_next_sync();
        assert!(segment.sync_data().is_err());
        assert!(segment.sync_data().is_ok());
        storage.enospc_next_write();
        assert!(segment.write_all(b"abcd").is_err_and(|error| is_no_space(&error)));
        segment.write_all(b"abcd").expect("healthy write");
        assert_eq!((storage.write_calls(), storage.sync_calls()), (2, 2));
    }

    #[test]
    fn short_write_leaves_half_the_bytes() {
        let directory = TestDirectory::new("short-write-half");
        let path = directory.path().join("a");
        let storage = FaultyStorage::new();
        let mut segment = storage.create_segment(&path).expect("create");
        storage.short_write_next();
        assert!(segment.write_all(b"abcdefgh").is_err());
        assert_eq!(std::fs::read(&path).expect("read"), b"abcd");
    }

    #[test]
    fn heal_disarms_pending_faults() {
        let directory = TestDirectory::new("heal-disarms");
        let storage = FaultyStorage::new();
        storage.fail_next_create();
        storage.fail_next_sync();
        storage.heal();
        let mut segment = storage.create_segment(&directory.path().join("a")).expect("create");
        segment.sync_data().expect("sync");
    }

    #[test]
    fn file_storage_appends_after_truncation() {
        let directory = TestDirectory::new("append-after-truncation");
        let path = directory.path().join("a");
        let mut segment = FileStorage.create_segment(&path).expect("create");
        segment.write_all(b"abcdef").expect("write");
        segment.set_len(2).expect("truncate");
        segment.write_all(b"XY").expect("write");
        assert_eq!(std::fs::read(&path).expect("read"), b"abXY");
        assert!(FileStorage.create_segment(&path).is_err(), "creating must never clobber a segment");
    }
}
