//! The faulty app of the fault tests: which fault to arm, the data
//! directory that a restart reuses, and what the log on it holds.

use super::*;

#[derive(Clone, Copy, Debug)]
pub(super) enum Fault {
    FailedFsync,
    ShortWrite,
    DiskFull,
}

impl Fault {
    pub(super) fn arm(self, storage: &FaultyStorage) {
        match self {
            Fault::FailedFsync => storage.fail_next_sync(),
            Fault::ShortWrite => storage.short_write_next(),
            Fault::DiskFull => storage.enospc_next_write(),
        }
    }
}

/// A data directory of the test's own, so that a second app can be started
/// on it; removed when the test ends.
pub(super) struct DataDirectory(crate::helpers::TempDirectory);

impl DataDirectory {
    pub(super) fn new(name: &str) -> DataDirectory {
        DataDirectory(crate::helpers::temp_directory(&format!("faults-{name}")))
    }

    pub(super) fn path(&self) -> PathBuf {
        self.0.path().to_path_buf()
    }

    pub(super) fn wal(&self) -> PathBuf {
        self.0.path().join("wal")
    }
}

/// An app on `data_directory` whose log writes through `storage`, with rate
/// limits out of the way and no snapshots, so that a restart rebuilds every
/// workspace from the log alone.
pub(super) async fn spawn_on(data_directory: &DataDirectory, storage: Arc<dyn Storage>) -> TestApp {
    let path = data_directory.path();
    spawn_app_on(
        move |settings| {
            settings.data_dir = path;
            settings.rate_limit_per_minute = 1_000_000;
            settings.durability.snapshot_interval_seconds = 86_400;
            settings.durability.snapshot_every_records = 1_000_000;
        },
        storage,
    )
    .await
}

/// The log reads cleanly from its first record to its last.
#[track_caller]
pub(super) fn verify_log(data_directory: &DataDirectory) -> VerifyReport {
    verify(&data_directory.wal()).expect("the log verifies")
}

/// The bytes of every segment up to the zeros the writer wrote ahead of its
/// records (and any zero bytes the last record ends with), added up.
pub(super) fn segment_bytes(data_directory: &DataDirectory) -> u64 {
    segment_files(&data_directory.wal())
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).expect("a segment reads");
            bytes.iter().rposition(|&byte| byte != 0).map_or(0, |last| last as u64 + 1)
        })
        .sum()
}

pub(super) fn segment_files(directory: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(directory)
        .expect("the log directory is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == SEGMENT_FILE_EXTENSION))
        .collect()
}
