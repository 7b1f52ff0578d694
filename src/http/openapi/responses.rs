//! The failures operations share, each in the envelope with its codes
//! (README's error table has every code and status).

use utoipa::IntoResponses;

use super::schemas::FailureEnvelope;

/// What a `/api/v1` read may fail with.
#[derive(IntoResponses)]
#[allow(dead_code)] // descriptions of responses, never built
pub enum PublicReadFailures {
    /// `V1_INVALID_REQUEST`: a query parameter is unknown, given twice or out of range.
    #[response(status = 400)]
    Invalid(FailureEnvelope),
    /// `API_KEY_MISSING`, `API_KEY_INVALID` or `API_KEY_EXPIRED`.
    #[response(status = 401)]
    Unauthenticated(FailureEnvelope),
    /// `V1_RESOURCE_NOT_FOUND`: missing, or outside the key's claims (indistinguishable on purpose).
    #[response(status = 404)]
    NotFound(FailureEnvelope),
    /// `V1_RATE_LIMITED`; `Retry-After` says when to retry.
    #[response(status = 429, headers(("Retry-After" = u64, description = "Seconds to wait before retrying.")))]
    RateLimited(FailureEnvelope),
    /// `SERVICE_UNAVAILABLE`: the server is recovering its data.
    #[response(status = 503)]
    Unavailable(FailureEnvelope),
}

/// What a `/api/v1` write may fail with.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub enum PublicWriteFailures {
    /// `V1_INVALID_REQUEST`: the body breaks a rule; the message names the field.
    #[response(status = 400)]
    Invalid(FailureEnvelope),
    /// `API_KEY_MISSING`, `API_KEY_INVALID` or `API_KEY_EXPIRED`.
    #[response(status = 401)]
    Unauthenticated(FailureEnvelope),
    /// `V1_RESOURCE_NOT_FOUND`.
    #[response(status = 404)]
    NotFound(FailureEnvelope),
    /// `PAYLOAD_TOO_LARGE`.
    #[response(status = 413)]
    TooLarge(FailureEnvelope),
    /// `IDEMPOTENCY_KEY_IN_USE`: the first request with this `Idempotency-Key` is still being carried out; retry once it is answered.
    #[response(status = 409)]
    KeyInUse(FailureEnvelope),
    /// `UNSUPPORTED_MEDIA_TYPE`: the body is not `application/json`.
    #[response(status = 415)]
    NotJson(FailureEnvelope),
    /// `IDEMPOTENCY_KEY_REUSED`: this `Idempotency-Key` was used within 24 hours for another request (route, application or body).
    #[response(status = 422)]
    KeyReused(FailureEnvelope),
    /// `V1_RATE_LIMITED`; `Retry-After` says when to retry.
    #[response(status = 429, headers(("Retry-After" = u64, description = "Seconds to wait before retrying.")))]
    RateLimited(FailureEnvelope),
    /// `STORAGE_UNAVAILABLE` (writes are refused until a restart) or `SERVICE_UNAVAILABLE`.
    #[response(status = 503)]
    Unavailable(FailureEnvelope),
}

/// What a JWT-authenticated operation may fail with.
#[derive(IntoResponses)]
#[allow(dead_code)]
pub enum DashboardFailures {
    /// `INVALID_REQUEST`: the body or a parameter breaks a rule; the message names it.
    #[response(status = 400)]
    Invalid(FailureEnvelope),
    /// `AUTH_TOKEN_MISSING`, `AUTH_TOKEN_INVALID` or `AUTH_TOKEN_EXPIRED`.
    #[response(status = 401)]
    Unauthenticated(FailureEnvelope),
    /// `FORBIDDEN`: the token's role does not allow it.
    #[response(status = 403)]
    Forbidden(FailureEnvelope),
    /// `RESOURCE_NOT_FOUND`.
    #[response(status = 404)]
    NotFound(FailureEnvelope),
    /// `PAYLOAD_TOO_LARGE`.
    #[response(status = 413)]
    TooLarge(FailureEnvelope),
    /// `UNSUPPORTED_MEDIA_TYPE`.
    #[response(status = 415)]
    NotJson(FailureEnvelope),
    /// `STORAGE_UNAVAILABLE` or `SERVICE_UNAVAILABLE`.
    #[response(status = 503)]
    Unavailable(FailureEnvelope),
}
