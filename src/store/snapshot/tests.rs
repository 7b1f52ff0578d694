//! Specifications of the snapshot files, on real files in a scratch directory.

use std::io::Write;
use std::sync::Arc;

use super::*;

/// A fresh directory under the system temporary directory, removed on drop.
struct TestDirectory(tempfile::TempDir);

impl TestDirectory {
    fn new() -> TestDirectory {
        TestDirectory(tempfile::Builder::new().prefix("shortlist-snapshot-test-").tempdir().unwrap())
    }

    fn root(&self) -> &Path {
        self.0.path()
    }
}

/// Published snapshots are read-only; a test that damages one on purpose
/// makes it writable first.
fn overwrite(path: &Path, bytes: &[u8]) {
    use std::os::unix::fs::PermissionsExt;
    if path.exists() {
        fs::set_permissions(path, fs::Permissions::from_mode(0o644)).unwrap();
    }
    fs::write(path, bytes).unwrap();
}

fn mapped(path: &Path) -> Result<SnapshotInMemory, SnapshotError> {
    snapshot_in_memory(path, SnapshotAccess::Map)
}

fn sample_payload(length: usize) -> Vec<u8> {
    (0..length).map(|index| (index * 31 % 251) as u8).collect()
}

fn file_names(directory: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(directory).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

fn listed_lsns_and_times(listing: &SnapshotListing) -> Vec<(u64, i64)> {
    listing.valid.iter().map(|file| (file.header.lsn, file.header.created_at_unix_milliseconds)).collect()
}

#[test]
fn a_written_snapshot_reads_back_with_the_same_header_and_payload() {
    let directory = TestDirectory::new();
    let payload = sample_payload(10_000);
    let written = write_snapshot(directory.root(), "acme", 42, 1_763_000_000_000, &payload).unwrap();
    assert_eq!(written.header.workspace_id, "acme");
    assert_eq!((written.header.lsn, written.header.payload_bytes), (42, 10_000));
    assert_eq!(written.file_bytes, fs::metadata(&written.path).unwrap().len());

    let (header, read_payload) = read_snapshot(&written.path).unwrap();
    assert_eq!(header, written.header);
    assert_eq!(read_payload, payload);
    for access in [SnapshotAccess::Map, SnapshotAccess::Read] {
        let in_memory = snapshot_in_memory(&written.path, access).unwrap();
        assert_eq!(in_memory.header, written.header);
        assert_eq!(in_memory.payload(), &payload[..]);
        assert_eq!(in_memory.is_mapped(), access == SnapshotAccess::Map);
    }
    assert_eq!(verify_snapshot(&written.path).unwrap(), written.header);
}

#[test]
fn an_empty_payload_round_trips() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 0, 0, &[]).unwrap();
    assert_eq!(read_snapshot(&written.path).unwrap(), (written.header.clone(), Vec::new()));
    assert_eq!(mapped(&written.path).unwrap().payload(), b"");
    assert_eq!(verify_snapshot(&written.path).unwrap(), written.header);
}

#[test]
fn the_file_is_named_by_lsn_and_creation_time_in_its_workspace_directory() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme-corp_1", 7, 1_763_000_000_123, b"state").unwrap();
    let expected = directory.root().join("acme-corp_1").join("00000000000000000007-1763000000123.snap");
    assert_eq!(written.path, expected);
    assert_eq!(file_names(&directory.root().join("acme-corp_1")), ["00000000000000000007-1763000000123.snap"]);
}

#[test]
fn the_header_is_readable_without_reading_the_payload() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 9, 1, &sample_payload(4096)).unwrap();
    let mut bytes = fs::read(&written.path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    overwrite(&written.path, &bytes);

    // The header alone is intact; only a reader of the payload notices.
    assert_eq!(read_header(&written.path).unwrap(), written.header);
    assert!(matches!(read_snapshot(&written.path), Err(SnapshotError::PayloadCorrupt { .. })));
    assert!(matches!(verify_snapshot(&written.path), Err(SnapshotError::PayloadCorrupt { .. })));
}

