//! Recovery and reading back: reopening continues the LSNs; a torn tail of
//! the newest segment is cut off and kept aside; any other damage refuses to
//! open and names the file and the offset; replay starts after a given LSN.

use std::path::Path;

use crate::store::wal::frame::encode_record;
use crate::store::wal::test_support::{
    append_and_wait, file_length, file_names, open_log, read_all, segment_paths, test_config, TestDirectory,
};
use crate::store::wal::{read_records, segment_file_name, verify, Lsn, WalConfig, WalError, RECORD_HEADER_BYTES};

/// A 20-byte payload makes a 36-byte record.
const PAYLOAD_BYTES: usize = 20;
const RECORD_BYTES: u64 = (RECORD_HEADER_BYTES + PAYLOAD_BYTES) as u64;

fn payload(lsn: Lsn) -> Vec<u8> {
    format!("record number {lsn:06}").into_bytes()
}

/// Writes `records` records through the log and closes it.
fn write_log(config: WalConfig, records: Lsn) {
    let (wal, _) = open_log(config);
    for lsn in 1..=records {
        assert_eq!(payload(lsn).len(), PAYLOAD_BYTES);
        assert_eq!(append_and_wait(&wal, payload(lsn)).expect("acknowledged"), lsn);
    }
}

/// Small segments: two records each, so the log rolls every second record.
fn two_records_per_segment(directory: &Path) -> WalConfig {
    WalConfig { segment_bytes: RECORD_BYTES * 2, ..test_config(directory) }
}

fn flip_byte(path: &Path, offset: u64) {
    let mut bytes = std::fs::read(path).expect("read");
    bytes[offset as usize] ^= 0x40;
    std::fs::write(path, bytes).expect("write");
}

fn expect_corrupt(directory: &Path) -> (std::path::PathBuf, u64, String) {
    match crate::store::wal::Wal::open(test_config(directory), std::sync::Arc::new(crate::store::wal::FileStorage)) {
        Err(WalError::Corrupt { file, offset, reason }) => (file, offset, reason),
        Err(other) => panic!("expected a corrupt log, got {other}"),
        Ok(_) => panic!("expected a corrupt log, but it opened"),
    }
}

#[test]
fn an_empty_directory_becomes_a_log_whose_first_record_is_lsn_one() {
    let directory = TestDirectory::new("fresh-log");
    let log_directory = directory.path().join("nested").join("wal");
    let (wal, report) = open_log(test_config(&log_directory));
    assert_eq!((report.last_lsn, report.segments, report.records, report.truncated), (0, 1, 0, None));
    assert_eq!(file_names(&log_directory), vec![segment_file_name(1)]);
    assert_eq!(append_and_wait(&wal, b"first".to_vec()).expect("acknowledged"), 1);
}

#[test]
fn reopening_continues_lsns_after_the_last_record() {
    let directory = TestDirectory::new("reopen-continues");
    write_log(test_config(directory.path()), 5);
    let (wal, report) = open_log(test_config(directory.path()));
    assert_eq!((report.last_lsn, report.records, report.segments), (5, 5, 1));
    assert_eq!((wal.last_lsn(), wal.durable_lsn()), (5, 5));
    assert_eq!(append_and_wait(&wal, payload(6)).expect("acknowledged"), 6);
    drop(wal);
    let lsns: Vec<Lsn> = read_all(directory.path()).into_iter().map(|(lsn, _)| lsn).collect();
    assert_eq!(lsns, (1..=6).collect::<Vec<_>>());
}

#[test]
fn segments_roll_over_when_full_and_are_named_by_their_first_lsn() {
    let directory = TestDirectory::new("roll-over");
    write_log(two_records_per_segment(directory.path()), 7);
    let expected: Vec<String> = [1, 3, 5, 7].map(segment_file_name).to_vec();
    assert_eq!(file_names(directory.path()), expected);
    let records = read_all(directory.path());
    assert_eq!(records, (1..=7).map(|lsn| (lsn, payload(lsn))).collect::<Vec<_>>());
    let (wal, report) = open_log(two_records_per_segment(directory.path()));
    assert_eq!((report.last_lsn, report.segments, report.records), (7, 4, 7));
    assert_eq!(append_and_wait(&wal, payload(8)).expect("acknowledged"), 8);
    assert_eq!(append_and_wait(&wal, payload(9)).expect("acknowledged"), 9);
    assert_eq!(file_names(directory.path()).last(), Some(&segment_file_name(9)));
}

