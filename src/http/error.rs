//! Every failure the HTTP layer can answer, and the one place that chooses
//! its status and code. `status_and_code` matches without a wildcard, so a
//! new variant (or a new `DomainError`) does not compile until it is mapped.
//!
//! The same domain error has two spellings: `/api/v1` prefixes its codes with
//! `V1_` (as the spec's error table does); the JWT surfaces do not.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};

use super::envelope::failure_body;
use crate::domain::error::DomainError;
use crate::workspace::RegistryError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// `/api/v1`, authenticated by API key.
    PublicApi,
    /// The JWT surfaces (key management, dashboard) and the careers-page intake.
    Dashboard,
}

impl Surface {
    pub fn of_path(path: &str) -> Surface {
        if path == "/api/v1" || path.starts_with("/api/v1/") {
            Surface::PublicApi
        } else {
            Surface::Dashboard
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{1}")]
    Domain(Surface, DomainError),
    #[error("the X-API-Key header is missing")]
    ApiKeyMissing,
    #[error("the API key is not valid (unknown or revoked)")]
    ApiKeyInvalid,
    #[error("the API key has expired")]
    ApiKeyExpired,
    #[error("rate limit exceeded; retry in {retry_after_seconds} s")]
    RateLimited { surface: Surface, retry_after_seconds: u64 },
    #[error("the Authorization header with a Bearer token is missing")]
    TokenMissing,
    #[error("the bearer token is not valid: {0}")]
    TokenInvalid(String),
    #[error("the bearer token has expired")]
    TokenExpired,
    #[error("no route matches {0}")]
    RouteNotFound(String),
    #[error("{0} is not allowed on this route")]
    MethodNotAllowed(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    Unavailable(String),
    #[error("storage is unavailable, so writes are refused (reads still work): {0}")]
    StorageUnavailable(String),
    #[error("the request body did not arrive within the body-read deadline; the connection is closed")]
    RequestTimeout,
    #[error("an internal error occurred; it has been logged")]
    Internal,
}

impl ApiError {
    pub fn invalid(surface: Surface, message: impl Into<String>) -> ApiError {
        ApiError::Domain(surface, DomainError::Invalid(message.into()))
    }

    /// For `map_err`: a domain refusal on this surface.
    pub fn domain(surface: Surface) -> impl FnOnce(DomainError) -> ApiError {
        move |error| ApiError::Domain(surface, error)
    }

    pub fn not_found(surface: Surface, message: impl Into<String>) -> ApiError {
        ApiError::Domain(surface, DomainError::NotFound(message.into()))
    }

    pub fn from_registry(surface: Surface, error: RegistryError) -> ApiError {
        match error {
            RegistryError::Domain(error) => ApiError::Domain(surface, error),
            RegistryError::Unavailable(message) => ApiError::Unavailable(message),
            storage @ (RegistryError::Journal(_) | RegistryError::Blobs(_) | RegistryError::ActorStopped) => {
                tracing::error!(code = storage.storage_code(), error = %storage, "a write failed in storage");
                ApiError::StorageUnavailable(storage.to_string())
            }
        }
    }

    pub fn status_and_code(&self) -> (StatusCode, &'static str) {
        use Surface::{Dashboard, PublicApi};
        match self {
            ApiError::Domain(PublicApi, DomainError::NotFound(_)) => (StatusCode::NOT_FOUND, "V1_RESOURCE_NOT_FOUND"),
            ApiError::Domain(Dashboard, DomainError::NotFound(_)) => (StatusCode::NOT_FOUND, "RESOURCE_NOT_FOUND"),
            ApiError::Domain(PublicApi, DomainError::Invalid(_)) => (StatusCode::BAD_REQUEST, "V1_INVALID_REQUEST"),
            ApiError::Domain(Dashboard, DomainError::Invalid(_)) => (StatusCode::BAD_REQUEST, "INVALID_REQUEST"),
            ApiError::Domain(_, DomainError::TierRequired(_)) => (StatusCode::PAYMENT_REQUIRED, "JOB_TIER_REQUIRED"),
            ApiError::Domain(_, DomainError::Forbidden(_)) => (StatusCode::FORBIDDEN, "FORBIDDEN"),
            ApiError::Domain(_, DomainError::NotAcceptingApplications(_)) => {
                (StatusCode::CONFLICT, "JOB_NOT_ACCEPTING_APPLICATIONS")
            }
            ApiError::Domain(_, DomainError::ApplicationExists(_)) => (StatusCode::CONFLICT, "APPLICATION_EXISTS"),
            ApiError::Domain(_, DomainError::IdempotencyKeyReused(_)) => {
                (StatusCode::UNPROCESSABLE_ENTITY, "IDEMPOTENCY_KEY_REUSED")
            }
            ApiError::Domain(_, DomainError::IdempotencyKeyInUse(_)) => {
                (StatusCode::CONFLICT, "IDEMPOTENCY_KEY_IN_USE")
            }
            ApiError::ApiKeyMissing => (StatusCode::UNAUTHORIZED, "API_KEY_MISSING"),
            ApiError::ApiKeyInvalid => (StatusCode::UNAUTHORIZED, "API_KEY_INVALID"),
            ApiError::ApiKeyExpired => (StatusCode::UNAUTHORIZED, "API_KEY_EXPIRED"),
            ApiError::RateLimited { surface: PublicApi, .. } => (StatusCode::TOO_MANY_REQUESTS, "V1_RATE_LIMITED"),
            ApiError::RateLimited { surface: Dashboard, .. } => (StatusCode::TOO_MANY_REQUESTS, "RATE_LIMITED"),
            ApiError::TokenMissing => (StatusCode::UNAUTHORIZED, "AUTH_TOKEN_MISSING"),
            ApiError::TokenInvalid(_) => (StatusCode::UNAUTHORIZED, "AUTH_TOKEN_INVALID"),
            ApiError::TokenExpired => (StatusCode::UNAUTHORIZED, "AUTH_TOKEN_EXPIRED"),
            ApiError::RouteNotFound(_) => (StatusCode::NOT_FOUND, "ROUTE_NOT_FOUND"),
            ApiError::MethodNotAllowed(_) => (StatusCode::METHOD_NOT_ALLOWED, "METHOD_NOT_ALLOWED"),
            ApiError::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "PAYLOAD_TOO_LARGE"),
            ApiError::UnsupportedMediaType(_) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "UNSUPPORTED_MEDIA_TYPE"),
            ApiError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "SERVICE_UNAVAILABLE"),
            ApiError::StorageUnavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "STORAGE_UNAVAILABLE"),
            ApiError::RequestTimeout => (StatusCode::REQUEST_TIMEOUT, "REQUEST_TIMEOUT"),
            ApiError::Internal => (StatusCode::INTERNAL_SERVER_ERROR, "INTERNAL_ERROR"),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status_and_code().0
    }

    fn error_response(&self) -> HttpResponse {
        let (status, code) = self.status_and_code();
        let mut response = HttpResponse::build(status);
        if let ApiError::RateLimited { retry_after_seconds, .. } = self {
            response.insert_header((header::RETRY_AFTER, HeaderValue::from(*retry_after_seconds)));
        }
        if matches!(self, ApiError::RequestTimeout) {
            // The rest of the body may still arrive; the connection cannot be reused.
            response.force_close();
        }
        if matches!(self, ApiError::TokenMissing | ApiError::TokenInvalid(_) | ApiError::TokenExpired) {
            response.insert_header((header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer")));
        }
        response.json(failure_body(code, &self.to_string()))
    }
}
