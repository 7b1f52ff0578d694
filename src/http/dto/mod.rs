//! Response shapes: the JSON the API promises, built from domain values by
//! borrowing (no intermediate `serde_json::Value`), because list pages are the
//! hot path. Field names are camelCase; absent values are `null`, never missing.

pub mod application;
pub mod application_list;
pub mod detail_json;
#[cfg(test)]
mod detail_json_tests;
pub mod job;
pub mod key;
#[cfg(test)]
mod list_item_tests;
pub mod organisation;
pub mod pagination;
pub mod stored_json;
pub mod writes;

pub use pagination::{with_next_cursor, ListPagination, Pagination};

use serde::{Serialize, Serializer};

use crate::domain::time::Timestamp;

/// A timestamp on the wire (`2026-11-21T09:30:00.000Z`), written from a
/// stack buffer: a page of applications holds forty of them.
#[derive(Clone, Copy, Debug)]
pub struct Iso8601(pub Timestamp);

impl Iso8601 {
    /// Appends the timestamp as a JSON string, as `Serialize` writes it.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        match self.0.iso8601_bytes() {
            Some(bytes) => {
                out.push(b'"');
                out.extend_from_slice(&bytes);
                out.push(b'"');
            }
            None => crate::http::json_writer::write_json_string(out, &self.0.to_iso8601()),
        }
    }
}

impl Serialize for Iso8601 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.iso8601_bytes() {
            Some(bytes) => serializer.serialize_str(std::str::from_utf8(&bytes).expect("ASCII")),
            None => serializer.serialize_str(&self.0.to_iso8601()),
        }
    }
}
