//! The operator's tools: `shortlist snapshot`, `shortlist wal` and
//! `shortlist restore`. They work on a data directory's files directly.
//! `snapshot list|inspect|verify` and `wal verify|dump` only read, so they are
//! safe against a running server (snapshots are never changed once written;
//! the log is only read). `snapshot create` and `restore` write, and are for
//! a stopped data directory. Long operations show a progress bar.

pub mod restore;
pub mod snapshots;
pub mod wal;

use indicatif::{ProgressBar, ProgressStyle};

/// An operator command's outcome: the error carries its whole cause chain,
/// which `main` prints.
pub type OperatorResult = anyhow::Result<()>;

fn progress(length: u64, what: &str) -> ProgressBar {
    let template = format!("{what} {{bar:40}} {{pos}}/{{len}} ({{per_sec}}, eta {{eta}})");
    ProgressBar::new(length).with_style(ProgressStyle::with_template(&template).expect("a valid template"))
}

fn bytes_progress(length: u64, what: &str) -> ProgressBar {
    let template = format!("{what} {{bar:40}} {{bytes}}/{{total_bytes}} ({{bytes_per_sec}}, eta {{eta}})");
    ProgressBar::new(length).with_style(ProgressStyle::with_template(&template).expect("a valid template"))
}