#[test]
fn a_torn_last_record_is_cut_at_every_offset_and_kept_in_a_broken_copy() {
    let original = TestDirectory::new("torn-original");
    write_log(test_config(original.path()), 3);
    let segment_name = segment_file_name(1);
    let mut intact = std::fs::read(original.path().join(&segment_name)).expect("read");
    assert!(intact[3 * RECORD_BYTES as usize..].iter().all(|&byte| byte == 0), "zeros follow the records");
    intact.truncate(3 * RECORD_BYTES as usize);
    let last_record_offset = 2 * RECORD_BYTES;
    for cut in last_record_offset + 1..intact.len() as u64 {
        let directory = TestDirectory::new("torn-copy");
        let segment = directory.path().join(&segment_name);
        std::fs::write(&segment, &intact[..cut as usize]).expect("write the torn log");
        let (wal, report) = open_log(test_config(directory.path()));
        let truncated = report.truncated.expect("a torn tail is reported");
        assert_eq!((truncated.file.as_path(), truncated.offset), (segment.as_path(), last_record_offset));
        assert_eq!(truncated.bytes, cut - last_record_offset, "cut at {cut}");
        assert_eq!((report.last_lsn, report.records), (2, 2), "cut at {cut}");
        assert_eq!(file_length(&segment), last_record_offset, "cut at {cut}");
        let broken = std::fs::read(&truncated.broken_copy).expect("the broken copy exists");
        assert_eq!(broken, &intact[last_record_offset as usize..cut as usize], "cut at {cut}");
        assert_eq!(truncated.broken_copy, directory.path().join(format!("{segment_name}.broken")));
        assert_eq!(append_and_wait(&wal, payload(3)).expect("acknowledged"), 3, "cut at {cut}");
    }
}

#[test]
fn a_damaged_last_record_with_nothing_after_it_is_a_torn_tail() {
    let directory = TestDirectory::new("damaged-tail");
    write_log(test_config(directory.path()), 3);
    let segment = directory.path().join(segment_file_name(1));
    flip_byte(&segment, 2 * RECORD_BYTES + RECORD_HEADER_BYTES as u64 + 1);
    let length = file_length(&segment);
    let (_wal, report) = open_log(test_config(directory.path()));
    let truncated = report.truncated.expect("a torn tail is reported");
    assert_eq!((truncated.offset, truncated.bytes), (2 * RECORD_BYTES, length - 2 * RECORD_BYTES));
    assert!(truncated.reason.contains("checksum mismatch"), "{}", truncated.reason);
    assert_eq!(report.last_lsn, 2);
}

#[test]
fn a_second_torn_tail_gets_a_numbered_broken_copy() {
    let directory = TestDirectory::new("numbered-broken");
    let segment = directory.path().join(segment_file_name(1));
    write_log(test_config(directory.path()), 1);
    for expected_copy in [".broken", ".broken.1", ".broken.2"] {
        std::fs::OpenOptions::new()
            .append(true)
            .open(&segment)
            .and_then(|mut file| std::io::Write::write_all(&mut file, b"torn"))
            .expect("append torn bytes");
        let (_wal, report) = open_log(test_config(directory.path()));
        let broken_copy = report.truncated.expect("torn").broken_copy;
        assert_eq!(broken_copy, directory.path().join(format!("{}{expected_copy}", segment_file_name(1))));
    }
    assert_eq!(read_all(directory.path()).len(), 1, "copies are not segments");
}

#[test]
fn a_newest_segment_holding_only_a_torn_record_is_cut_to_empty() {
    let directory = TestDirectory::new("torn-whole-segment");
    write_log(two_records_per_segment(directory.path()), 4);
    let mut torn = Vec::new();
    encode_record(5, &payload(5), &mut torn);
    std::fs::write(directory.path().join(segment_file_name(5)), &torn[..10]).expect("write");
    let (wal, report) = open_log(two_records_per_segment(directory.path()));
    assert_eq!((report.last_lsn, report.truncated.expect("torn").offset), (4, 0));
    assert_eq!(append_and_wait(&wal, payload(5)).expect("acknowledged"), 5);
}

