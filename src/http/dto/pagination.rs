use serde::Serialize;

use crate::domain::query::PageRequest;

#[derive(Serialize)]
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
