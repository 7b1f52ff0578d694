//! Reading the log back: replay after a snapshot's LSN, verification for the
//! operator, and the scan that recovery (`recovery.rs`) makes when the log
//! opens.
//!
//! All three walk the same [`RecordIterator`], so there is one set of rules
//! for what a valid log is:
//! - every record's checksum matches, and LSNs grow by exactly 1 from the
//!   first segment's name through every record of every segment;
//! - a segment's records end at its file's end or where zeros begin and last
//!   to its end (the writer zeros space ahead of its records, see `storage`);
//! - damage at the tail of the newest segment, with no valid record after it,
//!   is a torn write that was never acknowledged: it ends the log;
//! - any other damage is an error that names the file and the offset.
//!
//! Reading streams one record at a time through a buffered reader, so memory
//! stays at one record whatever the log's size. Whole segments are skipped by
//! name when all their records are at or below the LSN replay starts after.
//! Progress is observable as bytes read of bytes to read, for a progress bar.

use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::error::WalError;
use super::frame::{encoded_bytes, find_valid_record, RecordHeader, RECORD_HEADER_BYTES};
use super::segment::{list_segments, SegmentEntry};
use super::Lsn;

/// Read buffer per open segment: large enough that a scan is a few large
/// reads, small enough not to matter next to a segment.
const READ_BUFFER_BYTES: usize = 256 * 1024;
/// `verify_with_progress` reports after this many records (and at the end).
const PROGRESS_INTERVAL_RECORDS: u64 = 4096;

/// A damaged record at the tail of the newest segment with nothing valid
/// after it: what a crash in the middle of a write leaves behind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TornTail {
    pub file: PathBuf,
    /// Where the torn record starts: the segment's valid length.
    pub offset: u64,
    /// Bytes from `offset` to the end of the file.
    pub bytes: u64,
    pub reason: String,
}

/// How far a read has come, for a progress bar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadProgress {
    /// Bytes of the segments being read that have been consumed so far.
    pub read_bytes: u64,
    /// Bytes of all the segments this read will go through.
    pub total_bytes: u64,
    /// Records returned (or, for a verification, checked) so far.
    pub records: u64,
}

/// What `shortlist wal verify` reports about a log it read to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    pub segments: usize,
    pub records: u64,
    /// The first record's LSN, if there is any record.
    pub first_lsn: Option<Lsn>,
    /// The last valid record's LSN, or the first segment's LSN minus one when
    /// the log holds no record.
    pub last_lsn: Lsn,
    pub total_bytes: u64,
    /// A torn tail that opening the log would truncate.
    pub torn_tail: Option<TornTail>,
}

/// The result of reading one record from a segment.
enum ReadOutcome {
    Record { lsn: Lsn, payload: Vec<u8>, offset: u64 },
    End,
    Damaged { offset: u64, reason: String },
}

/// Streams the records of one segment, checking each.
struct SegmentReader {
    reader: BufReader<File>,
    offset: u64,
    length_bytes: u64,
}

impl SegmentReader {
    fn open(path: &Path) -> Result<Self, WalError> {
        let context = || format!("opening the write-ahead log segment {}", path.display());
        let file = File::open(path).map_err(|error| WalError::io(context(), error))?;
        // The length is taken once: a segment that a running writer is
        // appending to is read as of now, and a record being written at this
        // moment is seen as a torn tail, which ends the read.
        let length_bytes = file.metadata().map_err(|error| WalError::io(context(), error))?.len();
        Ok(SegmentReader { reader: BufReader::with_capacity(READ_BUFFER_BYTES, file), offset: 0, length_bytes })
    }

