//! Content-addressed resume files: the bytes a candidate uploaded, stored once
//! under their SHA-256 so that log records and snapshots carry a 32-byte hash
//! instead of the file. This module owns the directory layout and the rule
//! that a blob is durable before anything may reference it.
//!
//! # Layout
//! `<root>/sha256/ab/cdef….blob`, where `ab` are the first two hex digits of
//! the hash and the file name is the other 62. The two-digit fan-out keeps any
//! one directory to about 1/256 of the blobs, and `sha256/` leaves room for
//! another hash function without a migration. The caller chooses the root,
//! normally `<data-dir>/blobs`.
//!
//! # Why it is shaped so
//! - A name is its content's hash, so a blob never changes once written and a
//!   second put of the same bytes is free. Concurrent puts of one content are
//!   safe: each writes its own temporary file and renames it over the same
//!   name, and both files hold the same bytes.
//! - `put` is durable when it returns: temporary file, fsync, rename, fsync of
//!   the fan-out directory, and of `sha256/` the first time this process uses
//!   that fan-out directory (whoever created it). That ordering is what lets
//!   the log reference a hash safely.
//! - Reads check the content against its name (pair check). A `put` that finds
//!   the blob already there checks it too, and repairs it if it is damaged,
//!   so a damaged copy never absorbs a fresh upload of the same file.
//! - Every size is limited by [`BLOB_BYTES_MAX`], checked before allocating.

use super::blob_pack::{open_packs, Pack};
use super::durable_directory;
use std::fmt;
use std::fs::{self, File};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use sha2::{Digest, Sha256};

/// The largest blob stored or read: resumes are documents, not archives.
pub const BLOB_BYTES_MAX: u64 = 16 << 20;
/// The file extension of a stored blob.
pub const BLOB_FILE_EXTENSION: &str = "blob";
/// The directory under the root that names the hash function.
const HASH_DIRECTORY: &str = "sha256";
/// Names of files still being written, or left by a process that died.
const TEMPORARY_FILE_PREFIX: &str = ".tmp-";

/// Makes temporary names unique among the writers of one process.
static TEMPORARY_FILE_SEQUENCE: AtomicU64 = AtomicU64::new(0);

/// The SHA-256 of a blob's content, which is also its name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub struct BlobHash(pub [u8; 32]);

impl BlobHash {
    /// The hash of `bytes`.
    #[must_use]
    pub fn of(bytes: &[u8]) -> BlobHash {
        BlobHash(Sha256::digest(bytes).into())
    }
}

impl fmt::Display for BlobHash {
    /// 64 lowercase hexadecimal digits.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::encoding::write_hex(formatter, &self.0)
    }
}

impl FromStr for BlobHash {
    type Err = BlobError;

    /// Parses 64 hexadecimal digits (either case).
    fn from_str(text: &str) -> Result<BlobHash, BlobError> {
        let invalid = |reason: &str| BlobError::InvalidHash { text: text.to_owned(), reason: reason.to_owned() };
        if text.len() != 64 {
            return Err(invalid("a SHA-256 hash is 64 hexadecimal digits"));
        }
        if !text.bytes().all(|character| character.is_ascii_hexdigit()) {
            return Err(invalid("it contains a character that is not a hexadecimal digit"));
        }
        let mut hash = [0u8; 32];
        for (byte, pair) in hash.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
            *byte = (hexadecimal_value(pair[0]) << 4) | hexadecimal_value(pair[1]);
        }
        Ok(BlobHash(hash))
    }
}

/// The value of one ASCII hexadecimal digit, already checked to be one.
fn hexadecimal_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        _ => digit - b'A' + 10,
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BlobError {
    #[error("blob storage I/O error at {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("blob {hash} is not stored (looked for {path})")]
    NotFound { hash: BlobHash, path: PathBuf },
    #[error("blob file {path} is corrupt: its content hashes to {actual}, not {expected}")]
    Corrupt { path: PathBuf, expected: BlobHash, actual: BlobHash },
    #[error("a blob of {size_bytes} bytes is too large; the limit is {size_bytes_max} bytes{}", path_suffix(path))]
    TooLarge { path: Option<PathBuf>, size_bytes: u64, size_bytes_max: u64 },
    #[error("{text:?} is not a blob hash: {reason}")]
    InvalidHash { text: String, reason: String },
}

