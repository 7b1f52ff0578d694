//! Snapshots of a workspace of 100,000 applications (one job, four stages,
//! every application scored):
//! - `copy_under_read_lock`: `Workspace::to_image`, the only part that holds
//!   the published state (readers share the lock; publishing new writes
//!   waits for it): the pause the issue asks to measure;
//! - `encode_and_write`: bincode encoding plus the durable file write;
//! - `load`: read, verify, decode and rebuild the state and its indexes.

use criterion::{criterion_group, criterion_main, Criterion};
use shortlist::domain::synthetic::workspace_with_applications;
use shortlist::domain::time::Timestamp;
use shortlist::workspace::persistence::{load_snapshot, write_snapshot, DataLayout};

const APPLICATIONS: u32 = 100_000;

fn snapshot(criterion: &mut Criterion) {
    let (workspace, _) = workspace_with_applications(APPLICATIONS, 3);
    let directory = std::env::temp_dir().join(format!("shortlist-bench-snapshot-{}", std::process::id()));
    let layout = DataLayout::new(&directory);
    let mut group = criterion.benchmark_group("snapshot_100k_applications");
    group.sample_size(10);
    group.bench_function("copy_under_read_lock", |bencher| bencher.iter(|| workspace.to_image()));
    let image = workspace.to_image();
    let mut lsn = 0u64;
    group.bench_function("encode_and_write", |bencher| {
        bencher.iter(|| {
            lsn += 1;
            write_snapshot(&layout, &image, lsn, Timestamp::from_unix_milliseconds(lsn as i64), 2).expect("written")
        })
    });
    let file = write_snapshot(&layout, &image, lsn + 1, Timestamp::from_unix_milliseconds(0), 2).expect("written");
    group.bench_function("load", |bencher| bencher.iter(|| load_snapshot(&file.path).expect("loads")));
    group.finish();
    let _ = std::fs::remove_dir_all(&directory);
}

criterion_group!(benches, snapshot);
criterion_main!(benches);
