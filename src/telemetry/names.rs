//! Every metric the service exports: its name, kind, labels and meaning.
//! Recorders use these constants; README's table lists the same rows.

pub enum MetricKind {
    Counter,
    Gauge,
    Histogram,
}

pub struct MetricDescription {
    pub name: &'static str,
    pub kind: MetricKind,
    pub labels: &'static [&'static str],
    pub help: &'static str,
}

pub const HTTP_REQUESTS: &str = "shortlist_http_requests_total";
pub const HTTP_REQUEST_DURATION: &str = "shortlist_http_request_duration_seconds";
pub const HTTP_REQUESTS_IN_FLIGHT: &str = "shortlist_http_requests_in_flight";
pub const HTTP_RATE_LIMITED: &str = "shortlist_http_rate_limited_total";
pub const WAL_APPENDS: &str = "shortlist_wal_appends_total";
pub const WAL_BATCH_RECORDS: &str = "shortlist_wal_batch_records";
pub const WAL_FSYNC_DURATION: &str = "shortlist_wal_fsync_duration_seconds";
pub const WAL_FSYNC_FAILURES: &str = "shortlist_wal_fsync_failures_total";
pub const PIPELINE_QUEUE_DEPTH: &str = "shortlist_pipeline_queue_depth";
pub const PIPELINE_STAGE_DURATION: &str = "shortlist_pipeline_stage_duration_seconds";
pub const SNAPSHOT_DURATION: &str = "shortlist_snapshot_duration_seconds";
pub const SNAPSHOT_BYTES: &str = "shortlist_snapshot_bytes";
pub const SNAPSHOTS_IN_PROGRESS: &str = "shortlist_snapshots_in_progress";
pub const RECOVERY_DURATION: &str = "shortlist_recovery_duration_seconds";
pub const WORKSPACES: &str = "shortlist_workspaces";
pub const JOBS: &str = "shortlist_jobs";
pub const APPLICATIONS: &str = "shortlist_applications";
pub const RESIDENT_MEMORY: &str = "shortlist_process_resident_memory_bytes";

/// The stages of a resume pipeline: the `stage` label of `PIPELINE_STAGE_DURATION`.
pub const STAGE_READ: &str = "read";
pub const STAGE_EXTRACT: &str = "extract";
pub const STAGE_PARSE: &str = "parse";
pub const STAGE_SCORE: &str = "score";
pub const PIPELINE_STAGES: [&str; 4] = [STAGE_READ, STAGE_EXTRACT, STAGE_PARSE, STAGE_SCORE];

pub const METRICS: &[MetricDescription] = &[
    MetricDescription {
        name: HTTP_REQUESTS,
        kind: MetricKind::Counter,
        labels: &["route", "method", "status"],
        help: "Requests answered, by route template, method and status.",
    },
    MetricDescription {
        name: HTTP_REQUEST_DURATION,
        kind: MetricKind::Histogram,
        labels: &["route", "method", "status"],
        help: "Time from a request's headers to its response, by route template, method and status.",
    },
    MetricDescription {
        name: HTTP_REQUESTS_IN_FLIGHT,
        kind: MetricKind::Gauge,
        labels: &[],
        help: "Requests being handled now.",
    },
    MetricDescription {
        name: HTTP_RATE_LIMITED,
        kind: MetricKind::Counter,
        labels: &["surface"],
        help: "Requests refused with 429 by a rate limit, by surface (public_api, dashboard).",
    },
    MetricDescription {
        name: WAL_APPENDS,
        kind: MetricKind::Counter,
        labels: &[],
        help: "Records written to the write-ahead log.",
    },
    MetricDescription {
        name: WAL_BATCH_RECORDS,
        kind: MetricKind::Histogram,
        labels: &[],
        help: "Records per group-commit batch (one write, and in `always` mode one fdatasync, each).",
    },
    MetricDescription {
        name: WAL_FSYNC_DURATION,
        kind: MetricKind::Histogram,
        labels: &[],
        help: "Time each fdatasync of the log took.",
    },
    MetricDescription {
        name: WAL_FSYNC_FAILURES,
        kind: MetricKind::Counter,
        labels: &[],
        help: "Failed fdatasyncs of the log; each stops writes until a restart.",
    },
    MetricDescription {
        name: PIPELINE_QUEUE_DEPTH,
        kind: MetricKind::Gauge,
        labels: &[],
        help: "Resume pipelines waiting for the pool, over all workspaces.",
    },
    MetricDescription {
        name: PIPELINE_STAGE_DURATION,
        kind: MetricKind::Histogram,
        labels: &["stage", "outcome"],
        help: "Time of each pipeline stage (read, extract, parse, score) by outcome (ok, failed).",
    },
    MetricDescription {
        name: SNAPSHOT_DURATION,
        kind: MetricKind::Histogram,
        labels: &[],
        help: "Time to write one workspace snapshot, from the copy of the state to the synced file.",
    },
    MetricDescription {
        name: SNAPSHOT_BYTES,
        kind: MetricKind::Histogram,
        labels: &[],
        help: "Size of each snapshot file written.",
    },
    MetricDescription {
        name: SNAPSHOTS_IN_PROGRESS,
        kind: MetricKind::Gauge,
        labels: &[],
        help: "Workspace snapshots being encoded and written now (a load test's numbers mean little while one runs).",
    },
    MetricDescription {
        name: RECOVERY_DURATION,
        kind: MetricKind::Gauge,
        labels: &[],
        help: "How long the last start took to recover the data directory (snapshots and log replay).",
    },
    MetricDescription { name: WORKSPACES, kind: MetricKind::Gauge, labels: &[], help: "Workspaces held in memory." },
    MetricDescription { name: JOBS, kind: MetricKind::Gauge, labels: &[], help: "Jobs held, over all workspaces." },
    MetricDescription {
        name: APPLICATIONS,
        kind: MetricKind::Gauge,
        labels: &[],
        help: "Applications held, over all workspaces.",
    },
    MetricDescription {
        name: RESIDENT_MEMORY,
        kind: MetricKind::Gauge,
        labels: &[],
        help: "Resident memory of the process.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readme_lists_every_metric_with_its_kind_labels_and_meaning() {
        let readme = include_str!("../../README.md");
        for metric in METRICS {
            let kind = match metric.kind {
                MetricKind::Counter => "counter",
                MetricKind::Gauge => "gauge",
                MetricKind::Histogram => "histogram",
            };
            let labels = if metric.labels.is_empty() { "—".to_owned() } else { metric.labels.join(", ") };
            let row = format!("| `{}` | {kind} | {labels} | {} |", metric.name, metric.help);
            assert!(readme.contains(&row), "README's metric table lacks the row:\n{row}");
        }
    }

    #[test]
    fn names_follow_prometheus_conventions() {
        for metric in METRICS {
            assert!(metric.name.starts_with("shortlist_"), "{}", metric.name);
            let counter = matches!(metric.kind, MetricKind::Counter);
            assert_eq!(metric.name.ends_with("_total"), counter, "only counters end in _total: {}", metric.name);
        }
    }
}
