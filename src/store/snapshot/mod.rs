//! Snapshot files: one file per workspace per point in time, holding the
//! codec-encoded state of that workspace as of one log sequence number (LSN).
//! This module owns the file format, the directory layout, and the rules that
//! make a snapshot safe to trust and safe to copy; it knows nothing of what
//! the payload means (the caller encodes it with `store::codec`).
//!
//! # Layout
//! `<root>/<workspace_id>/<lsn:020>-<created_at_unix_milliseconds>.snap`. The
//! zero-padded LSN makes a directory listing sort oldest first for operators;
//! the code itself never trusts names and orders by the headers.
//!
//! # Why it is shaped so
//! - A fixed little-endian header (see `header.rs`) precedes the payload, so
//!   `list_snapshots` and `snapshot inspect` read about a hundred bytes per file
//!   and never the payload. Two CRC-32C checksums, one over the header and one
//!   over the payload, catch any single flipped bit and any truncation; the
//!   file's length must equal the header's length plus the payload's exactly.
//! - Files are written once, published read-only, and never changed, so
//!   operators may copy them while the server runs, and recovery may map
//!   them (`mapped.rs`). A snapshot is written to a temporary file in the
//!   same directory, fsynced, published under its final name, and the
//!   directory is fsynced (qdrant's atomic metadata write). It is published
//!   with a hard link rather than a rename because a link refuses to replace
//!   an existing file, atomically, where a rename would silently overwrite.
//! - Two snapshots of one workspace with the same LSN and the same creation
//!   millisecond would share a name. That is a caller bug (the state did not
//!   change), so the second write fails with `AlreadyExists` instead of
//!   inventing a different name.
//! - A crash mid-write leaves a `.tmp-…` file, which listings ignore and
//!   `remove_stale_temp_files` deletes at start-up.
//! - The payload is written as it is encoded (`writer.rs`), never whole in
//!   memory, with its write-back paced so the log's fsyncs do not wait for it.
//! - Every limit is checked before anything is allocated from a file: the
//!   header's size before reading it, the payload's size before reading that.

mod header;
mod mapped;
#[cfg(test)]
mod tests;
mod writer;

use crate::store::durable_directory;
use std::fs::{self, File};
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;

pub use mapped::{snapshot_in_memory, SnapshotAccess, SnapshotBytes, SnapshotInMemory};
pub use writer::{write_snapshot, SnapshotWriter};

use header::{parse_header, parse_stable_prefix, STABLE_PREFIX_BYTES};

pub const SNAPSHOT_MAGIC: [u8; 8] = *b"SHORTSNP";
/// The version this build writes. Version 2 added the keys' last use to the
/// workspace image, version 3 the change sequences; the header is version 1's.
pub const SNAPSHOT_FORMAT_VERSION: u32 = 3;
/// The oldest version this build still reads (and migrates on load).
pub const SNAPSHOT_FORMAT_VERSION_OLDEST: u32 = 1;
pub const SNAPSHOT_FILE_EXTENSION: &str = "snap";
/// The largest payload written or read. It bounds the allocation of a read.
pub const SNAPSHOT_PAYLOAD_BYTES_MAX: u64 = 16 << 30;
/// The same rule as `domain::ids::WorkspaceId`: the ID is a directory name.
/// (Stated here again because the store knows no domain type;
/// `workspace::persistence`, which knows both, asserts the two agree.)
pub const WORKSPACE_ID_BYTES_MAX: usize = 64;
/// Names of files that are still being written, or were when a process died.
pub const TEMPORARY_FILE_PREFIX: &str = ".tmp-";

/// Published snapshots are read-only for everyone.
pub const PUBLISHED_FILE_MODE: u32 = 0o444;

/// How much of a payload `verify_snapshot` holds in memory at once.
const VERIFY_CHUNK_BYTES: usize = 1 << 20;
/// How many temporary names a writer tries before giving up; a name is only
/// taken when a dead process with the same PID left its file behind.
const TEMPORARY_NAME_ATTEMPTS_MAX: u32 = 16;