#[test]
fn every_single_bit_flip_in_header_or_payload_is_detected() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 5, 1_763_000_000_000, &sample_payload(64)).unwrap();
    let original = fs::read(&written.path).unwrap();
    let damaged_path = directory.root().join("damaged.snap");
    for bit in 0..original.len() * 8 {
        let mut damaged = original.clone();
        damaged[bit / 8] ^= 1 << (bit % 8);
        fs::write(&damaged_path, &damaged).unwrap();
        let read = read_snapshot(&damaged_path);
        assert!(read.is_err(), "flipping bit {bit} went unnoticed by read_snapshot");
        assert!(mapped(&damaged_path).is_err(), "flipping bit {bit} went unnoticed by the mapping");
        assert!(verify_snapshot(&damaged_path).is_err(), "flipping bit {bit} went unnoticed by verify_snapshot");
    }
}

#[test]
fn a_flipped_bit_is_reported_as_the_kind_of_damage_it_is() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 5, 1, &sample_payload(64)).unwrap();
    let original = fs::read(&written.path).unwrap();
    let header_length = original.len() - 64;
    let cases: [(usize, &str); 4] = [
        (0, "SNAPSHOT_BAD_MAGIC"),
        (9, "SNAPSHOT_HEADER_CORRUPT"),
        (header_length - 1, "SNAPSHOT_HEADER_CORRUPT"),
        (header_length + 10, "SNAPSHOT_PAYLOAD_CORRUPT"),
    ];
    for (offset, code) in cases {
        let mut damaged = original.clone();
        damaged[offset] ^= 0x04;
        overwrite(&written.path, &damaged);
        let error = read_snapshot(&written.path).unwrap_err();
        assert_eq!(error.code(), code, "byte {offset}: {error}");
        assert_eq!(mapped(&written.path).err().map(|error| error.code()), Some(code), "byte {offset}, mapped");
        assert!(error.to_string().contains(&written.path.display().to_string()), "{error}");
    }
}

#[test]
fn every_truncation_is_detected() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 5, 1, &sample_payload(64)).unwrap();
    let original = fs::read(&written.path).unwrap();
    let truncated_path = directory.root().join("truncated.snap");
    for length in 0..original.len() {
        fs::write(&truncated_path, &original[..length]).unwrap();
        assert!(read_snapshot(&truncated_path).is_err(), "a {length}-byte prefix was accepted");
        assert!(mapped(&truncated_path).is_err(), "a {length}-byte prefix was mapped");
        assert!(read_header(&truncated_path).is_err(), "a {length}-byte prefix has a readable header");
        assert!(verify_snapshot(&truncated_path).is_err(), "a {length}-byte prefix verified");
    }
}

#[test]
fn truncation_inside_the_header_and_inside_the_payload_name_their_cause() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 5, 1, &sample_payload(64)).unwrap();
    let original = fs::read(&written.path).unwrap();
    let file_bytes = original.len() as u64;
    for (length, code) in [(0, "SNAPSHOT_TRUNCATED"), (12, "SNAPSHOT_TRUNCATED"), (30, "SNAPSHOT_TRUNCATED")] {
        overwrite(&written.path, &original[..length]);
        assert_eq!(read_snapshot(&written.path).unwrap_err().code(), code, "{length} bytes");
    }
    overwrite(&written.path, &original[..original.len() - 1]);
    match read_snapshot(&written.path).unwrap_err() {
        SnapshotError::LengthMismatch { expected, actual, .. } => {
            assert_eq!((expected, actual), (file_bytes, file_bytes - 1))
        }
        other => panic!("expected LengthMismatch, got {other:?}"),
    }
}

#[test]
fn a_byte_appended_after_the_payload_is_detected() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 5, 1, &sample_payload(64)).unwrap();
    let mut bytes = fs::read(&written.path).unwrap();
    bytes.push(0);
    overwrite(&written.path, &bytes);
    assert_eq!(read_snapshot(&written.path).unwrap_err().code(), "SNAPSHOT_LENGTH_MISMATCH");
    assert_eq!(mapped(&written.path).err().map(|error| error.code()), Some("SNAPSHOT_LENGTH_MISMATCH"));
    assert_eq!(read_header(&written.path).unwrap_err().code(), "SNAPSHOT_LENGTH_MISMATCH");
}

