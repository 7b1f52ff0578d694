//! A snapshot brought into memory for decoding, verified, either mapped
//! (recovery) or read into a buffer (operator tools, and file systems that
//! cannot map), so that the values decoded from it may point into it
//! instead of copying.
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
//! # What a mapping asks
//! - A failed read of a mapped page is a SIGBUS, not an error. So every page
//!   is faulted in first with `MADV_POPULATE_READ`, which reports a failed
//!   read (a bad sector, a file cut short since it was opened) as an error:
//!   the snapshot is then rejected and recovery tries an older one. Kernels
//!   before 5.14 lack it; there the file is read once through `read()` to
//!   the same end.
//! - Once loaded, pages the kernel evicts are read again on use; a disk that
//!   fails then takes the process down (fail-stop; README says so).
//! - The file must not change while mapped: snapshot files are never
//!   written after they are published, they are published read-only
//!   (0444), and deleting one is safe (the mapping keeps its inode alive).
//!   Writing into one in place, under any of its names, is the one thing an
//!   operator must not do; README says so.

use std::io::ErrorKind;
use std::path::Path;
use std::sync::Arc;

use memmap2::{Advice, Mmap, MmapOptions};

use super::{
    check_payload_crc32c, io_error, open_snapshot, read_payload, verify_snapshot, SnapshotError, SnapshotHeader,
};

/// How a snapshot's bytes are brought into memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SnapshotAccess {
    /// Map the file (falling back to reading it where mapping fails).
    Map,
    /// Read the file into a buffer: for files that may be damaged or still
    /// changing, which a mapping would turn into a crash.
    Read,
}

/// The bytes of a snapshot file in memory.
pub enum SnapshotBytes {
    Mapped(Mmap),
    Read(Vec<u8>),
}

impl AsRef<[u8]> for SnapshotBytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            SnapshotBytes::Mapped(mapping) => mapping,
            SnapshotBytes::Read(buffer) => buffer,
        }
    }
}

/// A verified snapshot in memory: the header, and the payload as a view of
/// bytes that values decoded from it may keep alive.
pub struct SnapshotInMemory {
    pub header: SnapshotHeader,
    bytes: Arc<SnapshotBytes>,
    payload_offset: usize,
}

impl SnapshotInMemory {
    pub fn payload(&self) -> &[u8] {
        &(*self.bytes).as_ref()[self.payload_offset..]
    }

    /// Whether the bytes are a mapping of the file rather than a copy.
    pub fn is_mapped(&self) -> bool {
        matches!(*self.bytes, SnapshotBytes::Mapped(_))
    }

    /// The bytes, for values that point into them to keep alive.
    pub fn bytes(&self) -> Arc<SnapshotBytes> {
        Arc::clone(&self.bytes)
    }
}

/// Brings a snapshot into memory and checks it as `read_snapshot` does:
/// magic, header checksum, version, exact length and payload checksum.
pub fn snapshot_in_memory(path: &Path, access: SnapshotAccess) -> Result<SnapshotInMemory, SnapshotError> {
    let mut opened = open_snapshot(path)?;
    let mapping = match access {
        SnapshotAccess::Map => map_and_populate(path, &opened.file, opened.file_bytes)?,
        SnapshotAccess::Read => None,
    };
    let (bytes, payload_offset) = match mapping {
        Some(mapping) => {
            let header_bytes = usize::try_from(opened.file_bytes - opened.header.payload_bytes)
                .expect("the header's length fits in memory: it was read into a buffer");
            (SnapshotBytes::Mapped(mapping), header_bytes)
        }
        // The file is positioned at the payload, so the buffer holds only it.
        None => (SnapshotBytes::Read(read_payload(path, &mut opened)?), 0),
    };
    let in_memory = SnapshotInMemory { header: opened.header, bytes: Arc::new(bytes), payload_offset };
    check_payload_crc32c(path, &in_memory.header, crc32c::crc32c(in_memory.payload()))?;
    Ok(in_memory)
}

/// The file mapped with every page faulted in, or `None` when this file
/// cannot be mapped (the caller reads it instead).
fn map_and_populate(path: &Path, file: &std::fs::File, file_bytes: u64) -> Result<Option<Mmap>, SnapshotError> {
    // SAFETY: the mapping is read-only and snapshot files are never written
    // after they are published; see the module doc for what an operator
    // must not do, and for how read errors are kept from becoming SIGBUS.
    let mapping = match unsafe { MmapOptions::new().map(file) } {
        Ok(mapping) => mapping,
        Err(error) => {
            tracing::warn!(path = %path.display(), %error, "cannot map the snapshot; reading it instead");
            return Ok(None);
        }
    };
    if mapping.len() as u64 != file_bytes {
        return Err(SnapshotError::LengthMismatch {
            path: path.to_path_buf(),
            expected: file_bytes,
            actual: mapping.len() as u64,
        });
    }
    match mapping.advise(Advice::PopulateRead) {
        Ok(()) => {}
        // Before Linux 5.14: surface read errors with one pass of read()
        // (which checksums too; only those kernels pay for it twice).
        Err(error) if error.kind() == ErrorKind::InvalidInput => {
            verify_snapshot(path)?;
        }
        Err(error) => return Err(io_error(path)(error)),
    }
    Ok(Some(mapping))
}
