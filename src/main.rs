//! The `shortlist` binary: parses the command line, then serves, seeds or
//! prints a token. Everything else lives in the library.

use anyhow::{bail, Context};
use clap::Parser;
use shortlist::auth::jwt::JwtSigner;
use shortlist::clock::{Clock, SystemClock};
use shortlist::config::{Cli, Command, RestoreSettings, ServeSettings, SnapshotCommand, TokenSettings, WalCommand};
use shortlist::domain::member::Role;
use shortlist::domain::time::Timestamp;
use shortlist::operator;
use shortlist::startup::{hs256_secret, Application, Environment};
use std::process::ExitCode;

/// Read paths allocate and free many small values per request (decoded
/// results, views, response buffers) across worker threads; mimalloc's
/// per-thread free lists serve them faster than glibc's arenas.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The printing commands are piped into `head` and the like (`shortlist wal
/// dump | head`). Rust ignores SIGPIPE, so a closed pipe would make the next
/// `println!` panic with a backtrace; with the default disposition the
/// process ends quietly, as Unix tools do. The server keeps ignoring it: a
/// client hanging up must never end the process.
fn exit_quietly_when_the_reader_goes_away() {
    // SAFETY: called before any thread is started; it changes only the
    // disposition of SIGPIPE, back to the operating system's default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    shortlist::telemetry::logging::init(cli.log_format);
    if matches!(
        cli.command,
        Some(
            Command::Token(_)
                | Command::Snapshot { .. }
                | Command::Wal { .. }
                | Command::Extract { .. }
                | Command::Openapi
        )
    ) {
        exit_quietly_when_the_reader_goes_away();
    }
    let result = match cli.command {
        None => serve(cli.serve, WithDemo::AsConfigured),
        Some(Command::Serve(settings)) => serve(settings, WithDemo::AsConfigured),
        Some(Command::Seed(settings)) => seed_command(&settings),
        Some(Command::Token(settings)) => print_token(&settings),
        Some(Command::Snapshot { command }) => snapshot_command(command),
        Some(Command::Wal { command }) => wal_command(command),
        Some(Command::Restore(settings)) => restore_command(&settings),
        Some(Command::Openapi) => {
            println!("{}", shortlist::http::openapi::document_json());
            Ok(())
        }
        Some(Command::Extract { file, limits }) => extract_command(&file, &limits),
        Some(Command::ExtractWorker(settings)) => {
            shortlist::extract::isolated::run_worker(&settings.limits()).context("the extraction worker failed")
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("shortlist: {}", cause_chain(&error));
            ExitCode::FAILURE
        }
    }
}

/// What failed, then why, cause by cause. A cause whose text its outer
/// error already shows (some errors print their source too) is not repeated.
fn cause_chain(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let message = cause.to_string();
        if text.contains(&message) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&message);
    }
    text
}

/// Extracts in this process (the operator is watching; no isolation needed)
/// and prints the lines, then the link targets, or the failure and its code.
fn extract_command(file: &std::path::Path, settings: &shortlist::config::ExtractionSettings) -> anyhow::Result<()> {
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    match shortlist::extract::extract_in_process(&bytes, &settings.limits()) {
        Ok(document) => {
            println!("format: {:?}, pages: {}, lines: {}", document.format, document.pages, document.lines.len());
            print!("{}", document.text());
            for link in &document.links {
                println!("link: {link}");
            }
            Ok(())
        }
        Err(failure) => bail!("{}: {failure}", failure.code()),
    }
}

/// Says the shape, refuses what will not fit in memory, writes the data set
/// without a server, prints the keys, then serves it only with `--serve`.
fn seed_command(settings: &shortlist::config::SeedSettings) -> anyhow::Result<()> {
    println!("{}", shortlist::demo::seed::describe(settings));
    if let Some(available_bytes) = memory_available_bytes() {
        shortlist::demo::seed::check_fits_in_memory(settings, available_bytes)?;
    }
    let now = shortlist::clock::Clock::now(&shortlist::clock::SystemClock);
    println!("{}", shortlist::demo::seed::run(settings, now).context("seeding failed")?);
    if settings.serve_after {
        serve(settings.serve.clone(), WithDemo::Never)?;
    }
    Ok(())
}

/// `MemAvailable` of `/proc/meminfo`, in bytes; `None` where it cannot be read.
fn memory_available_bytes() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|line| line.starts_with("MemAvailable:"))?;
    let kibibytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kibibytes * 1024)
}

/// Whether `serve` creates the demo workspace: a seeded data set is served without one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum WithDemo {
    AsConfigured,
    Never,
}

fn serve(settings: ServeSettings, with_demo: WithDemo) -> anyhow::Result<()> {
    actix_web::rt::System::new().block_on(async move {
        let mut application =
            Application::build(&settings, Environment::production()).context("starting the server")?;
        application.wait_until_recovered().await.context("recovering the data directory")?;
        // The bound port, which differs from the asked one for `--bind ...:0`.
        let base_url = format!("http://{}", std::net::SocketAddr::new(settings.bind.ip(), application.port));
        tracing::info!(%base_url, "listening");
        if with_demo == WithDemo::AsConfigured && settings.demo_enabled() {
            let secret = hs256_secret(settings.jwt.jwt_secret.as_deref(), &settings.data_dir)
                .context("reading the JWT secret")?;
            let banner = shortlist::demo::create(&application.registry, &JwtSigner::new(secret.as_bytes()), &base_url)
                .await
                .context("creating the demo workspace")?;
            println!("{banner}");
        }
        application.run_until_stopped().await.context("serving")
    })
}

fn print_token(settings: &TokenSettings) -> anyhow::Result<()> {
    let role = Role::parse(&settings.role).context("--role must be owner, admin or member")?;
    let secret = hs256_secret(settings.jwt_secret.as_deref(), &settings.data_dir).context("reading the JWT secret")?;
    let now_seconds = u64::try_from(SystemClock.now().unix_seconds()).unwrap_or(0);
    println!(
        "{}",
        JwtSigner::new(secret.as_bytes()).sign(&settings.org, &settings.sub, role, now_seconds, settings.ttl_seconds)
    );
    Ok(())
}

fn snapshot_command(command: SnapshotCommand) -> anyhow::Result<()> {
    match command {
        SnapshotCommand::Create { data, snapshots_kept } => {
            operator::snapshots::create(&data.data_dir, snapshots_kept, SystemClock.now())
        }
        SnapshotCommand::List { data, workspace } => operator::snapshots::list(&data.data_dir, workspace.as_deref()),
        SnapshotCommand::Inspect { file } => operator::snapshots::inspect(&file),
        SnapshotCommand::Verify { file } => operator::snapshots::verify(&file),
    }
}

fn wal_command(command: WalCommand) -> anyhow::Result<()> {
    match command {
        WalCommand::Verify { data } => operator::wal::verify(&data.data_dir),
        WalCommand::Dump { data, after_lsn, limit, json } => {
            operator::wal::dump(&data.data_dir, after_lsn, limit, json)
        }
    }
}

fn restore_command(settings: &RestoreSettings) -> anyhow::Result<()> {
    let until = match settings.until.as_deref() {
        None => None,
        Some(text) => {
            Some(Timestamp::parse_iso8601(text).context("--until must be RFC 3339, e.g. 2026-11-21T09:30:00Z")?)
        }
    };
    operator::restore::restore(&operator::restore::RestoreRequest {
        snapshot: &settings.from,
        until_lsn: settings.until_lsn,
        until,
        target_data_dir: &settings.data_dir,
        log_dir: settings.log_dir.as_deref(),
        now: SystemClock.now(),
    })
}
