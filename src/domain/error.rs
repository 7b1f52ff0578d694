//! The domain's errors: what went wrong in terms of the business rules, with
//! no HTTP status attached. `http::error` maps each variant to a status and a
//! surface-specific code in one exhaustive match.

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    /// Missing, or outside the caller's reach: the two are indistinguishable on purpose.
    #[error("{0}")]
    NotFound(String),
    /// The request breaks a rule; the message names the field.
    #[error("{0}")]
    Invalid(String),
    /// The operation needs a paid job.
    #[error("{0}")]
    TierRequired(String),
    /// The caller's role does not allow the operation.
    #[error("{0}")]
    Forbidden(String),
    /// The job exists but does not take applications in its current status.
    #[error("{0}")]
    NotAcceptingApplications(String),
    /// The job already has an application from this email address.
    #[error("{0}")]
    ApplicationExists(String),
}

pub type DomainResult<T> = Result<T, DomainError>;

pub(crate) fn invalid<T>(message: impl Into<String>) -> DomainResult<T> {
    Err(DomainError::Invalid(message.into()))
}

pub(crate) fn not_found<T>(message: impl Into<String>) -> DomainResult<T> {
    Err(DomainError::NotFound(message.into()))
}
