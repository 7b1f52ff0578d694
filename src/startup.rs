//! Wiring: settings → pool, actor arbiter, registry, JWT verifier, HTTP
//! server. `Application::build` binds first and exposes the port, so tests
//! run it on port 0.

use std::fs;
use std::io::Write;
use std::net::TcpListener;
use std::path::Path;
use std::sync::Arc;

use actix::Arbiter;

use crate::auth::anonymous_limit::AnonymousLimiter;
use crate::auth::jwt::{generate_jwt_secret, JwtVerifier, VerificationKey};
use crate::clock::Clock;
use crate::config::{JwtAlgorithmSetting, JwtSettings, ServeSettings};
use crate::http::{start_server, AppState, HttpSettings};
use crate::workspace::{Registry, RegistrySettings};

pub const JWT_SECRET_FILE_NAME: &str = "jwt-secret";

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("could not bind {address}: {source}")]
    Bind { address: String, source: std::io::Error },
    #[error("JWT settings: {0}")]
    Jwt(String),
    #[error("data directory {path}: {source}")]
    DataDirectory { path: String, source: std::io::Error },
    #[error("could not start: {0}")]
    Io(#[from] std::io::Error),
}

pub struct Application {
    pub port: u16,
    pub registry: Arc<Registry>,
    server: actix_web::dev::Server,
    _actor_arbiter: Arbiter,
}

/// What `build` needs besides the settings: the clock, and whether to mount test-only routes.
pub struct Environment {
    pub clock: Arc<dyn Clock>,
    pub testing_routes: bool,
}

impl Application {
    pub fn build(settings: &ServeSettings, environment: Environment) -> Result<Application, StartupError> {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(settings.pool_size.unwrap_or(cores).max(1))
            .thread_name(|index| format!("shortlist-pool-{index}"))
            .build()
            .map_err(|error| StartupError::Io(std::io::Error::other(error)))?;
        let actor_arbiter = Arbiter::new();
        let registry = Arc::new(Registry::new(
            environment.clock.clone(),
            Arc::new(pool),
            actor_arbiter.handle(),
            RegistrySettings {
                default_rate_limit_per_minute: settings.rate_limit_per_minute.max(1),
                pipelines_running_max: settings.pipelines_per_workspace.max(1),
            },
        ));
        let verifier = jwt_verifier(&settings.jwt, &settings.data_dir)?;
        let listener = TcpListener::bind(settings.bind)
            .map_err(|source| StartupError::Bind { address: settings.bind.to_string(), source })?;
        let port = listener.local_addr()?.port();
        let state = actix_web::web::Data::new(AppState {
            registry: registry.clone(),
            jwt: Arc::new(verifier),
            anonymous_limiter: AnonymousLimiter::new(settings.rate_limit_per_minute),
            settings: HttpSettings {
                claims_window: settings.claims_window,
                intake_body_bytes_max: settings.intake_body_bytes_max,
                default_rate_limit_per_minute: settings.rate_limit_per_minute,
                testing_routes: environment.testing_routes,
            },
        });
        let server = start_server(listener, state, settings.workers.unwrap_or(cores))?;
        Ok(Application { port, registry, server, _actor_arbiter: actor_arbiter })
    }

    pub fn server_handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// Runs until the server stops (SIGINT or SIGTERM stop it gracefully).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

fn jwt_verifier(settings: &JwtSettings, data_dir: &Path) -> Result<JwtVerifier, StartupError> {
    let key = match settings.jwt_algorithm {
        JwtAlgorithmSetting::Hs256 => {
            VerificationKey::Hs256Secret(hs256_secret(settings.jwt_secret.as_deref(), data_dir)?.into_bytes())
        }
        algorithm => {
            let Some(path) = settings.jwt_public_key_file.as_ref() else {
                return Err(StartupError::Jwt("RS256 and ES256 need --jwt-public-key-file".into()));
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
    JwtVerifier::new(key).map_err(|error| StartupError::Jwt(error.to_string()))
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
