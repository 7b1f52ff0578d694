//! Durability: the write-ahead log (`wal`), the one codec (`codec`, the only
//! user of bincode), snapshot files (`snapshot`), content-addressed resume
//! files (`blobs`), one file each or many in a pack (`blob_pack`), and
//! large files written without holding up the log (`paced_write`). Knows
//! bytes and files, not workspaces: the `workspace` module decides what to
//! log, snapshot and replay.

pub mod blob_pack;
pub mod blobs;
pub mod codec;
mod durable_directory;
mod paced_write;
pub mod snapshot;
pub mod wal;