/// Makes temporary names unique among the writers of one process.
static TEMPORARY_FILE_SEQUENCE: AtomicU64 = AtomicU64::new(0);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotHeader {
    pub format_version: u32,
    pub workspace_id: String,
    pub lsn: u64,
    pub created_at_unix_milliseconds: i64,
    pub payload_bytes: u64,
    pub payload_crc32c: u32,
}

/// A snapshot whose header has been read and checked, and whose length on
/// disk matches its header. Its payload has not been checked.
#[derive(Clone, Debug)]
pub struct SnapshotFile {
    pub path: PathBuf,
    pub header: SnapshotHeader,
    pub file_bytes: u64,
}

/// What a directory holds: usable snapshots, newest first, and the files that
/// look like snapshots but could not be read, so recovery can log each one.
#[derive(Debug, Default)]
pub struct SnapshotListing {
    pub valid: Vec<SnapshotFile>,
    pub unreadable: Vec<(PathBuf, SnapshotError)>,
}

#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    #[error("snapshot storage I/O error at {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("invalid workspace ID {workspace_id:?}: {reason}")]
    InvalidWorkspaceId { workspace_id: String, reason: String },
    #[error("snapshot {path}: the payload is {payload_bytes} bytes; the limit is {payload_bytes_max} bytes")]
    PayloadTooLarge { path: PathBuf, payload_bytes: u64, payload_bytes_max: u64 },
    #[error("snapshot {path} already exists; snapshots are never overwritten")]
    AlreadyExists { path: PathBuf },
    #[error("{path} is not a snapshot: it does not start with the magic bytes SHORTSNP")]
    BadMagic { path: PathBuf },
    #[error("snapshot {path} has format version {version}; this build reads versions {SNAPSHOT_FORMAT_VERSION_OLDEST} to {SNAPSHOT_FORMAT_VERSION}")]
    UnsupportedVersion { path: PathBuf, version: u32 },
    #[error("snapshot {path} has a corrupt header: {reason}")]
    HeaderCorrupt { path: PathBuf, reason: String },
    #[error("snapshot {path} is truncated: it is {file_bytes} bytes but its header alone needs {header_bytes}")]
    Truncated { path: PathBuf, file_bytes: u64, header_bytes: u64 },
    #[error("snapshot {path} is {actual} bytes; its header says header and payload take {expected}")]
    LengthMismatch { path: PathBuf, expected: u64, actual: u64 },
    #[error("snapshot {path} has a corrupt payload: checksum {actual_crc:#010x}, header says {expected_crc:#010x}")]
    PayloadCorrupt { path: PathBuf, expected_crc: u32, actual_crc: u32 },
    #[error("snapshot {path} belongs to workspace {header_workspace_id:?} but lies in the directory of {directory_workspace_id:?}")]
    WorkspaceMismatch { path: PathBuf, header_workspace_id: String, directory_workspace_id: String },
    #[error("snapshot {path} was written but does not read back as written: {reason}")]
    ReadBackMismatch { path: PathBuf, reason: String },
    #[error("retention must keep at least one snapshot per workspace")]
    RetentionKeepsNothing,
}

