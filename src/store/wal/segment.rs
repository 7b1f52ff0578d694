//! Segment files: their names and how to list them.
//!
//! A segment is named by the LSN of its first record, zero-padded to 20
//! digits (the width of `u64::MAX`), so that names sort like LSNs and a
//! reader can skip whole segments by name alone: every record of a segment
//! is below the next segment's first LSN. Files that do not match the pattern
//! exactly (`.broken` copies, an operator's notes) are ignored.

use std::path::{Path, PathBuf};

use super::error::WalError;
use super::Lsn;

/// The extension of segment files, without the dot.
pub const SEGMENT_FILE_EXTENSION: &str = "wal";
/// Decimal digits of `u64::MAX`, the width of a segment name.
const SEGMENT_NAME_DIGITS: usize = 20;

/// The file name of the segment whose first record has `first_lsn`.
#[must_use]
pub fn segment_file_name(first_lsn: Lsn) -> String {
    format!("{first_lsn:0width$}.{SEGMENT_FILE_EXTENSION}", width = SEGMENT_NAME_DIGITS)
}

pub(crate) fn segment_path(directory: &Path, first_lsn: Lsn) -> PathBuf {
    directory.join(segment_file_name(first_lsn))
}

/// The first LSN a segment file name stands for, or `None` if the name is not
/// a segment's.
pub(crate) fn parse_segment_file_name(name: &str) -> Option<Lsn> {
    let digits = name.strip_suffix(SEGMENT_FILE_EXTENSION)?.strip_suffix('.')?;
    if digits.len() != SEGMENT_NAME_DIGITS || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&lsn| lsn >= 1)
}

/// One segment file found in the directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SegmentEntry {
    pub first_lsn: Lsn,
    pub path: PathBuf,
}

/// The segments of `directory`, in LSN order.
pub(crate) fn list_segments(directory: &Path) -> Result<Vec<SegmentEntry>, WalError> {
    let context = || format!("listing the write-ahead log directory {}", directory.display());
    let mut segments = Vec::new();
    for entry in std::fs::read_dir(directory).map_err(|error| WalError::io(context(), error))? {
        let entry = entry.map_err(|error| WalError::io(context(), error))?;
        let name = entry.file_name();
        let Some(first_lsn) = name.to_str().and_then(parse_segment_file_name) else {
            continue;
        };
        segments.push(SegmentEntry { first_lsn, path: entry.path() });
    }
    segments.sort_by_key(|segment| segment.first_lsn);
    Ok(segments)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_names_are_the_first_lsn_zero_padded_to_twenty_digits() {
        assert_eq!(segment_file_name(1), "00000000000000000001.wal");
        assert_eq!(segment_file_name(u64::MAX), "18446744073709551615.wal");
    }

    #[test]
    fn segment_names_parse_back_to_their_lsn() {
        for lsn in [1, 42, 1_000_000, u64::MAX] {
            assert_eq!(parse_segment_file_name(&segment_file_name(lsn)), Some(lsn));
        }
    }

    #[test]
    fn other_files_are_not_segments() {
        for name in [
            "00000000000000000001.wal.broken",
            "00000000000000000001.wal.broken.1",
            "1.wal",
            "0000000000000000000x.wal",
            "00000000000000000000.wal",
            "00000000000000000001.tmp",
            "+0000000000000000001.wal",
            "notes.txt",
        ] {
            assert_eq!(parse_segment_file_name(name), None, "{name}");
        }
    }
}