#[test]
fn damage_in_an_older_segment_refuses_to_open_naming_the_file_and_offset() {
    let directory = TestDirectory::new("damage-older-segment");
    write_log(two_records_per_segment(directory.path()), 6);
    let first_segment = directory.path().join(segment_file_name(1));
    flip_byte(&first_segment, RECORD_BYTES + RECORD_HEADER_BYTES as u64 + 3);
    let (file, offset, reason) = expect_corrupt(directory.path());
    assert_eq!((file.as_path(), offset), (first_segment.as_path(), RECORD_BYTES));
    assert!(reason.contains("checksum mismatch") && reason.contains("newer segments follow"), "{reason}");
    let message = expect_corrupt_message(directory.path());
    assert!(message.contains(&first_segment.display().to_string()) && message.contains("offset 36"), "{message}");
    assert!(message.contains("shortlist restore"), "{message}");
}

fn expect_corrupt_message(directory: &Path) -> String {
    let (file, offset, reason) = expect_corrupt(directory);
    WalError::Corrupt { file, offset, reason }.to_string()
}

#[test]
fn damage_followed_by_valid_records_in_the_newest_segment_refuses_to_open() {
    let directory = TestDirectory::new("damage-then-valid");
    write_log(test_config(directory.path()), 5);
    let segment = directory.path().join(segment_file_name(1));
    flip_byte(&segment, RECORD_BYTES + 20);
    let length = file_length(&segment);
    let (file, offset, reason) = expect_corrupt(directory.path());
    assert_eq!((file.as_path(), offset), (segment.as_path(), RECORD_BYTES));
    assert!(reason.contains("a valid record follows at offset 72"), "{reason}");
    assert_eq!(file_length(&segment), length, "nothing is truncated");
}

#[test]
fn a_damaged_length_that_reaches_past_the_end_is_not_taken_for_a_torn_tail() {
    let directory = TestDirectory::new("damaged-length");
    write_log(test_config(directory.path()), 5);
    let segment = directory.path().join(segment_file_name(1));
    // Record 2 now claims about a megabyte, more than the file holds.
    flip_byte(&segment, RECORD_BYTES + 2);
    let (_, offset, reason) = expect_corrupt(directory.path());
    assert_eq!(offset, RECORD_BYTES);
    assert!(reason.contains("ends inside a record") && reason.contains("valid record follows"), "{reason}");
}

#[test]
fn a_missing_middle_segment_is_an_lsn_gap() {
    let directory = TestDirectory::new("missing-segment");
    write_log(two_records_per_segment(directory.path()), 6);
    std::fs::remove_file(directory.path().join(segment_file_name(3))).expect("remove");
    let (file, offset, reason) = expect_corrupt(directory.path());
    assert_eq!((file, offset), (directory.path().join(segment_file_name(5)), 0));
    assert!(reason.contains("starts at LSN 5, but the log before it ends at LSN 2"), "{reason}");
}

#[test]
fn a_record_whose_lsn_breaks_the_sequence_refuses_to_open() {
    let directory = TestDirectory::new("lsn-out-of-sequence");
    let mut bytes = Vec::new();
    for lsn in [1, 2, 4, 5] {
        encode_record(lsn, &payload(lsn), &mut bytes);
    }
    let segment = directory.path().join(segment_file_name(1));
    std::fs::write(&segment, bytes).expect("write");
    let (file, offset, reason) = expect_corrupt(directory.path());
    assert_eq!((file, offset), (segment, 2 * RECORD_BYTES));
    assert_eq!(reason, "expected LSN 3, found LSN 4");
}

#[test]
fn a_first_record_that_disagrees_with_the_segment_name_refuses_to_open() {
    let directory = TestDirectory::new("lsn-versus-name");
    let mut bytes = Vec::new();
    encode_record(7, &payload(7), &mut bytes);
    std::fs::write(directory.path().join(segment_file_name(1)), bytes).expect("write");
    let (_, offset, reason) = expect_corrupt(directory.path());
    assert_eq!((offset, reason.as_str()), (0, "expected LSN 1, found LSN 7"));
}

#[test]
fn an_empty_segment_that_is_not_the_newest_refuses_to_open() {
    let directory = TestDirectory::new("empty-middle-segment");
    write_log(two_records_per_segment(directory.path()), 2);
    std::fs::write(directory.path().join(segment_file_name(3)), b"").expect("write");
    let mut bytes = Vec::new();
    encode_record(3, &payload(3), &mut bytes);
    std::fs::write(directory.path().join(segment_file_name(4)), bytes).expect("write");
    let (file, _, reason) = expect_corrupt(directory.path());
    assert_eq!(file, directory.path().join(segment_file_name(3)));
    assert!(reason.contains("empty"), "{reason}");
}

