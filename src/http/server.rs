//! Building the app and running the server on a listener that is already
//! bound, which is what lets tests start it on port 0.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::from_fn;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer, Route};
use serde_json::json;

use super::envelope::success;
use super::error::{ApiError, Surface};
use super::middleware::{body_deadline, contain_panics, rate_limit_headers, readiness_gate};
use super::observe::observe;
use super::state::AppState;
use super::{dashboard, intake, v1};

pub type ServerHandle = actix_web::dev::ServerHandle;

/// Every route's template, which names its resource: the `route` label of
/// the request metrics and of the access log.
pub const ROUTE_TEMPLATES: &[&str] = &[
    "/api/v1/jobs",
    "/api/v1/jobs/{job_id}",
    "/api/v1/jobs/{job_id}/applications",
    "/api/v1/applications/{application_id}",
    "/api/v1/applications/{application_id}/resume",
    "/api/v1/applications/{application_id}/ats",
    "/api/v1/applications/{application_id}/ats/rerun",
    "/api/v1/applications/{application_id}/stage",
    "/api/v1/applications/{application_id}/tags",
    "/api/v1/applications/{application_id}/comments",
    "/api/orgs/{org_id}",
    "/api/orgs/{org_id}/api-keys",
    "/api/orgs/{org_id}/api-keys/{key_id}",
    "/api/orgs/{org_id}/members",
    "/api/orgs/{org_id}/teams",
    "/api/orgs/{org_id}/jobs",
    "/api/orgs/{org_id}/jobs/{job_id}",
    "/api/orgs/{org_id}/applications/{application_id}",
    "/api/orgs/{org_id}/notifications",
    "/api/jobs/{job_id}/applications",
    "/healthz",
    "/readyz",
    "/metrics",
    "/__test/panic",
];

pub fn start_server(listener: TcpListener, state: web::Data<AppState>, workers: usize) -> std::io::Result<Server> {
    let shutdown_timeout_seconds = state.settings.shutdown_timeout_seconds;
    let header_read_timeout = std::time::Duration::from_millis(state.settings.header_read_timeout_milliseconds);
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .app_data(web::PathConfig::default().error_handler(|error, request| {
                ApiError::invalid(Surface::of_path(request.path()), error.to_string()).into()
            }))
            .configure(|config| routes(config, state.settings.testing_routes, state.serves_metrics_here()))
            .default_service(web::to(route_not_found))
            .wrap(from_fn(readiness_gate))
            .wrap(from_fn(body_deadline))
            .wrap(from_fn(observe))
    })
    .workers(workers.max(1))
    .shutdown_timeout(shutdown_timeout_seconds)
    .client_request_timeout(header_read_timeout)
    .listen(listener)?
    .run();
    Ok(server)
}

/// The `--metrics-bind` listener: GET /metrics alone, on one worker.
pub fn start_metrics_server(listener: TcpListener, state: web::Data<AppState>) -> std::io::Result<Server> {
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .service(resource("/metrics", vec![web::get().to(super::metrics::page)]))
            .default_service(web::to(route_not_found))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .run();
    Ok(server)
}

/// A resource whose other methods answer 405 in the envelope, and whose
/// handlers' panics become 500s. The panic guard sits on the resource, not
/// the app, because it keeps a copy of the request, and actix can only route
/// a request it holds alone.
fn resource(
    path: &'static str,
    routes: Vec<Route>,
) -> actix_web::Resource<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse<actix_web::body::BoxBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    assert!(ROUTE_TEMPLATES.contains(&path), "{path} is listed in ROUTE_TEMPLATES");
    let relative = path.strip_prefix("/api/v1").filter(|rest| !rest.is_empty()).unwrap_or(path);
    routes
        .into_iter()
        .fold(web::resource(relative).name(path), |resource, route| resource.route(route))
        .default_service(web::to(method_not_allowed))
        .wrap(from_fn(contain_panics))
}

