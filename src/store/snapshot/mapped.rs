//! A snapshot read for recovery: the file mapped into memory and verified,
//! so that the values decoded from it may point into it instead of copying.
//!
//! # Why a mapping
//! A workspace of 100,000 applications is a payload of about 260 MB, most of
//! it parsed resumes and breakdowns that the state keeps encoded. Reading it
//! into a buffer and then copying each blob out makes the kernel hand over
//! and zero twice that much fresh memory, page by page; measured on this
//! machine, that was over half of the time to recover 1,000,000 applications
//! in a new process. Mapped, the pages are the page cache's own: nothing is
//! zeroed or copied, and the blobs stay where the file has them.
//!
//! # What it asks of the file
//! A mapped file must not shrink while it is mapped: reading a page past
//! its new end raises SIGBUS. Snapshot files are never modified after they
//! are published (see the module above), and deleting one is safe (the
//! mapping keeps its inode alive until the last value pointing into it is
//! gone). Truncating or overwriting a snapshot file in place while the
//! server runs is the one thing an operator must not do; README says so.

use std::path::Path;
use std::sync::Arc;

use memmap2::{Mmap, MmapOptions};

use super::{check_payload_crc32c, io_error, open_snapshot, SnapshotError, SnapshotHeader};

/// A verified snapshot in memory: the header, and the payload as a view of
/// the mapping.
pub struct MappedSnapshot {
    pub header: SnapshotHeader,
    mapping: Arc<Mmap>,
    payload_offset: usize,
}

impl MappedSnapshot {
    pub fn payload(&self) -> &[u8] {
        &self.mapping[self.payload_offset..]
    }

    /// The whole mapping, for values that point into it to keep alive.
    pub fn mapping(&self) -> Arc<Mmap> {
        Arc::clone(&self.mapping)
    }
}

/// Maps a snapshot and checks it as `read_snapshot` does: magic, header
/// checksum, version, exact length and payload checksum.
pub fn map_snapshot(path: &Path) -> Result<MappedSnapshot, SnapshotError> {
    let opened = open_snapshot(path)?;
    let payload_offset = usize::try_from(opened.file_bytes - opened.header.payload_bytes)
        .expect("the header's length fits in memory: it was read into a buffer");
    // SAFETY: the mapping is read-only and snapshot files are never written
    // after they are published; see the module doc for the one operator
    // action (truncating a snapshot in place) that would break this.
    // `populate` faults every page in with one call instead of one trap per page.
    let mapping = unsafe { MmapOptions::new().populate().map(&opened.file) }.map_err(io_error(path))?;
    if mapping.len() as u64 != opened.file_bytes {
        return Err(SnapshotError::LengthMismatch {
            path: path.to_path_buf(),
            expected: opened.file_bytes,
            actual: mapping.len() as u64,
        });
    }
    check_payload_crc32c(path, &opened.header, crc32c::crc32c(&mapping[payload_offset..]))?;
    Ok(MappedSnapshot { header: opened.header, mapping: Arc::new(mapping), payload_offset })
}
