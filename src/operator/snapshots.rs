//! `shortlist snapshot create|list|inspect|verify`.

use std::path::Path;

use anyhow::Context;

use super::{progress, OperatorResult};
use crate::domain::time::Timestamp;
use crate::store::snapshot::{list_snapshots, read_header, SnapshotAccess};
use crate::workspace::persistence::{load_snapshot_with, recover, write_snapshot, DataLayout};

/// Recovers every workspace of a stopped data directory and writes a fresh
/// snapshot of each at the last LSN it has, made at `now`.
pub fn create(data_dir: &Path, keep: usize, now: Timestamp) -> OperatorResult {
    let layout = DataLayout::new(data_dir);
    let (workspaces, report) = recover(&layout).with_context(|| format!("recovering {}", data_dir.display()))?;
    println!(
        "recovered {} workspaces ({} snapshots loaded, {} log records replayed) in {} ms",
        report.workspaces, report.snapshots_loaded, report.records_replayed, report.elapsed_milliseconds
    );
    let bar = progress(workspaces.len() as u64, "snapshotting");
    for workspace in &workspaces {
        let file = write_snapshot(&layout, &workspace.state.to_image(), workspace.last_lsn, now, keep)
            .with_context(|| format!("writing a snapshot of workspace {}", workspace.state.id))?;
        bar.println(format!("{}  lsn {}  {}", workspace.state.id, workspace.last_lsn, file.path.display()));
        bar.inc(1);
    }
    bar.finish_and_clear();
    println!("{} snapshots written", workspaces.len());
    Ok(())
}

pub fn list(data_dir: &Path, workspace: Option<&str>) -> OperatorResult {
    let root = DataLayout::new(data_dir).snapshots();
    if !root.exists() {
        println!("no snapshots under {}", root.display());
        return Ok(());
    }
    let listing = list_snapshots(&root, workspace).with_context(|| format!("listing {}", root.display()))?;
    println!("{:<24} {:>12} {:<26} {:>14}  path", "workspace", "lsn", "created", "bytes");
    for file in &listing.valid {
        let created = Timestamp::from_unix_milliseconds(file.header.created_at_unix_milliseconds).to_iso8601();
        println!(
            "{:<24} {:>12} {:<26} {:>14}  {}",
            file.header.workspace_id,
            file.header.lsn,
            created,
            file.file_bytes,
            file.path.display()
        );
    }
    for (path, error) in &listing.unreadable {
        println!("UNREADABLE {}: {error}", path.display());
    }
    Ok(())
}

pub fn inspect(file: &Path) -> OperatorResult {
    let header = read_header(file).with_context(|| format!("reading the header of {}", file.display()))?;
    println!("file:            {}", file.display());
    println!("format version:  {}", header.format_version);
    println!("workspace:       {}", header.workspace_id);
    println!("covers LSN:      {}", header.lsn);
    println!(
        "created:         {}",
        Timestamp::from_unix_milliseconds(header.created_at_unix_milliseconds).to_iso8601()
    );
    println!("payload bytes:   {}", header.payload_bytes);
    println!("payload crc32c:  {:08x}", header.payload_crc32c);
    let (state, _) =
        load_snapshot_with(file, SnapshotAccess::Read).with_context(|| format!("loading {}", file.display()))?;
    println!("name:            {}", state.name);
    println!("members:         {}", state.members.len());
    println!("teams:           {}", state.teams.len());
    println!("jobs:            {}", state.jobs.len());
    println!("applications:    {}", state.applications.len());
    println!(
        "api keys:        {} ({} revoked)",
        state.keys.len(),
        state.keys.values().filter(|key| key.revoked_at.is_some()).count()
    );
    Ok(())
}

/// Checks magic, version, lengths and checksums, then decodes the payload and rebuilds the state.
pub fn verify(file: &Path) -> OperatorResult {
    let (state, lsn) =
        load_snapshot_with(file, SnapshotAccess::Read).with_context(|| format!("{}: FAILED", file.display()))?;
    println!("{}: OK (workspace {}, LSN {lsn}, {} applications)", file.display(), state.id, state.applications.len());
    Ok(())
}