impl SnapshotError {
    /// A stable code that callers may match on and log.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            SnapshotError::Io { .. } => "SNAPSHOT_IO",
            SnapshotError::InvalidWorkspaceId { .. } => "SNAPSHOT_INVALID_WORKSPACE_ID",
            SnapshotError::PayloadTooLarge { .. } => "SNAPSHOT_PAYLOAD_TOO_LARGE",
            SnapshotError::AlreadyExists { .. } => "SNAPSHOT_ALREADY_EXISTS",
            SnapshotError::BadMagic { .. } => "SNAPSHOT_BAD_MAGIC",
            SnapshotError::UnsupportedVersion { .. } => "SNAPSHOT_UNSUPPORTED_VERSION",
            SnapshotError::HeaderCorrupt { .. } => "SNAPSHOT_HEADER_CORRUPT",
            SnapshotError::Truncated { .. } => "SNAPSHOT_TRUNCATED",
            SnapshotError::LengthMismatch { .. } => "SNAPSHOT_LENGTH_MISMATCH",
            SnapshotError::PayloadCorrupt { .. } => "SNAPSHOT_PAYLOAD_CORRUPT",
            SnapshotError::WorkspaceMismatch { .. } => "SNAPSHOT_WORKSPACE_MISMATCH",
            SnapshotError::ReadBackMismatch { .. } => "SNAPSHOT_READ_BACK_MISMATCH",
            SnapshotError::RetentionKeepsNothing => "SNAPSHOT_RETENTION_KEEPS_NOTHING",
        }
    }
}

/// Reads and checks the header only: magic, header checksum, version, fields,
/// and that the file's length is exactly header plus payload. The payload is
/// neither read nor checked.
pub fn read_header(path: &Path) -> Result<SnapshotHeader, SnapshotError> {
    open_snapshot(path).map(|opened| opened.header)
}

/// Reads and verifies the whole file: magic, header checksum, version, length
/// (the file's length must match exactly) and payload checksum.
pub fn read_snapshot(path: &Path) -> Result<(SnapshotHeader, Vec<u8>), SnapshotError> {
    let mut opened = open_snapshot(path)?;
    let payload = read_payload(path, &mut opened)?;
    check_payload_crc32c(path, &opened.header, crc32c::crc32c(&payload))?;
    Ok((opened.header, payload))
}

/// Verifies like `read_snapshot` while holding one chunk of the payload in
/// memory at a time, for `shortlist snapshot verify` on large files.
pub fn verify_snapshot(path: &Path) -> Result<SnapshotHeader, SnapshotError> {
    let mut opened = open_snapshot(path)?;
    let mut chunk = vec![0u8; VERIFY_CHUNK_BYTES];
    let mut remaining_bytes = opened.header.payload_bytes;
    let mut crc32c = 0;
    while remaining_bytes > 0 {
        let chunk_bytes = remaining_bytes.min(VERIFY_CHUNK_BYTES as u64) as usize;
        opened.file.read_exact(&mut chunk[..chunk_bytes]).map_err(io_error(path))?;
        crc32c = crc32c::crc32c_append(crc32c, &chunk[..chunk_bytes]);
        remaining_bytes -= chunk_bytes as u64;
    }
    check_payload_crc32c(path, &opened.header, crc32c)?;
    Ok(opened.header)
}

/// Every snapshot of one workspace (or of every workspace when `None`),
/// newest first: highest LSN, then newest creation time. Files whose header
/// fails to read, or that lie in another workspace's directory, are returned
/// in `unreadable` rather than skipped. Temporary files and files without the
/// `.snap` extension are not snapshots and are ignored. A missing root or
/// workspace directory is an empty listing.
pub fn list_snapshots(root: &Path, workspace_id: Option<&str>) -> Result<SnapshotListing, SnapshotError> {
    let workspace_ids = match workspace_id {
        Some(workspace_id) => {
            check_workspace_id(workspace_id).map_err(|reason| invalid_workspace_id(workspace_id, reason))?;
            vec![workspace_id.to_owned()]
        }
        None => workspace_ids(root)?,
    };
    let mut listing = SnapshotListing::default();
    for workspace_id in &workspace_ids {
        list_workspace_directory(root, workspace_id, &mut listing)?;
    }
    listing.valid.sort_by(|left, right| {
        (right.header.lsn, right.header.created_at_unix_milliseconds)
            .cmp(&(left.header.lsn, left.header.created_at_unix_milliseconds))
            .then_with(|| left.header.workspace_id.cmp(&right.header.workspace_id))
            .then_with(|| left.path.cmp(&right.path))
    });
    listing.unreadable.sort_by(|left, right| left.0.cmp(&right.0));
    Ok(listing)
}

