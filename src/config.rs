//! Settings: every one is a flag of `shortlist serve` and a `SHORTLIST_*`
//! environment variable, with its default shown by `shortlist --help`.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub const DEFAULT_RATE_LIMIT_PER_MINUTE: u32 = 120;
pub const DEFAULT_CLAIMS_WINDOW: usize = 100;
pub const DEFAULT_INTAKE_BODY_BYTES_MAX: usize = 10 * 1024 * 1024;
pub const DEFAULT_PIPELINES_PER_WORKSPACE: usize = 64;

/// `shortlist` with no command serves, so the serve settings are also the
/// top-level flags, and `shortlist --help` documents every one of them.
#[derive(Parser, Debug)]
#[command(name = "shortlist", version, about = "Shortlist: an applicant-tracking API service.")]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub serve: ServeSettings,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the API server (the default when no command is given).
    Serve(ServeSettings),
    /// Print a JWT for the management and dashboard surfaces, signed with the HS256 secret.
    Token(TokenSettings),
    /// Build a large deterministic synthetic data set in memory, print rate-limit-free keys, and serve it.
    Seed(SeedSettings),
}

#[derive(Args, Debug, Clone)]
pub struct ServeSettings {
    /// Address to listen on.
    #[arg(long, env = "SHORTLIST_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// Data directory (holds the generated JWT secret).
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
    /// HTTP worker threads (default: the number of cores).
    #[arg(long, env = "SHORTLIST_WORKERS")]
    pub workers: Option<usize>,
    /// Largest careers-page application body, in bytes.
    #[arg(long, env = "SHORTLIST_INTAKE_BODY_BYTES_MAX", default_value_t = DEFAULT_INTAKE_BODY_BYTES_MAX)]
    pub intake_body_bytes_max: usize,
    /// Pipelines one workspace may have on the pool at once; the rest wait in its queue.
    #[arg(long, env = "SHORTLIST_PIPELINES_PER_WORKSPACE", default_value_t = DEFAULT_PIPELINES_PER_WORKSPACE)]
    pub pipelines_per_workspace: usize,
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
    #[arg(long, default_value_t = 3600)]
    pub ttl: u64,
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
    /// Applications per job.
    #[arg(long, default_value_t = 1_000)]
    pub applications: u32,
    /// Seed of the synthetic data; the same seed gives the same data.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub serve: ServeSettings,
}

impl ServeSettings {
    /// The demo runs unless `--no-demo` or `SHORTLIST_DEMO=0` (or `false`).
    pub fn demo_enabled(&self) -> bool {
        let disabled_by_environment =
            std::env::var("SHORTLIST_DEMO").is_ok_and(|value| matches!(value.trim(), "0" | "false" | "no" | "off"));
        !self.no_demo && !disabled_by_environment
    }
}