#[test]
fn a_short_file_that_is_not_a_snapshot_is_reported_as_bad_magic() {
    let directory = TestDirectory::new();
    let path = directory.root().join("notes.snap");
    fs::write(&path, b"hello").unwrap();
    assert_eq!(read_header(&path).unwrap_err().code(), "SNAPSHOT_BAD_MAGIC");
}

#[test]
fn a_file_of_a_future_format_version_is_unsupported() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 5, 1, b"payload").unwrap();
    let mut bytes = fs::read(&written.path).unwrap();
    let header_length = bytes.len() - b"payload".len();
    let future = SNAPSHOT_FORMAT_VERSION + 1;
    bytes[8..12].copy_from_slice(&future.to_le_bytes());
    let header_crc32c = crc32c::crc32c(&bytes[..header_length - 4]);
    bytes[header_length - 4..header_length].copy_from_slice(&header_crc32c.to_le_bytes());
    overwrite(&written.path, &bytes);

    let error = read_snapshot(&written.path).unwrap_err();
    assert!(matches!(error, SnapshotError::UnsupportedVersion { version, .. } if version == future), "{error:?}");
    assert!(error.to_string().contains(&format!("format version {future}")), "{error}");
}

#[test]
fn a_header_announcing_more_than_the_payload_limit_is_refused_before_allocating() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 5, 1, b"payload").unwrap();
    let mut bytes = fs::read(&written.path).unwrap();
    let header_length = bytes.len() - b"payload".len();
    let payload_bytes_offset = header_length - 16;
    bytes[payload_bytes_offset..payload_bytes_offset + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    let header_crc32c = crc32c::crc32c(&bytes[..header_length - 4]);
    bytes[header_length - 4..header_length].copy_from_slice(&header_crc32c.to_le_bytes());
    overwrite(&written.path, &bytes);
    assert_eq!(read_snapshot(&written.path).unwrap_err().code(), "SNAPSHOT_PAYLOAD_TOO_LARGE");
}

#[test]
fn writing_the_same_lsn_and_creation_time_twice_fails_and_keeps_the_first() {
    let directory = TestDirectory::new();
    let first = write_snapshot(directory.root(), "acme", 5, 1_000, b"first").unwrap();
    let error = write_snapshot(directory.root(), "acme", 5, 1_000, b"second").unwrap_err();
    assert!(matches!(&error, SnapshotError::AlreadyExists { path } if *path == first.path), "{error:?}");
    assert_eq!(read_snapshot(&first.path).unwrap().1, b"first");
    assert_eq!(file_names(&directory.root().join("acme")).len(), 1, "a temporary file was left behind");

    let later = write_snapshot(directory.root(), "acme", 5, 1_001, b"second").unwrap();
    assert_ne!(later.path, first.path);
}

#[test]
fn publishing_refuses_to_replace_a_file_that_appeared_after_the_existence_check() {
    let directory = TestDirectory::new();
    let mut writer = SnapshotWriter::create(directory.root(), "acme", 5, 1).unwrap();
    writer.write_all(b"new").unwrap();
    let taken = directory.root().join("acme").join(format!("{:020}-1.{SNAPSHOT_FILE_EXTENSION}", 5));
    fs::write(&taken, b"old").unwrap();
    assert_eq!(writer.finish().unwrap_err().code(), "SNAPSHOT_ALREADY_EXISTS");
    assert_eq!(fs::read(&taken).unwrap(), b"old");
    assert_eq!(file_names(&directory.root().join("acme")), [taken.file_name().unwrap().to_str().unwrap()]);
}

#[test]
fn a_payload_written_in_pieces_across_many_buffers_reads_back_whole() {
    let directory = TestDirectory::new();
    let payload = sample_payload(3 * (1 << 20) + 12_345);
    let mut writer = SnapshotWriter::create(directory.root(), "acme", 8, 1).unwrap();
    // Odd-sized pieces, as an encoder writes them, and one larger than the buffer.
    let (small, large) = payload.split_at(200_003);
    for piece in small.chunks(7) {
        writer.write_all(piece).unwrap();
    }
    writer.write_all(large).unwrap();
    let written = writer.finish().unwrap();
    assert_eq!(written.header.payload_bytes, payload.len() as u64);
    assert_eq!(written.header.payload_crc32c, crc32c::crc32c(&payload));
    assert_eq!(read_snapshot(&written.path).unwrap().1, payload);
}

