//! Building the app and running the server on a listener that is already
//! bound, which is what lets tests start it on port 0.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::http::Method;
use actix_web::middleware::from_fn;
use actix_web::{
    web, App, FromRequest, Handler, HttpRequest, HttpResponse, HttpServer, Responder, ResponseError, Route,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::envelope::success;
use super::error::{ApiError, Surface};
use super::middleware::{contain_panics, rate_limit_headers};
use super::observe::observe;
use super::openapi::schemas::{FailureEnvelope, SuccessEnvelope};
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
    "/api/v1/openapi.json",
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
            .service(resource("/metrics", vec![on(Method::GET, super::metrics::page)]))
            .default_service(web::to(route_not_found))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .run();
    Ok(server)
}

/// A handler for one method, kept with the method so that the resource's
/// 405 can say which methods it takes.
fn on<F, Args>(method: Method, handler: F) -> (Method, Route)
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    (method.clone(), web::route().guard(MethodIs(method)).to(handler))
}

/// A route's method, checked without what actix's own method guard does
/// besides: it records every method it is asked about in the request's
/// extensions (for an `Allow` header that [`mounted`] already builds), an
/// allocation and a few hundred instructions on every request.
struct MethodIs(Method);

impl actix_web::guard::Guard for MethodIs {
    fn check(&self, context: &actix_web::guard::GuardContext<'_>) -> bool {
        context.head().method == self.0
    }
}

/// The type of a resource built here (an alias cannot hold `impl Trait`).
macro_rules! guarded_resource {
    () => {
        actix_web::Resource<
            impl actix_web::dev::ServiceFactory<
                actix_web::dev::ServiceRequest,
                Config = (),
                Response = actix_web::dev::ServiceResponse<actix_web::body::BoxBody>,
                Error = actix_web::Error,
                InitError = (),
            >,
        >
    };
}

/// A resource at `path`, named by its template, whose other methods answer
/// 405 in the envelope with an `Allow` header, and whose handlers' panics
/// become 500s. The panic guard sits on the resource, not the app, because
/// it keeps a copy of the request, and actix can only route a request it
/// holds alone.
fn resource(path: &'static str, routes: Vec<(Method, Route)>) -> guarded_resource!() {
    mounted(path, path, routes)
}

const V1_PREFIX: &str = "/api/v1";
const JOB_PREFIX: &str = "/api/v1/jobs/{job_id}";
const APPLICATION_PREFIX: &str = "/api/v1/applications/{application_id}";

/// A resource inside the scope at `scope_prefix`, mounted relative to it.
fn in_scope(scope_prefix: &str, path: &'static str, routes: Vec<(Method, Route)>) -> guarded_resource!() {
    let relative = path.strip_prefix(scope_prefix).expect("a path inside its scope");
    mounted(path, relative, routes)
}

/// The scope of one job's or application's resources, inside `/api/v1`.
/// A path under it that none of them has is the envelope's 404, as
/// elsewhere.
fn nested_scope(prefix: &'static str) -> actix_web::Scope {
    let relative = prefix.strip_prefix(V1_PREFIX).expect("a scope inside /api/v1");
    web::scope(relative).default_service(web::to(route_not_found))
}

fn mounted(template: &'static str, mount: &str, routes: Vec<(Method, Route)>) -> guarded_resource!() {
    assert!(ROUTE_TEMPLATES.contains(&template), "{template} is listed in ROUTE_TEMPLATES");
    let allow: Vec<&str> = routes.iter().map(|(method, _)| method.as_str()).collect();
    let allow = allow.join(", ");
    routes
        .into_iter()
        .fold(web::resource(mount).name(template), |resource, (_, route)| resource.route(route))
        .default_service(web::to(move |request: HttpRequest| method_not_allowed(request, allow.clone())))
        .wrap(from_fn(contain_panics))
}