fn path_suffix(path: &Option<PathBuf>) -> String {
    path.as_ref().map(|path| format!(" ({})", path.display())).unwrap_or_default()
}

impl BlobError {
    /// A stable code that callers may match on and log.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            BlobError::Io { .. } => "BLOB_IO",
            BlobError::NotFound { .. } => "BLOB_NOT_FOUND",
            BlobError::Corrupt { .. } => "BLOB_CORRUPT",
            BlobError::TooLarge { .. } => "BLOB_TOO_LARGE",
            BlobError::InvalidHash { .. } => "BLOB_INVALID_HASH",
        }
    }
}

pub struct BlobStore {
    root: PathBuf,
    /// Which of the 256 fan-out directories this process has already made
    /// durable, so that a put pays for that fsync once, not every time.
    fan_out_directories_durable: [AtomicBool; 256],
    /// Blobs written in bulk (`blob_pack`), searched when no file holds a hash.
    packs: Vec<Pack>,
}

impl BlobStore {
    /// Opens the store at `root` (normally `<data-dir>/blobs`), creating
    /// `root/sha256/` durably when it is missing.
    pub fn open(root: PathBuf) -> Result<Self, BlobError> {
        let packs = open_packs(&root)?;
        let store =
            BlobStore { root, fan_out_directories_durable: std::array::from_fn(|_| AtomicBool::new(false)), packs };
        create_directory_durably(&store.hash_directory())?;
        Ok(store)
    }

    /// Stores `bytes` unless an intact blob with their hash already exists,
    /// and returns the hash. Durable when it returns `Ok`.
    pub fn put(&self, bytes: &[u8]) -> Result<BlobHash, BlobError> {
        check_size(None, bytes.len() as u64)?;
        let hash = BlobHash::of(bytes);
        let path = self.path_of(&hash);
        let fan_out_directory = path.parent().expect("a blob path has a fan-out directory").to_path_buf();
        self.make_fan_out_directory_durable(hash.0[0], &fan_out_directory)?;
        match self.get(&hash) {
            Ok(_) => {
                // A concurrent put may have renamed it into place without
                // having fsynced the directory yet: make the name durable now.
                sync_directory(&fan_out_directory)?;
                return Ok(hash);
            }
            Err(BlobError::NotFound { .. }) => {}
            Err(BlobError::Corrupt { .. } | BlobError::TooLarge { .. }) => {
                tracing::warn!(path = %path.display(), "replacing a damaged blob with a fresh upload of its content");
            }
            Err(error) => return Err(error),
        }
        write_durably(&fan_out_directory, &path, bytes)?;
        Ok(hash)
    }

    /// Reads a blob and checks that its content still has its hash (pair
    /// check); a mismatch is `Corrupt`, naming the file.
    pub fn get(&self, hash: &BlobHash) -> Result<Vec<u8>, BlobError> {
        let path = self.path_of(hash);
        let file = match File::open(&path) {
            Ok(file) => file,
            Err(error) if error.kind() == ErrorKind::NotFound => {
                return self
                    .packs
                    .iter()
                    .find_map(|pack| pack.get(hash))
                    .unwrap_or(Err(BlobError::NotFound { hash: *hash, path }));
            }
            Err(error) => return Err(BlobError::Io { path, source: error }),
        };
        let size_bytes = file.metadata().map_err(io_error(&path))?.len();
        check_size(Some(&path), size_bytes)?;
        let mut bytes = Vec::with_capacity(size_bytes as usize);
        // `take` keeps a file that grew after the size check within the limit.
        file.take(BLOB_BYTES_MAX + 1).read_to_end(&mut bytes).map_err(io_error(&path))?;
        check_size(Some(&path), bytes.len() as u64)?;
        let actual = BlobHash::of(&bytes);
        if actual != *hash {
            return Err(BlobError::Corrupt { path, expected: *hash, actual });
        }
        Ok(bytes)
    }