/// Keeps the newest `keep` readable snapshots of a workspace and deletes the
/// other readable ones, then fsyncs the directory. Unreadable files are never
/// deleted here: they are evidence for the operator. Returns the deleted paths.
pub fn apply_retention(root: &Path, workspace_id: &str, keep: usize) -> Result<Vec<PathBuf>, SnapshotError> {
    if keep == 0 {
        return Err(SnapshotError::RetentionKeepsNothing);
    }
    let listing = list_snapshots(root, Some(workspace_id))?;
    let mut deleted = Vec::new();
    for snapshot in listing.valid.into_iter().skip(keep) {
        match fs::remove_file(&snapshot.path) {
            Ok(()) => deleted.push(snapshot.path),
            // Someone else (an operator, a concurrent retention) got there first.
            Err(error) if error.kind() == ErrorKind::NotFound => {}
            Err(error) => return Err(SnapshotError::Io { path: snapshot.path, source: error }),
        }
    }
    if !deleted.is_empty() {
        sync_directory(&root.join(workspace_id))?;
    }
    Ok(deleted)
}

/// The workspaces that have a snapshot directory under `root`, sorted.
/// Entries whose names are not workspace IDs are not ours and are ignored.
pub fn workspace_ids(root: &Path) -> Result<Vec<String>, SnapshotError> {
    let Some(entries) = read_directory_if_present(root)? else {
        return Ok(Vec::new());
    };
    let mut workspace_ids = Vec::new();
    for entry in entries {
        let entry = entry.map_err(io_error(root))?;
        let is_directory = entry.file_type().map_err(io_error(&entry.path()))?.is_dir();
        if let (true, Some(name)) = (is_directory, entry.file_name().to_str()) {
            if check_workspace_id(name).is_ok() {
                workspace_ids.push(name.to_owned());
            }
        }
    }
    workspace_ids.sort();
    Ok(workspace_ids)
}

/// Deletes the temporary files that writers which died mid-write left in
/// every workspace directory. Call it at start-up, before any snapshot writer
/// runs: a temporary file of a live writer looks the same. Returns the paths.
pub fn remove_stale_temp_files(root: &Path) -> Result<Vec<PathBuf>, SnapshotError> {
    let mut removed = Vec::new();
    for workspace_id in workspace_ids(root)? {
        let directory = root.join(&workspace_id);
        let removed_before = removed.len();
        let Some(entries) = read_directory_if_present(&directory)? else { continue };
        for entry in entries {
            let entry = entry.map_err(io_error(&directory))?;
            if is_temporary_name(&entry.file_name()) {
                let path = entry.path();
                fs::remove_file(&path).map_err(io_error(&path))?;
                tracing::info!(path = %path.display(), "removed a snapshot temporary file left by an interrupted write");
                removed.push(path);
            }
        }
        if removed.len() > removed_before {
            sync_directory(&directory)?;
        }
    }
    Ok(removed)
}

/// The rule for workspace IDs, shared with the header parser: 1 to 64 bytes
/// of `[A-Za-z0-9_-]`, so an ID is always a safe directory name.
fn check_workspace_id(workspace_id: &str) -> Result<(), WorkspaceIdDefect> {
    if workspace_id.is_empty() || workspace_id.len() > WORKSPACE_ID_BYTES_MAX {
        return Err(WorkspaceIdDefect::Length { bytes: workspace_id.len() });
    }
    let filename_safe = |character: u8| character.is_ascii_alphanumeric() || character == b'_' || character == b'-';
    if !workspace_id.bytes().all(filename_safe) {
        return Err(WorkspaceIdDefect::Characters);
    }
    Ok(())
}

