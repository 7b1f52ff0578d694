//! Pack files: many blobs in one file, for bulk writers. Creating a file per
//! blob costs 80-200 µs of kernel time each on this project's machines, which
//! is most of the time a million-application `seed` would take; a pack
//! writes them as one sequential file instead. The blob store reads packs
//! beside its one-file-per-blob layout (`blobs`), so whoever references a
//! hash does not know which holds it.
//!
//! # Layout
//! Under `<blob root>/packs/`, two files per pack, named alike:
//! - `<name>.pack`: [`PACK_MAGIC`], then each blob's bytes back to back;
//! - `<name>.index`: [`INDEX_MAGIC`], the entry count (u64 LE), the entries
//!   sorted by hash (hash, offset u64 LE, length u32 LE: [`ENTRY_BYTES`]
//!   each), then a CRC-32C of everything before it.
//!
//! # Why it is shaped so
//! - The index is mapped and binary-searched: opening a store costs nothing
//!   per blob, and a lookup touches about 20 of a million entries.
//! - A pack becomes visible when its index is renamed into place, after both
//!   files are fsynced, so nothing sees half a pack. A writer dropped
//!   unfinished removes its temporary files; a crash leaves them, ignored by
//!   the store (`*.tmp`, safe to delete once no `seed` runs). The store does
//!   not delete them itself: it cannot tell a dead writer's from a live one's.
//! - Reads check the content against its hash, as loose blobs do: the index
//!   says where to look, never what is there.

use std::collections::HashSet;
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use super::blobs::{BlobError, BlobHash, BLOB_BYTES_MAX};
use super::durable_directory;

pub const PACK_DIRECTORY: &str = "packs";
const PACK_EXTENSION: &str = "pack";
const INDEX_EXTENSION: &str = "index";
const TEMPORARY_SUFFIX: &str = ".tmp";
const PACK_MAGIC: &[u8; 8] = b"SLPACK01";
const INDEX_MAGIC: &[u8; 8] = b"SLPIDX01";
const INDEX_HEADER_BYTES: usize = 16;
const ENTRY_BYTES: usize = 44;
const CHECKSUM_BYTES: usize = 4;
/// Packs a store opens at most: each holds two open files.
pub const PACKS_MAX: usize = 4_096;
/// Buffer of a pack being written.
const WRITE_BUFFER_BYTES: usize = 1 << 20;

/// One pack, open for reading.
pub(crate) struct Pack {
    pack_path: PathBuf,
    pack: File,
    pack_bytes: u64,
    index: Mmap,
    entries: usize,
}

