//! The snapshot format: a fully populated workspace survives the codec
//! unchanged (so no serde attribute that bincode cannot round-trip has
//! reached a snapshot type), and a snapshot of every format version is kept
//! as a fixture and must keep loading: a format change that breaks old
//! snapshots fails here until a migration exists. Version 2 added the keys'
//! recorded last use; a version 1 snapshot loads without it. Version 3 added
//! the change sequences; older snapshots load with sequences made from
//! their records' times, and no idempotency records (format 3 added those
//! too, before it was first released).

use std::path::PathBuf;

use shortlist::domain::application::{ApplicationStatus, PipelineState};
use shortlist::domain::encoded::{Encoded, ScoredBreakdown};
use shortlist::domain::image::{ChangeImage, WorkspaceImage, WorkspaceImageVersion1, WorkspaceImageVersion2};
use shortlist::domain::synthetic::fully_populated_workspace;
use shortlist::domain::synthetic::{synthetic_workspace, PipelineResult};
use shortlist::domain::time::Timestamp;
use shortlist::domain::workspace::Workspace;
use shortlist::domain::workspace::CHANGE_SEQUENCE_TIME_SHIFT;
use shortlist::store::codec;
use shortlist::store::snapshot::{read_snapshot, SnapshotAccess, SNAPSHOT_FORMAT_VERSION};
use shortlist::workspace::persistence::{load_snapshot, load_snapshot_with, write_snapshot, DataLayout};

const FIXTURE_LSN: u64 = 4_242;

fn fixture_directory() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/snapshots")
}

fn fixture_file(version: u32) -> PathBuf {
    fixture_directory().join(format!("format-v{version}.snap"))
}

/// The fully populated workspace as the version 1 fixture holds it: before
/// its one `KeysUsed` event, which version 1 did not have.
fn without_key_use(mut image: WorkspaceImage) -> WorkspaceImage {
    image.key_last_used.clear();
    image.events_applied -= 1;
    image
}

/// The image without what format 3 added (its change sequences and its
/// idempotency records), and the sequences.
fn changes_apart(mut image: WorkspaceImage) -> (WorkspaceImage, ChangeImage) {
    let changes = std::mem::take(&mut image.changes);
    image.idempotency.clear();
    (image, changes)
}

fn assert_changes_come_from_times(image: &WorkspaceImage) {
    let from_time = |at: Timestamp| (at.unix_milliseconds() as u64) << CHANGE_SEQUENCE_TIME_SHIFT;
    for (application, change) in image.applications.iter().zip(&image.changes.applications) {
        assert_eq!(*change, from_time(application.updated_at), "{}", application.id);
    }
    for (job, change) in image.jobs.iter().zip(&image.changes.jobs) {
        assert!(*change >= from_time(job.updated_at), "{}", job.id);
    }
    let latest = image.changes.applications.iter().chain(&image.changes.jobs).max().copied().unwrap_or(0);
    assert_eq!(image.changes.change_sequence, latest);
}

#[test]
fn a_fully_populated_workspace_round_trips_through_the_codec() {
    let image = fully_populated_workspace().to_image();
    let bytes = codec::encode(&image).expect("encodes");
    let decoded: WorkspaceImage = codec::decode(&bytes).expect("decodes");
    assert_eq!(decoded, image);
    let rebuilt = Workspace::from_image(decoded).expect("rebuilds");
    assert_eq!(rebuilt.to_image(), image, "indexes rebuilt from the image give back the same image");
}

#[test]
fn the_version_1_fixture_still_loads_with_everything_in_it() {
    let (state, lsn) = load_snapshot(&fixture_file(1)).expect("the fixture loads");
    assert_eq!(lsn, FIXTURE_LSN);
    assert_changes_come_from_times(&state.to_image());
    assert_eq!(
        changes_apart(state.to_image()).0,
        changes_apart(without_key_use(fully_populated_workspace().to_image())).0,
        "the fixture holds the fully populated workspace, as version 1 knew it"
    );
    let states: Vec<PipelineState> =
        state.applications.values().map(|application| application.pipeline.state).collect();
    for expected in [PipelineState::Done, PipelineState::Failed, PipelineState::Queued] {
        assert!(states.contains(&expected), "an application whose pipeline is {expected:?}");
    }
    assert!(state.applications.values().any(|application| application.status == ApplicationStatus::Archived));
    assert_eq!(state.keys.len(), 2);
}

#[test]
fn the_version_2_fixture_loads_with_everything_in_it_including_key_use() {
    let (state, lsn) = load_snapshot(&fixture_file(2)).expect("the fixture loads");
    assert_eq!(lsn, FIXTURE_LSN);
    assert_changes_come_from_times(&state.to_image());
    assert_eq!(changes_apart(state.to_image()).0, changes_apart(fully_populated_workspace().to_image()).0);
    assert_eq!(state.key_last_used.len(), 2, "both keys' last use is recorded");
}