#[test]
fn a_payload_past_the_limit_stops_the_writer_and_leaves_nothing_behind() {
    let directory = TestDirectory::new();
    let mut writer = SnapshotWriter::create(directory.root(), "acme", 4, 1).unwrap().with_payload_bytes_max(1_000);
    writer.write_all(&sample_payload(600)).unwrap();
    assert!(writer.write_all(&sample_payload(600)).is_err(), "the limit let a write through");
    assert!(writer.write_all(b"x").is_err(), "a write after the failure went through");
    let failure = writer.abandon().expect("the failure is kept");
    assert!(
        matches!(failure, SnapshotError::PayloadTooLarge { payload_bytes: 1_200, payload_bytes_max: 1_000, .. }),
        "{failure:?}"
    );
    assert!(file_names(&directory.root().join("acme")).is_empty());
}

#[test]
fn an_abandoned_snapshot_leaves_nothing_behind() {
    let directory = TestDirectory::new();
    let mut writer = SnapshotWriter::create(directory.root(), "acme", 3, 1).unwrap();
    writer.write_all(&sample_payload(2 << 20)).unwrap();
    assert!(writer.abandon().is_none(), "no write failed");
    assert!(file_names(&directory.root().join("acme")).is_empty());
}

#[test]
fn invalid_workspace_ids_are_refused() {
    let directory = TestDirectory::new();
    let too_long = "a".repeat(WORKSPACE_ID_BYTES_MAX + 1);
    for workspace_id in ["", "../etc", "a/b", ".hidden", "naïve", "with space", too_long.as_str()] {
        let written = write_snapshot(directory.root(), workspace_id, 1, 1, b"x");
        assert_eq!(written.unwrap_err().code(), "SNAPSHOT_INVALID_WORKSPACE_ID", "{workspace_id:?}");
        let listed = list_snapshots(directory.root(), Some(workspace_id));
        assert_eq!(listed.unwrap_err().code(), "SNAPSHOT_INVALID_WORKSPACE_ID", "{workspace_id:?}");
    }
    let longest = "a".repeat(WORKSPACE_ID_BYTES_MAX);
    assert!(write_snapshot(directory.root(), &longest, 1, 1, b"x").is_ok());
    assert_eq!(file_names(directory.root()), [longest]);
}

#[test]
fn list_orders_newest_first_by_lsn_then_creation_time() {
    let directory = TestDirectory::new();
    for (lsn, created) in [(10, 5), (30, 1), (20, 9), (30, 2), (1, 100)] {
        write_snapshot(directory.root(), "acme", lsn, created, b"x").unwrap();
    }
    let listing = list_snapshots(directory.root(), Some("acme")).unwrap();
    assert_eq!(listed_lsns_and_times(&listing), [(30, 2), (30, 1), (20, 9), (10, 5), (1, 100)]);
    assert!(listing.unreadable.is_empty());
}

#[test]
fn listing_every_workspace_merges_them_newest_first() {
    let directory = TestDirectory::new();
    write_snapshot(directory.root(), "beta", 20, 1, b"x").unwrap();
    write_snapshot(directory.root(), "alpha", 10, 1, b"x").unwrap();
    write_snapshot(directory.root(), "alpha", 30, 1, b"x").unwrap();
    fs::create_dir_all(directory.root().join("not a workspace")).unwrap();
    fs::write(directory.root().join("stray-file"), b"x").unwrap();

    assert_eq!(workspace_ids(directory.root()).unwrap(), ["alpha", "beta"]);
    let listing = list_snapshots(directory.root(), None).unwrap();
    let listed: Vec<(&str, u64)> =
        listing.valid.iter().map(|file| (file.header.workspace_id.as_str(), file.header.lsn)).collect();
    assert_eq!(listed, [("alpha", 30), ("beta", 20), ("alpha", 10)]);
}

