//! Wiring: settings → pool, actor arbiter, registry, JWT verifier, HTTP
//! server. `Application::build` binds first and exposes the port, so tests
//! run it on port 0.

use std::fs;
use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use actix::Arbiter;

use crate::auth::jwt::{generate_jwt_secret, JwtSetupError, JwtVerifier, VerificationKey};
use crate::auth::keyed_limit::KeyedLimiter;
use crate::clock::{Clock, SystemClock};
use crate::config::{JwtAlgorithmSetting, JwtSettings, ServeSettings};
use crate::extract::isolated::ExtractorProgram;
use crate::http::client_address::TrustedProxies;
use crate::http::response_cache::ResponseCache;
use crate::http::{start_metrics_server, start_server, AppState, HttpSettings, Readiness, RequestsInFlight};
use crate::store::blobs::{BlobError, BlobStore};
use crate::store::wal::{
    FileStorage, Lsn, Storage, Wal, WalConfig, WalError, DEFAULT_BATCH_RECORDS_MAX, DEFAULT_QUEUE_CAPACITY,
};
use crate::telemetry;
use crate::telemetry::names::RECOVERY_DURATION;
use crate::workspace::actor::SnapshotPolicy;
use crate::workspace::journal::Journal;
use crate::workspace::persistence::{recover, write_snapshot, DataLayout, RecoveryError, RecoveryReport};
use crate::workspace::priority::lower_this_threads_priority;
use crate::workspace::{Registry, RegistrySettings};

pub const JWT_SECRET_FILE_NAME: &str = "jwt-secret";

