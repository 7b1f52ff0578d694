//! The write-ahead log: an append-only, checksummed, segmented log of opaque
//! records, written by one thread that groups whatever is waiting into one
//! write and one fdatasync.
//!
//! The log never sees domain types: a record is a `Vec<u8>` that the caller
//! encoded, and the log gives it a log sequence number (LSN). Keeping the log
//! byte-oriented keeps it small enough to test exhaustively (every truncation
//! point, every bit flip, every failing system call) and lets the codec change
//! without touching durability.
//!
//! # Layout
//! - `frame`: the on-disk record format and its decoder.
//! - `segment`: segment file names and listing.
//! - `storage`: the write path's system calls behind a trait, the real one
//!   and one that injects faults.
//! - `writer`: [`Wal`], the handle, and the group-commit writer thread.
//! - `reader`: reading records back, with the rules of a valid log: replay
//!   after an LSN, and verification.
//! - `recovery`: what opening does: checks the log, repairs a torn tail.
//! - `config`, `error`: settings and errors.
//!
//! # On disk
//! A directory of segment files named by the LSN of their first record,
//! zero-padded to 20 digits: `00000000000000000001.wal`. A record is
//! `payload_length: u32 LE | crc32c: u32 LE | lsn: u64 LE | payload`, and the
//! checksum covers the length, the LSN and the payload. LSNs start at 1 and
//! grow by exactly 1 from record to record and across segments. The writer
//! grows a segment's file a megabyte of zeros at a time and writes records
//! over the zeros (see `storage` for why), so a segment's records end at the
//! file's end or where zeros begin that last to its end.
//!
//! # Durability, by fsync mode
//! - `always` (the default): a completion reports success only after the
//!   fdatasync of its batch returned. Nothing acknowledged is lost on kill -9
//!   or power loss.
//! - `interval=<ms>`: a completion reports success after the write of its
//!   batch; the writer fdatasyncs at least every `<ms>` milliseconds while
//!   there is unsynced data. kill -9 loses nothing (the page cache survives
//!   the process); power loss loses about the last `<ms>` milliseconds of
//!   acknowledged writes (plus the fdatasync in progress).
//! - `never`: success after the write; the log is fdatasynced only when a
//!   segment is full, on [`Wal::flush`] and on shutdown. kill -9 loses
//!   nothing; power loss loses whatever the kernel had not yet written back
//!   (by default up to about 30 seconds on Linux).
//!
//! # Fail-stop
//! Any error from a write, an fdatasync or the creation of a segment,
//! including a full disk (ENOSPC) and a short write, stops the log:
//! the batch that saw it and every queued record fail, every later append
//! fails at once, and nothing is ever retried. Retrying is unsafe: after a
//! failed fsync the kernel may have dropped the dirty pages and marked them
//! clean, so a second fsync can succeed without the data being on disk
//! ("fsyncgate", PostgreSQL 2018). After a failed write, the writer truncates
//! the segment back to the end of the last acknowledged batch, so that no
//! partial record is left behind.
//!
//! The only way back is a restart: an operator frees space or fixes the disk
//! and restarts the server; on open, recovery validates every record and
//! truncates any torn record at the tail of the newest segment.
//!
//! # Recovery
//! [`Wal::open`] reads every segment and checks every record. A torn record
//! at the tail of the newest segment (one that ends early, or a damaged one
//! with no valid record after it) is what a crash during a write leaves: it
//! was never acknowledged, so it is copied to `<segment>.broken` and cut off.
//! Damage anywhere else means acknowledged records are unreadable, and
//! opening refuses with [`WalError::Corrupt`], which names the file, the
//! offset and the remedy.

mod config;
mod error;
mod frame;
mod handle;
mod reader;
mod recovery;
mod segment;
mod storage;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
mod writer;

pub use config::{
    FsyncMode, ParseFsyncModeError, WalConfig, DEFAULT_BATCH_RECORDS_MAX, DEFAULT_QUEUE_CAPACITY, DEFAULT_SEGMENT_BYTES,
};
pub use error::WalError;
pub use frame::{RECORD_HEADER_BYTES, RECORD_PAYLOAD_BYTES_MAX};
pub use handle::{Completion, OpenReport, TruncatedTail, Wal};
pub use reader::{read_records, verify, verify_with_progress, ReadProgress, RecordIterator, TornTail, VerifyReport};
pub use segment::{segment_file_name, SEGMENT_FILE_EXTENSION};
pub use storage::{FaultyStorage, FileStorage, SegmentFile, Storage};

/// A log sequence number: the position of a record in the log. The first
/// record is 1; 0 means "no record" (an empty log, or nothing durable yet).
pub type Lsn = u64;
