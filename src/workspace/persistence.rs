//! Snapshots and recovery of workspaces: which files hold what, and how a
//! data directory becomes running state again.
//!
//! Recovery, per workspace: the newest snapshot that passes its checks
//! (falling back to older ones), then every log record after the snapshot's
//! LSN. Snapshots decode in parallel on the pool; the log is replayed once,
//! in LSN order.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use super::journal::LogRecord;
use crate::domain::encoded::SharedBytes;
use crate::domain::event::Event;
use crate::domain::ids::WorkspaceId;
use crate::domain::image::{ImageError, WorkspaceImage, WorkspaceImageVersion1, WorkspaceImageVersion2};
use crate::domain::time::Timestamp;
use crate::domain::workspace::Workspace;
use crate::store::codec;
use crate::store::codec::sharing::decode_sharing;
use crate::store::snapshot::{self, SnapshotAccess, SnapshotFile, SnapshotWriter};
use crate::store::wal::{read_records, Lsn};

pub const WAL_DIRECTORY_NAME: &str = "wal";
pub const SNAPSHOT_DIRECTORY_NAME: &str = "workspaces";
pub const BLOBS_DIRECTORY_NAME: &str = "blobs";

/// Where things live under a data directory.
#[derive(Clone, Debug)]
pub struct DataLayout {
    pub root: PathBuf,
}

impl DataLayout {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    pub fn wal(&self) -> PathBuf {
        self.root.join(WAL_DIRECTORY_NAME)
    }

    pub fn snapshots(&self) -> PathBuf {
        self.root.join(SNAPSHOT_DIRECTORY_NAME)
    }

    /// The resume files (`store::blobs`).
    pub fn blobs(&self) -> PathBuf {
        self.root.join(BLOBS_DIRECTORY_NAME)
    }
}

/// One workspace as recovery found it.
pub struct RecoveredWorkspace {
    pub state: Workspace,
    /// The LSN the loaded snapshot covers (0 without a snapshot).
    pub snapshot_lsn: Lsn,
    /// The LSN of the last record applied (the snapshot's when none followed).
    pub last_lsn: Lsn,
}

#[derive(Debug, Default)]
pub struct RecoveryReport {
    pub workspaces: usize,
    pub snapshots_loaded: usize,
    pub snapshots_rejected: Vec<(PathBuf, String)>,
    pub records_replayed: u64,
    pub records_skipped: u64,
    /// Loading snapshots (read, verify, decode, rebuild), all workspaces.
    pub snapshots_milliseconds: u128,
    /// Reading, decoding and applying the log.
    pub replay_milliseconds: u128,
    pub elapsed_milliseconds: u128,
}

#[derive(Debug, thiserror::Error)]
pub enum RecoveryError {
    #[error("snapshots: {0}")]
    Snapshot(String),
    #[error("log: {0}")]
    Log(String),
    #[error("log record {lsn}: {reason}. Remedy: restore the workspace from a snapshot with `shortlist restore`, or move the damaged files aside")]
    Record { lsn: Lsn, reason: String },
}

// A workspace ID names its snapshot directory, so the store's bound on
// those names must admit every ID the domain accepts, and no more.
const _: () = assert!(crate::domain::ids::ID_LENGTH_MAX == snapshot::WORKSPACE_ID_BYTES_MAX);

