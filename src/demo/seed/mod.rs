//! `shortlist seed`: deterministic synthetic workspaces for load tests. The
//! same `--seed` gives the same candidates, jobs and resumes; only key
//! material and IDs are fresh. Keys are printed with the rate limit lifted.
//! The shape is said before anything is written, and a size that will not
//! fit in memory is refused then, not after an hour of writing.

mod writer;

pub use writer::{SeedError, SeededWorkspace};

use crate::config::SeedSettings;
use crate::domain::limits::RATE_LIMIT_PER_MINUTE_MAX;
use crate::domain::time::Timestamp;

/// Memory one seeded application needs while the server holds it: twice the
/// 3.9 KB resident per application measured after recovering 1,000,000 (README,
/// Durability), for the actors' working copies and a snapshot's encoding.
pub const MEMORY_BYTES_PER_APPLICATION_ESTIMATE: u64 = 8 * 1024;

/// What `settings` asks for, in words: printed before seeding starts.
pub fn describe(settings: &SeedSettings) -> String {
    let jobs = match (settings.big_job_applications, settings.jobs) {
        (0, jobs) | (_, jobs @ 0) => format!("{jobs} jobs of {} applications", settings.applications_per_job),
        (big, 1) => format!("1 job of {big} applications"),
        (big, jobs) => {
            format!("1 job of {big} applications and {} of {} applications", jobs - 1, settings.applications_per_job)
        }
    };
    format!(
        "seeding {} workspace(s), each with {jobs}: {} applications in all",
        settings.workspaces,
        settings.applications_total()
    )
}

/// Refuses a data set that needs more memory than the machine has free
/// (`available_bytes`, from `/proc/meminfo`), naming the size that would fit.
pub fn check_fits_in_memory(settings: &SeedSettings, available_bytes: u64) -> Result<(), TooBigForMemory> {
    let needed_bytes = settings.applications_total().saturating_mul(MEMORY_BYTES_PER_APPLICATION_ESTIMATE);
    if needed_bytes <= available_bytes {
        return Ok(());
    }
    Err(TooBigForMemory { applications: settings.applications_total(), needed_bytes, available_bytes })
}

/// A data set that needs more memory than is free.
#[derive(Debug, thiserror::Error)]
#[error(
    "{applications} applications need about {needed_mebibytes} MiB of memory ({estimate_kibibytes} KiB each) and {available_mebibytes} MiB is available: ask for at most {fitting}",
    needed_mebibytes = needed_bytes / (1024 * 1024),
    estimate_kibibytes = MEMORY_BYTES_PER_APPLICATION_ESTIMATE / 1024,
    available_mebibytes = available_bytes / (1024 * 1024),
    fitting = available_bytes / MEMORY_BYTES_PER_APPLICATION_ESTIMATE
)]
pub struct TooBigForMemory {
    pub applications: u64,
    pub needed_bytes: u64,
    pub available_bytes: u64,
}

/// Writes the data set into the data directory of `settings` (no server may
/// be using it) and returns the lines to print: each workspace with its key.
pub fn run(settings: &SeedSettings, now: Timestamp) -> Result<String, SeedError> {
    let total = settings.applications_total();
    let progress = writer::progress_bar(total);
    let started = std::time::Instant::now();
    let seeded = writer::write_data_set(&settings.serve.data_dir, settings, now, &progress)?;
    progress.finish();
    let mut printed = format!(
        "Seeded {total} applications into {} in {:.1} s. Keys (rate limit {RATE_LIMIT_PER_MINUTE_MAX}/min):",
        settings.serve.data_dir.display(),
        started.elapsed().as_secs_f64()
    );
    for workspace in seeded {
        printed.push_str(&format!("\n{} {}", workspace.workspace_id, workspace.key_plaintext));
    }
    Ok(printed)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::config::{Cli, Command};

    fn seed_settings(arguments: &[&str]) -> SeedSettings {
        let cli = Cli::try_parse_from([&["shortlist", "seed"], arguments].concat()).expect("valid arguments");
        match cli.command {
            Some(Command::Seed(settings)) => settings,
            _ => panic!("parsed as seed"),
        }
    }

    #[test]
    fn one_big_job_among_small_ones_is_counted_and_described() {
        let settings =
            seed_settings(&["--jobs", "200", "--applications-per-job", "50", "--big-job-applications", "100000"]);
        assert_eq!(settings.applications_in_job(0), 100_000);
        assert_eq!(settings.applications_in_job(1), 50);
        assert_eq!(settings.applications_total(), 100_000 + 199 * 50);
        assert_eq!(
            describe(&settings),
            "seeding 1 workspace(s), each with 1 job of 100000 applications and 199 of 50 applications: 109950 applications in all"
        );
        assert!(!settings.serve_after, "seed stops once written unless --serve is given");
    }

    #[test]
    fn the_old_flag_name_still_means_applications_per_job() {
        let settings = seed_settings(&["--jobs", "3", "--applications", "7", "--serve"]);
        assert_eq!(settings.applications_total(), 21);
        assert!(settings.serve_after);
    }

    #[test]
    fn a_data_set_larger_than_free_memory_is_refused_with_the_size_that_fits() {
        let settings = seed_settings(&["--jobs", "200", "--applications-per-job", "100000"]);
        let error = check_fits_in_memory(&settings, 24 * 1024 * 1024 * 1024)
            .expect_err("20 million do not fit in 24 GiB")
            .to_string();
        assert!(error.contains("20000000 applications") && error.contains("at most 3145728"), "{error}");
        assert!(check_fits_in_memory(&seed_settings(&["--jobs", "1"]), 24 * 1024 * 1024 * 1024).is_ok());
    }
}