/// Why the server could not start or stop cleanly; each keeps its cause.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("could not bind {address}")]
    Bind { address: String, source: std::io::Error },
    #[error("JWT settings")]
    Jwt(#[from] JwtSetupError),
    #[error("JWT settings: RS256 and ES256 need --jwt-public-key-file")]
    JwtPublicKeyMissing,
    #[error("data directory {path}")]
    DataDirectory { path: String, source: std::io::Error },
    #[error("could not start")]
    Io(#[from] std::io::Error),
    #[error("the write-ahead log")]
    Log(#[from] WalError),
    #[error("the resume store in {path}")]
    Blobs { path: String, source: BlobError },
    #[error("recovery")]
    Recovery(#[from] RecoveryError),
    #[error(
        "the snapshot of workspace {workspace} covers LSN {snapshot_lsn} but the log ends at LSN {log_last_lsn}: the log directory was replaced or cut short. Remedy: put the log back, or restore the workspace into a new data directory with `shortlist restore`"
    )]
    LogBehindSnapshot { workspace: String, snapshot_lsn: Lsn, log_last_lsn: Lsn },
    #[error("recovery panicked")]
    RecoveryPanicked,
}

pub struct Application {
    pub port: u16,
    pub registry: Arc<Registry>,
    pub requests_in_flight: RequestsInFlight,
    /// The port of the `--metrics-bind` listener, when there is one.
    pub metrics_port: Option<u16>,
    /// The server, spawned as soon as it is built, so that while recovery
    /// runs it answers: `/healthz` 200, `/readyz` and the API 503.
    server: Option<RunningServer>,
    /// The /metrics listener of `--metrics-bind`, stopped with the main one.
    metrics_server: Option<RunningServer>,
    readiness: Readiness,
    recovery: Option<std::thread::JoinHandle<Result<RecoveryReport, StartupError>>>,
    settings: ServeSettings,
    _actor_arbiter: Arbiter,
}

struct RunningServer {
    handle: actix_web::dev::ServerHandle,
    task: actix_web::rt::task::JoinHandle<std::io::Result<()>>,
}

impl RunningServer {
    fn spawn(server: actix_web::dev::Server) -> Self {
        Self { handle: server.handle(), task: actix_web::rt::spawn(server) }
    }
}

/// How often `wait_until_recovered` looks whether recovery has finished.
const RECOVERY_POLL_MILLISECONDS: u64 = 5;

/// What `build` needs besides the settings: the clock, the storage the log
/// writes through (a faulty one in fault tests), and test-only routes.
pub struct Environment {
    pub clock: Arc<dyn Clock>,
    pub storage: Arc<dyn Storage>,
    pub testing_routes: bool,
    /// The binary that runs `extract-worker`; the running binary when `None`
    /// (tests, whose own binary is a test harness, name the real one).
    pub extractor_program: Option<PathBuf>,
}

impl Environment {
    pub fn production() -> Self {
        Self {
            clock: Arc::new(SystemClock),
            storage: Arc::new(FileStorage),
            testing_routes: false,
            extractor_program: None,
        }
    }
}

impl Application {
    /// Opens the log (repairing a torn tail, or refusing to start on damage
    /// elsewhere), starts serving (503 until recovered), and recovers the
    /// workspaces on a thread of its own.
    pub fn build(settings: &ServeSettings, environment: Environment) -> Result<Application, StartupError> {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        let pool = Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(settings.pool_size.unwrap_or(cores).max(1))
                .thread_name(|index| format!("shortlist-pool-{index}"))
                .start_handler(|_| lower_this_threads_priority())
                .build()
                .map_err(|error| StartupError::Io(std::io::Error::other(error)))?,
        );
        let layout = DataLayout::new(&settings.data_dir);
        let durability = &settings.durability;
        let wal_config = WalConfig {
            directory: layout.wal(),
            segment_bytes: durability.wal_segment_bytes,
            fsync: durability.fsync,
            queue_capacity: DEFAULT_QUEUE_CAPACITY,
            batch_records_max: DEFAULT_BATCH_RECORDS_MAX,
        };
        let (wal, opened) = Wal::open(wal_config, environment.storage.clone())?;
        if let Some(truncated) = &opened.truncated {
            tracing::warn!(?truncated, "a torn record at the end of the log was cut off (a copy is kept as .broken)");
        }
        let blobs_directory = layout.blobs();
        let blobs = BlobStore::open(blobs_directory.clone())
            .map_err(|source| StartupError::Blobs { path: blobs_directory.display().to_string(), source })?;
        // Half-written files of a crash, before anything writes again.
        let _ = blobs.remove_stale_temp_files();
        if layout.snapshots().exists() {
            let _ = crate::store::snapshot::remove_stale_temp_files(&layout.snapshots());
        }
        let actor_arbiter = Arbiter::new();
        let registry = Arc::new(Registry::new(
            environment.clock.clone(),
            pool.clone(),
            Arc::new(blobs),
            Journal::new(wal),
            actor_arbiter.handle(),
            RegistrySettings {
                default_rate_limit_per_minute: settings.rate_limit_per_minute.max(1),
                pipelines_running_max: settings.pipelines_per_workspace.max(1),
                snapshots: SnapshotPolicy {
                    layout: layout.clone(),
                    interval_milliseconds: durability.snapshot_interval_seconds.saturating_mul(1_000),
                    every_records: durability.snapshot_every_records.max(1),
                    keep: durability.snapshots_kept.max(1),
                },
                extraction: settings.extraction.limits(),
                extractor: ExtractorProgram(match environment.extractor_program.clone() {
                    Some(program) => program,
                    None => std::env::current_exe()?,
                }),
            },
        ));
        let verifier = jwt_verifier(&settings.jwt, &settings.data_dir)?;
        let listener = TcpListener::bind(settings.bind)
            .map_err(|source| StartupError::Bind { address: settings.bind.to_string(), source })?;
        let port = listener.local_addr()?.port();
        let readiness = Readiness::default();
        let requests_in_flight = RequestsInFlight::default();
        let metrics = (!settings.no_metrics).then(telemetry::install);
        let state = actix_web::web::Data::new(AppState {
            registry: registry.clone(),
            jwt: Arc::new(verifier),
            anonymous_limiter: KeyedLimiter::new(settings.rate_limit_per_minute.max(1), environment.clock.clone()),
            apply_limiter_by_address: KeyedLimiter::new(
                settings.apply_rate_per_address_per_minute,
                environment.clock.clone(),
            ),
            apply_limiter_by_job: KeyedLimiter::new(settings.apply_rate_per_job_per_minute, environment.clock.clone()),
            readiness: readiness.clone(),
            requests_in_flight: requests_in_flight.clone(),
            metrics,
            responses: ResponseCache::default(),
            settings: HttpSettings {
                claims_window: settings.claims_window,
                intake_body_bytes_max: settings.intake_body_bytes_max,
                header_read_timeout_milliseconds: settings.header_read_timeout_milliseconds.max(1),
                body_read_timeout_milliseconds: settings.body_read_timeout_milliseconds.max(1),
                shutdown_timeout_seconds: settings.shutdown_timeout_seconds,
                trusted_proxies: TrustedProxies(settings.trusted_proxies.clone()),
                testing_routes: environment.testing_routes,
                metrics_elsewhere: settings.metrics_bind.is_some(),
            },
        });
        let (metrics_server, metrics_port) = match settings.metrics_bind {
            Some(address) if state.metrics.is_some() => {
                let listener = TcpListener::bind(address)
                    .map_err(|source| StartupError::Bind { address: address.to_string(), source })?;
                let port = listener.local_addr()?.port();
                (Some(RunningServer::spawn(start_metrics_server(listener, state.clone())?)), Some(port))
            }
            _ => (None, None),
        };
        let server = start_server(listener, state, settings.workers.unwrap_or_else(|| default_http_workers(cores)))?;
        let recovery = spawn_recovery(layout, registry.clone(), pool, readiness.clone())?;
        Ok(Application {
            port,
            registry,
            requests_in_flight,
            metrics_port,
            server: Some(RunningServer::spawn(server)),
            metrics_server,
            readiness,
            recovery: Some(recovery),
            settings: settings.clone(),
            _actor_arbiter: actor_arbiter,
        })
    }

    pub fn server_handle(&self) -> Option<actix_web::dev::ServerHandle> {
        self.server.as_ref().map(|server| server.handle.clone())
    }

    /// Waits for recovery, yielding to the runtime meanwhile: the server
    /// is a task on it, and blocking here kept it from answering at all
    /// (not even `/healthz`) until recovery was done. The API serves from
    /// then on.
    pub async fn wait_until_recovered(&mut self) -> Result<RecoveryReport, StartupError> {
        let Some(recovery) = self.recovery.take() else { return Ok(RecoveryReport::default()) };
        while !recovery.is_finished() {
            actix_web::rt::time::sleep(Duration::from_millis(RECOVERY_POLL_MILLISECONDS)).await;
        }
        let report = recovery.join().map_err(|_| StartupError::RecoveryPanicked)??;
        debug_assert!(self.readiness.is_ready());
        Ok(report)
    }

    /// Runs until the server stops: SIGINT or SIGTERM stop accepting and
    /// drain in-flight requests; then the log is flushed and every workspace
    /// gets a final snapshot.
    pub async fn run_until_stopped(mut self) -> Result<(), StartupError> {
        if let Some(server) = self.server.take() {
            server.task.await.map_err(std::io::Error::other)??;
        }
        if let Some(metrics_server) = self.metrics_server.take() {
            metrics_server.handle.stop(true).await;
            let _ = metrics_server.task.await;
        }
        self.shut_down()
    }

    fn shut_down(&mut self) -> Result<(), StartupError> {
        let registry = self.registry.clone();
        let last_lsn = registry.journal().wal().flush()?;
        let layout = DataLayout::new(&self.settings.data_dir);
        let keep = self.settings.durability.snapshots_kept.max(1);
        let now = registry.clock().now();
        for (workspace_id, handle) in registry.workspace_handles() {
            let lsn = handle.published_lsn.load(std::sync::atomic::Ordering::Acquire);
            // A snapshot on disk that covers every write and every use of a
            // key is the one this would write again: a restart of a server
            // that was not used skips the copy (seconds and gigabytes for a
            // large workspace) and keeps the older snapshots, which
            // retention would otherwise push out.
            let newest_covers_every_write = newest_snapshot_lsn(&layout, workspace_id.as_str()) == Some(lsn);
            let image = {
                let state = handle.state.read();
                let covered = newest_covers_every_write && registry.directory.unrecorded_key_use(&state).is_empty();
                (!covered).then(|| registry.directory.with_live_key_use(&state, state.to_image()))
            };
            let Some(image) = image else {
                tracing::info!(workspace = %workspace_id, lsn, "no final snapshot needed: the newest covers every write");
                continue;
            };
            match write_snapshot(&layout, &image, lsn, now, keep) {
                Ok(file) => {
                    tracing::info!(workspace = %workspace_id, path = %file.path.display(), "final snapshot written")
                }
                Err(error) => {
                    tracing::error!(workspace = %workspace_id, %error, "final snapshot failed; the log still holds every write")
                }
            }
        }
        tracing::info!(last_lsn, "shut down cleanly");
        Ok(())
    }
}

