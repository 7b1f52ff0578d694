//! The log: lines for people by default (coloured only at a terminal), or
//! one JSON object per line, always on stderr and filtered by
//! `SHORTLIST_LOG` (default `info`). The access log is its own target, one
//! line per request, so that `SHORTLIST_LOG=info,shortlist::access=off`
//! keeps everything else. Nothing secret reaches it: the access line names
//! a key by its public ID and a token by its subject, and no handler logs
//! a body.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// The target of the access log's lines.
pub const ACCESS_LOG_TARGET: &str = "shortlist::access";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line, with the fields of the event and of the
    /// request it belongs to at the top level.
    Json,
}

/// Installs the process's log writer; call once, first thing.
pub fn init(format: LogFormat) {
    let configured = std::env::var("SHORTLIST_LOG").unwrap_or_default();
    let mut filter = EnvFilter::try_new(&configured)
        .ok()
        .filter(|_| !configured.trim().is_empty())
        .unwrap_or_else(|| EnvFilter::new("info"));
    // actix-server's own lines ("starting service … listening on") come at
    // startup, before recovery, and would read as the server being ready;
    // `listening base_url=…` is the line that says so. Unless asked for.
    if !configured.contains("actix_server") {
        filter = filter.add_directive("actix_server=warn".parse().expect("a valid directive"));
    }
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder.with_ansi(std::io::stderr().is_terminal()).init(),
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(true).with_span_list(false).init(),
    }
}
