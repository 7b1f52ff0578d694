//! `shortlist wal verify|dump`.

use std::path::Path;

use super::{bytes_progress, OperatorResult};
use crate::store::codec;
use crate::store::wal::{read_records, verify as verify_log};
use crate::workspace::journal::LogRecord;
use crate::workspace::persistence::DataLayout;

/// Reads every record and checks every checksum and LSN, repairing nothing.
pub fn verify(data_dir: &Path) -> OperatorResult {
    let directory = DataLayout::new(data_dir).wal();
    let report = verify_log(&directory).map_err(|error| error.to_string())?;
    println!("{}: {report:?}", directory.display());
    Ok(())
}

/// One line per record: LSN, workspace, event kind and time; with `json`, the event itself.
pub fn dump(data_dir: &Path, after_lsn: u64, limit: Option<u64>, json: bool) -> OperatorResult {
    let directory = DataLayout::new(data_dir).wal();
    let total_bytes = std::fs::read_dir(&directory)
        .map_err(|error| format!("{}: {error}", directory.display()))?
        .filter_map(Result::ok)
        .filter_map(|entry| entry.metadata().ok())
        .map(|metadata| metadata.len())
        .sum();
    let bar = bytes_progress(total_bytes, "reading");
    let records = read_records(&directory, after_lsn).map_err(|error| error.to_string())?;
    for (count, record) in records.enumerate() {
        if limit.is_some_and(|limit| count as u64 >= limit) {
            break;
        }
        let (lsn, payload) = record.map_err(|error| error.to_string())?;
        bar.inc(payload.len() as u64 + 16);
        let record: LogRecord = codec::decode(&payload).map_err(|error| format!("record {lsn}: {error}"))?;
        let line = if json {
            let event = serde_json::to_string(&record.event).map_err(|error| error.to_string())?;
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
