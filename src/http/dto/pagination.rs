use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::query::PageRequest;
use crate::domain::walk::{ListRequest, PageStart};

/// Where a page sits: `total` counts every item the query matches.
#[derive(Serialize, ToSchema)]
pub struct Pagination {
    pub offset: usize,
    pub limit: usize,
    pub total: usize,
}

impl Pagination {
    pub fn new(page: PageRequest, total: usize) -> Self {
        Self { offset: page.offset, limit: page.limit, total }
    }
}

/// Where a page of a listing that also walks by cursor sits.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListPagination {
    /// Items skipped, for a page asked for by `offset`; null for a page asked for by `cursor`.
    pub offset: Option<usize>,
    pub limit: usize,
    /// Every item the query matches now.
    pub total: usize,
    /// Send as `cursor` (with the same filters and sort) for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

impl ListPagination {
    pub fn new(request: &ListRequest, total: usize, next_cursor: Option<String>) -> Self {
        let offset = match request.start {
            PageStart::Offset(offset) => Some(offset),
            PageStart::After(_) => None,
        };
        Self { offset, limit: request.limit, total, next_cursor }
    }
}