    /// Whether a file or a pack holds the hash; the content is not checked.
    pub fn contains(&self, hash: &BlobHash) -> bool {
        self.path_of(hash).is_file() || self.packs.iter().any(|pack| pack.holds(hash))
    }

    /// The root this store was opened at: where bulk writers put packs.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `<root>/sha256/ab/cdef….blob` for the hash `abcdef…`.
    pub fn path_of(&self, hash: &BlobHash) -> PathBuf {
        let hexadecimal = hash.to_string();
        let (fan_out, rest) = hexadecimal.split_at(2);
        self.hash_directory().join(fan_out).join(format!("{rest}.{BLOB_FILE_EXTENSION}"))
    }

    /// Deletes the temporary files of puts that a crash interrupted. Call it at
    /// start-up, before any put runs: a live put's temporary file looks the
    /// same. Returns the removed paths.
    pub fn remove_stale_temp_files(&self) -> Result<Vec<PathBuf>, BlobError> {
        let mut removed = Vec::new();
        let hash_directory = self.hash_directory();
        for fan_out in fs::read_dir(&hash_directory).map_err(io_error(&hash_directory))? {
            let fan_out = fan_out.map_err(io_error(&hash_directory))?.path();
            if !fan_out.is_dir() {
                continue;
            }
            let removed_before = removed.len();
            for entry in fs::read_dir(&fan_out).map_err(io_error(&fan_out))? {
                let entry = entry.map_err(io_error(&fan_out))?;
                if entry.file_name().to_str().is_some_and(|name| name.starts_with(TEMPORARY_FILE_PREFIX)) {
                    let path = entry.path();
                    fs::remove_file(&path).map_err(io_error(&path))?;
                    removed.push(path);
                }
            }
            if removed.len() > removed_before {
                sync_directory(&fan_out)?;
            }
        }
        Ok(removed)
    }

    fn hash_directory(&self) -> PathBuf {
        self.root.join(HASH_DIRECTORY)
    }

    /// Creates the fan-out directory and makes its name durable, once per
    /// fan-out per process: afterwards every put into it can skip the fsync.
    fn make_fan_out_directory_durable(&self, fan_out: u8, directory: &Path) -> Result<(), BlobError> {
        let durable = &self.fan_out_directories_durable[usize::from(fan_out)];
        if durable.load(Ordering::Acquire) {
            return Ok(());
        }
        create_directory_durably(directory)?;
        durable.store(true, Ordering::Release);
        Ok(())
    }
}

fn check_size(path: Option<&Path>, size_bytes: u64) -> Result<(), BlobError> {
    if size_bytes > BLOB_BYTES_MAX {
        return Err(BlobError::TooLarge {
            path: path.map(Path::to_path_buf),
            size_bytes,
            size_bytes_max: BLOB_BYTES_MAX,
        });
    }
    Ok(())
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> BlobError + '_ {
    move |source| BlobError::Io { path: path.to_path_buf(), source }
}

/// Temporary file, fsync, rename over `path`, fsync the directory. Renaming
/// over an existing blob is safe: a name only ever holds its hash's content.
fn write_durably(directory: &Path, path: &Path, bytes: &[u8]) -> Result<(), BlobError> {
    let sequence = TEMPORARY_FILE_SEQUENCE.fetch_add(1, Ordering::Relaxed);
    let temporary_path = directory.join(format!("{TEMPORARY_FILE_PREFIX}{}-{sequence}", std::process::id()));
    let written = File::options()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&temporary_path)
        .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()))
        .map_err(io_error(&temporary_path))
        .and_then(|()| fs::rename(&temporary_path, path).map_err(io_error(path)));
    if let Err(error) = written {
        let _ = fs::remove_file(&temporary_path);
        return Err(error);
    }
    sync_directory(directory)
}

