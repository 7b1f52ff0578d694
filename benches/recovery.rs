//! Recovery of the data set: 1,000,000 applications in snapshots
//! (10 workspaces of 100,000, each application with a real parsed resume and
//! breakdown from the engine) plus 100,000 log records after them; and
//! snapshot write and load times for one workspace of 100,000 and of
//! 1,000,000 applications. Prints each run and the median of three.
//!
//! `cargo bench --bench recovery` (release build; needs about 6 GB of memory
//! and a few GB of disk under the temp directory, removed at the end).
//! `RECOVERY_BENCH_QUICK=1` measures only the recovery;
//! `RECOVERY_BENCH_SNAPSHOTS_ONLY=1 RECOVERY_BENCH_SIZES=100000` only the
//! single-workspace snapshot times, for the sizes listed.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shortlist::demo::corpus::{candidate, Track};
use shortlist::domain::ats::{Criteria, Weighting};
use shortlist::domain::encoded::{Encoded, ScoredBreakdown};
use shortlist::domain::event::Event;
use shortlist::domain::ids::ApplicationId;
use shortlist::domain::image::WorkspaceImage;
use shortlist::domain::synthetic::{synthetic_workspace, PipelineResult};
use shortlist::domain::time::Timestamp;
use shortlist::domain::workspace::Workspace;
use shortlist::engine::{parse_resume, score_resume};
use shortlist::store::codec;
use shortlist::store::snapshot::read_snapshot;
use shortlist::store::wal::{FileStorage, FsyncMode, Wal, WalConfig};
use shortlist::workspace::journal::LogRecord;
use shortlist::workspace::persistence::{load_snapshot, recover, write_snapshot, DataLayout};

const WORKSPACES: u32 = 10;
const APPLICATIONS_PER_WORKSPACE: u32 = 100_000;
const LOG_RECORDS: u64 = 100_000;
const DISTINCT_RESUMES: u64 = 200;
const RUNS: usize = 3;

fn pipeline_results() -> Vec<PipelineResult> {
    let criteria = Criteria {
        must_haves: vec!["Rust".into(), "PostgreSQL".into(), "distributed systems".into()],
        nice_to_haves: vec!["Kubernetes".into(), "Kafka".into(), "gRPC".into(), "AWS".into(), "observability".into()],
        weighting: Weighting::default(),
        min_years_experience: Some(5),
    };
    (0..DISTINCT_RESUMES)
        .map(|index| {
            let text = candidate(99, index, Track::BackendEngineer).resume_text;
            let resume = parse_resume(&text).expect("corpus resumes parse");
            let breakdown = score_resume(&text, &resume, &criteria);
            let scored = ScoredBreakdown {
                overall_score: breakdown.overall_score,
                breakdown: Encoded::new(codec::encode(&breakdown).expect("encodes")),
            };
            (Encoded::new(codec::encode(&resume).expect("encodes")), scored)
        })
        .collect()
}

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn timed<T>(label: &str, mut work: impl FnMut() -> T) -> Duration {
    let runs: Vec<Duration> = (0..RUNS)
        .map(|run| {
            let started = Instant::now();
            let result = work();
            let elapsed = started.elapsed();
            drop(result);
            println!("  {label} run {}: {:.3} s", run + 1, elapsed.as_secs_f64());
            elapsed
        })
        .collect();
    let median = median(runs);
    println!("{label}: median {:.3} s", median.as_secs_f64());
    median
}

