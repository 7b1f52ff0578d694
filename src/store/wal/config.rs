//! The log's settings: where it lives, how large a segment grows, when it
//! fdatasyncs, and the bounds on its queue and batches. Every bound is a
//! named constant so that memory use can be sketched before it is measured:
//! at most `queue_capacity` records wait, and a batch buffer holds at most
//! `BATCH_BYTES_TARGET` plus one record.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use super::error::WalError;

/// A segment is closed and a new one started once it reaches this size.
pub const DEFAULT_SEGMENT_BYTES: u64 = 64 * 1024 * 1024;
/// Larger segments would make the tail scan of recovery read too much at once.
pub const SEGMENT_BYTES_MAX: u64 = 1024 * 1024 * 1024;
/// Records that may wait for the writer before `append` blocks.
pub const DEFAULT_QUEUE_CAPACITY: usize = 16_384;
pub const QUEUE_CAPACITY_MAX: usize = 1 << 20;
/// Records framed into one write and one fdatasync at most.
pub const DEFAULT_BATCH_RECORDS_MAX: usize = 4_096;
/// The largest `batch_records_max` accepted.
pub const BATCH_RECORDS_MAX_CEILING: usize = 1 << 16;
/// The writer stops draining the queue into a batch once the batch buffer
/// reaches this size, so one batch never holds the whole queue's bytes.
pub const BATCH_BYTES_TARGET: usize = 8 * 1024 * 1024;
/// An interval longer than this is almost certainly a typo, and would make
/// the loss window on power failure unreasonably long.
pub const FSYNC_INTERVAL_MILLISECONDS_MAX: u64 = 60_000;

/// When the writer calls fdatasync, and therefore what a successful
/// completion promises. See the module documentation for each loss window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FsyncMode {
    /// After every batch, before its completions run.
    Always,
    /// At least every `milliseconds` while there is unsynced data; completions
    /// run after the write.
    Interval { milliseconds: u64 },
    /// Only when a segment is full, on flush and on shutdown.
    Never,
}

impl FsyncMode {
    /// Whether completions wait for fdatasync.
    #[must_use]
    pub fn acknowledges_after_sync(self) -> bool {
        matches!(self, FsyncMode::Always)
    }
}

impl fmt::Display for FsyncMode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FsyncMode::Always => formatter.write_str("always"),
            FsyncMode::Interval { milliseconds } => write!(formatter, "interval={milliseconds}"),
            FsyncMode::Never => formatter.write_str("never"),
        }
    }
}

/// Why a fsync mode setting could not be parsed; the message says what is
/// accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid fsync mode `{input}`: {reason}; expected `always`, `interval=<milliseconds>` or `never`")]
pub struct ParseFsyncModeError {
    pub input: String,
    pub reason: String,
}

impl FromStr for FsyncMode {
    type Err = ParseFsyncModeError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let error = |reason: String| ParseFsyncModeError { input: input.to_owned(), reason };
        let normalized = input.trim().to_ascii_lowercase();
        match normalized.as_str() {
            "always" => return Ok(FsyncMode::Always),
            "never" => return Ok(FsyncMode::Never),
            _ => {}
        }
        let Some(milliseconds_text) = normalized.strip_prefix("interval=") else {
            return Err(error("unknown mode".to_owned()));
        };
        let milliseconds: u64 = milliseconds_text
            .trim()
            .parse()
            .map_err(|_| error(format!("`{milliseconds_text}` is not a whole number of milliseconds")))?;
        if milliseconds == 0 {
            return Err(error("the interval must be at least 1 millisecond (use `always` to sync every batch)".into()));
        }
        if milliseconds > FSYNC_INTERVAL_MILLISECONDS_MAX {
            return Err(error(format!("the interval must be at most {FSYNC_INTERVAL_MILLISECONDS_MAX} milliseconds")));
        }
        Ok(FsyncMode::Interval { milliseconds })
    }
}

/// Everything [`super::Wal::open`] needs besides the storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalConfig {
    /// The directory that holds the segments (created if missing).
    pub directory: PathBuf,
    /// A new segment starts once the current one reaches this size. A segment
    /// may exceed it by one batch, since a batch is never split.
    pub segment_bytes: u64,
    pub fsync: FsyncMode,
    /// Records that may wait for the writer; `append` blocks beyond it.
    pub queue_capacity: usize,
    /// Records framed into one write and one fdatasync.
    pub batch_records_max: usize,
}