fn create_directory_durably(directory: &Path) -> Result<(), BlobError> {
    durable_directory::create_directory_durably(directory).map_err(|(path, source)| BlobError::Io { path, source })
}

fn sync_directory(directory: &Path) -> Result<(), BlobError> {
    durable_directory::sync_directory(directory).map_err(|(path, source)| BlobError::Io { path, source })
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Barrier};

    use crate::store::blob_pack::PackWriter;

    use super::*;

    /// A fresh directory under the system temporary directory, removed on drop.
    struct TestDirectory(tempfile::TempDir);

    impl TestDirectory {
        fn new() -> TestDirectory {
            TestDirectory(tempfile::Builder::new().prefix("shortlist-blob-test-").tempdir().unwrap())
        }

        fn store(&self) -> BlobStore {
            BlobStore::open(self.0.path().join("blobs")).unwrap()
        }
    }

    fn files_in(directory: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            fs::read_dir(directory).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_put_blob_gets_back_the_same_bytes() {
        let directory = TestDirectory::new();
        let store = directory.store();
        let hash = store.put(b"Ada Lovelace, analyst").unwrap();
        assert_eq!(store.get(&hash).unwrap(), b"Ada Lovelace, analyst");
        assert!(store.contains(&hash));
        assert_eq!(store.put(b"").map(|empty| store.get(&empty).unwrap()).unwrap(), b"");
    }

    #[test]
    fn the_hash_is_the_sha256_of_the_content_and_names_the_file() {
        let directory = TestDirectory::new();
        let store = directory.store();
        let hash = store.put(b"abc").unwrap();
        let expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        assert_eq!(hash.to_string(), expected);
        let expected_path = directory.0.path().join("blobs/sha256/ba").join(format!("{}.blob", &expected[2..]));
        assert_eq!(store.path_of(&hash), expected_path);
        assert_eq!(fs::read(expected_path).unwrap(), b"abc");
    }

    #[test]
    fn a_hash_parses_back_from_its_display_in_either_case() {
        let hash = BlobHash::of(b"resume");
        assert_eq!(hash.to_string().parse::<BlobHash>().unwrap(), hash);
        assert_eq!(hash.to_string().to_uppercase().parse::<BlobHash>().unwrap(), hash);
        let too_short = "ab".parse::<BlobHash>().unwrap_err();
        assert_eq!(too_short.code(), "BLOB_INVALID_HASH");
        assert!("zz".repeat(32).parse::<BlobHash>().is_err());
        assert!("é".repeat(32).parse::<BlobHash>().is_err());
        assert!("+1".repeat(32).parse::<BlobHash>().is_err());
    }

    #[test]
    fn putting_the_same_content_twice_stores_one_file() {
        let directory = TestDirectory::new();
        let store = directory.store();
        let first = store.put(b"same resume").unwrap();
        let second = store.put(b"same resume").unwrap();
        assert_eq!(first, second);
        let fan_out = store.path_of(&first).parent().unwrap().to_path_buf();
        assert_eq!(files_in(&fan_out).len(), 1);
    }

    #[test]
    fn a_corrupt_blob_is_detected_and_named() {
        let directory = TestDirectory::new();
        let store = directory.store();
        let hash = store.put(b"original resume").unwrap();
        fs::write(store.path_of(&hash), b"tampered resume").unwrap();
        let error = store.get(&hash).unwrap_err();
        assert!(matches!(&error, BlobError::Corrupt { expected, .. } if *expected == hash), "{error:?}");
        assert!(error.to_string().contains(&store.path_of(&hash).display().to_string()), "{error}");
    }

    #[test]
    fn putting_content_whose_stored_copy_is_corrupt_repairs_it() {
        let directory = TestDirectory::new();
        let store = directory.store();
        let hash = store.put(b"original resume").unwrap();
        fs::write(store.path_of(&hash), b"bit rot").unwrap();
        assert_eq!(store.put(b"original resume").unwrap(), hash);
        assert_eq!(store.get(&hash).unwrap(), b"original resume");
    }

    #[test]
    fn blobs_written_to_a_pack_read_back_once_it_is_finished_and_a_store_reopens() {
        let directory = TestDirectory::new();
        let store = directory.store();
        let loose = store.put(b"uploaded through the API").expect("put");
        let mut pack = PackWriter::create(&directory.0.path().join("blobs"), "seed-1").expect("a pack");
        let packed = BlobHash::of(b"written by seed");
        pack.add(packed, b"written by seed").expect("added");
        pack.add(packed, b"written by seed").expect("added again");
        assert_eq!(pack.len(), 1, "one content, stored once");
        assert!(!directory.store().contains(&packed), "an unfinished pack is invisible");
        pack.finish().expect("finished");
        let reopened = directory.store();
        assert_eq!(reopened.get(&packed).expect("from the pack"), b"written by seed");
        assert_eq!(reopened.get(&loose).expect("still a file"), b"uploaded through the API");
        assert!(matches!(reopened.get(&BlobHash::of(b"never stored")), Err(BlobError::NotFound { .. })));
        assert_eq!(reopened.put(b"written by seed").expect("a put of packed content"), packed);
        assert!(!reopened.path_of(&packed).exists(), "content a pack holds is not written again");
    }

    fn finished_pack(directory: &TestDirectory, content: &[u8]) -> PathBuf {
        let mut pack = PackWriter::create(&directory.0.path().join("blobs"), "seed-1").expect("a pack");
        pack.add(BlobHash::of(content), content).expect("added");
        pack.finish().expect("finished")
    }

    #[test]
    fn a_pack_index_that_fails_its_checksum_stops_the_store_from_opening_and_names_the_file() {
        let directory = TestDirectory::new();
        let pack_path = finished_pack(&directory, b"written by seed");
        let index_path = pack_path.with_extension("index");
        let mut index = fs::read(&index_path).expect("the index");
        index[20] ^= 0x01;
        fs::write(&index_path, index).expect("damaged");
        let error = BlobStore::open(directory.0.path().join("blobs")).err().expect("refused");
        let message = error.to_string();
        assert!(message.contains("checksum") && message.contains("seed-1.index"), "{message}");
    }

    #[test]
    fn a_pack_cut_short_reports_the_blob_past_its_end_instead_of_reading_garbage() {
        let directory = TestDirectory::new();
        let pack_path = finished_pack(&directory, b"written by seed");
        let length = fs::metadata(&pack_path).expect("the pack").len();
        File::options().write(true).open(&pack_path).and_then(|file| file.set_len(length - 4)).expect("cut short");
        let error = directory.store().get(&BlobHash::of(b"written by seed")).expect_err("past the end");
        assert!(error.to_string().contains("points past the pack"), "{error}");
    }

    #[test]
    fn a_damaged_pack_entry_is_corrupt_and_a_fresh_put_repairs_it() {
        let directory = TestDirectory::new();
        let hash = BlobHash::of(b"written by seed");
        let pack_path = finished_pack(&directory, b"written by seed");
        let mut bytes = fs::read(&pack_path).expect("the pack");
        let last = bytes.len() - 1;
        bytes[last] ^= 0xff;
        fs::write(&pack_path, bytes).expect("damaged");
        let store = directory.store();
        assert!(matches!(store.get(&hash), Err(BlobError::Corrupt { .. })));
        store.put(b"written by seed").expect("repaired as a file");
        assert_eq!(store.get(&hash).expect("the file"), b"written by seed");
    }

    #[test]
    fn a_missing_blob_is_not_found() {
        let directory = TestDirectory::new();
        let store = directory.store();
        let hash = BlobHash::of(b"never stored");
        assert!(!store.contains(&hash));
        let error = store.get(&hash).unwrap_err();
        assert_eq!(error.code(), "BLOB_NOT_FOUND");
        assert!(error.to_string().contains(&hash.to_string()), "{error}");
    }

    #[test]
    fn blobs_over_the_size_limit_are_refused_on_put_and_get() {
        let directory = TestDirectory::new();
        let store = directory.store();
        let oversized = vec![7u8; BLOB_BYTES_MAX as usize + 1];
        assert_eq!(store.put(&oversized).unwrap_err().code(), "BLOB_TOO_LARGE");
        let hash = BlobHash::of(&oversized);
        fs::create_dir_all(store.path_of(&hash).parent().unwrap()).unwrap();
        fs::write(store.path_of(&hash), &oversized).unwrap();
        assert_eq!(store.get(&hash).unwrap_err().code(), "BLOB_TOO_LARGE");
        assert!(store.put(&oversized[1..]).is_ok(), "exactly the limit is allowed");
    }

    #[test]
    fn concurrent_puts_of_the_same_content_are_safe() {
        let directory = TestDirectory::new();
        let store = Arc::new(directory.store());
        let content: Arc<Vec<u8>> = Arc::new((0..200_000u32).map(|index| (index % 253) as u8).collect());
        let barrier = Arc::new(Barrier::new(2));
        let writers: Vec<_> = (0..2)
            .map(|_| {
                let (store, content, barrier) = (Arc::clone(&store), Arc::clone(&content), Arc::clone(&barrier));
                std::thread::spawn(move || {
                    barrier.wait();
                    (0..20).map(|_| store.put(&content).unwrap()).collect::<Vec<_>>()
                })
            })
            .collect();
        let hashes: Vec<BlobHash> = writers.into_iter().flat_map(|writer| writer.join().unwrap()).collect();
        assert!(hashes.iter().all(|hash| *hash == hashes[0]));
        assert_eq!(store.get(&hashes[0]).unwrap(), *content);
        let fan_out = store.path_of(&hashes[0]).parent().unwrap().to_path_buf();
        assert_eq!(files_in(&fan_out).len(), 1, "a temporary file was left behind");
    }

    #[test]
    fn leftover_temporary_files_are_removed_at_start_up() {
        let directory = TestDirectory::new();
        let store = directory.store();
        let hash = store.put(b"kept").unwrap();
        let fan_out = store.path_of(&hash).parent().unwrap().to_path_buf();
        let leftover = fan_out.join(".tmp-4242-0");
        fs::write(&leftover, b"half a resu").unwrap();
        assert_eq!(store.remove_stale_temp_files().unwrap(), [leftover]);
        assert_eq!(files_in(&fan_out).len(), 1);
        assert_eq!(store.get(&hash).unwrap(), b"kept");
    }

    #[test]
    fn a_hash_serialises_as_its_32_bytes() {
        let hash = BlobHash::of(b"resume");
        let bytes = crate::store::codec::encode(&hash).unwrap();
        assert_eq!(bytes, hash.0);
        assert_eq!(crate::store::codec::decode::<BlobHash>(&bytes).unwrap(), hash);
    }

    #[test]
    fn codes_are_stable_screaming_snake_case() {
        let hash = BlobHash([0; 32]);
        assert_eq!(BlobError::NotFound { hash, path: PathBuf::new() }.code(), "BLOB_NOT_FOUND");
        assert_eq!(BlobError::Corrupt { path: PathBuf::new(), expected: hash, actual: hash }.code(), "BLOB_CORRUPT");
        let too_large = BlobError::TooLarge { path: None, size_bytes: 2, size_bytes_max: 1 };
        assert_eq!(too_large.code(), "BLOB_TOO_LARGE");
        assert_eq!(too_large.to_string(), "a blob of 2 bytes is too large; the limit is 1 bytes");
    }
}
