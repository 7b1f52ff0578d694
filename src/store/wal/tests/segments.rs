//! Removing segments that every snapshot has passed: whole closed segments
//! only, never the one being written.

use crate::store::wal::test_support::{append_and_wait, file_names, open_log, test_config, TestDirectory};
use crate::store::wal::{read_records, segment_file_name, Lsn, WalConfig};

/// Two 28-byte records per segment: segments start at LSNs 1, 3, 5, …
fn two_records_per_segment(directory: &std::path::Path) -> WalConfig {
    WalConfig { segment_bytes: 2 * 28, ..test_config(directory) }
}

fn append_records(wal: &crate::store::wal::Wal, records: Lsn) {
    for lsn in 1..=records {
        assert_eq!(append_and_wait(wal, format!("record {lsn:05}")).expect("acknowledged"), lsn);
    }
}

#[test]
fn remove_segments_through_deletes_closed_segments_and_keeps_the_active_one() {
    let directory = TestDirectory::new("remove-segments");
    let (wal, _) = open_log(two_records_per_segment(directory.path()));
    append_records(&wal, 10);
    assert_eq!(file_names(directory.path()), [1, 3, 5, 7, 9].map(segment_file_name).to_vec());
    assert_eq!(wal.remove_segments_through(4).expect("remove"), 2);
    assert_eq!(file_names(directory.path()), [5, 7, 9].map(segment_file_name).to_vec());
    assert_eq!(wal.remove_segments_through(1_000).expect("remove"), 2, "the active segment stays");
    assert_eq!(file_names(directory.path()), vec![segment_file_name(9)]);
    assert_eq!(wal.remove_segments_through(1_000).expect("remove"), 0);
    assert_eq!(append_and_wait(&wal, "record 00011").expect("acknowledged"), 11);
    drop(wal);
    let (_wal, report) = open_log(two_records_per_segment(directory.path()));
    assert_eq!((report.last_lsn, report.records), (11, 3));
    let lsns: Vec<Lsn> = read_records(directory.path(), 8).expect("read").map(|record| record.expect("ok").0).collect();
    assert_eq!(lsns, vec![9, 10, 11]);
}

#[test]
fn a_segment_holding_a_record_above_the_lsn_is_kept() {
    let directory = TestDirectory::new("remove-partial");
    let (wal, _) = open_log(two_records_per_segment(directory.path()));
    append_records(&wal, 6);
    assert_eq!(wal.remove_segments_through(3).expect("remove"), 1, "segment 3 holds LSN 4");
    assert_eq!(file_names(directory.path()), [3, 5].map(segment_file_name).to_vec());
    assert_eq!(wal.remove_segments_through(0).expect("remove"), 0);
}

#[test]
fn directory_is_where_the_segments_are() {
    let directory = TestDirectory::new("directory-accessor");
    let (wal, _) = open_log(test_config(directory.path()));
    assert_eq!(wal.directory(), directory.path());
}

#[test]
fn advance_to_makes_an_empty_log_continue_after_the_given_lsn() {
    let directory = TestDirectory::new("advance-empty");
    let (wal, _) = open_log(test_config(directory.path()));
    assert_eq!(wal.advance_to(41).expect("advance"), 41);
    assert_eq!((wal.last_lsn(), wal.durable_lsn(), wal.synced_lsn()), (41, 41, 41));
    assert_eq!(file_names(directory.path()), vec![segment_file_name(42)]);
    assert_eq!(append_and_wait(&wal, "after the snapshot").expect("acknowledged"), 42);
    drop(wal);
    let (wal, report) = open_log(test_config(directory.path()));
    assert_eq!((report.last_lsn, report.records), (42, 1));
    assert_eq!(append_and_wait(&wal, "next").expect("acknowledged"), 43);
    let records = read_records(directory.path(), 41).expect("read");
    assert_eq!(records.log_first_lsn(), 42);
    assert_eq!(records.count(), 2);
}

#[test]
fn advance_to_survives_a_reopen_before_any_record() {
    let directory = TestDirectory::new("advance-reopen");
    let (wal, _) = open_log(test_config(directory.path()));
    wal.advance_to(100).expect("advance");
    wal.flush().expect("flush");
    drop(wal);
    let (wal, report) = open_log(test_config(directory.path()));
    assert_eq!(report.last_lsn, 100);
    assert_eq!(append_and_wait(&wal, "first").expect("acknowledged"), 101);
}

#[test]
fn advance_to_at_or_below_the_last_lsn_changes_nothing() {
    let directory = TestDirectory::new("advance-noop");
    let (wal, _) = open_log(test_config(directory.path()));
    append_records(&wal, 3);
    assert_eq!(wal.advance_to(2).expect("no-op"), 3);
    assert_eq!(wal.advance_to(3).expect("no-op"), 3);
    assert_eq!(append_and_wait(&wal, "record 00004").expect("acknowledged"), 4);
}

#[test]
fn advance_to_refuses_to_skip_lsns_after_records() {
    let directory = TestDirectory::new("advance-refused");
    let (wal, _) = open_log(test_config(directory.path()));
    append_records(&wal, 3);
    let refused = wal.advance_to(10);
    assert!(
        matches!(refused, Err(crate::store::wal::WalError::CannotAdvance { last_lsn: 3, requested_lsn: 10 })),
        "{refused:?}"
    );
    assert!(!wal.has_failed());
    assert_eq!(append_and_wait(&wal, "record 00004").expect("acknowledged"), 4);
}
