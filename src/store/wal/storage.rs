//! The system calls of the write path, behind a trait, so that tests can make
//! any of them fail the way disks fail: a failing fdatasync, a short write, a
//! full disk. Only writing goes through [`Storage`]; recovery reads with plain
//! `std::fs`, because a fault on the read path is just an error to report.
//!
//! [`FaultyStorage`] is public, not `cfg(test)`, so that integration tests can
//! inject faults through the whole application and check what HTTP clients
//! see.
//!
//! # Space written ahead as zeros
//! A segment's file is grown [`PREALLOCATION_CHUNK_BYTES`] at a time by
//! writing zeros, and records are written over those zeros. Appending would
//! change the file's size with every batch, and on ext4 an fdatasync then
//! commits the journal for the new size besides flushing the data; over
//! blocks the file already has, it flushes only the data. Measured on this
//! workplace's 2-core virtual machine, 3,000 writes of 200 bytes each
//! followed by fdatasync: appending, a median of 148 µs a write and 65 µs of
//! CPU; over zeros written ahead, 102 µs and 43 µs. This is what PostgreSQL
//! does with its WAL segments. The reader takes an all-zero tail as the end
//! of a segment's records (an LSN is never 0, so a record header is never
//! all zeros).

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::error::{ERRNO_IO, ERRNO_NO_SPACE};

/// The zeros a segment file is grown by at a time, ahead of its records.
/// One fdatasync in this many bytes of records commits a new file size.
pub const PREALLOCATION_CHUNK_BYTES: u64 = 1024 * 1024;

/// An open segment, written at the end of its records; what follows them in
/// the file is zeros.
pub trait SegmentFile: Send {
    /// Writes all of `bytes` after the records written so far.
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()>;
    /// fdatasync: the data and the size are on stable storage when it returns.
    fn sync_data(&mut self) -> io::Result<()>;
    /// Cuts the file at `length`, zeros written ahead included; later writes
    /// go to `length`.
    fn set_len(&mut self, length: u64) -> io::Result<()>;
}

/// Creates and opens segments, and makes directory entries durable.
pub trait Storage: Send + Sync {
    /// Creates a new, empty segment; fails if the file exists.
    fn create_segment(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>>;
    /// Opens an existing segment for writing after its first `records_bytes`
    /// bytes, its records: the reader has checked that only zeros follow.
    fn open_segment_at(&self, path: &Path, records_bytes: u64) -> io::Result<Box<dyn SegmentFile>>;
    /// fsyncs a directory, so that files created or removed in it stay so.
    fn sync_directory(&self, directory: &Path) -> io::Result<()>;
}

/// The real storage: `std::fs`, `File::sync_data` (fdatasync), and directory
/// fsync by opening the directory and calling `sync_all` on it.
#[derive(Clone, Copy, Debug, Default)]
pub struct FileStorage;

/// A segment file written at explicit offsets: records at `records_bytes`,
/// zeros ahead of them up to `file_bytes`.
struct FileSegment {
    file: File,
    /// Where the next record goes.
    records_bytes: u64,
    /// The file's length; from `records_bytes` to here, zeros.
    file_bytes: u64,
}

/// The buffer zeros are written from.
static ZEROS: [u8; 64 * 1024] = [0; 64 * 1024];

impl FileSegment {
    /// Writes zeros from the file's end until it holds at least `end` bytes
    /// and one byte more, to a multiple of the chunk.
    fn grow_past(&mut self, end: u64) -> io::Result<()> {
        let target = (end / PREALLOCATION_CHUNK_BYTES + 1) * PREALLOCATION_CHUNK_BYTES;
        while self.file_bytes < target {
            let length = (target - self.file_bytes).min(ZEROS.len() as u64) as usize;
            self.file.write_all_at(&ZEROS[..length], self.file_bytes)?;
            self.file_bytes += length as u64;
        }
        Ok(())
    }
}

impl SegmentFile for FileSegment {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let end = self.records_bytes + bytes.len() as u64;
        if end > self.file_bytes {
            self.grow_past(end)?;
        }
        self.file.write_all_at(bytes, self.records_bytes)?;
        self.records_bytes = end;
        Ok(())
    }

    fn sync_data(&mut self) -> io::Result<()> {
        self.file.sync_data()
    }

