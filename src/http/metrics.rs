//! GET /metrics: the Prometheus text format, without authentication (it
//! holds counts and timings, never data). Gauges of what the process holds
//! are read here, at scrape time.

use actix_web::{web, HttpResponse};

use super::error::ApiError;
use super::state::AppState;
use crate::telemetry::names::{APPLICATIONS, HTTP_REQUESTS_IN_FLIGHT, JOBS, RESIDENT_MEMORY, WORKSPACES};
use crate::telemetry::resident_memory_bytes;

const PROMETHEUS_TEXT: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The Prometheus text format; README lists every series.
#[utoipa::path(
    get,
    path = "/metrics",
    operation_id = "metrics",
    tag = "operations",
    responses(
        (status = 200, description = "Every metric, in the Prometheus text format.", body = String, content_type = "text/plain; version=0.0.4; charset=utf-8"),
        (status = 404, description = "`ROUTE_NOT_FOUND`: metrics are switched off or served on `--metrics-bind`.", body = crate::http::openapi::schemas::FailureEnvelope)
    )
)]
pub async fn page(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let Some(exporter) = &state.metrics else {
        return Err(ApiError::RouteNotFound("GET /metrics: metrics are switched off (--no-metrics)".into()));
    };
    let (mut jobs, mut applications) = (0usize, 0usize);
    let workspaces = state.registry.workspace_handles();
    for (_, handle) in &workspaces {
        let workspace = handle.state.read();
        jobs += workspace.jobs.len();
        applications += workspace.applications.len();
    }
    metrics::gauge!(WORKSPACES).set(workspaces.len() as f64);
    metrics::gauge!(JOBS).set(jobs as f64);
    metrics::gauge!(APPLICATIONS).set(applications as f64);
    // Less this scrape itself.
    metrics::gauge!(HTTP_REQUESTS_IN_FLIGHT).set(state.requests_in_flight.count().saturating_sub(1) as f64);
    if let Some(bytes) = resident_memory_bytes() {
        metrics::gauge!(RESIDENT_MEMORY).set(bytes as f64);
    }
    Ok(HttpResponse::Ok().content_type(PROMETHEUS_TEXT).body(exporter.render()))
}