    fn read_record(&mut self, path: &Path) -> Result<ReadOutcome, WalError> {
        let offset = self.offset;
        let remaining_bytes = self.length_bytes - offset;
        if remaining_bytes == 0 {
            return Ok(ReadOutcome::End);
        }
        let damaged = |reason: String| Ok(ReadOutcome::Damaged { offset, reason });
        let context = || format!("reading the write-ahead log segment {} at offset {offset}", path.display());
        let mut header_bytes = [0u8; RECORD_HEADER_BYTES];
        let header_read = (remaining_bytes as usize).min(RECORD_HEADER_BYTES);
        self.reader.read_exact(&mut header_bytes[..header_read]).map_err(|error| WalError::io(context(), error))?;
        // No record header is all zeros (LSNs start at 1): this is the space
        // the writer zeroed ahead of its records, see `storage`.
        if header_bytes[..header_read].iter().all(|&byte| byte == 0) {
            return match self.first_nonzero_byte(header_read as u64).map_err(|error| WalError::io(context(), error))? {
                None => Ok(ReadOutcome::End),
                Some(nonzero_offset) => damaged(format!(
                    "the space zeroed ahead of the records holds a non-zero byte at offset {nonzero_offset}"
                )),
            };
        }
        if remaining_bytes < RECORD_HEADER_BYTES as u64 {
            return damaged(format!("the file ends inside a record header ({remaining_bytes} bytes of it remain)"));
        }
        let header = RecordHeader::parse(&header_bytes);
        let payload_bytes = match header.checked_payload_bytes() {
            Ok(payload_bytes) => payload_bytes,
            Err(defect) => return damaged(defect.to_string()),
        };
        let record_bytes = encoded_bytes(payload_bytes) as u64;
        if remaining_bytes < record_bytes {
            return damaged(format!(
                "the file ends inside a record of {record_bytes} bytes ({remaining_bytes} bytes of it remain)"
            ));
        }
        let mut payload = vec![0u8; payload_bytes];
        self.reader.read_exact(&mut payload).map_err(|error| WalError::io(context(), error))?;
        if let Err(defect) = header.verify(&payload) {
            return damaged(defect.to_string());
        }
        self.offset += record_bytes;
        Ok(ReadOutcome::Record { lsn: header.lsn, payload, offset })
    }

    /// Reads the rest of the segment, `consumed` bytes past `offset` already
    /// read, and returns the offset of its first non-zero byte, if any.
    /// Leaves `offset` where the zeros began: the end of the records.
    fn first_nonzero_byte(&mut self, consumed: u64) -> std::io::Result<Option<u64>> {
        let mut position = self.offset + consumed;
        let mut chunk = [0u8; 8 * 1024];
        while position < self.length_bytes {
            let length = (self.length_bytes - position).min(chunk.len() as u64) as usize;
            self.reader.read_exact(&mut chunk[..length])?;
            if let Some(index) = chunk[..length].iter().position(|&byte| byte != 0) {
                return Ok(Some(position + index as u64));
            }
            position += length as u64;
        }
        Ok(None)
    }
}

/// Where the reading has got to in the segment being read.
struct CurrentSegment {
    index: usize,
    reader: SegmentReader,
}

/// The records of a log, in LSN order, checked as they are read. Ends at a
/// torn tail of the newest segment (see [`RecordIterator::torn_tail`]);
/// yields one `Err` and then ends on any other damage.
pub struct RecordIterator {
    segments: Vec<SegmentEntry>,
    current: Option<CurrentSegment>,
    /// The index of the next segment to open.
    next_segment: usize,
    /// The LSN the next record must carry.
    expected_lsn: Lsn,
    /// Records at or below this LSN are checked but not returned.
    after_lsn: Lsn,
    /// Valid bytes of the last segment read, once it has been read to its end.
    end_offset: u64,
    torn_tail: Option<TornTail>,
    finished: bool,
    progress: ReadProgress,
    /// Bytes of the segments already read to their end.
    completed_bytes: u64,
}

/// The records with LSN greater than `after_lsn` that the log holds, for
/// replay after a snapshot that covers `after_lsn` (0 for none), and for
/// `shortlist wal dump`. Segments whose records are all at or below
/// `after_lsn` are skipped by name, unread.
///
/// When segments have been removed, the read starts at the oldest one kept:
/// a caller that needs every record after `after_lsn` checks
/// [`RecordIterator::log_first_lsn`] against it. Reading a running server's
/// log is safe: the newest segment is read as far as it was written when the
/// read reached it.
pub fn read_records(directory: &Path, after_lsn: Lsn) -> Result<RecordIterator, WalError> {
    RecordIterator::open(directory, after_lsn)
}

/// Reads and checks the whole log without changing anything.
pub fn verify(directory: &Path) -> Result<VerifyReport, WalError> {
    verify_with_progress(directory, |_| {})
}

