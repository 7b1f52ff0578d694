//! The HTTP layer: the only module that knows actix-web and the JSON names.
//! It authenticates (extractors), reads request bodies into typed domain
//! commands (`request`), and shapes responses in the envelope (`dto`). Routes:
//!
//! - `/api/v1/...`: the public API (API key) — `v1`
//! - `/api/orgs/:orgId/...`: key management and the dashboard (JWT) — `dashboard`
//! - `/api/jobs/:jobId/applications`: the careers-page apply (public) — `intake`
//! - `/healthz`, `/readyz`, `/metrics`

pub mod body;
pub mod client_address;
pub mod conditional;
pub mod cursor;
pub mod dashboard;
pub mod dto;
pub mod envelope;
pub mod error;
pub mod extract;
pub mod idempotency;
pub mod intake;
pub mod json_writer;
pub mod metrics;
pub mod middleware;
pub mod objects_only;
pub mod observe;
pub mod openapi;
pub mod params;
pub mod read_routes;
pub mod request;
pub mod response_cache;
pub mod server;
pub mod state;
pub mod v1;

pub use server::{start_metrics_server, start_server, ServerHandle};
pub use state::{AppState, HttpSettings, Readiness, RequestsInFlight};