impl Pack {
    /// Opens the pack whose index is at `index_path`, checking the index.
    fn open(index_path: &Path) -> Result<Pack, BlobError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| BlobError::Io { path, source }
        };
        let invalid = |reason: String| BlobError::Io {
            path: index_path.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidData, reason),
        };
        let index_file = File::open(index_path).map_err(io(index_path))?;
        // SAFETY: packs are never modified once renamed into place; a file
        // replaced under the mapping keeps the old inode's pages.
        let index = unsafe { Mmap::map(&index_file) }.map_err(io(index_path))?;
        if index.len() < INDEX_HEADER_BYTES + CHECKSUM_BYTES || &index[..8] != INDEX_MAGIC {
            return Err(invalid("not a pack index".into()));
        }
        let entries = u64::from_le_bytes(index[8..16].try_into().expect("8 bytes"));
        let expected_bytes = usize::try_from(entries)
            .ok()
            .and_then(|entries| entries.checked_mul(ENTRY_BYTES))
            .and_then(|bytes| bytes.checked_add(INDEX_HEADER_BYTES + CHECKSUM_BYTES));
        if expected_bytes != Some(index.len()) {
            return Err(invalid(format!("{entries} entries do not fit {} bytes", index.len())));
        }
        let (body, checksum) = index.split_at(index.len() - CHECKSUM_BYTES);
        if crc32c::crc32c(body) != u32::from_le_bytes(checksum.try_into().expect("4 bytes")) {
            return Err(invalid("the index fails its checksum".into()));
        }
        let pack_path = index_path.with_extension(PACK_EXTENSION);
        let pack = File::open(&pack_path).map_err(io(&pack_path))?;
        let pack_bytes = pack.metadata().map_err(io(&pack_path))?.len();
        Ok(Pack { pack_path, pack, pack_bytes, index, entries: entries as usize })
    }

    fn entry(&self, position: usize) -> (&[u8], u64, u32) {
        let start = INDEX_HEADER_BYTES + position * ENTRY_BYTES;
        let entry = &self.index[start..start + ENTRY_BYTES];
        let offset = u64::from_le_bytes(entry[32..40].try_into().expect("8 bytes"));
        let length = u32::from_le_bytes(entry[40..44].try_into().expect("4 bytes"));
        (&entry[..32], offset, length)
    }

    /// Where the blob with `hash` lies in the pack, if the pack holds it.
    fn locate(&self, hash: &BlobHash) -> Option<(u64, u32)> {
        let (mut low, mut high) = (0, self.entries);
        while low < high {
            let middle = low + (high - low) / 2;
            let (entry_hash, offset, length) = self.entry(middle);
            match entry_hash.cmp(&hash.0[..]) {
                std::cmp::Ordering::Less => low = middle + 1,
                std::cmp::Ordering::Greater => high = middle,
                std::cmp::Ordering::Equal => return Some((offset, length)),
            }
        }
        None
    }

    pub(crate) fn holds(&self, hash: &BlobHash) -> bool {
        self.locate(hash).is_some()
    }

    /// The blob with `hash` (checked against it), or `None` when this pack
    /// does not hold it.
    pub(crate) fn get(&self, hash: &BlobHash) -> Option<Result<Vec<u8>, BlobError>> {
        let (offset, length) = self.locate(hash)?;
        let io = |source| BlobError::Io { path: self.pack_path.clone(), source };
        if u64::from(length) > BLOB_BYTES_MAX || offset.saturating_add(u64::from(length)) > self.pack_bytes {
            let reason = format!("the index points past the pack: {length} bytes at {offset}");
            return Some(Err(io(std::io::Error::new(std::io::ErrorKind::InvalidData, reason))));
        }
        let mut bytes = vec![0; length as usize];
        if let Err(error) = self.pack.read_exact_at(&mut bytes, offset) {
            return Some(Err(io(error)));
        }
        let actual = BlobHash::of(&bytes);
        if actual != *hash {
            return Some(Err(BlobError::Corrupt { path: self.pack_path.clone(), expected: *hash, actual }));
        }
        Some(Ok(bytes))
    }
}

/// Opens every complete pack under `root` (the blob store's root).
pub(crate) fn open_packs(root: &Path) -> Result<Vec<Pack>, BlobError> {
    let directory = root.join(PACK_DIRECTORY);
    let io = |source| BlobError::Io { path: directory.clone(), source };
    let listing = match fs::read_dir(&directory) {
        Ok(listing) => listing,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(io(error)),
    };
    let mut index_paths = Vec::new();
    for entry in listing {
        let path = entry.map_err(io)?.path();
        if path.extension().is_some_and(|extension| extension == INDEX_EXTENSION) {
            index_paths.push(path);
        }
    }
    if index_paths.len() > PACKS_MAX {
        let reason = format!("{} packs; a store opens at most {PACKS_MAX}", index_paths.len());
        return Err(io(std::io::Error::other(reason)));
    }
    index_paths.sort();
    index_paths.iter().map(|path| Pack::open(path)).collect()
}

/// A pack being written. Blobs added are visible to nobody until
/// [`PackWriter::finish`] has returned; dropping the writer unfinished
/// abandons the pack and removes its temporary files.
pub struct PackWriter {
    directory: PathBuf,
    name: String,
    pack: BufWriter<File>,
    offset: u64,
    entries: Vec<([u8; 32], u64, u32)>,
    seen: HashSet<[u8; 32]>,
    finished: bool,
}

impl Drop for PackWriter {
    fn drop(&mut self) {
        if !self.finished {
            let _ = fs::remove_file(temporary_path(&self.directory, &self.name, PACK_EXTENSION));
            let _ = fs::remove_file(temporary_path(&self.directory, &self.name, INDEX_EXTENSION));
        }
    }
}

