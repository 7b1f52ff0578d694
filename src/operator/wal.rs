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
    let reading = || format!("reading the log in {}", directory.display());
    let mut records = read_records(&directory, after_lsn).with_context(reading)?;
    let bar = bytes_progress(records.progress().total_bytes, "reading");
    let mut count = 0u64;
    while let Some(record) = records.next() {
        if limit.is_some_and(|limit| count >= limit) {
            break;
        }
        count += 1;
        let (lsn, payload) = record.with_context(reading)?;
        bar.set_position(records.progress().read_bytes);
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