#[test]
fn replay_returns_only_records_after_the_given_lsn_and_skips_whole_segments() {
    let directory = TestDirectory::new("replay-after");
    write_log(two_records_per_segment(directory.path()), 9);
    let all = read_records(directory.path(), 0).expect("read");
    let all_bytes = all.progress().total_bytes;
    let skipped_bytes: u64 = segment_paths(directory.path())[..2].iter().map(|path| file_length(path)).sum();
    let mut records = read_records(directory.path(), 5).expect("read");
    assert_eq!(records.progress().total_bytes, all_bytes - skipped_bytes, "segments 1 and 3 are skipped");
    let lsns: Vec<Lsn> = records.by_ref().map(|record| record.expect("valid").0).collect();
    assert_eq!(lsns, vec![6, 7, 8, 9]);
    let progress = records.progress();
    assert_eq!((progress.read_bytes, progress.records), (progress.total_bytes, 4));
    assert_eq!(read_records(directory.path(), 9).expect("read").count(), 0);
    assert_eq!(read_records(directory.path(), 100).expect("read").count(), 0);
}

#[test]
fn replay_after_removed_segments_starts_at_the_oldest_segment_kept() {
    let directory = TestDirectory::new("replay-removed");
    let (wal, _) = open_log(two_records_per_segment(directory.path()));
    for lsn in 1..=6 {
        append_and_wait(&wal, payload(lsn)).expect("acknowledged");
    }
    assert_eq!(wal.remove_segments_through(4).expect("remove"), 2);
    let records = read_records(directory.path(), 0).expect("read");
    assert_eq!(records.log_first_lsn(), 5, "callers that need LSN 1 onwards can tell it is gone");
    let lsns: Vec<Lsn> = records.map(|record| record.expect("valid").0).collect();
    assert_eq!(lsns, vec![5, 6]);
    let lsns: Vec<Lsn> =
        read_records(directory.path(), 5).expect("read").map(|record| record.expect("valid").0).collect();
    assert_eq!(lsns, vec![6]);
}

#[test]
fn verify_reads_everything_and_reports_a_torn_tail_without_repairing_it() {
    let directory = TestDirectory::new("verify");
    write_log(two_records_per_segment(directory.path()), 5);
    let newest = segment_paths(directory.path()).pop().expect("segments");
    std::fs::OpenOptions::new()
        .append(true)
        .open(&newest)
        .and_then(|mut file| std::io::Write::write_all(&mut file, b"torn bytes"))
        .expect("append");
    let lengths: Vec<u64> = segment_paths(directory.path()).iter().map(|path| file_length(path)).collect();
    let report = verify(directory.path()).expect("verify");
    assert_eq!((report.segments, report.records, report.first_lsn, report.last_lsn), (3, 5, Some(1), 5));
    assert_eq!(report.total_bytes, lengths.iter().sum::<u64>());
    let torn_tail = report.torn_tail.expect("torn tail reported");
    let newest_length = lengths[2];
    assert_eq!(
        (torn_tail.file, torn_tail.offset, torn_tail.bytes),
        (newest.clone(), RECORD_BYTES, newest_length - RECORD_BYTES)
    );
    assert!(torn_tail.reason.contains("non-zero byte"), "{}", torn_tail.reason);
    assert_eq!(file_length(&newest), newest_length, "verify changes nothing");
}

#[test]
fn verify_reports_progress_up_to_the_total() {
    let directory = TestDirectory::new("verify-progress");
    write_log(test_config(directory.path()), 3);
    let mut reports = Vec::new();
    let report = crate::store::wal::reader::verify_with_progress(directory.path(), |progress| reports.push(progress))
        .expect("verify");
    let last = reports.last().expect("progress at the end");
    let length = file_length(&directory.path().join(segment_file_name(1)));
    assert_eq!((last.read_bytes, last.total_bytes, last.records), (length, length, 3));
    assert_eq!(report.records, 3);
}

#[test]
fn verify_of_a_damaged_log_names_the_damage() {
    let directory = TestDirectory::new("verify-damage");
    write_log(two_records_per_segment(directory.path()), 4);
    flip_byte(&directory.path().join(segment_file_name(1)), 5);
    assert!(matches!(verify(directory.path()), Err(WalError::Corrupt { offset: 0, .. })));
}

