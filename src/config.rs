//! Settings: every one is a flag of `shortlist serve` and a `SHORTLIST_*`
//! environment variable, with its default shown by `shortlist --help`.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::http::client_address::IpNetwork;
use crate::store::wal::FsyncMode;
use crate::telemetry::logging::LogFormat;

pub const DEFAULT_RATE_LIMIT_PER_MINUTE: u32 = 120;
pub const DEFAULT_CLAIMS_WINDOW: usize = 100;
pub const DEFAULT_INTAKE_BODY_BYTES_MAX: usize = 10 * 1024 * 1024;
pub const DEFAULT_PIPELINES_PER_WORKSPACE: usize = 64;
pub const DEFAULT_APPLY_RATE_PER_ADDRESS_PER_MINUTE: u32 = 10;
pub const DEFAULT_APPLY_RATE_PER_JOB_PER_MINUTE: u32 = 60;
pub const DEFAULT_BODY_READ_TIMEOUT_MILLISECONDS: u64 = 30_000;
pub const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS: u64 = 10;
pub const DEFAULT_HEADER_READ_TIMEOUT_MILLISECONDS: u64 = 5_000;
pub const DEFAULT_SNAPSHOT_INTERVAL_SECONDS: u64 = 300;
pub const DEFAULT_SNAPSHOT_EVERY_RECORDS: u64 = 100_000;
pub const DEFAULT_SNAPSHOTS_KEPT: usize = 3;

/// `shortlist` with no command serves, so the serve settings are also the
/// top-level flags, and `shortlist --help` documents every one of them.
#[derive(Parser, Debug)]
#[command(name = "shortlist", version, about = "Shortlist: an applicant-tracking API service.")]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// How the log (stderr) is written: `text`, lines for people, or `json`, one object per line.
    #[arg(long, global = true, env = "SHORTLIST_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    #[command(flatten)]
    pub serve: ServeSettings,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the API server (the default when no command is given).
    Serve(ServeSettings),
    /// Print a JWT for the management and dashboard surfaces, signed with the HS256 secret.
    Token(TokenSettings),
    /// Build a large deterministic synthetic data set, print rate-limit-free keys, and serve it.
    Seed(SeedSettings),
    /// Snapshots: create (stopped data directory), list, inspect, verify (safe while serving).
    Snapshot {
        #[command(subcommand)]
        command: SnapshotCommand,
    },
    /// The write-ahead log: verify, dump (read-only; safe while serving).
    Wal {
        #[command(subcommand)]
        command: WalCommand,
    },
    /// Point-in-time restore of one workspace from a snapshot plus the log, into another data directory.
    Restore(RestoreSettings),
    /// Print the OpenAPI 3.1 document of the API (what GET /api/v1/openapi.json serves).
    Openapi,
    /// Print the text the pipeline would read from a resume file (PDF, DOCX or text), or why it cannot.
    Extract {
        file: PathBuf,
        #[command(flatten)]
        limits: ExtractionSettings,
    },
    /// Internal: extracts one resume file from standard input (the server runs it, isolated, for PDFs).
    #[command(hide = true)]
    ExtractWorker(ExtractionSettings),
}

/// Bounds on reading an uploaded resume file.
#[derive(Args, Debug, Clone, Copy)]
pub struct ExtractionSettings {
    /// Largest resume file read, in bytes; a larger one ends its pipeline `failed` with `file_too_large`.
    #[arg(long = "file-bytes-max", env = "SHORTLIST_RESUME_FILE_BYTES_MAX", default_value_t = crate::extract::DEFAULT_FILE_BYTES_MAX)]
    pub file_bytes_max: usize,
    /// Most bytes a resume file may decompress to (DOCX parts, PDF streams).
    #[arg(long = "decompressed-bytes-max", env = "SHORTLIST_RESUME_DECOMPRESSED_BYTES_MAX", default_value_t = crate::extract::DEFAULT_DECOMPRESSED_BYTES_MAX)]
    pub decompressed_bytes_max: usize,
    /// Most pages a PDF resume may have.
    #[arg(long = "pages-max", env = "SHORTLIST_RESUME_PAGES_MAX", default_value_t = crate::extract::DEFAULT_PAGES_MAX)]
    pub pages_max: usize,
    /// Longest one extraction may run before it is stopped (`extraction_timeout`).
    #[arg(long = "extraction-timeout-milliseconds", env = "SHORTLIST_EXTRACTION_TIMEOUT_MILLISECONDS", default_value_t = crate::extract::DEFAULT_TIMEOUT_MILLISECONDS)]
    pub timeout_milliseconds: u64,
}

