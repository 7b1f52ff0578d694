//! What the service tells its operator: Prometheus metrics and the log.
//!
//! Metrics are recorded where things happen (`http`, `workspace`, `store`)
//! through the `metrics` facade, which does nothing until `install` sets
//! the process's recorder, so tools, benches and `seed` pay nothing. The
//! names, label sets, help texts and histogram buckets are defined here
//! once (`names`), and README's metric table is held to them by a test.
//! Gauges of what the process holds (workspaces, jobs, applications,
//! memory) are read at scrape time instead of kept up to date on every
//! write.

pub mod logging;
pub mod names;

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use names::{MetricKind, METRICS};

/// Bounds of the latency histograms, in seconds: 50 µs to 10 s.
pub const DURATION_BUCKETS_SECONDS: [f64; 16] =
    [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];
/// Bounds of the log's batch sizes, in records.
pub const BATCH_RECORDS_BUCKETS: [f64; 10] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 256.0, 1024.0, 4096.0];
/// Bounds of snapshot sizes, in bytes: 4 KiB to 4 GiB.
pub const SNAPSHOT_BYTES_BUCKETS: [f64; 8] =
    [4096.0, 65536.0, 1048576.0, 16777216.0, 67108864.0, 268435456.0, 1073741824.0, 4294967296.0];
/// How often histogram samples are folded into their buckets when nobody
/// scrapes, so that memory stays bounded between scrapes.
const UPKEEP_INTERVAL: Duration = Duration::from_secs(5);

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Sets the process's recorder (once: tests start many apps in one
/// process, and they share it) and returns the handle that renders it.
pub fn install() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &DURATION_BUCKETS_SECONDS)
                .and_then(|builder| {
                    builder
                        .set_buckets_for_metric(Matcher::Full(names::WAL_BATCH_RECORDS.into()), &BATCH_RECORDS_BUCKETS)
                })
                .and_then(|builder| {
                    builder.set_buckets_for_metric(Matcher::Full(names::SNAPSHOT_BYTES.into()), &SNAPSHOT_BYTES_BUCKETS)
                })
                .expect("the bucket lists are not empty")
                .build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("a metrics recorder was already installed; /metrics shows only what this one records");
            }
            describe();
            register_every_series();
            let upkeep = handle.clone();
            let _ = std::thread::Builder::new().name("shortlist-metrics-upkeep".into()).spawn(move || loop {
                std::thread::sleep(UPKEEP_INTERVAL);
                upkeep.run_upkeep();
            });
            handle
        })
        .clone()
}

fn describe() {
    for metric in METRICS {
        match metric.kind {
            MetricKind::Counter => metrics::describe_counter!(metric.name, metric.help),
            MetricKind::Gauge => metrics::describe_gauge!(metric.name, metric.help),
            MetricKind::Histogram => metrics::describe_histogram!(metric.name, metric.help),
        }
    }
}

/// Every series with a fixed label set, at zero, so that a scrape shows
/// them before anything happened (an fsync failure, a snapshot) instead of
/// leaving dashboards without a line. Request series appear with their
/// first request, since their labels are the routes and statuses used.
fn register_every_series() {
    use names::*;
    for counter in [WAL_APPENDS, WAL_FSYNC_FAILURES] {
        metrics::counter!(counter).increment(0);
    }
    for surface in ["public_api", "dashboard"] {
        metrics::counter!(HTTP_RATE_LIMITED, "surface" => surface).increment(0);
    }
    for gauge in [
        HTTP_REQUESTS_IN_FLIGHT,
        PIPELINE_QUEUE_DEPTH,
        RECOVERY_DURATION,
        SNAPSHOTS_IN_PROGRESS,
        WORKSPACES,
        JOBS,
        APPLICATIONS,
    ] {
        metrics::gauge!(gauge).increment(0.0);
    }
    for histogram in [WAL_BATCH_RECORDS, WAL_FSYNC_DURATION, SNAPSHOT_DURATION, SNAPSHOT_BYTES] {
        let _ = metrics::histogram!(histogram);
    }
    for stage in PIPELINE_STAGES {
        for outcome in ["ok", "failed"] {
            let _ = metrics::histogram!(PIPELINE_STAGE_DURATION, "stage" => stage, "outcome" => outcome);
        }
    }
}

/// The process's resident memory, from `/proc/self/statm`; `None` where it cannot be read.
pub fn resident_memory_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let resident_pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a system constant.
    let page_bytes = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(resident_pages * u64::try_from(page_bytes).ok()?)
}
