//! Shortlist: an applicant-tracking API service.
//!
//! # Layout
//! - `http`: the only module that knows actix-web. Routes, extractors,
//!   the envelope, and the one mapping from errors to HTTP statuses.
//! - `workspace`: one actix actor per workspace, the registry that finds
//!   them, the journal that makes their events durable, recovery, and the
//!   bridge to the rayon pool that runs pipelines.
//! - `domain`: pure types and rules: commands decide events, `apply` folds
//!   them into state, queries read it. No HTTP, no actors, no IO.
//! - `extract`: resume files (PDF, DOCX, text) to lines with layout hints,
//!   within bounds, or a machine-readable reason why not.
//! - `engine`: resume parsing and ATS scoring; pure and synchronous.
//! - `auth`: API key material, the key registry, JWT checks, rate limits.
//! - `store`: the write-ahead log, the codec (the only user of bincode),
//!   snapshot files and the blob store. It knows bytes, not domain types.
//! - `operator`: the operator's commands (`snapshot`, `wal`, `restore`),
//!   on a data directory's files.
//! - `demo`: the demo workspace and the synthetic data of `shortlist seed`.
//! - `config`, `startup`, `clock`: settings, wiring, and the injected clock.
//! - `telemetry`: Prometheus metrics (their names, the exporter) and the
//!   log's setup.
//! - `encoding`: hex and base62, a leaf that any module may use; so is
//!   `telemetry::names`, under which every layer records its metrics.
//!
//! Arrows point inwards, to `domain` and `store`, which depend on no other
//! module of the crate but the leaves (`cargo` checks nothing of this; a
//! grep of `use crate::` does):
//!
//! ```text
//! http      → workspace, auth, domain, telemetry
//! operator  → workspace, store, domain
//! demo      → workspace, extract, engine, auth, store, domain
//! workspace → extract, engine, auth, store, domain, clock
//! extract   → store, domain
//! engine    → domain
//! auth      → domain, clock
//! ```

pub mod auth;
pub mod clock;
pub mod config;
pub mod demo;
pub mod domain;
pub mod encoding;
pub mod engine;
pub mod extract;
pub mod http;
pub mod operator;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod workspace;