impl ExtractionSettings {
    pub fn limits(&self) -> crate::extract::ExtractionLimits {
        crate::extract::ExtractionLimits {
            file_bytes_max: self.file_bytes_max,
            decompressed_bytes_max: self.decompressed_bytes_max,
            pages_max: self.pages_max.max(1),
            timeout_milliseconds: self.timeout_milliseconds.max(1),
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct DataDirectory {
    #[arg(long, env = "SHORTLIST_DATA_DIR", default_value = "snapshots")]
    pub data_dir: PathBuf,
}

#[derive(Subcommand, Debug)]
pub enum SnapshotCommand {
    /// Recover a stopped data directory and write a fresh snapshot of every workspace.
    Create {
        #[command(flatten)]
        data: DataDirectory,
        #[arg(long, env = "SHORTLIST_SNAPSHOTS_KEPT", default_value_t = DEFAULT_SNAPSHOTS_KEPT)]
        snapshots_kept: usize,
    },
    /// List snapshots, newest first.
    List {
        #[command(flatten)]
        data: DataDirectory,
        /// Only this workspace.
        #[arg(long)]
        workspace: Option<String>,
    },
    /// Print a snapshot's header and what it holds.
    Inspect { file: PathBuf },
    /// Check a snapshot's checksums and decode it.
    Verify { file: PathBuf },
}

#[derive(Subcommand, Debug)]
pub enum WalCommand {
    /// Check every record's checksum and LSN without repairing anything.
    Verify {
        #[command(flatten)]
        data: DataDirectory,
    },
    /// Print the records: LSN, workspace, event kind, time.
    Dump {
        #[command(flatten)]
        data: DataDirectory,
        /// Start after this LSN.
        #[arg(long, default_value_t = 0)]
        after_lsn: u64,
        /// Print at most this many records.
        #[arg(long)]
        limit: Option<u64>,
        /// Print each event as JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args, Debug, Clone)]
pub struct RestoreSettings {
    /// The snapshot to start from.
    #[arg(long)]
    pub from: PathBuf,
    /// Replay the log up to and including this LSN.
    #[arg(long, conflicts_with = "until")]
    pub until_lsn: Option<u64>,
    /// Replay the log up to and including this time (RFC 3339).
    #[arg(long)]
    pub until: Option<String>,
    /// The data directory to restore into (not the one whose log is read).
    #[arg(long)]
    pub data_dir: PathBuf,
    /// The log to read; by default the one of the data directory the snapshot is in.
    #[arg(long)]
    pub log_dir: Option<PathBuf>,
}

#[derive(Args, Debug, Clone)]
pub struct ServeSettings {
    /// Address to listen on.
    #[arg(long, env = "SHORTLIST_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// Data directory: the log (wal/), snapshots (workspaces/), resume files (blobs/) and the generated JWT secret.
    #[arg(long, env = "SHORTLIST_DATA_DIR", default_value = "snapshots")]
    pub data_dir: PathBuf,
    /// Skip the demo workspace. `SHORTLIST_DEMO=0` does the same.
    #[arg(long)]
    pub no_demo: bool,
    #[command(flatten)]
    pub jwt: JwtSettings,
    /// Default requests per minute per API key on /api/v1 (keys may override at creation).
    #[arg(long, env = "SHORTLIST_RATE_LIMIT_PER_MINUTE", default_value_t = DEFAULT_RATE_LIMIT_PER_MINUTE)]
    pub rate_limit_per_minute: u32,
    /// Jobs (newest first) that GET /api/v1/jobs looks at for team- or job-scoped keys before filtering by claims; 0 = no window.
    #[arg(long, env = "SHORTLIST_CLAIMS_WINDOW", default_value_t = DEFAULT_CLAIMS_WINDOW)]
    pub claims_window: usize,
    /// Threads of the resume parsing and scoring pool (default: the number of cores).
    #[arg(long, env = "SHORTLIST_POOL_SIZE")]
    pub pool_size: Option<usize>,
    /// HTTP worker threads (default: one per core but one, and at least one).
    #[arg(long, env = "SHORTLIST_WORKERS")]
    pub workers: Option<usize>,
    /// Largest careers-page application body, in bytes.
    #[arg(long, env = "SHORTLIST_INTAKE_BODY_BYTES_MAX", default_value_t = DEFAULT_INTAKE_BODY_BYTES_MAX)]
    pub intake_body_bytes_max: usize,
    /// Pipelines one workspace may have on the pool at once; the rest wait in its queue.
    #[arg(long, env = "SHORTLIST_PIPELINES_PER_WORKSPACE", default_value_t = DEFAULT_PIPELINES_PER_WORKSPACE)]
    pub pipelines_per_workspace: usize,
    /// Careers-page applications one client address may send per minute (a burst of this many, refilled evenly); 0 = no limit.
    #[arg(long, env = "SHORTLIST_APPLY_RATE_PER_ADDRESS_PER_MINUTE", default_value_t = DEFAULT_APPLY_RATE_PER_ADDRESS_PER_MINUTE)]
    pub apply_rate_per_address_per_minute: u32,
    /// Careers-page applications one job accepts per minute, from all addresses together; 0 = no limit.
    #[arg(long, env = "SHORTLIST_APPLY_RATE_PER_JOB_PER_MINUTE", default_value_t = DEFAULT_APPLY_RATE_PER_JOB_PER_MINUTE)]
    pub apply_rate_per_job_per_minute: u32,
    /// Reverse proxies (addresses or CIDR blocks, comma-separated) whose X-Forwarded-For names the client; none by default.
    #[arg(long, env = "SHORTLIST_TRUSTED_PROXIES", value_delimiter = ',', value_parser = str::parse::<IpNetwork>)]
    pub trusted_proxies: Vec<IpNetwork>,
    /// A request's line and headers must arrive within this many milliseconds of the connection's first byte; then 408 and the connection closes.
    #[arg(long, env = "SHORTLIST_HEADER_READ_TIMEOUT_MILLISECONDS", default_value_t = DEFAULT_HEADER_READ_TIMEOUT_MILLISECONDS)]
    pub header_read_timeout_milliseconds: u64,
    /// A request body must arrive whole within this many milliseconds of its headers; then 408 and the connection closes.
    #[arg(long, env = "SHORTLIST_BODY_READ_TIMEOUT_MILLISECONDS", default_value_t = DEFAULT_BODY_READ_TIMEOUT_MILLISECONDS)]
    pub body_read_timeout_milliseconds: u64,
    /// On SIGTERM/SIGINT, in-flight requests get at most this long to finish before their connections are closed.
    #[arg(long, env = "SHORTLIST_SHUTDOWN_TIMEOUT_SECONDS", default_value_t = DEFAULT_SHUTDOWN_TIMEOUT_SECONDS)]
    pub shutdown_timeout_seconds: u64,
    /// Serve GET /metrics on this address instead of on the main listener.
    #[arg(long, env = "SHORTLIST_METRICS_BIND")]
    pub metrics_bind: Option<SocketAddr>,
    /// Record no metrics and serve no /metrics.
    #[arg(long, env = "SHORTLIST_NO_METRICS")]
    pub no_metrics: bool,
    #[command(flatten)]
    pub extraction: ExtractionSettings,
    #[command(flatten)]
    pub durability: DurabilitySettings,
}

#[derive(Args, Debug, Clone)]
pub struct DurabilitySettings {
    /// When a write is acknowledged: `always` (after fdatasync: survives kill -9 and power loss), `interval=<ms>` (after write(); synced every <ms>), `never` (after write(); the OS syncs).
    #[arg(long, env = "SHORTLIST_FSYNC", default_value = "always", value_parser = str::parse::<FsyncMode>)]
    pub fsync: FsyncMode,
    /// Size at which the log starts a new segment file.
    #[arg(long, env = "SHORTLIST_WAL_SEGMENT_BYTES", default_value_t = crate::store::wal::DEFAULT_SEGMENT_BYTES)]
    pub wal_segment_bytes: u64,
    /// A workspace with new writes (other than its keys' last use) is snapshotted at least this often.
    #[arg(long, env = "SHORTLIST_SNAPSHOT_INTERVAL_SECONDS", default_value_t = DEFAULT_SNAPSHOT_INTERVAL_SECONDS)]
    pub snapshot_interval_seconds: u64,
    /// ...and after this many new log records, whichever comes first.
    #[arg(long, env = "SHORTLIST_SNAPSHOT_EVERY_RECORDS", default_value_t = DEFAULT_SNAPSHOT_EVERY_RECORDS)]
    pub snapshot_every_records: u64,
    /// Snapshots kept per workspace (the newest).
    #[arg(long, env = "SHORTLIST_SNAPSHOTS_KEPT", default_value_t = DEFAULT_SNAPSHOTS_KEPT)]
    pub snapshots_kept: usize,
}

#[derive(Args, Debug, Clone)]
pub struct JwtSettings {
    /// HS256 secret for JWTs. When unset, one is generated and kept in the data directory.
    #[arg(long, env = "SHORTLIST_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Algorithm that JWTs must use.
    #[arg(long, env = "SHORTLIST_JWT_ALGORITHM", value_enum, default_value_t = JwtAlgorithmSetting::Hs256)]
    pub jwt_algorithm: JwtAlgorithmSetting,
    /// PEM public key file, for RS256 or ES256.
    #[arg(long, env = "SHORTLIST_JWT_PUBLIC_KEY_FILE")]
    pub jwt_public_key_file: Option<PathBuf>,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum JwtAlgorithmSetting {
    #[value(name = "HS256")]
    Hs256,
    #[value(name = "RS256")]
    Rs256,
    #[value(name = "ES256")]
    Es256,
}

#[derive(Args, Debug, Clone)]
pub struct TokenSettings {
    #[arg(long)]
    pub org: String,
    #[arg(long)]
    pub sub: String,
    /// owner, admin or member.
    #[arg(long)]
    pub role: String,
    /// Lifetime in seconds.
    #[arg(long = "ttl-seconds", visible_alias = "ttl", default_value_t = 3600)]
    pub ttl_seconds: u64,
    /// Where the generated secret is, when SHORTLIST_JWT_SECRET is unset.
    #[arg(long, env = "SHORTLIST_DATA_DIR", default_value = "snapshots")]
    pub data_dir: PathBuf,
    #[arg(long, env = "SHORTLIST_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct SeedSettings {
    /// Workspaces to create.
    #[arg(long, default_value_t = 1)]
    pub workspaces: u32,
    /// Jobs per workspace.
    #[arg(long, default_value_t = 10)]
    pub jobs: u32,
    /// Applications in each job (`--applications` is the old name of this flag).
    #[arg(long, alias = "applications", default_value_t = 1_000)]
    pub applications_per_job: u32,
    /// Applications in the first job of each workspace instead of
    /// `--applications-per-job`: one big job among many small ones, which is
    /// what read-path load tests want. 0 (the default) makes no job big.
    #[arg(long, default_value_t = 0)]
    pub big_job_applications: u32,
    /// Seed of the synthetic data; the same seed gives the same data.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Keep serving once the data is written and the keys printed. Without
    /// it `seed` waits for every resume to be scored, shuts down cleanly
    /// (a snapshot of each workspace) and exits, so a script can start the
    /// server next.
    #[arg(long = "serve")]
    pub serve_after: bool,
    #[command(flatten)]
    pub serve: ServeSettings,
}

impl SeedSettings {
    /// Applications in job `job_number` (0-based) of a workspace.
    pub fn applications_in_job(&self, job_number: u32) -> u32 {
        if job_number == 0 && self.big_job_applications > 0 {
            self.big_job_applications
        } else {
            self.applications_per_job
        }
    }

    /// Applications in all: workspaces × (the big job + the other jobs).
    pub fn applications_total(&self) -> u64 {
        let per_workspace: u64 = (0..self.jobs).map(|job| u64::from(self.applications_in_job(job))).sum();
        u64::from(self.workspaces) * per_workspace
    }
}

impl ServeSettings {
    /// The demo runs unless `--no-demo` or `SHORTLIST_DEMO=0` (or `false`).
    pub fn demo_enabled(&self) -> bool {
        let disabled_by_environment =
            std::env::var("SHORTLIST_DEMO").is_ok_and(|value| matches!(value.trim(), "0" | "false" | "no" | "off"));
        !self.no_demo && !disabled_by_environment
    }
}
