//! What a completion promises in each fsync mode: `always` acknowledges only
//! after the batch's fdatasync; `interval` and `never` after the write, and
//! sync on their own schedule; `flush` syncs whatever the mode.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::store::wal::test_support::{append_and_wait, read_all, test_config, GatedStorage, TestDirectory};
use crate::store::wal::{FaultyStorage, FsyncMode, Wal, WalConfig};

fn open_with(fsync: FsyncMode, storage: &FaultyStorage, directory: &TestDirectory) -> Wal {
    let config = WalConfig { fsync, ..test_config(directory.path()) };
    Wal::open(config, Arc::new(storage.clone())).expect("open").0
}

#[test]
fn always_acknowledges_only_after_the_batch_is_synced() {
    let directory = TestDirectory::new("always-after-sync");
    let storage = GatedStorage::new();
    let (wal, _) = Wal::open(test_config(directory.path()), Arc::new(storage.clone())).expect("open");
    let acknowledged = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = std::sync::mpsc::channel();
    storage.close_gate();
    let flag = Arc::clone(&acknowledged);
    wal.append(
        b"durable".to_vec(),
        Box::new(move |result| {
            flag.store(result.is_ok(), Ordering::SeqCst);
            let _ = sender.send(());
        }),
    )
    .expect("queued");
    storage.wait_until_held();
    assert!(!acknowledged.load(Ordering::SeqCst), "written but not yet synced: not acknowledged");
    assert_eq!(wal.durable_lsn(), 0);
    storage.release();
    receiver.recv().expect("completion");
    assert!(acknowledged.load(Ordering::SeqCst));
    assert_eq!((wal.durable_lsn(), wal.synced_lsn()), (1, 1));
}

#[test]
fn never_acknowledges_after_the_write_without_syncing() {
    let directory = TestDirectory::new("never-no-sync");
    let storage = FaultyStorage::new();
    let wal = open_with(FsyncMode::Never, &storage, &directory);
    for lsn in 1..=5 {
        assert_eq!(append_and_wait(&wal, b"unsynced".to_vec()).expect("acknowledged"), lsn);
    }
    assert_eq!(storage.sync_calls(), 0);
    assert_eq!((wal.durable_lsn(), wal.synced_lsn()), (5, 0));
}

#[test]
fn interval_acknowledges_before_syncing_and_flush_syncs() {
    let directory = TestDirectory::new("interval-ack-before-sync");
    let storage = FaultyStorage::new();
    let wal = open_with(FsyncMode::Interval { milliseconds: 60_000 }, &storage, &directory);
    for lsn in 1..=5 {
        assert_eq!(append_and_wait(&wal, b"unsynced".to_vec()).expect("acknowledged"), lsn);
    }
    assert_eq!(storage.sync_calls(), 0, "acknowledged before any fdatasync");
    assert_eq!(wal.flush().expect("flush"), 5);
    assert_eq!((storage.sync_calls(), wal.synced_lsn()), (1, 5));
}

#[test]
fn interval_syncs_on_its_own_while_there_is_unsynced_data() {
    let directory = TestDirectory::new("interval-timer");
    let storage = GatedStorage::new();
    let config = WalConfig { fsync: FsyncMode::Interval { milliseconds: 5 }, ..test_config(directory.path()) };
    let (wal, _) = Wal::open(config, Arc::new(storage.clone())).expect("open");
    storage.close_gate();
    append_and_wait(&wal, b"synced soon".to_vec()).expect("acknowledged after the write");
    // Nothing but the interval timer asks for this fdatasync.
    storage.wait_until_held();
    assert_eq!(wal.synced_lsn(), 0, "held at the gate, not yet synced");
    storage.release();
    assert_eq!(wal.flush().expect("flush"), 1);
    assert_eq!((wal.synced_lsn(), storage.faults().sync_calls()), (1, 1), "the timer's sync was the only one");
}

#[test]
fn flush_syncs_in_never_mode_and_returns_the_last_durable_lsn() {
    let directory = TestDirectory::new("flush-never");
    let storage = FaultyStorage::new();
    let wal = open_with(FsyncMode::Never, &storage, &directory);
    for _ in 0..3 {
        wal.append(b"queued".to_vec(), Box::new(|result| assert!(result.is_ok()))).expect("queued");
    }
    assert_eq!(wal.flush().expect("flush"), 3, "flush covers everything queued before it");
    assert_eq!((storage.sync_calls(), wal.synced_lsn(), wal.durable_lsn()), (1, 3, 3));
    assert_eq!(wal.flush().expect("flush"), 3);
    assert_eq!(storage.sync_calls(), 1, "nothing new to sync");
}

#[test]
fn flush_of_an_empty_log_returns_zero() {
    let directory = TestDirectory::new("flush-empty");
    let wal = open_with(FsyncMode::Always, &FaultyStorage::new(), &directory);
    assert_eq!(wal.flush().expect("flush"), 0);
}

#[test]
fn every_mode_reads_back_what_it_acknowledged() {
    for fsync in [FsyncMode::Always, FsyncMode::Interval { milliseconds: 3 }, FsyncMode::Never] {
        let directory = TestDirectory::new("modes-read-back");
        let wal = open_with(fsync, &FaultyStorage::new(), &directory);
        for index in 0..50 {
            append_and_wait(&wal, format!("{fsync} {index}")).expect("acknowledged");
        }
        drop(wal);
        assert_eq!(read_all(directory.path()).len(), 50, "{fsync}");
    }
}
