//! Pure types and rules: no HTTP, no actors, no IO. Everything else in the
//! crate depends on this module and it depends on nothing of ours.
//!
//! State changes follow one path: a command (`commands`) reads the state and
//! decides events (`event`); `Workspace::apply` folds events into the state.
//! Reads (`query`) borrow the state.

pub mod api_key;
pub mod application;
pub mod application_index;
pub mod ats;
mod candidate_order;
pub mod commands;
pub mod comment;
pub mod content_hash;
pub mod encoded;
pub mod error;
pub mod event;
pub mod id_map;
pub mod idempotency;
pub mod ids;
pub mod image;
pub mod job;
pub mod job_applications;
pub mod key_hash;
pub mod limits;
pub mod member;
pub mod name_words;
pub mod notification;
pub mod pipeline_failure;
pub mod query;
pub mod resume;
pub mod stored_result;
#[cfg(test)]
mod sync_tests;
#[cfg(any(test, feature = "test-support"))]
pub mod synthetic;
pub mod tag;
pub mod team;
pub mod text;
pub mod time;
pub mod walk;
pub mod workspace;