impl PackWriter {
    /// Starts the pack `name` under the blob store root `root`.
    pub fn create(root: &Path, name: &str) -> Result<PackWriter, BlobError> {
        let directory = root.join(PACK_DIRECTORY);
        durable_directory::create_directory_durably(&directory)
            .map_err(|(path, source)| BlobError::Io { path, source })?;
        let path = temporary_path(&directory, name, PACK_EXTENSION);
        let io = |source| BlobError::Io { path: path.clone(), source };
        let file = File::options().write(true).create_new(true).open(&path).map_err(io)?;
        let mut pack = BufWriter::with_capacity(WRITE_BUFFER_BYTES, file);
        pack.write_all(PACK_MAGIC).map_err(io)?;
        Ok(PackWriter {
            directory,
            name: name.to_owned(),
            pack,
            offset: PACK_MAGIC.len() as u64,
            entries: Vec::new(),
            seen: HashSet::new(),
            finished: false,
        })
    }

    /// Appends `bytes`, whose hash the caller computed (`BlobHash::of`); a
    /// content already in this pack is stored once.
    pub fn add(&mut self, hash: BlobHash, bytes: &[u8]) -> Result<(), BlobError> {
        debug_assert_eq!(hash, BlobHash::of(bytes), "a pack entry is named by its content");
        if bytes.len() as u64 > BLOB_BYTES_MAX {
            return Err(BlobError::TooLarge {
                path: None,
                size_bytes: bytes.len() as u64,
                size_bytes_max: BLOB_BYTES_MAX,
            });
        }
        if !self.seen.insert(hash.0) {
            return Ok(());
        }
        let path = temporary_path(&self.directory, &self.name, PACK_EXTENSION);
        self.pack.write_all(bytes).map_err(|source| BlobError::Io { path, source })?;
        self.entries.push((hash.0, self.offset, bytes.len() as u32));
        self.offset += bytes.len() as u64;
        Ok(())
    }

    /// Blobs added so far.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Makes the pack durable and visible: the pack file, then its index,
    /// each fsynced before it is renamed into place, then the directory.
    pub fn finish(mut self) -> Result<PathBuf, BlobError> {
        let pack_temporary = temporary_path(&self.directory, &self.name, PACK_EXTENSION);
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| BlobError::Io { path, source }
        };
        self.pack.flush().map_err(io(&pack_temporary))?;
        self.pack.get_ref().sync_all().map_err(io(&pack_temporary))?;
        let pack_path = self.directory.join(format!("{}.{PACK_EXTENSION}", self.name));
        fs::rename(&pack_temporary, &pack_path).map_err(io(&pack_path))?;

        self.entries.sort_unstable_by_key(|entry| entry.0);
        let mut index = Vec::with_capacity(INDEX_HEADER_BYTES + self.entries.len() * ENTRY_BYTES + CHECKSUM_BYTES);
        index.extend_from_slice(INDEX_MAGIC);
        index.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        for (hash, offset, length) in &self.entries {
            index.extend_from_slice(hash);
            index.extend_from_slice(&offset.to_le_bytes());
            index.extend_from_slice(&length.to_le_bytes());
        }
        let checksum = crc32c::crc32c(&index);
        index.extend_from_slice(&checksum.to_le_bytes());
        let index_temporary = temporary_path(&self.directory, &self.name, INDEX_EXTENSION);
        let mut file =
            File::options().write(true).create_new(true).open(&index_temporary).map_err(io(&index_temporary))?;
        file.write_all(&index).and_then(|()| file.sync_all()).map_err(io(&index_temporary))?;
        let index_path = self.directory.join(format!("{}.{INDEX_EXTENSION}", self.name));
        fs::rename(&index_temporary, &index_path).map_err(io(&index_path))?;
        durable_directory::sync_directory(&self.directory).map_err(|(path, source)| BlobError::Io { path, source })?;
        self.finished = true;
        Ok(pack_path)
    }
}

fn temporary_path(directory: &Path, name: &str, extension: &str) -> PathBuf {
    directory.join(format!("{name}.{extension}{TEMPORARY_SUFFIX}"))
}
