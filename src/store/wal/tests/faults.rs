//! Fail-stop: a failing fdatasync, a short write, a full disk and a failing
//! segment creation each fail the batch that saw them and everything after,
//! are never retried, leave no partial record, and lose nothing that was
//! acknowledged.

use std::sync::mpsc::channel;
use std::sync::Arc;

use crate::store::wal::test_support::{
    append_and_wait, completion_sending_to, file_length, open_log, read_all, records_end, segment_paths, test_config,
    GatedStorage, TestDirectory,
};
use crate::store::wal::{segment_file_name, FaultyStorage, FsyncMode, Lsn, Wal, WalConfig, WalError};

const ACKNOWLEDGED_RECORDS: Lsn = 3;

/// Opens a log on `storage` and appends three acknowledged records.
fn log_with_acknowledged_records(config: WalConfig, storage: &FaultyStorage) -> Wal {
    let (wal, _) = Wal::open(config, Arc::new(storage.clone())).expect("open");
    for lsn in 1..=ACKNOWLEDGED_RECORDS {
        assert_eq!(append_and_wait(&wal, format!("acknowledged {lsn}")).expect("acknowledged"), lsn);
    }
    wal
}

/// Reopens on healthy storage and returns the LSNs found.
fn lsns_after_restart(config: WalConfig) -> Vec<Lsn> {
    let (_wal, report) = open_log(config.clone());
    assert_eq!(report.truncated, None, "the failed batch left no torn tail behind");
    read_all(&config.directory).into_iter().map(|(lsn, _)| lsn).collect()
}

fn assert_fails_at_once(wal: &Wal) {
    let refused = wal.append(b"after the failure".to_vec(), Box::new(|_| panic!("a refused append never completes")));
    assert!(refused.as_ref().is_err_and(WalError::is_fail_stop), "{refused:?}");
    assert!(wal.has_failed());
    assert!(wal.flush().is_err_and(|error| error.is_fail_stop()));
}

#[test]
fn a_failed_fsync_fails_its_batch_and_every_later_append_and_loses_nothing_acknowledged() {
    let directory = TestDirectory::new("failed-fsync");
    let storage = FaultyStorage::new();
    let config = test_config(directory.path());
    let wal = log_with_acknowledged_records(config.clone(), &storage);
    storage.fail_next_sync();
    let failed = append_and_wait(&wal, b"never acknowledged".to_vec());
    assert!(matches!(&failed, Err(WalError::Failed { reason }) if reason.contains("fdatasync")), "{failed:?}");
    storage.heal();
    assert_fails_at_once(&wal);
    assert_eq!(wal.durable_lsn(), ACKNOWLEDGED_RECORDS);
    drop(wal);
    assert_eq!(lsns_after_restart(config), vec![1, 2, 3], "the unacknowledged record is gone");
}

#[test]
fn a_short_write_leaves_no_partial_record_behind() {
    let directory = TestDirectory::new("short-write");
    let storage = FaultyStorage::new();
    let config = test_config(directory.path());
    let wal = log_with_acknowledged_records(config.clone(), &storage);
    let segment = directory.path().join(segment_file_name(1));
    let batch_start_bytes = records_end(directory.path());
    storage.short_write_next();
    assert!(matches!(append_and_wait(&wal, vec![7; 1000]), Err(WalError::Failed { .. })));
    assert_eq!(file_length(&segment), batch_start_bytes, "truncated back to the batch's start");
    assert_fails_at_once(&wal);
    drop(wal);
    assert_eq!(lsns_after_restart(config), vec![1, 2, 3]);
}