/// Why a workspace ID cannot name a snapshot directory.
#[derive(Debug, thiserror::Error)]
pub(super) enum WorkspaceIdDefect {
    #[error("it is {bytes} bytes; it must be 1 to {WORKSPACE_ID_BYTES_MAX}")]
    Length { bytes: usize },
    #[error("it may contain only ASCII letters, digits, '_' and '-'")]
    Characters,
}

fn invalid_workspace_id(workspace_id: &str, defect: WorkspaceIdDefect) -> SnapshotError {
    SnapshotError::InvalidWorkspaceId { workspace_id: workspace_id.to_owned(), reason: defect.to_string() }
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> SnapshotError + '_ {
    move |source| SnapshotError::Io { path: path.to_path_buf(), source }
}

fn is_temporary_name(name: &std::ffi::OsStr) -> bool {
    name.to_str().is_some_and(|name| name.starts_with(TEMPORARY_FILE_PREFIX))
}

fn is_snapshot_name(name: &std::ffi::OsStr) -> bool {
    let extension = Path::new(name).extension().and_then(|extension| extension.to_str());
    !is_temporary_name(name) && extension == Some(SNAPSHOT_FILE_EXTENSION)
}

fn read_directory_if_present(directory: &Path) -> Result<Option<fs::ReadDir>, SnapshotError> {
    match fs::read_dir(directory) {
        Ok(entries) => Ok(Some(entries)),
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(None),
        Err(error) => Err(SnapshotError::Io { path: directory.to_path_buf(), source: error }),
    }
}

fn list_workspace_directory(
    root: &Path,
    workspace_id: &str,
    listing: &mut SnapshotListing,
) -> Result<(), SnapshotError> {
    let directory = root.join(workspace_id);
    let Some(entries) = read_directory_if_present(&directory)? else { return Ok(()) };
    for entry in entries {
        let entry = entry.map_err(io_error(&directory))?;
        let path = entry.path();
        if !is_snapshot_name(&entry.file_name()) || !entry.file_type().map_err(io_error(&path))?.is_file() {
            continue;
        }
        match open_snapshot(&path) {
            Ok(opened) if opened.header.workspace_id != workspace_id => {
                let error = SnapshotError::WorkspaceMismatch {
                    path: path.clone(),
                    header_workspace_id: opened.header.workspace_id,
                    directory_workspace_id: workspace_id.to_owned(),
                };
                listing.unreadable.push((path, error));
            }
            Ok(opened) => {
                listing.valid.push(SnapshotFile { path, header: opened.header, file_bytes: opened.file_bytes })
            }
            Err(error) => listing.unreadable.push((path, error)),
        }
    }
    Ok(())
}

/// An open snapshot whose header is checked, positioned at its payload.
struct OpenedSnapshot {
    file: File,
    header: SnapshotHeader,
    file_bytes: u64,
}

/// Reads the payload of a snapshot whose header `open_snapshot` checked
/// (the file is positioned at the payload). Not checksummed here.
fn read_payload(path: &Path, opened: &mut OpenedSnapshot) -> Result<Vec<u8>, SnapshotError> {
    // The header bounded payload_bytes by SNAPSHOT_PAYLOAD_BYTES_MAX and the
    // file's length matched it, so this allocation is what the file holds.
    let mut payload = vec![0u8; opened.header.payload_bytes as usize];
    opened.file.read_exact(&mut payload).map_err(io_error(path))?;
    Ok(payload)
}