#[test]
fn a_missing_root_or_workspace_directory_lists_nothing() {
    let directory = TestDirectory::new();
    let missing_root = directory.root().join("never-created");
    assert!(list_snapshots(&missing_root, None).unwrap().valid.is_empty());
    assert!(list_snapshots(&missing_root, Some("acme")).unwrap().valid.is_empty());
    assert!(workspace_ids(&missing_root).unwrap().is_empty());
    assert!(remove_stale_temp_files(&missing_root).unwrap().is_empty());
}

#[test]
fn unreadable_files_are_listed_separately_and_not_skipped() {
    let directory = TestDirectory::new();
    let good = write_snapshot(directory.root(), "acme", 2, 1, b"good").unwrap();
    let damaged = write_snapshot(directory.root(), "acme", 3, 1, b"damaged").unwrap();
    let mut bytes = fs::read(&damaged.path).unwrap();
    bytes[20] ^= 0x01;
    overwrite(&damaged.path, &bytes);
    let elsewhere = write_snapshot(directory.root(), "other", 4, 1, b"moved").unwrap();
    let misplaced = directory.root().join("acme").join(elsewhere.path.file_name().unwrap());
    fs::copy(&elsewhere.path, &misplaced).unwrap();
    fs::write(directory.root().join("acme").join("README.txt"), b"not a snapshot").unwrap();

    let listing = list_snapshots(directory.root(), Some("acme")).unwrap();
    assert_eq!(listing.valid.iter().map(|file| &file.path).collect::<Vec<_>>(), [&good.path]);
    let unreadable: Vec<(&PathBuf, &str)> =
        listing.unreadable.iter().map(|(path, error)| (path, error.code())).collect();
    assert_eq!(unreadable, [(&damaged.path, "SNAPSHOT_HEADER_CORRUPT"), (&misplaced, "SNAPSHOT_WORKSPACE_MISMATCH")]);
}

#[test]
fn a_leftover_temporary_file_is_ignored_by_listing_and_removed_at_start_up() {
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 8, 1, b"state").unwrap();
    // What a writer killed between creating and publishing leaves behind,
    // complete with a valid header: it must still never count as a snapshot.
    let leftover = directory.root().join("acme").join(format!("{TEMPORARY_FILE_PREFIX}{:020}-4242-0", 9));
    fs::copy(&written.path, &leftover).unwrap();
    let leftover_with_extension = directory.root().join("acme").join(".tmp-00000000000000000010-4242-1.snap");
    fs::write(&leftover_with_extension, b"half").unwrap();

    let listing = list_snapshots(directory.root(), Some("acme")).unwrap();
    assert_eq!(listed_lsns_and_times(&listing), [(8, 1)]);
    assert!(listing.unreadable.is_empty(), "{:?}", listing.unreadable);

    let mut removed = remove_stale_temp_files(directory.root()).unwrap();
    removed.sort();
    assert_eq!(removed, [leftover, leftover_with_extension]);
    assert_eq!(file_names(&directory.root().join("acme")), ["00000000000000000008-1.snap"]);
}

#[test]
fn retention_keeps_exactly_the_newest_k_and_deletes_the_rest() {
    let directory = TestDirectory::new();
    for lsn in [5, 1, 4, 2, 3] {
        write_snapshot(directory.root(), "acme", lsn, 1_000, b"x").unwrap();
    }
    write_snapshot(directory.root(), "other", 1, 1_000, b"x").unwrap();

    let mut deleted = apply_retention(directory.root(), "acme", 3).unwrap();
    deleted.sort();
    let expected_deleted: Vec<PathBuf> =
        [1, 2].iter().map(|lsn| directory.root().join("acme").join(format!("{lsn:020}-1000.snap"))).collect();
    assert_eq!(deleted, expected_deleted);
    let remaining = list_snapshots(directory.root(), Some("acme")).unwrap();
    assert_eq!(listed_lsns_and_times(&remaining), [(5, 1_000), (4, 1_000), (3, 1_000)]);
    assert_eq!(list_snapshots(directory.root(), Some("other")).unwrap().valid.len(), 1);

    assert!(apply_retention(directory.root(), "acme", 3).unwrap().is_empty());
    assert!(apply_retention(directory.root(), "acme", 10).unwrap().is_empty());
    assert_eq!(apply_retention(directory.root(), "acme", 0).unwrap_err().code(), "SNAPSHOT_RETENTION_KEEPS_NOTHING");
}