fn routes(config: &mut web::ServiceConfig, testing_routes: bool, metrics_here: bool) {
    config.service(
        web::scope("/api/v1")
            .wrap(from_fn(rate_limit_headers))
            .service(resource("/api/v1/jobs", vec![web::get().to(v1::jobs::list)]))
            .service(resource("/api/v1/jobs/{job_id}", vec![web::get().to(v1::jobs::detail)]))
            .service(resource("/api/v1/jobs/{job_id}/applications", vec![web::get().to(v1::jobs::applications)]))
            .service(resource("/api/v1/applications/{application_id}", vec![web::get().to(v1::applications::detail)]))
            .service(resource(
                "/api/v1/applications/{application_id}/resume",
                vec![web::get().to(v1::applications::resume)],
            ))
            .service(resource("/api/v1/applications/{application_id}/ats", vec![web::get().to(v1::applications::ats)]))
            .service(resource(
                "/api/v1/applications/{application_id}/ats/rerun",
                vec![web::post().to(v1::writes::rerun_ats)],
            ))
            .service(resource(
                "/api/v1/applications/{application_id}/stage",
                vec![web::patch().to(v1::writes::move_stage)],
            ))
            .service(resource(
                "/api/v1/applications/{application_id}/tags",
                vec![web::patch().to(v1::writes::update_tags)],
            ))
            .service(resource(
                "/api/v1/applications/{application_id}/comments",
                vec![web::get().to(v1::applications::comments), web::post().to(v1::writes::add_comment)],
            ))
            .default_service(web::to(route_not_found)),
    );
    config
        .service(resource("/api/orgs/{org_id}", vec![web::put().to(dashboard::organisation::put_workspace)]))
        .service(resource(
            "/api/orgs/{org_id}/api-keys",
            vec![web::post().to(dashboard::keys::create), web::get().to(dashboard::keys::list)],
        ))
        .service(resource("/api/orgs/{org_id}/api-keys/{key_id}", vec![web::delete().to(dashboard::keys::revoke)]))
        .service(resource("/api/orgs/{org_id}/members", vec![web::post().to(dashboard::organisation::add_member)]))
        .service(resource("/api/orgs/{org_id}/teams", vec![web::post().to(dashboard::organisation::create_team)]))
        .service(resource("/api/orgs/{org_id}/jobs", vec![web::post().to(dashboard::jobs::create)]))
        .service(resource("/api/orgs/{org_id}/jobs/{job_id}", vec![web::patch().to(dashboard::jobs::update)]))
        .service(resource(
            "/api/orgs/{org_id}/applications/{application_id}",
            vec![web::patch().to(dashboard::jobs::set_application_status)],
        ))
        .service(resource(
            "/api/orgs/{org_id}/notifications",
            vec![web::get().to(dashboard::organisation::notifications)],
        ))
        .service(resource("/api/jobs/{job_id}/applications", vec![web::post().to(intake::apply)]))
        .service(resource("/healthz", vec![web::get().to(health)]))
        .service(resource("/readyz", vec![web::get().to(ready)]));
    if metrics_here {
        config.service(resource("/metrics", vec![web::get().to(super::metrics::page)]));
    }
    if testing_routes {
        config.service(resource("/__test/panic", vec![web::get().to(panic_for_tests)]));
    }
}

async fn route_not_found(request: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::RouteNotFound(format!("{} {}", request.method(), request.path())))
}

async fn method_not_allowed(request: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::MethodNotAllowed(format!("{} {}", request.method(), request.path())))
}

async fn health() -> HttpResponse {
    success(json!({ "healthy": true }))
}

async fn ready() -> HttpResponse {
    // Unauthenticated: readiness only, nothing about what the server holds.
    success(json!({ "ready": true }))
}

async fn panic_for_tests() -> HttpResponse {
    panic!("deliberate panic from /__test/panic");
}
