//! Recovery when the log opens: check every record, cut a torn tail off the
//! newest segment after copying it aside, and hand the newest segment to the
//! writer, open for appending at its valid length.
//!
//! A torn tail is what a crash in the middle of a write leaves: the record
//! was never acknowledged (its batch's write or fdatasync had not returned),
//! so cutting it loses nothing anyone was told is durable. It is still copied
//! to `<segment>.broken` first, so an operator can look at it. What counts as
//! a torn tail, and what as damage that refuses to open, is decided by the
//! reader's rules, shared with replay and verification.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::error::WalError;
use super::reader::{read_range, RecordIterator, TornTail};
use super::segment::segment_path;
use super::storage::{SegmentFile, Storage};
use super::Lsn;

/// Numbered `.broken` copies tried before giving up on finding a free name.
const BROKEN_COPIES_MAX: u32 = 1000;

/// What recovery found and left ready for the writer.
pub(crate) struct Recovered {
    pub segments: usize,
    pub records: u64,
    pub last_lsn: Lsn,
    /// The newest segment, open for appending at `active_bytes`.
    pub active_first_lsn: Lsn,
    pub active_file: Box<dyn SegmentFile>,
    pub active_bytes: u64,
    pub truncated: Option<(TornTail, PathBuf)>,
}

/// Checks every record of the log in `directory` (creating it with a first
/// segment if it holds none), cuts a torn tail off the newest segment after
/// copying it aside, and opens the newest segment for appending.
pub(crate) fn recover(directory: &Path, storage: &Arc<dyn Storage>) -> Result<Recovered, WalError> {
    ensure_directory(directory, storage)?;
    let mut records = RecordIterator::open(directory, 0)?;
    for record in &mut records {
        record?;
    }
    let Some(active) = records.segments().last().cloned() else {
        return start_empty_log(directory, storage);
    };
    let truncated = match records.torn_tail().cloned() {
        Some(torn_tail) => Some(repair_torn_tail(storage, torn_tail)?),
        None => None,
    };
    let active_file = storage
        .open_segment_at(&active.path, records.end_offset())
        .map_err(|error| WalError::io(format!("opening {} for appending", active.path.display()), error))?;
    Ok(Recovered {
        segments: records.segments().len(),
        records: records.progress().records,
        last_lsn: records.last_lsn(),
        active_first_lsn: active.first_lsn,
        active_file,
        active_bytes: records.end_offset(),
        truncated,
    })
}

fn ensure_directory(directory: &Path, storage: &Arc<dyn Storage>) -> Result<(), WalError> {
    if directory.is_dir() {
        return Ok(());
    }
    let context = || format!("creating the write-ahead log directory {}", directory.display());
    std::fs::create_dir_all(directory).map_err(|error| WalError::io(context(), error))?;
    // The new directory's own entry must survive a crash too.
    if let Some(parent) = directory.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        storage.sync_directory(parent).map_err(|error| WalError::io(context(), error))?;
    }
    Ok(())
}

fn start_empty_log(directory: &Path, storage: &Arc<dyn Storage>) -> Result<Recovered, WalError> {
    let first_lsn = 1;
    let path = segment_path(directory, first_lsn);
    let context = || format!("creating the first write-ahead log segment {}", path.display());
    let active_file = storage.create_segment(&path).map_err(|error| WalError::io(context(), error))?;
    storage.sync_directory(directory).map_err(|error| WalError::io(context(), error))?;
    Ok(Recovered {
        segments: 1,
        records: 0,
        last_lsn: 0,
        active_first_lsn: first_lsn,
        active_file,
        active_bytes: 0,
        truncated: None,
    })
}

/// Copies the torn bytes to a `.broken` file, then truncates the segment to
/// its valid length and fdatasyncs it. The copy comes first so that a crash
/// between the two steps loses nothing an operator might want to inspect.
fn repair_torn_tail(storage: &Arc<dyn Storage>, torn_tail: TornTail) -> Result<(TornTail, PathBuf), WalError> {
    let path = &torn_tail.file;
    let torn_bytes = read_range(path, torn_tail.offset, torn_tail.offset + torn_tail.bytes)?;
    debug_assert_eq!(torn_bytes.len() as u64, torn_tail.bytes);
    let broken_copy = write_broken_copy(path, &torn_bytes)?;
    if let Some(directory) = path.parent() {
        let context = || format!("syncing the directory of {}", broken_copy.display());
        storage.sync_directory(directory).map_err(|error| WalError::io(context(), error))?;
    }
    let context = || format!("truncating the torn tail of {} at offset {}", path.display(), torn_tail.offset);
    let mut file = storage.open_segment_at(path, torn_tail.offset).map_err(|error| WalError::io(context(), error))?;
    file.set_len(torn_tail.offset).map_err(|error| WalError::io(context(), error))?;
    file.sync_data().map_err(|error| WalError::io(context(), error))?;
    tracing::warn!(
        file = %path.display(),
        offset = torn_tail.offset,
        bytes = torn_tail.bytes,
        reason = %torn_tail.reason,
        broken_copy = %broken_copy.display(),
        "truncated a torn record at the tail of the write-ahead log; it was never acknowledged"
    );
    Ok((torn_tail, broken_copy))
}

/// Writes `bytes` to `<segment>.broken`, or `<segment>.broken.<n>` for the
/// first free `n`, never overwriting an earlier copy.
fn write_broken_copy(segment: &Path, bytes: &[u8]) -> Result<PathBuf, WalError> {
    use std::io::Write;
    let base = segment.as_os_str().to_owned();
    for attempt in 0..BROKEN_COPIES_MAX {
        let mut name = base.clone();
        name.push(if attempt == 0 { ".broken".to_owned() } else { format!(".broken.{attempt}") });
        let path = PathBuf::from(name);
        let mut file = match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(WalError::io(format!("creating {}", path.display()), error)),
        };
        let context = || format!("writing the torn bytes to {}", path.display());
        file.write_all(bytes).map_err(|error| WalError::io(context(), error))?;
        file.sync_all().map_err(|error| WalError::io(context(), error))?;
        return Ok(path);
    }
    Err(WalError::io(
        format!("finding a free name for a copy of the torn tail of {}", segment.display()),
        std::io::Error::other(format!("{BROKEN_COPIES_MAX} `.broken` copies exist already")),
    ))
}
