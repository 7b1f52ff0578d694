//! Response shapes: the JSON the API promises, built from domain values by
//! borrowing (no intermediate `serde_json::Value`), because list pages are the
//! hot path. Field names are camelCase; absent values are `null`, never missing.

pub mod application;
pub mod job;
pub mod key;
pub mod pagination;

pub use pagination::Pagination;