/// The LSN the newest readable snapshot of `workspace_id` covers, if any.
fn newest_snapshot_lsn(layout: &DataLayout, workspace_id: &str) -> Option<u64> {
    let listing = crate::store::snapshot::list_snapshots(&layout.snapshots(), Some(workspace_id)).ok()?;
    listing.valid.first().map(|snapshot| snapshot.header.lsn)
}

fn spawn_recovery(
    layout: DataLayout,
    registry: Arc<Registry>,
    pool: Arc<rayon::ThreadPool>,
    readiness: Readiness,
) -> Result<std::thread::JoinHandle<Result<RecoveryReport, StartupError>>, StartupError> {
    let spawned = std::thread::Builder::new().name("recovery".into()).spawn(move || {
        let (workspaces, report) = pool.install(|| recover(&layout))?;
        let log_last_lsn = registry.journal().wal().last_lsn();
        if let Some(ahead) = workspaces.iter().find(|workspace| workspace.snapshot_lsn > log_last_lsn) {
            return Err(StartupError::LogBehindSnapshot {
                workspace: ahead.state.id.to_string(),
                snapshot_lsn: ahead.snapshot_lsn,
                log_last_lsn,
            });
        }
        for workspace in workspaces {
            registry.install(workspace.state, workspace.last_lsn, workspace.snapshot_lsn);
        }
        tracing::info!(
            workspaces = report.workspaces,
            snapshots = report.snapshots_loaded,
            records_replayed = report.records_replayed,
            elapsed_milliseconds = report.elapsed_milliseconds as u64,
            "recovered"
        );
        metrics::gauge!(RECOVERY_DURATION).set(report.elapsed_milliseconds as f64 / 1000.0);
        readiness.mark_ready();
        Ok(report)
    });
    spawned.map_err(StartupError::Io)
}

