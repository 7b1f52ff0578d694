use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::query::PageRequest;
use crate::domain::walk::{ListRequest, PageStart};
use crate::http::json_writer::{write_json, write_json_array, JsonWriteError};

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

/// `{"<list>":[item,…],"pagination":{…}}`, as a page struct of those two
/// fields serialises: for the pages whose items write themselves without
/// serde (`ApplicationsPage`, `JobPage`). `list` is a constant field name.
pub fn write_list_page<T>(
    out: &mut Vec<u8>,
    list: &'static str,
    items: &[T],
    write_item: impl Fn(&T, &mut Vec<u8>),
    pagination: &ListPagination,
) -> Result<(), JsonWriteError> {
    out.extend_from_slice(b"{\"");
    out.extend_from_slice(list.as_bytes());
    out.extend_from_slice(b"\":");
    write_json_array(out, items, |out, item| write_item(item, out));
    out.extend_from_slice(b",\"pagination\":");
    write_json(out, pagination)?;
    out.push(b'}');
    Ok(())
}
