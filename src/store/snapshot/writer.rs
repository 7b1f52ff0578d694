//! Writing one snapshot file while its payload is encoded. The payload
//! streams through a buffer of `WRITE_BUFFER_BYTES` to a temporary file and
//! is never whole in memory: a workspace of a million applications encodes
//! to gigabytes, which a payload in one `Vec` held a second time beside the
//! state, growing by reallocation, for as long as the snapshot took. Its
//! length and checksum are counted on the way; the header, whose length
//! depends only on the workspace ID, is written first with both at zero and
//! rewritten in place at the end, before the file is synced and published.
//! Write-back is paced (`store::paced_write`), so the log's fsyncs do not
//! wait for the whole file.

use std::fs::{self, File};
use std::io::{self, ErrorKind, Write};
use std::os::unix::fs::{FileExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use super::header::encode_header;
use super::{
    check_read_back, check_workspace_id, create_directory_durably, invalid_workspace_id, io_error,
    parse_encoded_header, sync_directory, SnapshotError, SnapshotFile, SnapshotHeader, PUBLISHED_FILE_MODE,
    SNAPSHOT_FILE_EXTENSION, SNAPSHOT_FORMAT_VERSION, SNAPSHOT_PAYLOAD_BYTES_MAX, TEMPORARY_FILE_PREFIX,
    TEMPORARY_FILE_SEQUENCE, TEMPORARY_NAME_ATTEMPTS_MAX,
};
use crate::store::paced_write::{WritebackPacer, WRITEBACK_CHUNK_BYTES};

/// How much of the payload is gathered before it goes to the file: the
/// encoder writes a few bytes at a time.
const WRITE_BUFFER_BYTES: usize = 1 << 20;

/// Writes `<root>/<workspace_id>/<lsn:020>-<created_ms>.snap` holding `payload`.
/// See [`SnapshotWriter`], which this is a shorthand for.
pub fn write_snapshot(
    root: &Path,
    workspace_id: &str,
    lsn: u64,
    created_at_unix_milliseconds: i64,
    payload: &[u8],
) -> Result<SnapshotFile, SnapshotError> {
    let mut writer = SnapshotWriter::create(root, workspace_id, lsn, created_at_unix_milliseconds)?;
    if writer.write_all(payload).is_err() {
        return Err(writer.abandon().expect("a write that failed recorded why"));
    }
    writer.finish()
}

/// One snapshot being written: its payload goes in through `Write`, then
/// `finish` publishes it, or dropping it (or `abandon`) leaves nothing.
///
/// The file is written to a temporary name in the workspace's directory,
/// fsynced, published under `<lsn:020>-<created_ms>.snap`, and the directory
/// is fsynced. An existing snapshot is never modified: the same LSN and
/// creation time twice is `AlreadyExists`. The header is read back after
/// publishing (pair check). When `finish` returns `Ok`, the snapshot survives
/// a crash or a power loss.
pub struct SnapshotWriter {
    temporary: TemporaryFile,
    directory: PathBuf,
    path: PathBuf,
    /// Payload length and checksum at zero until `finish`.
    header: SnapshotHeader,
    header_bytes: usize,
    buffer: Vec<u8>,
    payload_bytes: u64,
    payload_crc32c: u32,
    pacer: WritebackPacer,
    /// `SNAPSHOT_PAYLOAD_BYTES_MAX`, lowered by tests to reach it.
    payload_bytes_max: u64,
    /// Why writing stopped: every later write fails with it.
    failure: Option<SnapshotError>,
}

impl SnapshotWriter {
    pub fn create(
        root: &Path,
        workspace_id: &str,
        lsn: u64,
        created_at_unix_milliseconds: i64,
    ) -> Result<SnapshotWriter, SnapshotError> {
        check_workspace_id(workspace_id).map_err(|reason| invalid_workspace_id(workspace_id, reason))?;
        let directory = root.join(workspace_id);
        let path = directory.join(format!("{lsn:020}-{created_at_unix_milliseconds}.{SNAPSHOT_FILE_EXTENSION}"));
        create_directory_durably(&directory)?;
        if path.try_exists().map_err(io_error(&path))? {
            return Err(SnapshotError::AlreadyExists { path });
        }
        let header = SnapshotHeader {
            format_version: SNAPSHOT_FORMAT_VERSION,
            workspace_id: workspace_id.to_owned(),
            lsn,
            created_at_unix_milliseconds,
            payload_bytes: 0,
            payload_crc32c: 0,
        };
        let placeholder = encode_header(&header);
        let temporary = TemporaryFile::create(&directory, lsn)?;
        let mut pacer = WritebackPacer::new(WRITEBACK_CHUNK_BYTES);
        (&temporary.file).write_all(&placeholder).map_err(io_error(&temporary.path))?;
        pacer.written(&temporary.file, placeholder.len());
        Ok(SnapshotWriter {
            temporary,
            directory,
            path,
            header,
            header_bytes: placeholder.len(),
            buffer: Vec::with_capacity(WRITE_BUFFER_BYTES),
            payload_bytes: 0,
            payload_crc32c: 0,
            pacer,
            payload_bytes_max: SNAPSHOT_PAYLOAD_BYTES_MAX,
            failure: None,
        })
    }

    /// The same writer with a lower payload limit, so tests can reach it.
    #[cfg(test)]
    pub(super) fn with_payload_bytes_max(mut self, payload_bytes_max: u64) -> SnapshotWriter {
        self.payload_bytes_max = payload_bytes_max;
        self
    }

    /// Gives up on this snapshot, removing what was written, and returns why
    /// writing stopped if a write failed.
    pub fn abandon(self) -> Option<SnapshotError> {
        let SnapshotWriter { failure, .. } = self;
        failure
    }

    /// Writes the header over its placeholder, makes the file read-only (a
    /// published snapshot is mapped by the server that loads it and must
    /// never change), syncs it, publishes it and reads its header back.
    pub fn finish(mut self) -> Result<SnapshotFile, SnapshotError> {
        self.write_buffer();
        if let Some(failure) = self.failure.take() {
            return Err(failure);
        }
        let header = SnapshotHeader {
            payload_bytes: self.payload_bytes,
            payload_crc32c: self.payload_crc32c,
            ..self.header.clone()
        };
        let header_bytes = encode_header(&header);
        assert_eq!(header_bytes.len(), self.header_bytes, "a header's length depends only on the workspace ID");
        // Check before writing: the bytes about to reach the disk say what we mean.
        assert_eq!(
            parse_encoded_header(&self.path, &header_bytes)?,
            header,
            "the header does not parse back to itself"
        );
        let temporary = &self.temporary;
        temporary.file.write_all_at(&header_bytes, 0).map_err(io_error(&temporary.path))?;
        temporary
            .file
            .set_permissions(fs::Permissions::from_mode(PUBLISHED_FILE_MODE))
            .map_err(io_error(&temporary.path))?;
        temporary.file.sync_all().map_err(io_error(&temporary.path))?;
        temporary.publish_without_replacing(&self.path)?;
        sync_directory(&self.directory)?;
        let SnapshotWriter { temporary, path, .. } = self;
        // The final name is durable, so the temporary one can go (see `Drop`).
        drop(temporary);

        let file_bytes = header_bytes.len() as u64 + header.payload_bytes;
        check_read_back(&path, &header, file_bytes)?;
        Ok(SnapshotFile { path, header, file_bytes })
    }

    /// Sends the buffer to the file, counting and checksumming it.
    fn write_buffer(&mut self) {
        if self.buffer.is_empty() || self.failure.is_some() {
            return;
        }
        let temporary = &self.temporary;
        match (&temporary.file).write_all(&self.buffer) {
            Ok(()) => {
                self.payload_crc32c = crc32c::crc32c_append(self.payload_crc32c, &self.buffer);
                self.payload_bytes += self.buffer.len() as u64;
                self.pacer.written(&temporary.file, self.buffer.len());
            }
            Err(source) => self.failure = Some(SnapshotError::Io { path: temporary.path.clone(), source }),
        }
        self.buffer.clear();
    }

    fn stopped(&self) -> io::Error {
        let failure = self.failure.as_ref().expect("stopped only after a failure");
        io::Error::other(failure.to_string())
    }
}

impl Write for SnapshotWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.failure.is_some() {
            return Err(self.stopped());
        }
        // Never more than the buffer's room, so the buffer stays its size
        // whatever the caller hands over; `write_all` comes back for the rest.
        let room = WRITE_BUFFER_BYTES - self.buffer.len();
        let bytes = &bytes[..bytes.len().min(room)];
        let payload_bytes = self.payload_bytes + (self.buffer.len() + bytes.len()) as u64;
        if payload_bytes > self.payload_bytes_max {
            self.failure = Some(SnapshotError::PayloadTooLarge {
                path: self.path.clone(),
                payload_bytes,
                payload_bytes_max: self.payload_bytes_max,
            });
            return Err(self.stopped());
        }
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= WRITE_BUFFER_BYTES {
            self.write_buffer();
            if self.failure.is_some() {
                return Err(self.stopped());
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_buffer();
        match self.failure {
            Some(_) => Err(self.stopped()),
            None => Ok(()),
        }
    }
}

/// A temporary file that removes itself unless it was published and removed
/// explicitly, so a failed write leaves nothing behind when the process lives.
struct TemporaryFile {
    path: PathBuf,
    file: File,
}

impl TemporaryFile {
    /// `<directory>/.tmp-<lsn:020>-<pid>-<sequence>`: recognisable after a crash,
    /// unique among the writers of this process, never replacing a file.
    fn create(directory: &Path, lsn: u64) -> Result<TemporaryFile, SnapshotError> {
        let mut attempt = 0;
        loop {
            let sequence = TEMPORARY_FILE_SEQUENCE.fetch_add(1, Ordering::Relaxed);
            let name = format!("{TEMPORARY_FILE_PREFIX}{lsn:020}-{}-{sequence}", std::process::id());
            let path = directory.join(name);
            match File::options().write(true).create_new(true).open(&path) {
                Ok(file) => return Ok(TemporaryFile { path, file }),
                Err(error) if error.kind() == ErrorKind::AlreadyExists && attempt < TEMPORARY_NAME_ATTEMPTS_MAX => {
                    attempt += 1;
                }
                Err(error) => return Err(SnapshotError::Io { path, source: error }),
            }
        }
    }

    /// Gives the written file its final name. A hard link fails atomically
    /// when the name is taken, so an existing snapshot is never replaced.
    fn publish_without_replacing(&self, path: &Path) -> Result<(), SnapshotError> {
        match fs::hard_link(&self.path, path) {
            Ok(()) => Ok(()),
            Err(error) if error.kind() == ErrorKind::AlreadyExists => {
                Err(SnapshotError::AlreadyExists { path: path.to_path_buf() })
            }
            Err(error) => Err(SnapshotError::Io { path: path.to_path_buf(), source: error }),
        }
    }
}

impl Drop for TemporaryFile {
    /// Removes the temporary name, whether the write failed or its final name
    /// is already durable. A failure is only logged: nothing depends on the
    /// temporary name, and start-up removes leftovers.
    fn drop(&mut self) {
        if let Err(error) = fs::remove_file(&self.path) {
            tracing::warn!(path = %self.path.display(), %error, "could not remove a snapshot temporary file");
        }
    }
}