#[test]
fn a_full_disk_fails_with_storage_full_and_loses_nothing_acknowledged() {
    let directory = TestDirectory::new("enospc");
    let storage = FaultyStorage::new();
    let config = test_config(directory.path());
    let wal = log_with_acknowledged_records(config.clone(), &storage);
    storage.enospc_next_write();
    let failed = append_and_wait(&wal, b"no room".to_vec());
    assert!(matches!(failed, Err(WalError::StorageFull { .. })), "{failed:?}");
    let later = append_and_wait(&wal, b"still no room".to_vec());
    assert!(matches!(later, Err(WalError::StorageFull { .. })), "later appends keep the cause: {later:?}");
    assert_eq!(wal.failure().map(|error| error.code()), Some("WAL_STORAGE_FULL"));
    drop(wal);
    assert_eq!(lsns_after_restart(config), vec![1, 2, 3]);
}

#[test]
fn a_failed_segment_creation_stops_the_log() {
    let directory = TestDirectory::new("failed-create");
    let storage = FaultyStorage::new();
    // Three 30-byte records fill a segment, so the fourth needs a new one.
    let config = WalConfig { segment_bytes: 3 * 30, ..test_config(directory.path()) };
    let wal = log_with_acknowledged_records(config.clone(), &storage);
    storage.fail_next_create();
    let failed = append_and_wait(&wal, b"needs a new segment".to_vec());
    assert!(matches!(&failed, Err(WalError::Failed { reason }) if reason.contains("creating a new segment")));
    assert_fails_at_once(&wal);
    drop(wal);
    assert_eq!(segment_paths(directory.path()).len(), 1);
    assert_eq!(lsns_after_restart(config), vec![1, 2, 3]);
}

#[test]
fn records_queued_behind_a_failed_batch_all_fail_and_none_is_acknowledged() {
    let directory = TestDirectory::new("queued-behind-failure");
    let storage = GatedStorage::new();
    let config = WalConfig { batch_records_max: 4, ..test_config(directory.path()) };
    let (wal, _) = Wal::open(config.clone(), Arc::new(storage.clone())).expect("open");
    assert_eq!(append_and_wait(&wal, b"acknowledged".to_vec()).expect("acknowledged"), 1);
    let (sender, receiver) = channel();
    storage.close_gate();
    wal.append(b"in the failing batch".to_vec(), completion_sending_to(sender.clone())).expect("queued");
    storage.wait_until_held();
    for _ in 0..10 {
        wal.append(b"queued".to_vec(), completion_sending_to(sender.clone())).expect("queued");
    }
    storage.faults().fail_next_sync();
    storage.release();
    drop(sender);
    let results: Vec<_> = receiver.iter().take(11).collect();
    assert_eq!(results.len(), 11);
    assert!(results.iter().all(|result| result.as_ref().is_err_and(WalError::is_fail_stop)), "{results:?}");
    assert_eq!(storage.faults().sync_calls(), 2, "never retried");
    drop(wal);
    assert_eq!(lsns_after_restart(config), vec![1]);
}

#[test]
fn a_failed_interval_sync_keeps_the_records_it_had_acknowledged() {
    let directory = TestDirectory::new("interval-sync-failure");
    let storage = FaultyStorage::new();
    let config = WalConfig { fsync: FsyncMode::Interval { milliseconds: 60_000 }, ..test_config(directory.path()) };
    let wal = log_with_acknowledged_records(config.clone(), &storage);
    storage.fail_next_sync();
    assert!(wal.flush().is_err_and(|error| matches!(error, WalError::Failed { .. })));
    assert_fails_at_once(&wal);
    drop(wal);
    assert_eq!(lsns_after_restart(config), vec![1, 2, 3], "acknowledged in interval mode, so kept");
}

#[test]
fn the_log_stays_readable_after_it_failed() {
    let directory = TestDirectory::new("readable-after-failure");
    let storage = FaultyStorage::new();
    let wal = log_with_acknowledged_records(test_config(directory.path()), &storage);
    storage.fail_next_sync();
    assert!(append_and_wait(&wal, b"fails".to_vec()).is_err());
    assert_eq!(read_all(directory.path()).len(), ACKNOWLEDGED_RECORDS as usize);
}
