use actix_web::web::Bytes;
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

const NEXT_CURSOR_FIELD: &[u8] = b"\"nextCursor\":\"";

/// A page's body as `write_list_page` wrote it, with its `nextCursor`
/// replaced by `cursor`: for a body kept by what the page shows, sent again
/// when only the walk's pin (in the cursor) moved. `nextCursor` is the last
/// field `write_list_page` writes, after every item, so the last occurrence
/// is the field and not an item's text (which escapes its quotes anyway).
/// The body itself when its cursor is already `cursor` (orders without a
/// pin); None when the body has no cursor to replace.
pub fn with_next_cursor(body: Bytes, cursor: &str) -> Option<Bytes> {
    let field = memchr::memmem::rfind(&body, NEXT_CURSOR_FIELD)?;
    let start = field + NEXT_CURSOR_FIELD.len();
    let end = start + memchr::memchr(b'"', &body[start..])?;
    if &body[start..end] == cursor.as_bytes() {
        return Some(body);
    }
    let mut replaced = Vec::with_capacity(body.len() - (end - start) + cursor.len());
    replaced.extend_from_slice(&body[..start]);
    replaced.extend_from_slice(cursor.as_bytes());
    replaced.extend_from_slice(&body[end..]);
    Some(Bytes::from(replaced))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page_body(next_cursor: Option<&str>) -> Vec<u8> {
        let pagination =
            ListPagination { offset: Some(0), limit: 2, total: 9, next_cursor: next_cursor.map(str::to_owned) };
        let items = ["\"nextCursor\":\"in an item\"", "b"];
        let mut body = Vec::new();
        write_list_page(&mut body, "names", &items, |item, out| write_json(out, item).unwrap(), &pagination).unwrap();
        body
    }

    #[test]
    fn a_page_with_another_cursor_is_the_page_written_with_it() {
        let replaced = with_next_cursor(Bytes::from(page_body(Some("AQIold"))), "AQInewer-cursor").unwrap();
        assert_eq!(replaced, page_body(Some("AQInewer-cursor")));
    }

    #[test]
    fn a_page_whose_cursor_is_already_the_one_asked_for_is_the_same_body() {
        let body = Bytes::from(page_body(Some("AQIsame")));
        let kept = with_next_cursor(body.clone(), "AQIsame").unwrap();
        assert_eq!(kept.as_ptr(), body.as_ptr(), "not copied");
    }

    /// A page as `success_written` sends it: inside the envelope.
    fn in_envelope(page: Vec<u8>) -> Bytes {
        let mut body = b"{\"status\":\"success\",\"data\":".to_vec();
        body.extend_from_slice(&page);
        body.push(b'}');
        Bytes::from(body)
    }

    #[test]
    fn a_sent_page_keeps_its_cursor_and_a_cursor_that_only_ends_alike_is_still_replaced() {
        let body = in_envelope(page_body(Some("AQIsame")));
        assert_eq!(with_next_cursor(body.clone(), "AQIsame").unwrap().as_ptr(), body.as_ptr(), "not copied");
        let replaced = with_next_cursor(body.clone(), "same").unwrap();
        assert_ne!(replaced.as_ptr(), body.as_ptr(), "the end of the cursor alone is another cursor");
        assert_eq!(replaced, in_envelope(page_body(Some("same"))));
        assert_eq!(with_next_cursor(body, "AQInew").unwrap(), in_envelope(page_body(Some("AQInew"))));
    }

    #[test]
    fn a_last_page_has_no_cursor_to_replace() {
        assert_eq!(with_next_cursor(Bytes::from(page_body(None)), "AQI"), None);
    }
}