impl WalConfig {
    /// The defaults: 64 MiB segments, fsync always, bounded queue and batches.
    #[must_use]
    pub fn for_directory(directory: impl Into<PathBuf>) -> Self {
        WalConfig {
            directory: directory.into(),
            segment_bytes: DEFAULT_SEGMENT_BYTES,
            fsync: FsyncMode::Always,
            queue_capacity: DEFAULT_QUEUE_CAPACITY,
            batch_records_max: DEFAULT_BATCH_RECORDS_MAX,
        }
    }

    /// Refuses settings outside their bounds, naming the setting.
    pub fn validate(&self) -> Result<(), WalError> {
        let invalid = |reason: String| Err(WalError::InvalidConfig { reason });
        if self.segment_bytes == 0 || self.segment_bytes > SEGMENT_BYTES_MAX {
            return invalid(format!(
                "segment_bytes must be between 1 and {SEGMENT_BYTES_MAX}, got {}",
                self.segment_bytes
            ));
        }
        if self.queue_capacity == 0 || self.queue_capacity > QUEUE_CAPACITY_MAX {
            return invalid(format!(
                "queue_capacity must be between 1 and {QUEUE_CAPACITY_MAX}, got {}",
                self.queue_capacity
            ));
        }
        if self.batch_records_max == 0 || self.batch_records_max > BATCH_RECORDS_MAX_CEILING {
            return invalid(format!(
                "batch_records_max must be between 1 and {BATCH_RECORDS_MAX_CEILING}, got {}",
                self.batch_records_max
            ));
        }
        if let FsyncMode::Interval { milliseconds } = self.fsync {
            if milliseconds == 0 || milliseconds > FSYNC_INTERVAL_MILLISECONDS_MAX {
                return invalid(format!(
                    "the fsync interval must be between 1 and {FSYNC_INTERVAL_MILLISECONDS_MAX} milliseconds, got \
                     {milliseconds}"
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fsync_modes_parse_from_their_display_form() {
        for mode in [FsyncMode::Always, FsyncMode::Never, FsyncMode::Interval { milliseconds: 250 }] {
            assert_eq!(mode.to_string().parse::<FsyncMode>(), Ok(mode));
        }
    }

    #[test]
    fn fsync_mode_parsing_ignores_case_and_surrounding_spaces() {
        assert_eq!(" Always ".parse::<FsyncMode>(), Ok(FsyncMode::Always));
        assert_eq!("INTERVAL=100".parse::<FsyncMode>(), Ok(FsyncMode::Interval { milliseconds: 100 }));
    }

    #[test]
    fn unknown_fsync_mode_error_lists_the_accepted_forms() {
        let error = "sometimes".parse::<FsyncMode>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "invalid fsync mode `sometimes`: unknown mode; expected `always`, `interval=<milliseconds>` or `never`"
        );
    }

    #[test]
    fn interval_must_be_a_positive_bounded_number_of_milliseconds() {
        assert!("interval=".parse::<FsyncMode>().unwrap_err().reason.contains("not a whole number"));
        assert!("interval=ten".parse::<FsyncMode>().unwrap_err().reason.contains("not a whole number"));
        assert!("interval=-5".parse::<FsyncMode>().unwrap_err().reason.contains("not a whole number"));
        assert!("interval=0".parse::<FsyncMode>().unwrap_err().reason.contains("at least 1"));
        assert!("interval=60001".parse::<FsyncMode>().unwrap_err().reason.contains("at most 60000"));
    }

    #[test]
    fn only_always_acknowledges_after_sync() {
        assert!(FsyncMode::Always.acknowledges_after_sync());
        assert!(!FsyncMode::Never.acknowledges_after_sync());
        assert!(!FsyncMode::Interval { milliseconds: 5 }.acknowledges_after_sync());
    }

    #[test]
    fn defaults_are_valid_and_zero_bounds_are_refused() {
        let config = WalConfig::for_directory("/tmp/unused");
        assert_eq!(config.validate().map_err(|error| error.to_string()), Ok(()));
        let zero_queue = WalConfig { queue_capacity: 0, ..config.clone() };
        assert!(zero_queue.validate().unwrap_err().to_string().contains("queue_capacity"));
        let zero_segment = WalConfig { segment_bytes: 0, ..config.clone() };
        assert!(zero_segment.validate().unwrap_err().to_string().contains("segment_bytes"));
        let zero_batch = WalConfig { batch_records_max: 0, ..config };
        assert!(zero_batch.validate().unwrap_err().to_string().contains("batch_records_max"));
    }
}
