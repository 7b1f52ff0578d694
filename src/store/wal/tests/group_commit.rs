//! Group commit: LSNs in submission order, every record exactly once, one
//! write and one fdatasync per batch, and a writer that survives its callers.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;

use parking_lot::Mutex;

use crate::store::wal::test_support::{
    append_and_wait, completion_sending_to, open_log, read_all, test_config, GatedStorage, TestDirectory,
};
use crate::store::wal::{Lsn, Wal, WalConfig, WalError, RECORD_PAYLOAD_BYTES_MAX};

const THREADS: usize = 8;
const RECORDS_PER_THREAD: usize = 250;

#[test]
fn concurrent_appends_get_distinct_consecutive_lsns_and_read_back_once_in_order() {
    let directory = TestDirectory::new("concurrent-appends");
    let (wal, _) = open_log(test_config(directory.path()));
    let acknowledged: Mutex<BTreeMap<Lsn, Vec<u8>>> = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for thread in 0..THREADS {
            let (wal, acknowledged) = (wal.clone(), &acknowledged);
            scope.spawn(move || {
                let mut previous_lsn = 0;
                for index in 0..RECORDS_PER_THREAD {
                    let payload = format!("thread {thread} record {index}").into_bytes();
                    let lsn = append_and_wait(&wal, payload.clone()).expect("acknowledged");
                    assert!(lsn > previous_lsn, "one submitter's records keep their order");
                    previous_lsn = lsn;
                    assert!(acknowledged.lock().insert(lsn, payload).is_none(), "LSN {lsn} given twice");
                }
            });
        }
    });
    let acknowledged = acknowledged.into_inner();
    let records = THREADS * RECORDS_PER_THREAD;
    assert_eq!(acknowledged.keys().copied().collect::<Vec<_>>(), (1..=records as Lsn).collect::<Vec<_>>());
    assert_eq!((wal.last_lsn(), wal.durable_lsn()), (records as Lsn, records as Lsn));
    let read_back: BTreeMap<Lsn, Vec<u8>> = read_all(directory.path()).into_iter().collect();
    assert_eq!(read_back, acknowledged);
}

#[test]
fn records_waiting_during_a_sync_share_the_next_write_and_sync() {
    let directory = TestDirectory::new("batch-shares-sync");
    let storage = GatedStorage::new();
    let (wal, _) = Wal::open(test_config(directory.path()), Arc::new(storage.clone())).expect("open");
    let (sender, receiver) = channel();
    storage.close_gate();
    wal.append(b"first".to_vec(), completion_sending_to(sender.clone())).expect("queued");
    storage.wait_until_held();
    // The writer is inside the first batch's fdatasync: these 99 all wait.
    std::thread::scope(|scope| {
        for thread in 0..3 {
            let (wal, sender) = (wal.clone(), sender.clone());
            scope.spawn(move || {
                for index in 0..33 {
                    let payload = format!("{thread}/{index}").into_bytes();
                    wal.append(payload, completion_sending_to(sender.clone())).expect("queued");
                }
            });
        }
    });
    storage.release();
    let mut lsns: Vec<Lsn> = (0..100).map(|_| receiver.recv().expect("completion").expect("acknowledged")).collect();
    lsns.sort_unstable();
    assert_eq!(lsns, (1..=100).collect::<Vec<_>>());
    assert_eq!(storage.faults().write_calls(), 2, "one write for the first record, one for the 99 others");
    assert_eq!(storage.faults().sync_calls(), 2, "one fdatasync per batch, not per record");
}

#[test]
fn a_batch_holds_at_most_batch_records_max_records() {
    let directory = TestDirectory::new("batch-bound");
    let storage = GatedStorage::new();
    let config = WalConfig { batch_records_max: 10, ..test_config(directory.path()) };
    let (wal, _) = Wal::open(config, Arc::new(storage.clone())).expect("open");
    let (sender, receiver) = channel();
    storage.close_gate();
    wal.append(b"first".to_vec(), completion_sending_to(sender.clone())).expect("queued");
    storage.wait_until_held();
    for _ in 0..25 {
        wal.append(b"waiting".to_vec(), completion_sending_to(sender.clone())).expect("queued");
    }
    storage.release();
    for _ in 0..26 {
        receiver.recv().expect("completion").expect("acknowledged");
    }
    assert_eq!(storage.faults().sync_calls(), 4, "1 + 10 + 10 + 5 records");
}

