//! `shortlist wal verify|dump`.

use std::path::Path;

use anyhow::Context;

use super::{bytes_progress, OperatorResult};
use crate::store::codec;
use crate::store::wal::{read_records, verify as verify_log};
use crate::workspace::journal::LogRecord;
use crate::workspace::persistence::DataLayout;

/// Reads every record and checks every checksum and LSN, repairing nothing.
pub fn verify(data_dir: &Path) -> OperatorResult {
    let directory = DataLayout::new(data_dir).wal();
    let report = verify_log(&directory).with_context(|| format!("verifying the log in {}", directory.display()))?;
    println!("{}: {report:?}", directory.display());
    Ok(())
}

/// One line per record: LSN, workspace, event kind and time; with `json`, the event itself.
pub fn dump(data_dir: &Path, after_lsn: u64, limit: Option<u64>, json: bool) -> OperatorResult {
    let directory = DataLayout::new(data_dir).wal();
    let total_bytes = std::fs::read_dir(&directory)
        .with_context(|| format!("listing {}", directory.display()))?
        .filter_map(Result::ok)
        .filter_map(|entry| entry.metadata().ok())
        .map(|metadata| metadata.len())
        .sum();
    let bar = bytes_progress(total_bytes, "reading");
    let reading = || format!("reading the log in {}", directory.display());
    let records = read_records(&directory, after_lsn).with_context(reading)?;
    for (count, record) in records.enumerate() {
        if limit.is_some_and(|limit| count as u64 >= limit) {
            break;
        }
        let (lsn, payload) = record.with_context(reading)?;
        bar.inc(payload.len() as u64 + 16);
        let record: LogRecord = codec::decode(&payload).with_context(|| format!("decoding log record {lsn}"))?;
        let line = if json {
            let event = serde_json::to_string(&record.event).context("writing the event as JSON")?;
            format!("{lsn}\t{}\t{}", record.workspace_id, event)
        } else {
            format!(
                "{lsn}\t{}\t{}\t{}",
                record.workspace_id,
                record.event.kind(),
                record.event.occurred_at().to_iso8601()
            )
        };
        bar.suspend(|| println!("{line}"));
    }
    bar.finish_and_clear();
    Ok(())
}
