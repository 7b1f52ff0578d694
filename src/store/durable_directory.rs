//! Making directory entries durable, shared by the snapshot and blob
//! stores: a new file's name survives a crash only once its directory (and
//! any directory created on the way) has been fsynced too.

use std::fs::{self, File};
use std::io::{self, ErrorKind};
use std::path::{Path, PathBuf};

/// The directory that failed, and why.
pub(crate) type DirectoryError = (PathBuf, io::Error);

/// Creates `directory` and any missing ancestors, and fsyncs the parent of
/// each new directory and of `directory` itself. The last fsync matters even
/// when the directory already existed: the writer that created it (a
/// concurrent one, or a process that died) may not have made its name durable.
pub(crate) fn create_directory_durably(directory: &Path) -> Result<(), DirectoryError> {
    let mut missing = Vec::new();
    let mut current = directory;
    while !current.try_exists().map_err(|error| (current.to_path_buf(), error))? {
        missing.push(current);
        match current.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => current = parent,
            _ => break,
        }
    }
    for new_directory in missing.iter().rev() {
        match fs::create_dir(new_directory) {
            // Created by a concurrent writer in the meantime: just as good.
            Ok(()) => {}
            Err(error) if error.kind() == ErrorKind::AlreadyExists => {}
            Err(error) => return Err((new_directory.to_path_buf(), error)),
        }
        sync_directory(parent_or_current(new_directory))?;
    }
    if missing.is_empty() {
        sync_directory(parent_or_current(directory))?;
    }
    Ok(())
}

fn parent_or_current(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Makes the directory's entries (new, renamed and removed names) durable.
pub(crate) fn sync_directory(directory: &Path) -> Result<(), DirectoryError> {
    File::open(directory).and_then(|handle| handle.sync_all()).map_err(|error| (directory.to_path_buf(), error))
}
