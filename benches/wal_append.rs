//! Group commit: records per second through the write-ahead log with 1, 8
//! and 64 concurrent submitters, each waiting for its record's completion
//! before submitting the next (as an HTTP client waits for its reply), in
//! fsync `always` and `never` modes. Records carry 256-byte payloads.
//!
//! `always` should approach `never` as submitters grow, since one fdatasync
//! then covers a whole batch. A second group measures that fdatasync alone:
//! the cost of syncing one 64-record batch on this machine's disk. The last
//! measures what a restart costs the log: opening 100,000 records (every one
//! checked) and reading them all back for replay.
//!
//! The log lives in a directory under the system's temporary directory,
//! removed at the end; segments are removed between samples to bound disk use.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::sync_channel;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use shortlist::store::wal::{read_records, FileStorage, FsyncMode, Wal, WalConfig, RECORD_HEADER_BYTES};

const RECORD_PAYLOAD_BYTES: usize = 256;
const SUBMITTER_COUNTS: [usize; 3] = [1, 8, 64];
const BATCH_RECORDS: usize = 64;
const RECOVERY_RECORDS: u64 = 100_000;

/// A scratch directory under the system's temporary directory, removed on drop.
struct BenchDirectory {
    path: PathBuf,
}

impl BenchDirectory {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("shortlist-wal-bench-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create the bench directory");
        BenchDirectory { path }
    }

    fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for BenchDirectory {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Appends `records` records from `submitters` threads, each waiting for its
/// completion before the next append, and returns the time it took.
fn append_concurrently(wal: &Wal, submitters: usize, records: u64) -> Duration {
    let payload = vec![0x5A_u8; RECORD_PAYLOAD_BYTES];
    let started = Instant::now();
    std::thread::scope(|scope| {
        for submitter in 0..submitters as u64 {
            // Spread `records` over the submitters, the remainder to the first ones.
            let own_records = records / submitters as u64 + u64::from(submitter < records % submitters as u64);
            let payload = &payload;
            scope.spawn(move || {
                let (sender, receiver) = sync_channel(1);
                for _ in 0..own_records {
                    let sender = sender.clone();
                    let completion = Box::new(move |result| {
                        let _ = sender.send(result);
                    });
                    wal.append(payload.clone(), completion).expect("queued");
                    receiver.recv().expect("completion").expect("acknowledged");
                }
            });
        }
    });
    started.elapsed()
}

fn group_commit(criterion: &mut Criterion) {
    for fsync in [FsyncMode::Always, FsyncMode::Never] {
        let mut group = criterion.benchmark_group(format!("wal_append_256_bytes_fsync_{fsync}"));
        group.throughput(Throughput::Elements(1));
        for submitters in SUBMITTER_COUNTS {
            let directory = BenchDirectory::new(&format!("{fsync}-{submitters}"));
            let config = WalConfig { fsync, ..WalConfig::for_directory(directory.path()) };
            let (wal, _) = Wal::open(config, Arc::new(FileStorage)).expect("open the log");
            group.bench_function(BenchmarkId::new("submitters", submitters), |bencher| {
                bencher.iter_custom(|records| {
                    let elapsed = append_concurrently(&wal, submitters, records);
                    wal.remove_segments_through(wal.durable_lsn()).expect("remove old segments");
                    elapsed
                });
            });
            drop(wal);
        }
        group.finish();
    }
}

/// One 64-record batch of 256-byte payloads, framed as the log frames it.
fn batch_bytes() -> Vec<u8> {
    vec![0x5A_u8; BATCH_RECORDS * (RECORD_HEADER_BYTES + RECORD_PAYLOAD_BYTES)]
}

fn open_scratch_file(directory: &BenchDirectory) -> File {
    OpenOptions::new().create(true).append(true).open(directory.path().join("batch.bin")).expect("open")
}

fn fdatasync_of_a_batch(criterion: &mut Criterion) {
    let directory = BenchDirectory::new("fdatasync");
    let batch = batch_bytes();
    let mut file = open_scratch_file(&directory);
    let mut group = criterion.benchmark_group("fdatasync_of_one_64_record_batch");
    group.throughput(Throughput::Elements(BATCH_RECORDS as u64));
    group.bench_function("write_then_fdatasync", |bencher| {
        bencher.iter_custom(|batches| {
            file.set_len(0).and_then(|()| file.sync_data()).expect("reset the file");
            let started = Instant::now();
            for _ in 0..batches {
                file.write_all(&batch).expect("write");
                file.sync_data().expect("fdatasync");
            }
            started.elapsed()
        });
    });
    group.bench_function("fdatasync_only", |bencher| {
        bencher.iter_custom(|batches| {
            file.set_len(0).and_then(|()| file.sync_data()).expect("reset the file");
            let mut elapsed = Duration::ZERO;
            for _ in 0..batches {
                file.write_all(&batch).expect("write");
                let started = Instant::now();
                file.sync_data().expect("fdatasync");
                elapsed += started.elapsed();
            }
            elapsed
        });
    });
    group.finish();
}

/// Writes `records` records in `never` mode and flushes them.
fn write_records(directory: &Path, records: u64) {
    let config = WalConfig { fsync: FsyncMode::Never, ..WalConfig::for_directory(directory) };
    let (wal, _) = Wal::open(config, Arc::new(FileStorage)).expect("open the log");
    for _ in 0..records {
        wal.append(vec![0x5A_u8; RECORD_PAYLOAD_BYTES], Box::new(|result| assert!(result.is_ok(), "written")))
            .expect("queued");
    }
    assert_eq!(wal.flush().expect("flush"), records);
}

/// What a restart costs the log: opening checks every record, and replay
/// reads them all again.
fn recovery(criterion: &mut Criterion) {
    let directory = BenchDirectory::new("recovery");
    write_records(directory.path(), RECOVERY_RECORDS);
    let mut group = criterion.benchmark_group("recovery_of_100k_256_byte_records");
    group.throughput(Throughput::Elements(RECOVERY_RECORDS));
    group.bench_function("open_checks_every_record", |bencher| {
        bencher.iter(|| {
            let (_wal, report) =
                Wal::open(WalConfig::for_directory(directory.path()), Arc::new(FileStorage)).expect("open");
            assert_eq!(report.records, RECOVERY_RECORDS);
        });
    });
    group.bench_function("read_records_from_the_start", |bencher| {
        bencher.iter(|| {
            let mut records = 0;
            for record in read_records(directory.path(), 0).expect("read") {
                let (_lsn, payload) = record.expect("valid");
                assert_eq!(payload.len(), RECORD_PAYLOAD_BYTES);
                records += 1;
            }
            assert_eq!(records, RECOVERY_RECORDS);
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = group_commit, fdatasync_of_a_batch, recovery
}
criterion_main!(benches);