fn open_snapshot(path: &Path) -> Result<OpenedSnapshot, SnapshotError> {
    let mut file = File::open(path).map_err(io_error(path))?;
    let file_bytes = file.metadata().map_err(io_error(path))?.len();
    if file_bytes < STABLE_PREFIX_BYTES as u64 {
        return Err(short_file_error(path, &mut file, file_bytes));
    }
    let mut prefix = [0u8; STABLE_PREFIX_BYTES];
    file.read_exact(&mut prefix).map_err(io_error(path))?;
    let header_length = parse_stable_prefix(path, &prefix)?;
    if file_bytes < u64::from(header_length) {
        return Err(SnapshotError::Truncated {
            path: path.to_path_buf(),
            file_bytes,
            header_bytes: u64::from(header_length),
        });
    }
    let mut header_bytes = vec![0u8; header_length as usize];
    header_bytes[..STABLE_PREFIX_BYTES].copy_from_slice(&prefix);
    file.read_exact(&mut header_bytes[STABLE_PREFIX_BYTES..]).map_err(io_error(path))?;
    let header = parse_header(path, &header_bytes)?;
    // Both terms are bounded (4 KiB and 16 GiB), so the sum cannot overflow.
    let expected = u64::from(header_length) + header.payload_bytes;
    if file_bytes != expected {
        return Err(SnapshotError::LengthMismatch { path: path.to_path_buf(), expected, actual: file_bytes });
    }
    Ok(OpenedSnapshot { file, header, file_bytes })
}

/// A file too short for even the stable prefix: "not a snapshot" when the
/// bytes it has already disagree with the magic, "truncated" otherwise.
fn short_file_error(path: &Path, file: &mut File, file_bytes: u64) -> SnapshotError {
    let mut bytes = Vec::with_capacity(STABLE_PREFIX_BYTES);
    if let Err(source) = file.take(STABLE_PREFIX_BYTES as u64).read_to_end(&mut bytes) {
        return SnapshotError::Io { path: path.to_path_buf(), source };
    }
    let compared_bytes = bytes.len().min(SNAPSHOT_MAGIC.len());
    if bytes[..compared_bytes] != SNAPSHOT_MAGIC[..compared_bytes] {
        return SnapshotError::BadMagic { path: path.to_path_buf() };
    }
    SnapshotError::Truncated { path: path.to_path_buf(), file_bytes, header_bytes: STABLE_PREFIX_BYTES as u64 }
}

fn parse_encoded_header(path: &Path, header_bytes: &[u8]) -> Result<SnapshotHeader, SnapshotError> {
    let prefix: &[u8; STABLE_PREFIX_BYTES] =
        header_bytes[..STABLE_PREFIX_BYTES].try_into().expect("an encoded header is longer than its prefix");
    let header_length = parse_stable_prefix(path, prefix)? as usize;
    parse_header(path, &header_bytes[..header_length])
}

fn check_payload_crc32c(path: &Path, header: &SnapshotHeader, actual_crc: u32) -> Result<(), SnapshotError> {
    if actual_crc != header.payload_crc32c {
        return Err(SnapshotError::PayloadCorrupt {
            path: path.to_path_buf(),
            expected_crc: header.payload_crc32c,
            actual_crc,
        });
    }
    Ok(())
}

/// The pair check after publishing: the file on disk carries the header we
/// wrote and has the length we wrote. A failure leaves the file in place as
/// evidence; listings and recovery will report it.
fn check_read_back(path: &Path, written: &SnapshotHeader, file_bytes: u64) -> Result<(), SnapshotError> {
    let opened = open_snapshot(path)?;
    if opened.header != *written || opened.file_bytes != file_bytes {
        return Err(SnapshotError::ReadBackMismatch {
            path: path.to_path_buf(),
            reason: format!(
                "wrote {written:?} in {file_bytes} bytes, read {:?} in {} bytes",
                opened.header, opened.file_bytes
            ),
        });
    }
    Ok(())
}

fn create_directory_durably(directory: &Path) -> Result<(), SnapshotError> {
    durable_directory::create_directory_durably(directory).map_err(|(path, source)| SnapshotError::Io { path, source })
}

fn sync_directory(directory: &Path) -> Result<(), SnapshotError> {
    durable_directory::sync_directory(directory).map_err(|(path, source)| SnapshotError::Io { path, source })
}