fn write_byte_at(path: &Path, offset: u64, byte: u8) {
    use std::os::unix::fs::FileExt;
    let file = std::fs::OpenOptions::new().write(true).open(path).expect("open");
    file.write_all_at(&[byte], offset).expect("write");
}

#[test]
fn the_zeros_written_ahead_of_the_records_end_a_segment_and_are_not_a_torn_tail() {
    let directory = TestDirectory::new("zeroed-tail");
    write_log(test_config(directory.path()), 3);
    let segment = directory.path().join(segment_file_name(1));
    assert!(file_length(&segment) > 3 * RECORD_BYTES, "the writer zeroed space ahead of its records");
    let (wal, report) = open_log(test_config(directory.path()));
    assert_eq!((report.last_lsn, report.records, report.truncated), (3, 3, None));
    assert_eq!(append_and_wait(&wal, payload(4)).expect("acknowledged"), 4);
    drop(wal);
    assert_eq!(read_all(directory.path()), (1..=4).map(|lsn| (lsn, payload(lsn))).collect::<Vec<_>>());
    assert!(verify(directory.path()).expect("verify").torn_tail.is_none());
    assert_eq!(file_names(directory.path()), vec![segment_file_name(1)], "no broken copy");
}

#[test]
fn a_log_without_zeros_after_its_records_reads_and_grows_as_before() {
    let directory = TestDirectory::new("unzeroed-log");
    let mut bytes = Vec::new();
    for lsn in 1..=3 {
        encode_record(lsn, &payload(lsn), &mut bytes);
    }
    std::fs::write(directory.path().join(segment_file_name(1)), bytes).expect("write");
    let (wal, report) = open_log(test_config(directory.path()));
    assert_eq!((report.last_lsn, report.truncated), (3, None));
    assert_eq!(append_and_wait(&wal, payload(4)).expect("acknowledged"), 4);
    drop(wal);
    assert_eq!(read_all(directory.path()).len(), 4);
}

#[test]
fn a_byte_in_the_zeroed_space_of_the_newest_segment_is_cut_off_as_a_torn_tail() {
    // What power lost while a batch was written back out of order could
    // leave: a later page of the batch on disk, its first page not.
    let directory = TestDirectory::new("byte-in-zeros");
    write_log(test_config(directory.path()), 3);
    let segment = directory.path().join(segment_file_name(1));
    write_byte_at(&segment, 3 * RECORD_BYTES + 5_000, 0x17);
    let (wal, report) = open_log(test_config(directory.path()));
    let truncated = report.truncated.expect("a torn tail is reported");
    assert_eq!((truncated.offset, report.last_lsn), (3 * RECORD_BYTES, 3));
    assert!(truncated.reason.contains("non-zero byte at offset 5108"), "{}", truncated.reason);
    assert_eq!(file_length(&segment), 3 * RECORD_BYTES);
    assert_eq!(append_and_wait(&wal, payload(4)).expect("acknowledged"), 4);
    drop(wal);
    assert_eq!(read_all(directory.path()), (1..=4).map(|lsn| (lsn, payload(lsn))).collect::<Vec<_>>());
}

#[test]
fn a_byte_in_the_zeroed_space_of_an_older_segment_refuses_to_open() {
    let directory = TestDirectory::new("byte-in-older-zeros");
    write_log(two_records_per_segment(directory.path()), 4);
    let first_segment = directory.path().join(segment_file_name(1));
    write_byte_at(&first_segment, 2 * RECORD_BYTES + 40, 1);
    let (file, offset, reason) = expect_corrupt(directory.path());
    assert_eq!((file.as_path(), offset), (first_segment.as_path(), 2 * RECORD_BYTES));
    assert!(reason.contains("non-zero byte") && reason.contains("newer segments follow"), "{reason}");
}

#[test]
fn a_segment_of_zeros_alone_that_is_not_the_newest_refuses_to_open() {
    let directory = TestDirectory::new("zeros-middle-segment");
    write_log(two_records_per_segment(directory.path()), 2);
    std::fs::write(directory.path().join(segment_file_name(3)), vec![0u8; 4096]).expect("write");
    let mut bytes = Vec::new();
    encode_record(3, &payload(3), &mut bytes);
    std::fs::write(directory.path().join(segment_file_name(4)), bytes).expect("write");
    let (file, _, reason) = expect_corrupt(directory.path());
    assert_eq!(file, directory.path().join(segment_file_name(3)));
    assert!(reason.contains("empty"), "{reason}");
}
