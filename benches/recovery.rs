//! Recovery of the data set: 1,000,000 applications in snapshots
//! (10 workspaces of 100,000, each application with a real parsed resume and
//! breakdown from the engine) plus 100,000 log records after them; and
//! snapshot write and load times for one workspace of 100,000 and of
//! 1,000,000 applications. Prints each run and the median.
//!
//! `cargo bench --bench recovery` (release build; needs about 6 GB of memory
//! and a few GB of disk under the temp directory, removed at the end).
//! `RECOVERY_BENCH_QUICK=1` measures only the recovery;
//! `RECOVERY_BENCH_SNAPSHOTS_ONLY=1 RECOVERY_BENCH_SIZES=100000` only the
//! single-workspace snapshot times, for the sizes listed.
//! `RECOVERY_BENCH_DIR=/some/dir` keeps the recovery data set there and
//! reuses it on the next invocation, so a profiler sees only the recovery;
//! `RECOVERY_BENCH_RUNS=N` changes the number of runs (default 3). Each
//! recovery run is a new process (see `main`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shortlist::demo::corpus::{candidate, Track};
use shortlist::domain::ats::{Criteria, Weighting};
use shortlist::domain::encoded::{Encoded, ScoredBreakdown, SharedBytes};
use shortlist::domain::event::Event;
use shortlist::domain::ids::ApplicationId;
use shortlist::domain::image::WorkspaceImage;
use shortlist::domain::synthetic::{synthetic_workspace, PipelineResult};
use shortlist::domain::time::Timestamp;
use shortlist::domain::workspace::Workspace;
use shortlist::engine::{parse_resume, score_resume, YearMonth};
use shortlist::store::codec;
use shortlist::store::snapshot::{snapshot_in_memory, SnapshotAccess};
use shortlist::store::wal::{FileStorage, FsyncMode, Wal, WalConfig};
use shortlist::workspace::journal::LogRecord;
use shortlist::workspace::persistence::{load_snapshot, recover, write_snapshot, DataLayout};
use shortlist::workspace::stored_results::encode_resume;

const WORKSPACES: u32 = 10;
const APPLICATIONS_PER_WORKSPACE: u32 = 100_000;
const LOG_RECORDS: u64 = 100_000;
const DISTINCT_RESUMES: u64 = 200;
const DEFAULT_RUNS: usize = 3;

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
            let resume = parse_resume(&text, YearMonth { year: 2026, month: 11 }).expect("corpus resumes parse");
            let breakdown = score_resume(&text, &resume, &criteria);
            let scored = ScoredBreakdown {
                overall_score: breakdown.overall_score,
                breakdown: Encoded::new(codec::encode(&breakdown).expect("encodes")),
            };
            (Encoded::new(encode_resume(&resume).expect("encodes")), scored)
        })
        .collect()
}

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn runs_count() -> usize {
    std::env::var("RECOVERY_BENCH_RUNS").ok().and_then(|runs| runs.parse().ok()).unwrap_or(DEFAULT_RUNS).max(1)
}

fn timed<T>(label: &str, mut work: impl FnMut() -> T) -> Duration {
    let runs: Vec<Duration> = (0..runs_count())
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
    if let Some(directory) = std::env::var_os(CHILD_DIRECTORY_VARIABLE) {
        recover_once(&DataLayout::new(directory));
    }
    let results = pipeline_results();
    // RECOVERY_BENCH_DIR keeps the data set between invocations (for
    // profiling the recovery alone); by default it is built and removed.
    let kept_directory = std::env::var_os("RECOVERY_BENCH_DIR").map(std::path::PathBuf::from);
    let directory = kept_directory
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("shortlist-bench-recovery-{}", std::process::id())));
    let layout = DataLayout::new(&directory);
    let created = Timestamp::from_unix_milliseconds(1_790_000_000_000);
    let complete_marker = directory.join(DATA_SET_COMPLETE_FILE_NAME);
    if !complete_marker.exists() {
        assert!(
            !layout.wal().exists() && !layout.snapshots().exists(),
            "{} holds a data set whose build was cut short; remove it and run again",
            directory.display()
        );
        build_data_set(&layout, &results, created);
        std::fs::write(&complete_marker, b"").expect("the marker is written");
    }
    if std::env::var("RECOVERY_BENCH_SNAPSHOTS_ONLY").is_err() {
        // A server recovers once per process, into a heap the kernel has not
        // handed over yet; a second recovery in the same process reuses the
        // first one's freed memory and runs faster than any restart can. So
        // each run is a fresh process.
        let runs: Vec<Duration> = (1..=runs_count()).map(|run| recover_in_a_new_process(&directory, run)).collect();
        println!("recover 1,000,000 applications + 100,000 records: median {:.3} s", median(runs).as_secs_f64());
    }
    measure_single_snapshots(&directory.join("single"), &results, created);
    if kept_directory.is_none() {
        let _ = std::fs::remove_dir_all(&directory);
    }
}