fn routes(config: &mut web::ServiceConfig, testing_routes: bool, metrics_here: bool) {
    // Before the /api/v1 scope, which would take it: the document is open,
    // needs no key and counts against no rate limit.
    config.service(resource("/api/v1/openapi.json", vec![on(Method::GET, super::openapi::serve)]));
    // The scopes nest by the ID segment, so a request is matched against
    // at most two patterns with a variable (each a regex search in
    // actix-router) and then against plain strings: one flat list of ten
    // resources cost a request to the last of them about 11,000
    // instructions of regex searches.
    config.service(
        web::scope(V1_PREFIX)
            .wrap(from_fn(rate_limit_headers))
            .service(in_scope(V1_PREFIX, "/api/v1/jobs", vec![on(Method::GET, v1::jobs::list)]))
            .service(
                nested_scope(JOB_PREFIX)
                    .service(in_scope(JOB_PREFIX, "/api/v1/jobs/{job_id}", vec![on(Method::GET, v1::jobs::detail)]))
                    .service(in_scope(
                        JOB_PREFIX,
                        "/api/v1/jobs/{job_id}/applications",
                        vec![on(Method::GET, v1::jobs::applications)],
                    )),
            )
            .service(
                nested_scope(APPLICATION_PREFIX)
                    .service(in_scope(
                        APPLICATION_PREFIX,
                        "/api/v1/applications/{application_id}",
                        vec![on(Method::GET, v1::applications::detail)],
                    ))
                    .service(in_scope(
                        APPLICATION_PREFIX,
                        "/api/v1/applications/{application_id}/resume",
                        vec![on(Method::GET, v1::applications::resume)],
                    ))
                    .service(in_scope(
                        APPLICATION_PREFIX,
                        "/api/v1/applications/{application_id}/ats",
                        vec![on(Method::GET, v1::applications::ats)],
                    ))
                    .service(in_scope(
                        APPLICATION_PREFIX,
                        "/api/v1/applications/{application_id}/ats/rerun",
                        vec![on(Method::POST, v1::writes::rerun_ats)],
                    ))
                    .service(in_scope(
                        APPLICATION_PREFIX,
                        "/api/v1/applications/{application_id}/stage",
                        vec![on(Method::PATCH, v1::writes::move_stage)],
                    ))
                    .service(in_scope(
                        APPLICATION_PREFIX,
                        "/api/v1/applications/{application_id}/tags",
                        vec![on(Method::PATCH, v1::writes::update_tags)],
                    ))
                    .service(in_scope(
                        APPLICATION_PREFIX,
                        "/api/v1/applications/{application_id}/comments",
                        vec![on(Method::GET, v1::applications::comments), on(Method::POST, v1::writes::add_comment)],
                    )),
            )
            .default_service(web::to(route_not_found)),
    );
    config
        .service(resource("/api/orgs/{org_id}", vec![on(Method::PUT, dashboard::organisation::put_workspace)]))
        .service(resource(
            "/api/orgs/{org_id}/api-keys",
            vec![on(Method::POST, dashboard::keys::create), on(Method::GET, dashboard::keys::list)],
        ))
        .service(resource("/api/orgs/{org_id}/api-keys/{key_id}", vec![on(Method::DELETE, dashboard::keys::revoke)]))
        .service(resource("/api/orgs/{org_id}/members", vec![on(Method::POST, dashboard::organisation::add_member)]))
        .service(resource("/api/orgs/{org_id}/teams", vec![on(Method::POST, dashboard::organisation::create_team)]))
        .service(resource("/api/orgs/{org_id}/jobs", vec![on(Method::POST, dashboard::jobs::create)]))
        .service(resource("/api/orgs/{org_id}/jobs/{job_id}", vec![on(Method::PATCH, dashboard::jobs::update)]))
        .service(resource(
            "/api/orgs/{org_id}/applications/{application_id}",
            vec![on(Method::PATCH, dashboard::jobs::set_application_status)],
        ))
        .service(resource(
            "/api/orgs/{org_id}/notifications",
            vec![on(Method::GET, dashboard::organisation::notifications)],
        ))
        .service(resource("/api/jobs/{job_id}/applications", vec![on(Method::POST, intake::apply)]))
        .service(resource("/healthz", vec![on(Method::GET, health)]))
        .service(resource("/readyz", vec![on(Method::GET, ready)]));
    if metrics_here {
        config.service(resource("/metrics", vec![on(Method::GET, super::metrics::page)]));
    }
    if testing_routes {
        config.service(resource("/__test/panic", vec![on(Method::GET, panic_for_tests)]));
    }
}

async fn route_not_found(request: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::RouteNotFound(format!("{} {}", request.method(), request.path())))
}

async fn method_not_allowed(request: HttpRequest, allow: String) -> HttpResponse {
    let error =
        ApiError::MethodNotAllowed(format!("{} {}; this route takes {allow}", request.method(), request.path()));
    let mut response = error.error_response();
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&allow) {
        response.headers_mut().insert(actix_web::http::header::ALLOW, value);
    }
    response
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// Always `true`: the process answers.
    healthy: bool,
}

#[derive(Serialize, ToSchema)]
pub struct Readiness {
    /// Always `true`: until recovery has finished, this answers 503 instead.
    ready: bool,
}

/// Whether the process answers; true even while it recovers.
#[utoipa::path(
    get,
    path = "/healthz",
    operation_id = "health",
    tag = "operations",
    responses((status = 200, description = "Alive.", body = SuccessEnvelope<Health>))
)]
pub async fn health() -> HttpResponse {
    success(Health { healthy: true })
}

/// Whether the API serves: 503 until the data directory is recovered.
#[utoipa::path(
    get,
    path = "/readyz",
    operation_id = "ready",
    tag = "operations",
    responses(
        (status = 200, description = "Serving.", body = SuccessEnvelope<Readiness>),
        (status = 503, description = "`SERVICE_UNAVAILABLE`: still recovering.", body = FailureEnvelope)
    )
)]
pub async fn ready() -> HttpResponse {
    // Unauthenticated: readiness only, nothing about what the server holds.
    success(Readiness { ready: true })
}

async fn panic_for_tests() -> HttpResponse {
    panic!("deliberate panic from /__test/panic");
}
