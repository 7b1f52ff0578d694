use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::query::PageRequest;

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
