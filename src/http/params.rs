//! Query-string parsing with messages that name the parameter. Unknown
//! parameters are rejected rather than ignored, so a typo such as
//! `atsMinScore` fails loudly instead of silently returning everything.

use std::collections::BTreeMap;

use actix_web::HttpRequest;

use super::cursor::{self, QueryBinding};
use super::error::{ApiError, Surface};
use crate::domain::limits::{DEFAULT_PAGE_LIMIT, PAGE_LIMIT_MAX};
use crate::domain::query::PageRequest;
use crate::domain::time::Timestamp;
use crate::domain::walk::{ListRequest, PageStart};
use crate::domain::workspace::change_sequence_at_most;

/// The largest `offset`: what a signed 64-bit integer holds, so that every
/// client language can send any offset the API takes.
pub const OFFSET_MAX: u64 = i64::MAX as u64;

/// Longest query string accepted.
pub const QUERY_STRING_BYTES_MAX: usize = 4_096;

pub struct QueryParams {
    surface: Surface,
    values: BTreeMap<String, String>,
}

impl QueryParams {
    pub fn parse(request: &HttpRequest, surface: Surface, allowed: &[&str]) -> Result<QueryParams, ApiError> {
        let query = request.query_string();
        if query.len() > QUERY_STRING_BYTES_MAX {
            return Err(ApiError::invalid(surface, format!("the query string is over {QUERY_STRING_BYTES_MAX} bytes")));
        }
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query)
            .map_err(|error| ApiError::invalid(surface, format!("the query string is malformed: {error}")))?;
        let mut values = BTreeMap::new();
        for (name, value) in pairs {
            if !allowed.contains(&name.as_str()) {
                return Err(ApiError::invalid(
                    surface,
                    format!("unknown query parameter `{name}`; this route takes {}", allowed.join(", ")),
                ));
            }
            if values.insert(name.clone(), value).is_some() {
                return Err(ApiError::invalid(surface, format!("query parameter `{name}` is given twice")));
            }
        }
        Ok(QueryParams { surface, values })
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    pub fn invalid(&self, message: impl Into<String>) -> ApiError {
        ApiError::invalid(self.surface, message)
    }

    /// `offset` (default 0, at most `OFFSET_MAX`) and `limit` (default 20,
    /// 1 or more, capped at 100).
    pub fn page(&self) -> Result<PageRequest, ApiError> {
        let offset = match self.text("offset") {
            None => 0,
            Some(text) => text.parse::<u64>().ok().filter(|offset| *offset <= OFFSET_MAX).map_or_else(
                || Err(self.invalid(format!("`offset` must be a whole number from 0 to {OFFSET_MAX}, not {text:?}"))),
                |offset| Ok(usize::try_from(offset).unwrap_or(usize::MAX)),
            )?,
        };
        // Any whole number from 1 to `OFFSET_MAX` is taken, and more than
        // `PAGE_LIMIT_MAX` is read as `PAGE_LIMIT_MAX`.
        let limit = match self.text("limit") {
            None => DEFAULT_PAGE_LIMIT,
            Some(text) => match text.parse::<u64>() {
                Ok(0) => return Err(self.invalid("`limit` must be at least 1")),
                Ok(limit) if limit <= OFFSET_MAX => usize::try_from(limit).unwrap_or(usize::MAX).min(PAGE_LIMIT_MAX),
                _ => {
                    return Err(self.invalid(format!(
                        "`limit` must be a whole number from 1 to {OFFSET_MAX} (above {PAGE_LIMIT_MAX} reads as {PAGE_LIMIT_MAX}), not {text:?}"
                    )))
                }
            },
        };
        Ok(PageRequest { offset, limit })
    }

    /// Where the page starts: `cursor` (checked against `binding`), or
    /// `offset`; never both. Then `limit` as `page` reads it.
    pub fn list_request(&self, binding: &QueryBinding<'_>) -> Result<ListRequest, ApiError> {
        let page = self.page()?;
        let Some(text) = self.text("cursor") else { return Ok(ListRequest::offset(page.offset, page.limit)) };
        if self.text("offset").is_some() {
            return Err(
                self.invalid("`cursor` and `offset` cannot be used together: a cursor says where its page starts")
            );
        }
        let walk = cursor::decode(text, binding).map_err(|error| self.invalid(error.to_string()))?;
        Ok(ListRequest { start: PageStart::After(walk), limit: page.limit })
    }

    /// `updatedAfter`: a change sequence (a whole number, as items'
    /// `changeSequence`), or an ISO 8601 time, read as the largest sequence
    /// a change at that time can have.
    pub fn updated_after(&self) -> Result<Option<u64>, ApiError> {
        let Some(text) = self.text("updatedAfter") else { return Ok(None) };
        if !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit()) {
            return text.parse::<u64>().map(Some).map_err(|_| {
                self.invalid(format!("`updatedAfter` is a change sequence too large to have been issued: {text:?}"))
            });
        }
        match Timestamp::parse_iso8601(text) {
            Some(at) => Ok(Some(change_sequence_at_most(at))),
            None => Err(self.invalid(format!(
                "`updatedAfter` must be a change sequence (a whole number) or an ISO 8601 time such as 2026-01-31T09:00:00Z, not {text:?}"
            ))),
        }
    }
}
