//! Cross-cutting behaviour (besides `observe`, which calls the first two):
//! nothing is served before recovery has finished, every request body is
//! read under a deadline, panics become 500s in the envelope (and never take
//! a worker down), and every /api/v1 response carries the `X-RateLimit-*`
//! headers of the decision its extractor made.

use std::panic::AssertUnwindSafe;
use std::time::Duration;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpResponse, ResponseError};
use futures_util::FutureExt;

use super::body::DeadlinePayload;
use super::error::{ApiError, Surface};
use super::extract::rate_decision_without_handler;
use crate::auth::key_registry::RateDecision;

pub async fn contain_panics(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let http_request = request.request().clone();
    match AssertUnwindSafe(next.call(request)).catch_unwind().await {
        Ok(result) => result.map(ServiceResponse::map_into_boxed_body),
        Err(panic) => {
            let response = panic_response(http_request.path(), panic);
            Ok(ServiceResponse::new(http_request, response))
        }
    }
}

/// The 500 a handler's panic becomes, logged with what it said.
pub fn panic_response(path: &str, panic: Box<dyn std::any::Any + Send>) -> HttpResponse {
    let message = panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    tracing::error!(path = %path, %message, "a handler panicked");
    ApiError::Internal.error_response()
}

/// Until recovery has finished, only `/healthz` answers normally: `/readyz`
/// and the API answer 503, so nothing is served from a partial state.
/// `Err` gives the request back to be served. Called by `observe` rather
/// than wrapped around the app as a layer of its own: each layer costs
/// every request a boxed future.
pub fn refuse_until_ready(request: ServiceRequest, ready: bool) -> Result<ServiceResponse<BoxBody>, ServiceRequest> {
    if ready || request.path() == "/healthz" {
        return Err(request);
    }
    let error = ApiError::Unavailable("the server is recovering its data; retry shortly".into());
    Ok(request.into_response(error.error_response()))
}

/// Puts the request's body under the body-read deadline: a client that
/// stops sending part-way gets 408 once the deadline passes, and its
/// connection is closed, instead of holding a worker for ever. Called by
/// `observe`, for the reason [`refuse_until_ready`] gives.
type BoxedPayloadStream =
    std::pin::Pin<Box<dyn futures_util::Stream<Item = Result<actix_web::web::Bytes, actix_web::error::PayloadError>>>>;

pub fn put_body_under_deadline(request: &mut ServiceRequest, timeout_milliseconds: u64) {
    let payload = match request.take_payload() {
        // Most requests (every GET) have no body: no timer for them.
        Payload::None => Payload::None,
        payload => {
            let deadline = DeadlinePayload::new(payload, Duration::from_millis(timeout_milliseconds));
            Payload::Stream { payload: Box::pin(deadline) as BoxedPayloadStream }
        }
    };
    request.set_payload(payload);
}

pub async fn rate_limit_headers(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    Ok(with_rate_limit_headers(next.call(request).await?.map_into_boxed_body()))
}

/// `response` with the `X-RateLimit-*` headers of the decision its
/// extractor made; one that ran no extractor (an unknown route, a wrong
/// method) is counted, and limited, here, so that every /api/v1 response is.
pub fn with_rate_limit_headers(mut response: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    let recorded = response.request().extensions().get::<RateDecision>().copied();
    let decision = match recorded {
        Some(decision) => decision,
        None => {
            let decision = rate_decision_without_handler(response.request());
            if !decision.allowed {
                let limited = ApiError::RateLimited {
                    surface: Surface::PublicApi,
                    retry_after_seconds: decision.retry_after_seconds,
                };
                response = ServiceResponse::new(response.request().clone(), limited.error_response());
            }
            decision
        }
    };
    let headers = response.headers_mut();
    headers.insert(HeaderName::from_static("x-ratelimit-limit"), HeaderValue::from(decision.limit));
    headers.insert(HeaderName::from_static("x-ratelimit-remaining"), HeaderValue::from(decision.remaining));
    headers.insert(HeaderName::from_static("x-ratelimit-reset"), HeaderValue::from(decision.reset_seconds));
    response
}
