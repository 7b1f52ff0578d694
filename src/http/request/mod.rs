//! Request bodies: the JSON the API accepts, and how each becomes a domain
//! command. The wire's names live here and nowhere else: a value is checked
//! by the domain's rule for it, and a defect is reported under the name the
//! client used (`title`, `criteria.mustHaves[]`). Absent fields are `None`
//! so that each reader can say which are required; unknown fields are
//! refused by `deny_unknown_fields`, so a misspelt field is never ignored.

pub mod candidate;
pub mod job;
pub mod key;
pub mod organisation;

use crate::domain::error::{invalid, DomainResult, InField};
use crate::domain::text::required_line;

/// A required single-line text field.
pub(crate) fn required_text(field: &str, value: Option<&str>, length_max: usize) -> DomainResult<String> {
    match value {
        Some(value) => required_line(value, length_max).in_field(field),
        None => invalid(format!("`{field}` is required")),
    }
}

/// Parses a field with one of the domain's `parse` functions, or says what it may hold.
pub(crate) fn parsed<T>(
    field: &str,
    value: &str,
    parse: impl Fn(&str) -> Option<T>,
    expected: &str,
) -> DomainResult<T> {
    match parse(value) {
        Some(parsed) => Ok(parsed),
        None => invalid(format!("`{field}` must be {expected}")),
    }
}