#[test]
fn retention_never_deletes_unreadable_files() {
    let directory = TestDirectory::new();
    let damaged = write_snapshot(directory.root(), "acme", 1, 1, b"x").unwrap();
    overwrite(&damaged.path, b"SHORTSNP but cut short");
    write_snapshot(directory.root(), "acme", 2, 1, b"x").unwrap();
    write_snapshot(directory.root(), "acme", 3, 1, b"x").unwrap();

    let deleted = apply_retention(directory.root(), "acme", 1).unwrap();
    assert_eq!(deleted.len(), 1);
    assert!(damaged.path.exists());
}

#[test]
fn concurrent_writers_of_a_new_workspace_directory_all_succeed() {
    let directory = TestDirectory::new();
    let root = Arc::new(directory.root().join("nested").join("snapshots"));
    let writers: Vec<_> = (0..4u64)
        .map(|lsn| {
            let root = Arc::clone(&root);
            std::thread::spawn(move || write_snapshot(&root, "acme", lsn, 1, &sample_payload(1_000)).unwrap())
        })
        .collect();
    for writer in writers {
        writer.join().unwrap();
    }
    assert_eq!(list_snapshots(&root, Some("acme")).unwrap().valid.len(), 4);
}

#[test]
fn a_codec_encoded_state_is_restored_by_read_snapshot_and_decode() {
    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct State {
        name: String,
        applications: Vec<(u64, Option<String>)>,
    }
    let state = State { name: "acme".to_owned(), applications: vec![(1, Some("Ada".to_owned())), (2, None)] };
    let directory = TestDirectory::new();
    let payload = crate::store::codec::encode(&state).unwrap();
    let written = write_snapshot(directory.root(), "acme", 3, 1, &payload).unwrap();

    let (header, payload) = read_snapshot(&written.path).unwrap();
    assert_eq!(header.lsn, 3);
    assert_eq!(crate::store::codec::decode::<State>(&payload).unwrap(), state);
}

#[test]
fn codes_are_stable_screaming_snake_case() {
    let path = PathBuf::from("x.snap");
    let errors = [
        (SnapshotError::Io { path: path.clone(), source: std::io::Error::other("x") }, "SNAPSHOT_IO"),
        (SnapshotError::BadMagic { path: path.clone() }, "SNAPSHOT_BAD_MAGIC"),
        (SnapshotError::UnsupportedVersion { path: path.clone(), version: 2 }, "SNAPSHOT_UNSUPPORTED_VERSION"),
        (SnapshotError::PayloadCorrupt { path, expected_crc: 1, actual_crc: 2 }, "SNAPSHOT_PAYLOAD_CORRUPT"),
        (SnapshotError::RetentionKeepsNothing, "SNAPSHOT_RETENTION_KEEPS_NOTHING"),
    ];
    for (error, code) in errors {
        assert_eq!(error.code(), code);
    }
}

#[test]
fn a_published_snapshot_is_read_only() {
    use std::os::unix::fs::PermissionsExt;
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 5, 1, &sample_payload(64)).unwrap();
    let mode = fs::metadata(&written.path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, PUBLISHED_FILE_MODE);
}

#[test]
fn populating_a_mapping_of_a_file_cut_short_since_is_an_error_and_not_a_crash() {
    // What `mapped.rs` relies on: MADV_POPULATE_READ reports a page past the
    // end of the file as an error, where touching that page would be SIGBUS.
    let directory = TestDirectory::new();
    let written = write_snapshot(directory.root(), "acme", 5, 1, &sample_payload(64 * 1024)).unwrap();
    let file = File::open(&written.path).unwrap();
    let mapping = unsafe { memmap2::MmapOptions::new().map(&file) }.unwrap();
    overwrite(&written.path, &fs::read(&written.path).unwrap()[..100]);
    let populated = mapping.advise(memmap2::Advice::PopulateRead);
    assert!(populated.is_err(), "populating pages past the end of the file reports an error");
}
