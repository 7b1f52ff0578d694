//! The `shortlist` binary: parses the command line, then serves, seeds or
//! prints a token. Everything else lives in the library.

use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use shortlist::auth::jwt::JwtSigner;
use shortlist::clock::SystemClock;
use shortlist::config::{Cli, Command, ServeSettings, TokenSettings};
use shortlist::domain::member::Role;
use shortlist::startup::{hs256_secret, Application, Environment};

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_env("SHORTLIST_LOG").unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        None => serve(cli.serve, None),
        Some(Command::Serve(settings)) => serve(settings, None),
        Some(Command::Seed(settings)) => serve(settings.serve.clone(), Some(settings)),
        Some(Command::Token(settings)) => print_token(&settings),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("shortlist: {message}");
            ExitCode::FAILURE
        }
    }
}

fn serve(settings: ServeSettings, seed: Option<shortlist::config::SeedSettings>) -> Result<(), String> {
    actix_web::rt::System::new().block_on(async move {
        let environment = Environment { clock: Arc::new(SystemClock), testing_routes: false };
        let application = Application::build(&settings, environment).map_err(|error| error.to_string())?;
        let base_url = format!("http://{}", settings.bind);
        tracing::info!(%base_url, "listening");
        let registry = application.registry.clone();
        if let Some(seed) = seed {
            shortlist::demo::seed::run(&registry, &seed, &base_url).await.map_err(|error| error.to_string())?;
        } else if settings.demo_enabled() {
            let secret = hs256_secret(settings.jwt.jwt_secret.as_deref(), &settings.data_dir)
                .map_err(|error| error.to_string())?;
            let banner = shortlist::demo::create(&registry, &JwtSigner::new(secret.as_bytes()), &base_url)
                .await
                .map_err(|error| error.to_string())?;
            println!("{banner}");
        }
        application.run_until_stopped().await.map_err(|error| error.to_string())
    })
}

fn print_token(settings: &TokenSettings) -> Result<(), String> {
    let role = Role::parse(&settings.role).ok_or("--role must be owner, admin or member")?;
    let secret = hs256_secret(settings.jwt_secret.as_deref(), &settings.data_dir).map_err(|error| error.to_string())?;
    let now_seconds =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_secs());
    println!(
        "{}",
        JwtSigner::new(secret.as_bytes()).sign(&settings.org, &settings.sub, role, now_seconds, settings.ttl)
    );
    Ok(())
}