/// [`verify`], reporting progress every few thousand records and at the end.
pub fn verify_with_progress(
    directory: &Path,
    mut report_progress: impl FnMut(ReadProgress),
) -> Result<VerifyReport, WalError> {
    let mut records = RecordIterator::open(directory, 0)?;
    let mut first_lsn = None;
    while let Some(record) = records.next() {
        let (lsn, _payload) = record?;
        first_lsn.get_or_insert(lsn);
        if lsn % PROGRESS_INTERVAL_RECORDS == 0 {
            report_progress(records.progress());
        }
    }
    let progress = records.progress();
    report_progress(progress);
    Ok(VerifyReport {
        segments: records.segments.len(),
        records: progress.records,
        first_lsn,
        last_lsn: records.last_lsn(),
        total_bytes: progress.total_bytes,
        torn_tail: records.torn_tail().cloned(),
    })
}

impl RecordIterator {
    /// Positions the reader at the segment holding `after_lsn + 1`, or at the
    /// oldest segment if the log no longer reaches back that far.
    pub(super) fn open(directory: &Path, after_lsn: Lsn) -> Result<Self, WalError> {
        let segments = list_segments(directory)?;
        // Segment `i` holds LSNs below the next segment's first LSN, so it can
        // be skipped when that first LSN is at most `after_lsn + 1`.
        let start = segments.windows(2).take_while(|pair| pair[1].first_lsn <= after_lsn.saturating_add(1)).count();
        let mut total_bytes = 0;
        for segment in &segments[start..] {
            let metadata = std::fs::metadata(&segment.path)
                .map_err(|error| WalError::io(format!("reading the size of {}", segment.path.display()), error))?;
            total_bytes += metadata.len();
        }
        let expected_lsn = segments.get(start).map_or(1, |segment| segment.first_lsn);
        Ok(RecordIterator {
            segments,
            current: None,
            next_segment: start,
            expected_lsn,
            after_lsn,
            end_offset: 0,
            torn_tail: None,
            finished: false,
            progress: ReadProgress { read_bytes: 0, total_bytes, records: 0 },
            completed_bytes: 0,
        })
    }

    /// The first LSN the log still holds (the oldest segment's name), or 1
    /// for a log without segments. Records below it were removed after a
    /// snapshot passed them.
    #[must_use]
    pub fn log_first_lsn(&self) -> Lsn {
        self.segments.first().map_or(1, |segment| segment.first_lsn)
    }

    /// How far the read has come.
    #[must_use]
    pub fn progress(&self) -> ReadProgress {
        let current_bytes = self.current.as_ref().map_or(0, |current| current.reader.offset);
        ReadProgress { read_bytes: self.completed_bytes + current_bytes, ..self.progress }
    }

    /// The torn tail the read ended at, once it has ended.
    #[must_use]
    pub fn torn_tail(&self) -> Option<&TornTail> {
        self.torn_tail.as_ref()
    }

    /// The segments this read found, in LSN order.
    pub(super) fn segments(&self) -> &[SegmentEntry] {
        &self.segments
    }

    /// The valid length of the last segment read to its end: where the next
    /// record goes.
    pub(super) fn end_offset(&self) -> u64 {
        self.end_offset
    }

    /// The LSN of the last valid record read (returned or skipped), or the
    /// first segment's LSN minus one if there was none.
    #[must_use]
    pub fn last_lsn(&self) -> Lsn {
        self.expected_lsn - 1
    }

    fn fail(&mut self, file: &Path, offset: u64, reason: String) -> Option<Result<(Lsn, Vec<u8>), WalError>> {
        self.finished = true;
        self.current = None;
        Some(Err(WalError::Corrupt { file: file.to_path_buf(), offset, reason }))
    }

    /// Opens the next segment, checking that its name continues the LSNs.
    fn open_next_segment(&mut self) -> Result<bool, WalError> {
        let Some(segment) = self.segments.get(self.next_segment) else {
            return Ok(false);
        };
        if segment.first_lsn != self.expected_lsn {
            return Err(WalError::Corrupt {
                file: segment.path.clone(),
                offset: 0,
                reason: format!(
                    "the segment's name says it starts at LSN {}, but the log before it ends at LSN {}",
                    segment.first_lsn,
                    self.expected_lsn - 1
                ),
            });
        }
        let reader = SegmentReader::open(&segment.path)?;
        self.current = Some(CurrentSegment { index: self.next_segment, reader });
        self.next_segment += 1;
        Ok(true)
    }

    /// Handles the end of the current segment: an empty segment that is not
    /// the newest means records went missing.
    fn finish_segment(&mut self, current: CurrentSegment) -> Option<Result<(Lsn, Vec<u8>), WalError>> {
        let is_last = current.index + 1 == self.segments.len();
        // The zeros after the records were read too.
        self.completed_bytes += current.reader.length_bytes;
        self.end_offset = current.reader.offset;
        if current.reader.offset == 0 && !is_last {
            let path = self.segments[current.index].path.clone();
            return self.fail(
                &path,
                0,
                "the segment is empty (it holds no record), but newer segments follow it".to_owned(),
            );
        }
        None
    }

