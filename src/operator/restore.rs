//! `shortlist restore --from SNAPSHOT [--until-lsn N | --until TIMESTAMP] --data-dir DIR`:
//! rebuilds one workspace as it was at a point in time, from a snapshot and
//! the log records of that workspace after it, and writes it as a snapshot
//! into a data directory that a server can then start from.
//!
//! The log read is the one of the data directory the snapshot comes from
//! (`<data-dir>/workspaces/<id>/<file>`), or `--log-dir`. The target must not
//! already hold the workspace (in particular it cannot be the source
//! directory, whose log holds the later writes). The restored snapshot is
//! written with LSN 0: it covers no record of the target's own log, so every
//! write made there after the restore replays on top of it.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::{progress, OperatorResult};
use crate::domain::time::Timestamp;
use crate::store::codec;
use crate::store::snapshot::SnapshotAccess;
use crate::store::wal::read_records;
use crate::workspace::journal::LogRecord;
use crate::workspace::persistence::{load_snapshot_with, write_snapshot, DataLayout, WAL_DIRECTORY_NAME};

/// A restored snapshot covers no record of the target directory's log.
pub const RESTORED_SNAPSHOT_LSN: u64 = 0;

pub struct RestoreRequest<'a> {
    pub snapshot: &'a Path,
    pub until_lsn: Option<u64>,
    pub until: Option<Timestamp>,
    pub target_data_dir: &'a Path,
    pub log_dir: Option<&'a Path>,
    /// When the restored snapshot is made: the caller's clock.
    pub now: Timestamp,
}

pub fn restore(request: &RestoreRequest<'_>) -> OperatorResult {
    let (mut state, snapshot_lsn) = load_snapshot_with(request.snapshot, SnapshotAccess::Read)
        .with_context(|| format!("reading the snapshot {}", request.snapshot.display()))?;
    if let Some(until_lsn) = request.until_lsn.filter(|until_lsn| *until_lsn < snapshot_lsn) {
        bail!(
            "{} already covers LSN {snapshot_lsn}, after the requested LSN {until_lsn}; restore from an older snapshot (`shortlist snapshot list`)",
            request.snapshot.display()
        );
    }
    let log_dir = match request.log_dir {
        Some(directory) => directory.to_path_buf(),
        None => source_data_dir(request.snapshot)?.join(WAL_DIRECTORY_NAME),
    };
    let target = DataLayout::new(request.target_data_dir);
    if same_directory(&target.wal(), &log_dir) || target.snapshots().join(state.id.as_str()).exists() {
        bail!(
            "{} already holds workspace {}; restore into a new data directory (its later writes would otherwise replay on top)",
            request.target_data_dir.display(),
            state.id
        );
    }
    // A log that is not there would replay nothing and restore the snapshot
    // alone, silently older than asked: refuse, naming where it looked.
    if !log_dir.is_dir() {
        bail!(
            "the log directory {} does not exist; pass the log of the data directory the snapshot came from with --log-dir",
            log_dir.display()
        );
    }
    let mut last_lsn = snapshot_lsn;
    let mut applied = 0u64;
    {
        let bar = progress(0, "replaying");
        let reading = || format!("reading the log in {}", log_dir.display());
        for record in read_records(&log_dir, snapshot_lsn).with_context(reading)? {
            let (lsn, payload) = record.with_context(reading)?;
            if request.until_lsn.is_some_and(|until| lsn > until) {
                break;
            }
            let record: LogRecord = codec::decode(&payload).with_context(|| format!("decoding log record {lsn}"))?;
            if record.workspace_id != state.id || lsn <= snapshot_lsn {
                continue;
            }
            if request.until.is_some_and(|until| record.event.occurred_at() > until) {
                break;
            }
            state.apply(&record.event);
            last_lsn = lsn;
            applied += 1;
            bar.inc(1);
        }
        bar.finish_and_clear();
    }
    let file = write_snapshot(&target, &state.to_image(), RESTORED_SNAPSHOT_LSN, request.now, usize::MAX)
        .with_context(|| format!("writing the restored snapshot into {}", request.target_data_dir.display()))?;
    println!(
        "restored workspace {} from LSN {snapshot_lsn} to LSN {last_lsn} ({applied} records) into {}",
        state.id,
        file.path.display()
    );
    println!("start it with: shortlist serve --data-dir {}", request.target_data_dir.display());
    Ok(())
}

/// `<data-dir>/workspaces/<id>/<file>` → `<data-dir>`.
fn source_data_dir(snapshot: &Path) -> anyhow::Result<PathBuf> {
    snapshot
        .canonicalize()
        .ok()
        .and_then(|path| path.parent()?.parent()?.parent().map(Path::to_path_buf))
        .with_context(|| format!("cannot tell the data directory of {}; pass --log-dir", snapshot.display()))
}

fn same_directory(left: &Path, right: &Path) -> bool {
    match (left.canonicalize(), right.canonicalize()) {
        (Ok(left), Ok(right)) => left == right,
        _ => false,
    }
}
