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
    /// An idempotency key came back with another request than the one it was first used for.
    #[error("{0}")]
    IdempotencyKeyReused(String),
    /// An idempotency key came back while the write it was first used for is still being made durable.
    #[error("{0}")]
    IdempotencyKeyInUse(String),
}

pub type DomainResult<T> = Result<T, DomainError>;

/// What is wrong with one value, phrased to follow the name of the field
/// that held it ("must not be empty"). The domain's value checks know the
/// rule but not what the value is called on the wire; whoever read it from a
/// request names it with `in_field`, so field names live at the edge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Defect(pub String);

/// A value check's result.
pub type Checked<T> = Result<T, Defect>;

pub(crate) fn defect<T>(phrase: impl Into<String>) -> Checked<T> {
    Err(Defect(phrase.into()))
}

/// Names the field a defective value came from.
pub trait InField<T> {
    fn in_field(self, field: &str) -> DomainResult<T>;
}

impl<T> InField<T> for Checked<T> {
    fn in_field(self, field: &str) -> DomainResult<T> {
        self.map_err(|Defect(phrase)| DomainError::Invalid(format!("`{field}` {phrase}")))
    }
}

pub(crate) fn invalid<T>(message: impl Into<String>) -> DomainResult<T> {
    Err(DomainError::Invalid(message.into()))
}

pub(crate) fn not_found<T>(message: impl Into<String>) -> DomainResult<T> {
    Err(DomainError::NotFound(message.into()))
}