    /// Handles damage at `offset` of the current segment: a torn tail if it is
    /// the newest segment and nothing valid follows, an error otherwise.
    fn handle_damage(
        &mut self,
        current: CurrentSegment,
        offset: u64,
        reason: String,
    ) -> Option<Result<(Lsn, Vec<u8>), WalError>> {
        let path = self.segments[current.index].path.clone();
        if current.index + 1 != self.segments.len() {
            return self.fail(&path, offset, format!("{reason} (newer segments follow, so this is not a torn tail)"));
        }
        match find_valid_record_after(&path, offset, current.reader.length_bytes, self.expected_lsn) {
            Err(error) => {
                self.finished = true;
                Some(Err(error))
            }
            Ok(Some(valid_offset)) => {
                self.fail(&path, offset, format!("{reason}, and a valid record follows at offset {valid_offset}"))
            }
            Ok(None) => {
                let bytes = current.reader.length_bytes - offset;
                self.completed_bytes += current.reader.length_bytes;
                self.end_offset = offset;
                self.torn_tail = Some(TornTail { file: path, offset, bytes, reason });
                self.finished = true;
                None
            }
        }
    }
}

impl Iterator for RecordIterator {
    type Item = Result<(Lsn, Vec<u8>), WalError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.finished {
            let Some(mut current) = self.current.take() else {
                match self.open_next_segment() {
                    Ok(true) => continue,
                    Ok(false) => self.finished = true,
                    Err(error) => {
                        self.finished = true;
                        return Some(Err(error));
                    }
                }
                continue;
            };
            let path = self.segments[current.index].path.clone();
            match current.reader.read_record(&path) {
                Err(error) => {
                    self.finished = true;
                    return Some(Err(error));
                }
                Ok(ReadOutcome::End) => {
                    if let Some(error) = self.finish_segment(current) {
                        return Some(error);
                    }
                }
                Ok(ReadOutcome::Damaged { offset, reason }) => return self.handle_damage(current, offset, reason),
                Ok(ReadOutcome::Record { lsn, payload, offset }) => {
                    self.current = Some(current);
                    if lsn != self.expected_lsn {
                        let reason = format!("expected LSN {}, found LSN {lsn}", self.expected_lsn);
                        return self.fail(&path, offset, reason);
                    }
                    self.expected_lsn += 1;
                    if lsn > self.after_lsn {
                        self.progress.records += 1;
                        return Some(Ok((lsn, payload)));
                    }
                }
            }
        }
        None
    }
}

/// The offset of the first valid record after the damaged one at `offset`
/// that could continue the log, if any: its LSN is at least `expected_lsn`,
/// and at most one more per record header that fits in the bytes left.
///
/// Reads up to `length_bytes`, the length the segment had when reading began,
/// so that records a running writer appends meanwhile do not turn its
/// in-progress tail into apparent damage. Reads the rest at once: this runs
/// only on damage, and a segment is bounded by `SEGMENT_BYTES_MAX` plus one
/// batch.
fn find_valid_record_after(
    path: &Path,
    offset: u64,
    length_bytes: u64,
    expected_lsn: Lsn,
) -> Result<Option<u64>, WalError> {
    let start = offset + 1;
    let rest = read_range(path, start, length_bytes)?;
    let lsn_max = expected_lsn.saturating_add(rest.len() as u64 / RECORD_HEADER_BYTES as u64);
    Ok(find_valid_record(&rest, expected_lsn..=lsn_max).map(|position| start + position as u64))
}

/// The bytes of `path` from `start` up to `end` (or the end of the file,
/// whichever comes first).
pub(super) fn read_range(path: &Path, start: u64, end: u64) -> Result<Vec<u8>, WalError> {
    let context = || format!("reading {} from offset {start}", path.display());
    let mut file = File::open(path).map_err(|error| WalError::io(context(), error))?;
    file.seek(SeekFrom::Start(start)).map_err(|error| WalError::io(context(), error))?;
    let mut bytes = Vec::new();
    file.take(end.saturating_sub(start)).read_to_end(&mut bytes).map_err(|error| WalError::io(context(), error))?;
    Ok(bytes)
}
