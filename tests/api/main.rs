//! All HTTP integration tests, in one binary to keep link time down. Each
//! test starts its own app on port 0 through `helpers::spawn_app`.

mod helpers;

mod claims;
mod dashboard;
mod errors;
mod extraction;
mod fail_closed;
mod faults;
mod fuzz_findings;
mod idempotency;
mod intake;
mod keys;
mod listing;
mod refused_record;
mod reruns;
mod settings;
mod sync;
mod telemetry;
mod tokens;
mod v1_reads;
mod v1_writes;