#[test]
fn the_version_3_fixture_loads_with_everything_in_it_including_change_sequences() {
    let (state, lsn) = load_snapshot(&fixture_file(3)).expect("the fixture loads");
    assert_eq!(lsn, FIXTURE_LSN);
    let image = state.to_image();
    assert_eq!(image, fully_populated_workspace().to_image());
    assert_eq!(image.changes.applications.len(), image.applications.len());
    assert!(image.changes.change_sequence > 0);
    assert_eq!(image.idempotency.len(), 1, "the keyed write's answer is kept");
}

#[test]
fn each_fixture_encodes_back_to_the_same_bytes() {
    // Stricter than loading: the types of each version write exactly what
    // that version wrote, so a change of encoding (even one that still
    // decodes) fails here.
    let (header, payload) = read_snapshot(&fixture_file(1)).expect("the fixture reads");
    assert_eq!(header.format_version, 1);
    let image: WorkspaceImageVersion1 = codec::decode(&payload).expect("decodes");
    assert_eq!(codec::encode(&image).expect("encodes"), payload);
    let (header, payload) = read_snapshot(&fixture_file(2)).expect("the fixture reads");
    assert_eq!(header.format_version, 2);
    let image: WorkspaceImageVersion2 = codec::decode(&payload).expect("decodes");
    assert_eq!(codec::encode(&image).expect("encodes"), payload);
    let (header, payload) = read_snapshot(&fixture_file(3)).expect("the fixture reads");
    assert_eq!(header.format_version, SNAPSHOT_FORMAT_VERSION);
    let image: WorkspaceImage = codec::decode(&payload).expect("decodes");
    assert_eq!(codec::encode(&image).expect("encodes"), payload);
}

#[test]
fn a_loaded_snapshot_keeps_parsed_resumes_in_the_mapped_file_instead_of_copying_them() {
    let results: Vec<PipelineResult> = (0..5u8)
        .map(|number| {
            let resume = Encoded::new(vec![number; 300 + usize::from(number)]);
            let breakdown = Encoded::new(vec![number.wrapping_mul(7); 120]);
            (resume, ScoredBreakdown { overall_score: number * 20, breakdown })
        })
        .collect();
    let (workspace, _) = synthetic_workspace("mapped", 200, 3, &results);
    let scratch = tempfile::Builder::new().prefix("shortlist-mapped-").tempdir().unwrap();
    let file = write_snapshot(
        &DataLayout::new(scratch.path()),
        &workspace.to_image(),
        9,
        Timestamp::from_unix_milliseconds(1),
        1,
    )
    .expect("writes");
    let (loaded, _) = load_snapshot(&file.path).expect("loads");
    let (copied, _) = load_snapshot_with(&file.path, SnapshotAccess::Read).expect("loads");

    let blobs = |state: &Workspace| -> Vec<(Vec<u8>, bool)> {
        let mut blobs: Vec<(Vec<u8>, bool)> = state
            .applications
            .values()
            .flat_map(|application| {
                let breakdown = application.ats.as_ref().map(|scored| &scored.breakdown);
                application.resume.iter().chain(breakdown)
            })
            .map(|blob| (blob.bytes().to_vec(), blob.is_shared()))
            .collect();
        blobs.sort();
        blobs
    };
    let (mapped_blobs, copied_blobs) = (blobs(&loaded), blobs(&copied));
    assert_eq!(mapped_blobs.len(), 400, "every application has a parsed resume and a breakdown");
    assert!(mapped_blobs.iter().all(|(bytes, shared)| !bytes.is_empty() && *shared), "every blob points into the file");
    assert!(copied_blobs.iter().all(|(_, shared)| *shared), "a read file is shared too, as one buffer");
    let bytes_only = |blobs: &[(Vec<u8>, bool)]| blobs.iter().map(|(bytes, _)| bytes.clone()).collect::<Vec<_>>();
    assert_eq!(bytes_only(&mapped_blobs), bytes_only(&copied_blobs));
    assert_eq!(loaded.to_image(), workspace.to_image(), "the mapped state is the state that was written");
}

/// Writes the fixture of the current version. Run only when the format
/// changes on purpose, together with a migration for the old one (and keep
/// the old fixture):
/// `SHORTLIST_WRITE_FIXTURES=1 cargo test --test snapshot_format -- --ignored`.
#[test]
#[ignore = "writes tests/fixtures; run on purpose only"]
fn write_the_fixture() {
    if std::env::var("SHORTLIST_WRITE_FIXTURES").is_err() {
        return;
    }
    let scratch = tempfile::Builder::new().prefix("shortlist-fixture-").tempdir().unwrap();
    let layout = DataLayout::new(scratch.path());
    let image = fully_populated_workspace().to_image();
    let created_at = Timestamp::from_unix_milliseconds(1_790_000_200_000);
    let file = write_snapshot(&layout, &image, FIXTURE_LSN, created_at, 1).expect("writes");
    std::fs::create_dir_all(fixture_directory()).unwrap();
    std::fs::copy(&file.path, fixture_file(SNAPSHOT_FORMAT_VERSION)).unwrap();
}
