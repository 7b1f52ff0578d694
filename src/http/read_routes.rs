//! The public API's reads, routed by hand. `observe` sends a GET whose path
//! is one of the seven read routes straight to its handler; every other
//! request (the writes, a wrong method, an unknown path, an ID that is
//! percent-encoded) goes through actix's router as before, which stays the
//! one that answers 404 and 405.
//!
//! Why: reads are most of the traffic, and actix's router cost a read about
//! 6,000 instructions (`loadtests/instructions.sh`) that this match does
//! not: a regex search per pattern with a variable, a boxed service and
//! future per level (scope, resource, route, and the panic guard and
//! rate-limit layers on them), and the path parameters' bookkeeping. What
//! those layers did is done here in line: a panic becomes the envelope's
//! 500, and the response carries the `X-RateLimit-*` headers
//! (`middleware::with_rate_limit_headers`).
//!
//! The handlers are the same functions the router calls, with the same
//! extractors, so the answers are the same bytes; the API tests' reads all
//! come this way, and the router's registration in `server` keeps the
//! OpenAPI document and the 405s.

use std::panic::AssertUnwindSafe;

use actix_web::body::BoxBody;
use actix_web::dev::{Payload, ServiceResponse};
use actix_web::http::Method;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse, ResponseError};
use futures_util::FutureExt;

use super::error::ApiError;
use super::extract::{app_state, KeyCaller};
use super::middleware::{panic_response, with_rate_limit_headers};
use super::v1;

/// One of the public API's read routes, with its path's ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Read {
    Jobs,
    Job(String),
    JobApplications(String),
    Application(String),
    Resume(String),
    Ats(String),
    Comments(String),
}

impl Read {
    /// The read route `method` and `path` ask for, if it is one and its
    /// ID needs no decoding; `None` leaves the request to the router.
    pub fn of(method: &Method, path: &str) -> Option<Read> {
        if method != Method::GET {
            return None;
        }
        let mut segments = path.strip_prefix("/api/v1/")?.split('/');
        let (collection, id, tail, beyond) = (segments.next()?, segments.next(), segments.next(), segments.next());
        if beyond.is_some() {
            return None;
        }
        let id = match id {
            None => return (collection == "jobs").then_some(Read::Jobs),
            Some(id) if !id.is_empty() && !id.contains('%') => id.to_owned(),
            Some(_) => return None,
        };
        match (collection, tail) {
            ("jobs", None) => Some(Read::Job(id)),
            ("jobs", Some("applications")) => Some(Read::JobApplications(id)),
            ("applications", None) => Some(Read::Application(id)),
            ("applications", Some("resume")) => Some(Read::Resume(id)),
            ("applications", Some("ats")) => Some(Read::Ats(id)),
            ("applications", Some("comments")) => Some(Read::Comments(id)),
            _ => None,
        }
    }

    /// The route's template, as the router names it (`server::ROUTE_TEMPLATES`).
    pub fn template(&self) -> &'static str {
        match self {
            Read::Jobs => "/api/v1/jobs",
            Read::Job(_) => "/api/v1/jobs/{job_id}",
            Read::JobApplications(_) => "/api/v1/jobs/{job_id}/applications",
            Read::Application(_) => "/api/v1/applications/{application_id}",
            Read::Resume(_) => "/api/v1/applications/{application_id}/resume",
            Read::Ats(_) => "/api/v1/applications/{application_id}/ats",
            Read::Comments(_) => "/api/v1/applications/{application_id}/comments",
        }
    }

    /// Answers the read as the router's resource would.
    pub async fn serve(self, request: HttpRequest) -> ServiceResponse<BoxBody> {
        let answered = AssertUnwindSafe(self.call_handler(request.clone())).catch_unwind().await;
        let response = match answered {
            Ok(Ok(response)) => response,
            Ok(Err(error)) => error.error_response(),
            Err(panic) => panic_response(request.path(), panic),
        };
        with_rate_limit_headers(ServiceResponse::new(request, response))
    }

    async fn call_handler(self, request: HttpRequest) -> Result<HttpResponse, ApiError> {
        let caller = KeyCaller::from_request(&request, &mut Payload::None).await?;
        match self {
            Read::Jobs => {
                let state = app_state(&request).clone();
                v1::jobs::list(request, caller, state).await
            }
            Read::Job(id) => v1::jobs::detail(request, caller, web::Path::from(id)).await,
            Read::JobApplications(id) => v1::jobs::applications(request, caller, web::Path::from(id)).await,
            Read::Application(id) => v1::applications::detail(request, caller, web::Path::from(id)).await,
            Read::Resume(id) => v1::applications::resume(request, caller, web::Path::from(id)).await,
            Read::Ats(id) => v1::applications::ats(request, caller, web::Path::from(id)).await,
            Read::Comments(id) => v1::applications::comments(request, caller, web::Path::from(id)).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::server::ROUTE_TEMPLATES;

    #[test]
    fn the_seven_reads_are_matched_with_their_ids() {
        let get = |path| Read::of(&Method::GET, path);
        assert_eq!(get("/api/v1/jobs"), Some(Read::Jobs));
        assert_eq!(get("/api/v1/jobs/job_1"), Some(Read::Job("job_1".into())));
        assert_eq!(get("/api/v1/jobs/job_1/applications"), Some(Read::JobApplications("job_1".into())));
        assert_eq!(get("/api/v1/applications/app_1"), Some(Read::Application("app_1".into())));
        assert_eq!(get("/api/v1/applications/app_1/resume"), Some(Read::Resume("app_1".into())));
        assert_eq!(get("/api/v1/applications/app_1/ats"), Some(Read::Ats("app_1".into())));
        assert_eq!(get("/api/v1/applications/app_1/comments"), Some(Read::Comments("app_1".into())));
    }

    #[test]
    fn anything_else_is_left_to_the_router() {
        for path in [
            "/api/v1",
            "/api/v1/",
            "/api/v1/jobs/",
            "/api/v1//jobs",
            "/api/v1/jobs/job_1/",
            "/api/v1/jobs/job_1/applications/more",
            "/api/v1/jobs/job_1/nope",
            "/api/v1/applications",
            "/api/v1/applications/app_1/ats/rerun",
            "/api/v1/applications/app_1/stage",
            "/api/v1/applications/app%5F1",
            "/api/v1/openapi.json",
            "/api/v1/nope",
            "/api/orgs/acme/jobs",
            "/healthz",
        ] {
            assert_eq!(Read::of(&Method::GET, path), None, "{path}");
        }
        for method in [Method::HEAD, Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
            assert_eq!(Read::of(&method, "/api/v1/applications/app_1/comments"), None, "{method}");
        }
    }

    #[test]
    fn every_read_is_named_by_a_registered_template() {
        for read in [
            Read::Jobs,
            Read::Job(String::new()),
            Read::JobApplications(String::new()),
            Read::Application(String::new()),
            Read::Resume(String::new()),
            Read::Ats(String::new()),
            Read::Comments(String::new()),
        ] {
            assert!(ROUTE_TEMPLATES.contains(&read.template()), "{}", read.template());
        }
    }
}