#[test]
fn completions_run_in_lsn_order() {
    let directory = TestDirectory::new("completion-order");
    let (wal, _) = open_log(test_config(directory.path()));
    let order = Arc::new(Mutex::new(Vec::new()));
    for _ in 0..500 {
        let order = Arc::clone(&order);
        wal.append(b"x".to_vec(), Box::new(move |result| order.lock().push(result.expect("acknowledged"))))
            .expect("queued");
    }
    assert_eq!(wal.flush().expect("flush"), 500);
    assert_eq!(*order.lock(), (1..=500).collect::<Vec<_>>());
}

#[test]
fn appends_block_while_the_queue_is_full() {
    let directory = TestDirectory::new("backpressure");
    let storage = GatedStorage::new();
    let config = WalConfig { queue_capacity: 1, ..test_config(directory.path()) };
    let (wal, _) = Wal::open(config, Arc::new(storage.clone())).expect("open");
    let (sender, receiver) = channel();
    storage.close_gate();
    wal.append(b"in the writer".to_vec(), completion_sending_to(sender.clone())).expect("queued");
    storage.wait_until_held();
    wal.append(b"fills the queue".to_vec(), completion_sending_to(sender.clone())).expect("queued");
    let returned = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            wal.append(b"waits for room".to_vec(), completion_sending_to(sender.clone())).expect("queued");
            returned.store(true, Ordering::SeqCst);
        });
        // Waits for a state, not for time: the third append blocks on the full queue.
        while wal.appends_waiting_for_room() == 0 {
            std::thread::yield_now();
        }
        assert!(!returned.load(Ordering::SeqCst), "the third append must wait while the queue is full");
        storage.release();
    });
    assert!(returned.load(Ordering::SeqCst));
    for _ in 0..3 {
        receiver.recv().expect("completion").expect("acknowledged");
    }
}

#[test]
fn a_record_above_the_limit_is_refused_and_the_log_keeps_working() {
    let directory = TestDirectory::new("record-too-large");
    let (wal, _) = open_log(test_config(directory.path()));
    let refused = wal.append(vec![0; RECORD_PAYLOAD_BYTES_MAX + 1], Box::new(|_| panic!("never runs")));
    assert!(
        matches!(refused, Err(WalError::RecordTooLarge { payload_bytes }) if payload_bytes == RECORD_PAYLOAD_BYTES_MAX + 1)
    );
    assert!(!wal.has_failed());
    assert_eq!(append_and_wait(&wal, b"small".to_vec()).expect("acknowledged"), 1);
}

#[test]
fn a_panicking_completion_does_not_stop_the_writer() {
    let directory = TestDirectory::new("panicking-completion");
    let (wal, _) = open_log(test_config(directory.path()));
    wal.append(b"one".to_vec(), Box::new(|_| panic!("a caller's bug"))).expect("queued");
    assert_eq!(append_and_wait(&wal, b"two".to_vec()).expect("acknowledged"), 2);
    assert!(!wal.has_failed());
}

#[test]
fn a_completion_may_drop_the_last_handle() {
    let directory = TestDirectory::new("completion-drops-handle");
    let (wal, _) = open_log(test_config(directory.path()));
    let (sender, receiver) = channel();
    let moved = wal.clone();
    wal.append(
        b"one".to_vec(),
        Box::new(move |result| {
            drop(moved);
            let _ = sender.send(result);
        }),
    )
    .expect("queued");
    drop(wal);
    assert_eq!(receiver.recv().expect("completion").expect("acknowledged"), 1);
    assert_eq!(read_all(directory.path()).len(), 1);
}

#[test]
fn dropping_the_last_handle_writes_and_syncs_what_was_queued() {
    let directory = TestDirectory::new("drop-drains");
    let storage = GatedStorage::new();
    let config = WalConfig { fsync: crate::store::wal::FsyncMode::Never, ..test_config(directory.path()) };
    let (wal, _) = Wal::open(config, Arc::new(storage.clone())).expect("open");
    let acknowledged = Arc::new(Mutex::new(0));
    for _ in 0..100 {
        let acknowledged = Arc::clone(&acknowledged);
        wal.append(b"queued".to_vec(), Box::new(move |result| *acknowledged.lock() += u32::from(result.is_ok())))
            .expect("queued");
    }
    drop(wal);
    assert_eq!(*acknowledged.lock(), 100);
    assert_eq!(storage.faults().sync_calls(), 1, "one fdatasync at shutdown");
    assert_eq!(read_all(directory.path()).len(), 100);
}

#[test]
fn the_handle_is_cheap_to_clone_and_shareable_across_threads() {
    fn assert_shareable<T: Clone + Send + Sync + 'static>() {}
    assert_shareable::<Wal>();
}