    fn set_len(&mut self, length: u64) -> io::Result<()> {
        self.file.set_len(length)?;
        self.records_bytes = length;
        self.file_bytes = length;
        Ok(())
    }
}

impl Storage for FileStorage {
    fn create_segment(&self, path: &Path) -> io::Result<Box<dyn SegmentFile>> {
        let file = OpenOptions::new().write(true).create_new(true).open(path)?;
        Ok(Box::new(FileSegment { file, records_bytes: 0, file_bytes: 0 }))
    }

    fn open_segment_at(&self, path: &Path, records_bytes: u64) -> io::Result<Box<dyn SegmentFile>> {
        let file = OpenOptions::new().write(true).open(path)?;
        let file_bytes = file.metadata()?.len();
        if records_bytes > file_bytes {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("the segment's records end at {records_bytes}, past its length {file_bytes}"),
            ));
        }
        Ok(Box::new(FileSegment { file, records_bytes, file_bytes }))
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

    fn open_segment_at(&self, path: &Path, records_bytes: u64) -> io::Result<Box<dyn SegmentFile>> {
        FileStorage.open_segment_at(path, records_bytes).map(|inner| self.wrap(inner))
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
        let bytes = std::fs::read(&path).expect("read");
        assert_eq!(&bytes[..4], b"abcd");
        assert!(bytes[4..].iter().all(|&byte| byte == 0), "what follows the half written is the zeroed space");
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

    /// The file's bytes up to the last non-zero one.
    fn written_part(path: &Path) -> Vec<u8> {
        let mut bytes = std::fs::read(path).expect("read");
        let end = bytes.iter().rposition(|&byte| byte != 0).map_or(0, |last| last + 1);
        bytes.truncate(end);
        bytes
    }

    #[test]
    fn file_storage_writes_after_truncation() {
        let directory = TestDirectory::new("append-after-truncation");
        let path = directory.path().join("a");
        let mut segment = FileStorage.create_segment(&path).expect("create");
        segment.write_all(b"abcdef").expect("write");
        segment.set_len(2).expect("truncate");
        segment.write_all(b"XY").expect("write");
        assert_eq!(written_part(&path), b"abXY");
        assert!(FileStorage.create_segment(&path).is_err(), "creating must never clobber a segment");
    }

    #[test]
    fn a_segment_grows_a_chunk_of_zeros_at_a_time_and_records_overwrite_them() {
        let directory = TestDirectory::new("grows-by-chunks");
        let path = directory.path().join("a");
        let length = |path: &Path| std::fs::metadata(path).expect("metadata").len();
        let mut segment = FileStorage.create_segment(&path).expect("create");
        segment.write_all(b"first").expect("write");
        assert_eq!(length(&path), PREALLOCATION_CHUNK_BYTES);
        segment.write_all(b"second").expect("write");
        assert_eq!(length(&path), PREALLOCATION_CHUNK_BYTES, "the second write lands in the zeros");
        assert_eq!(written_part(&path), b"firstsecond");
        let record = vec![7u8; PREALLOCATION_CHUNK_BYTES as usize];
        segment.write_all(&record).expect("a record larger than the zeros left");
        assert_eq!(length(&path), 2 * PREALLOCATION_CHUNK_BYTES, "grown past the record's end, to a whole chunk");
        let bytes = std::fs::read(&path).expect("read");
        assert_eq!(&bytes[11..11 + record.len()], &record[..]);
        assert!(bytes[11 + record.len()..].iter().all(|&byte| byte == 0));
    }

    #[test]
    fn a_reopened_segment_writes_after_its_records_and_keeps_its_zeros() {
        let directory = TestDirectory::new("reopened-at");
        let path = directory.path().join("a");
        FileStorage.create_segment(&path).expect("create").write_all(b"abc").expect("write");
        let mut segment = FileStorage.open_segment_at(&path, 3).expect("open");
        segment.write_all(b"def").expect("write");
        assert_eq!(written_part(&path), b"abcdef");
        assert_eq!(std::fs::metadata(&path).expect("metadata").len(), PREALLOCATION_CHUNK_BYTES);
        let past_the_end = FileStorage.open_segment_at(&path, PREALLOCATION_CHUNK_BYTES + 1);
        assert!(past_the_end.is_err_and(|error| error.kind() == io::ErrorKind::InvalidInput));
    }
}