/// Written last by `build_data_set`'s caller: a data set without it was cut
/// short and is built again.
const DATA_SET_COMPLETE_FILE_NAME: &str = "complete";

/// Set in the child processes that each run one recovery.
const CHILD_DIRECTORY_VARIABLE: &str = "RECOVERY_BENCH_CHILD_DIRECTORY";

fn recover_in_a_new_process(directory: &std::path::Path, run: usize) -> Duration {
    let output = std::process::Command::new(std::env::current_exe().expect("the bench knows its own path"))
        .env(CHILD_DIRECTORY_VARIABLE, directory)
        .output()
        .expect("the child process runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "the recovery failed: {stdout}{}", String::from_utf8_lossy(&output.stderr));
    let microseconds: u64 = stdout
        .lines()
        .find_map(|line| line.strip_prefix("elapsed_microseconds="))
        .and_then(|value| value.parse().ok())
        .expect("the child prints its time");
    let elapsed = Duration::from_micros(microseconds);
    let details = stdout.lines().find(|line| line.starts_with("snapshots")).unwrap_or("");
    println!("  recover run {run}: {:.3} s ({details})", elapsed.as_secs_f64());
    elapsed
}

/// One recovery in this process, reported to the parent; exits without
/// dropping the state, as a server would not drop it either.
fn recover_once(layout: &DataLayout) -> ! {
    let started = Instant::now();
    let (workspaces, report) = recover(layout).expect("recovers");
    let elapsed = started.elapsed();
    assert_eq!(report.records_replayed, LOG_RECORDS);
    assert_eq!(workspaces.iter().map(|workspace| workspace.state.applications.len()).sum::<usize>(), 1_000_000);
    println!("snapshots {} ms, replay {} ms", report.snapshots_milliseconds, report.replay_milliseconds);
    println!("elapsed_microseconds={}", elapsed.as_micros());
    std::process::exit(0)
}

/// Writes the recovery data set: the snapshots at LSN 0, then the log.
fn build_data_set(layout: &DataLayout, results: &[PipelineResult], created: Timestamp) {
    // Snapshots at LSN 0: every log record below comes after them.
    let mut targets: Vec<(
        shortlist::domain::ids::WorkspaceId,
        Vec<ApplicationId>,
        Vec<shortlist::domain::ids::StageId>,
    )> = Vec::new();
    let mut snapshot_bytes = 0u64;
    for number in 0..WORKSPACES {
        let (workspace, job_id) =
            synthetic_workspace(&format!("bench-{number}"), APPLICATIONS_PER_WORKSPACE, u64::from(number), results);
        let file = write_snapshot(layout, &workspace.to_image(), 0, created, 1).expect("snapshot written");
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
}

/// Copy, write and load times of one workspace's snapshot, for each size asked for.
fn measure_single_snapshots(directory: &std::path::Path, results: &[PipelineResult], created: Timestamp) {
    let sizes: Vec<u32> = match std::env::var("RECOVERY_BENCH_SIZES") {
        Ok(sizes) => sizes.split(',').filter_map(|size| size.trim().parse().ok()).collect(),
        Err(_) if std::env::var("RECOVERY_BENCH_QUICK").is_ok() => Vec::new(),
        Err(_) => vec![100_000, 1_000_000],
    };
    for applications in sizes {
        let (workspace, _) = synthetic_workspace("bench-single", applications, 7, results);
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
        let mapped = snapshot_in_memory(&file.path, SnapshotAccess::Map).expect("maps");
        let shared: SharedBytes = mapped.bytes();
        let decode = || {
            shortlist::store::codec::sharing::decode_sharing(&shared, || {
                codec::decode::<WorkspaceImage>(mapped.payload())
            })
        };
        timed(&format!("  of which map + checksum, {applications}"), || {
            snapshot_in_memory(&file.path, SnapshotAccess::Map).expect("maps")
        });
        timed(&format!("  of which decode, {applications}"), || decode().expect("decodes"));
        timed(&format!("  of which decode + rebuild state and indexes, {applications}"), || {
            Workspace::from_image(decode().expect("decodes")).expect("rebuilds")
        });
    }
    let _ = std::fs::remove_dir_all(directory);
}