fn main() {
    let results = pipeline_results();
    let directory = std::env::temp_dir().join(format!("shortlist-bench-recovery-{}", std::process::id()));
    let layout = DataLayout::new(&directory);
    let created = Timestamp::from_unix_milliseconds(1_790_000_000_000);

    // Snapshots at LSN 0: every log record below comes after them.
    let mut targets: Vec<(
        shortlist::domain::ids::WorkspaceId,
        Vec<ApplicationId>,
        Vec<shortlist::domain::ids::StageId>,
    )> = Vec::new();
    let mut snapshot_bytes = 0u64;
    for number in 0..WORKSPACES {
        let (workspace, job_id) =
            synthetic_workspace(&format!("bench-{number}"), APPLICATIONS_PER_WORKSPACE, u64::from(number), &results);
        let file = write_snapshot(&layout, &workspace.to_image(), 0, created, 1).expect("snapshot written");
        snapshot_bytes += file.file_bytes;
        let applications = workspace.applications.keys().take(1_000).cloned().collect();
        let stages = workspace.jobs[&job_id].definition.stages.iter().map(|stage| stage.id.clone()).collect();
        targets.push((workspace.id.clone(), applications, stages));
    }
    println!("snapshots: {WORKSPACES} × {APPLICATIONS_PER_WORKSPACE} applications, {snapshot_bytes} bytes");

    let mut config = WalConfig::for_directory(layout.wal());
    config.fsync = FsyncMode::Never;
    let (wal, _) = Wal::open(config, Arc::new(FileStorage)).expect("log opens");
    let mut rng = StdRng::seed_from_u64(5);
    for lsn in 1..=LOG_RECORDS {
        let (workspace_id, applications, stages) = &targets[rng.random_range(0..targets.len())];
        let event = Event::StageChanged {
            application_id: applications[rng.random_range(0..applications.len())].clone(),
            stage_id: stages[rng.random_range(0..stages.len())].clone(),
            at: created.plus_milliseconds(lsn as i64),
        };
        let payload = codec::encode(&LogRecord { workspace_id: workspace_id.clone(), event }).expect("encodes");
        wal.append(payload, Box::new(|_| {})).expect("appends");
    }
    wal.flush().expect("flushed");
    drop(wal);
    println!("log: {LOG_RECORDS} records");

    if std::env::var("RECOVERY_BENCH_SNAPSHOTS_ONLY").is_err() {
        timed("recover 1,000,000 applications + 100,000 records", || {
            let (workspaces, report) = recover(&layout).expect("recovers");
            assert_eq!(report.records_replayed, LOG_RECORDS);
            println!("    snapshots {} ms, replay {} ms", report.snapshots_milliseconds, report.replay_milliseconds);
            assert_eq!(workspaces.iter().map(|workspace| workspace.state.applications.len()).sum::<usize>(), 1_000_000);
            workspaces
        });
    }
    let _ = std::fs::remove_dir_all(&directory);

    let sizes: Vec<u32> = match std::env::var("RECOVERY_BENCH_SIZES") {
        Ok(sizes) => sizes.split(',').filter_map(|size| size.trim().parse().ok()).collect(),
        Err(_) if std::env::var("RECOVERY_BENCH_QUICK").is_ok() => Vec::new(),
        Err(_) => vec![100_000, 1_000_000],
    };
    for applications in sizes {
        let (workspace, _) = synthetic_workspace("bench-single", applications, 7, &results);
        let single = DataLayout::new(directory.join(format!("single-{applications}")));
        timed(&format!("snapshot copy (to_image), {applications} applications"), || workspace.to_image());
        let image = workspace.to_image();
        let mut lsn = 0u64;
        timed(&format!("snapshot encode + write, {applications} applications"), || {
            lsn += 1;
            write_snapshot(&single, &image, lsn, created, 1).expect("written")
        });
        let file = write_snapshot(&single, &image, lsn + 1, created, 1).expect("written");
        println!("snapshot of {applications} applications: {} bytes", file.file_bytes);
        timed(&format!("snapshot load, {applications} applications"), || load_snapshot(&file.path).expect("loads"));
        let (_, payload) = read_snapshot(&file.path).expect("reads");
        timed(&format!("  of which read + checksum, {applications}"), || read_snapshot(&file.path).expect("reads"));
        timed(&format!("  of which decode, {applications}"), || {
            codec::decode::<WorkspaceImage>(&payload).expect("decodes")
        });
        timed(&format!("  of which rebuild state and indexes, {applications}"), || {
            Workspace::from_image(codec::decode::<WorkspaceImage>(&payload).expect("decodes")).expect("rebuilds")
        });
    }
    let _ = std::fs::remove_dir_all(&directory);
}