fn jwt_verifier(settings: &JwtSettings, data_dir: &Path) -> Result<JwtVerifier, StartupError> {
    let key = match settings.jwt_algorithm {
        JwtAlgorithmSetting::Hs256 => {
            VerificationKey::Hs256Secret(hs256_secret(settings.jwt_secret.as_deref(), data_dir)?.into_bytes())
        }
        algorithm => {
            let Some(path) = settings.jwt_public_key_file.as_ref() else {
                return Err(StartupError::JwtPublicKeyMissing);
            };
            let pem = fs::read(path)
                .map_err(|source| StartupError::DataDirectory { path: path.display().to_string(), source })?;
            if algorithm == JwtAlgorithmSetting::Rs256 {
                VerificationKey::Rs256PublicKeyPem(pem)
            } else {
                VerificationKey::Es256PublicKeyPem(pem)
            }
        }
    };
    Ok(JwtVerifier::new(key)?)
}

/// The configured secret, or the one kept in the data directory, generated
/// on first use (with a warning: tokens then only verify on this machine).
pub fn hs256_secret(configured: Option<&str>, data_dir: &Path) -> Result<String, StartupError> {
    if let Some(secret) = configured.filter(|secret| !secret.is_empty()) {
        return Ok(secret.to_owned());
    }
    let data_error = |source| StartupError::DataDirectory { path: data_dir.display().to_string(), source };
    let path = data_dir.join(JWT_SECRET_FILE_NAME);
    if let Ok(secret) = fs::read_to_string(&path) {
        if !secret.trim().is_empty() {
            return Ok(secret.trim().to_owned());
        }
    }
    fs::create_dir_all(data_dir).map_err(data_error)?;
    let secret = generate_jwt_secret();
    write_private_file(&path, &secret).map_err(data_error)?;
    tracing::warn!(path = %path.display(), "SHORTLIST_JWT_SECRET is not set; generated a secret and kept it in the data directory");
    Ok(secret)
}

fn write_private_file(path: &Path, contents: &str) -> std::io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(contents.as_bytes())?;
    file.sync_all()
}

/// HTTP workers when no setting names them: one per core but one, and at
/// least one. The workspace actors, the log's writer, the scoring pool and
/// snapshots need a core too; with a worker on every core, three busy
/// threads on a 2-core machine preempt each other in the middle of
/// requests. Measured with `loadtests/run.sh` (wrk on the same two cores):
/// one worker kept p99 at 0.97-2.75 ms over the read scenarios, two gave
/// 0.94-4.21 ms, at the same throughput within the run-to-run spread.
fn default_http_workers(cores: usize) -> usize {
    cores.saturating_sub(1).max(1)
}

#[cfg(test)]
mod default_worker_tests {
    use super::default_http_workers;

    #[test]
    fn one_core_is_left_to_the_rest_of_the_server_and_there_is_always_a_worker() {
        assert_eq!(default_http_workers(1), 1);
        assert_eq!(default_http_workers(2), 1);
        assert_eq!(default_http_workers(8), 7);
    }
}