/// Why a snapshot could not be written or loaded, with its cause kept.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotFileError {
    #[error(transparent)]
    Codec(#[from] codec::CodecError),
    #[error(transparent)]
    File(#[from] snapshot::SnapshotError),
    #[error("the header names workspace {header} but the payload holds {payload}")]
    WorkspaceMismatch { header: String, payload: String },
    #[error(transparent)]
    Image(#[from] ImageError),
}

/// Encodes one snapshot straight into its file (never whole in memory, see
/// `store::snapshot::SnapshotWriter`), then keeps the newest `keep`.
pub fn write_snapshot(
    layout: &DataLayout,
    image: &WorkspaceImage,
    lsn: Lsn,
    created_at: Timestamp,
    keep: usize,
) -> Result<SnapshotFile, SnapshotFileError> {
    let root = layout.snapshots();
    let mut writer = SnapshotWriter::create(&root, image.id.as_str(), lsn, created_at.unix_milliseconds())?;
    if let Err(error) = codec::encode_to_writer(image, &mut writer) {
        // The file's own failure (a full disk, the size limit) says more
        // than the encoder's report of it.
        return Err(writer.abandon().map_or(SnapshotFileError::Codec(error), SnapshotFileError::File));
    }
    let file = writer.finish()?;
    snapshot::apply_retention(&root, image.id.as_str(), keep.max(1))?;
    Ok(file)
}

/// Loads a snapshot file into state, checking it on the way. The file is
/// mapped and the parsed resumes and breakdowns stay in the mapping: the
/// state points into it (see `store::snapshot::mapped`). For recovery, whose
/// files the server itself wrote.
pub fn load_snapshot(path: &Path) -> Result<(Workspace, Lsn), SnapshotFileError> {
    load_snapshot_with(path, SnapshotAccess::Map)
}

/// As `load_snapshot`, choosing how the file reaches memory: the operator's
/// tools read it, since the file they are handed may be damaged or still
/// being copied, which a mapping would turn into a crash.
pub fn load_snapshot_with(path: &Path, access: SnapshotAccess) -> Result<(Workspace, Lsn), SnapshotFileError> {
    let snapshot = snapshot::snapshot_in_memory(path, access)?;
    let header = &snapshot.header;
    let shared: SharedBytes = snapshot.bytes();
    let image = decode_sharing(&shared, || decode_image(header.format_version, snapshot.payload()))?;
    if image.id.as_str() != header.workspace_id {
        return Err(SnapshotFileError::WorkspaceMismatch {
            header: header.workspace_id.clone(),
            payload: image.id.to_string(),
        });
    }
    let state = Workspace::from_image(image)?;
    Ok((state, header.lsn))
}

/// Decodes a snapshot payload of format `version` (which the header check
/// has bounded to the versions this build reads), migrating older ones.
pub fn decode_image(version: u32, payload: &[u8]) -> Result<WorkspaceImage, codec::CodecError> {
    if version == 1 {
        return codec::decode::<WorkspaceImageVersion1>(payload)
            .map(|image| WorkspaceImage::from(WorkspaceImageVersion2::from(image)));
    }
    if version == 2 {
        return codec::decode::<WorkspaceImageVersion2>(payload).map(WorkspaceImage::from);
    }
    debug_assert_eq!(version, snapshot::SNAPSHOT_FORMAT_VERSION);
    codec::decode(payload)
}

/// A workspace loaded from its newest good snapshot (if any), and the snapshots rejected on the way.
type SnapshotAttempt = (Option<RecoveredWorkspace>, Vec<(PathBuf, String)>);

/// The newest snapshot of each workspace that loads, older ones as fallback,
/// and the snapshots rejected on the way.
fn load_newest_snapshots(layout: &DataLayout) -> Result<(LoadedSnapshots, Vec<(PathBuf, String)>), RecoveryError> {
    let root = layout.snapshots();
    let mut rejected = Vec::new();
    if !root.exists() {
        return Ok((HashMap::new(), rejected));
    }
    let listing = snapshot::list_snapshots(&root, None).map_err(|error| RecoveryError::Snapshot(error.to_string()))?;
    for (path, error) in &listing.unreadable {
        tracing::warn!(path = %path.display(), %error, "skipping a snapshot whose header does not read");
        rejected.push((path.clone(), error.to_string()));
    }
    let mut by_workspace: HashMap<String, Vec<SnapshotFile>> = HashMap::new();
    for file in listing.valid {
        by_workspace.entry(file.header.workspace_id.clone()).or_default().push(file);
    }
    let loaded: Vec<SnapshotAttempt> = by_workspace.into_par_iter().map(|(_, files)| load_first_good(files)).collect();
    let mut recovered = HashMap::new();
    for (workspace, rejected_here) in loaded {
        rejected.extend(rejected_here);
        if let Some(workspace) = workspace {
            recovered.insert(workspace.state.id.clone(), workspace);
        }
    }
    Ok((recovered, rejected))
}

fn load_first_good(files: Vec<SnapshotFile>) -> SnapshotAttempt {
    let mut rejected = Vec::new();
    for file in files {
        match load_snapshot(&file.path) {
            Ok((state, lsn)) => {
                return (Some(RecoveredWorkspace { state, snapshot_lsn: lsn, last_lsn: lsn }), rejected)
            }
            Err(error) => {
                tracing::warn!(path = %file.path.display(), %error, "snapshot failed its checks; trying an older one");
                rejected.push((file.path.clone(), error.to_string()));
            }
        }
    }
    (None, rejected)
}

/// Workspaces loaded from snapshots, by ID.
type LoadedSnapshots = HashMap<WorkspaceId, RecoveredWorkspace>;

/// One workspace's share of recovery: its snapshot (if any) and its records.
type ReplayUnit = (WorkspaceId, Option<RecoveredWorkspace>, Vec<(Lsn, Event)>);

/// Each workspace's log records, in LSN order.
type RecordsByWorkspace = HashMap<WorkspaceId, Vec<(Lsn, Event)>>;

/// Reads and decodes the log from its oldest segment kept: a workspace
/// without a snapshot is only known from its creation record, and segments
/// are deleted only once every workspace's snapshot has passed them.
fn read_log(layout: &DataLayout) -> Result<RecordsByWorkspace, RecoveryError> {
    let mut by_workspace: RecordsByWorkspace = HashMap::new();
    let wal_directory = layout.wal();
    if !wal_directory.exists() {
        return Ok(by_workspace);
    }
    let records = read_records(&wal_directory, 0).map_err(|error| RecoveryError::Log(error.to_string()))?;
    for record in records {
        let (lsn, payload) = record.map_err(|error| RecoveryError::Log(error.to_string()))?;
        let record: LogRecord =
            codec::decode(&payload).map_err(|error| RecoveryError::Record { lsn, reason: error.to_string() })?;
        by_workspace.entry(record.workspace_id).or_default().push((lsn, record.event));
    }
    Ok(by_workspace)
}

/// Rebuilds every workspace from its newest good snapshot and the log. The
/// snapshots load while the log is read; then each workspace replays its own
/// records, workspaces in parallel (they share nothing).
pub fn recover(layout: &DataLayout) -> Result<(Vec<RecoveredWorkspace>, RecoveryReport), RecoveryError> {
    let started = Instant::now();
    let mut report = RecoveryReport::default();
    let (snapshots, log) = rayon::join(
        || {
            let loaded = load_newest_snapshots(layout);
            (loaded, started.elapsed().as_millis())
        },
        || read_log(layout),
    );
    let ((mut workspaces, rejected), snapshots_milliseconds) = (snapshots.0?, snapshots.1);
    report.snapshots_milliseconds = snapshots_milliseconds;
    report.snapshots_loaded = workspaces.len();
    report.snapshots_rejected = rejected;
    let replay_started = Instant::now();
    let units: Vec<ReplayUnit> =
        log?.into_iter().map(|(id, records)| (id.clone(), workspaces.remove(&id), records)).collect();
    let replayed: Vec<Result<(RecoveredWorkspace, u64, u64), RecoveryError>> =
        units.into_par_iter().map(|(id, workspace, records)| replay_workspace(&id, workspace, records)).collect();
    for result in replayed {
        let (workspace, applied, skipped) = result?;
        report.records_replayed += applied;
        report.records_skipped += skipped;
        workspaces.insert(workspace.state.id.clone(), workspace);
    }
    report.replay_milliseconds = replay_started.elapsed().as_millis();
    report.workspaces = workspaces.len();
    report.elapsed_milliseconds = started.elapsed().as_millis();
    let mut recovered: Vec<RecoveredWorkspace> = workspaces.into_values().collect();
    recovered.sort_by(|left, right| left.state.id.cmp(&right.state.id));
    Ok((recovered, report))
}

/// Applies one workspace's records after its snapshot; returns it with the
/// counts of records applied and skipped (already in the snapshot).
fn replay_workspace(
    id: &WorkspaceId,
    mut workspace: Option<RecoveredWorkspace>,
    records: Vec<(Lsn, Event)>,
) -> Result<(RecoveredWorkspace, u64, u64), RecoveryError> {
    let (mut applied, mut skipped) = (0u64, 0u64);
    for (lsn, event) in records {
        match workspace.as_mut() {
            Some(recovered) if lsn <= recovered.snapshot_lsn => skipped += 1,
            Some(recovered) => {
                recovered.state.apply(&event);
                recovered.last_lsn = lsn;
                applied += 1;
            }
            None => {
                let Some(state) = Workspace::from_created(&event) else {
                    return Err(RecoveryError::Record {
                        lsn,
                        reason: format!("it belongs to workspace {id}, which has neither a snapshot nor a creation record before it"),
                    });
                };
                workspace = Some(RecoveredWorkspace { state, snapshot_lsn: 0, last_lsn: lsn });
                applied += 1;
            }
        }
    }
    // A workspace appears here only with at least one record or a snapshot.
    workspace
        .map(|workspace| (workspace, applied, skipped))
        .ok_or_else(|| RecoveryError::Log(format!("workspace {id} has no records")))
}
