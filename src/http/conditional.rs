//! Conditional reads: every GET under /api/v1 answers with an `ETag` and
//! honours `If-None-Match` with `304 Not Modified`.
//!
//! An ETag here is a version, not a hash of the body: each handler names the
//! counters its body is a function of (change sequences, which every event
//! that changes what a view shows advances, and the count of pipelines
//! marked running, which moves no sequence), and the ETag is a 64-bit hash
//! of those, the route and the query string. That costs a few dozen
//! nanoseconds, and a 304 is answered before the body is built. The hash
//! also takes this process's instance number: running marks are not
//! durable, so after a restart the same counters could describe another
//! body, and every ETag changes once when the server restarts instead.

use std::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::http::header::{self, ContentType, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};

use super::response_cache::{ResponseCache, Shelf};
use crate::domain::ids::WorkspaceId;

/// Length of an entity tag as sent: 16 hexadecimal digits and two quotes.
const QUOTED_LENGTH: usize = 18;

/// A strong entity tag: 16 hexadecimal digits in quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntityTag(u64);

fn instance() -> u64 {
    static INSTANCE: OnceLock<u64> = OnceLock::new();
    *INSTANCE.get_or_init(rand::random)
}

/// The hash of a version: foldhash's quality variant, seeded with `seed`,
/// fed each counter as one word (FNV-1a a byte at a time
/// cost 2,000 instructions for a page's 62 counters, hashed on every read
/// after a write). Collisions between two versions of one resource are what
/// would matter, at about 2^-64.
fn version_hasher(seed: u64) -> impl Hasher {
    foldhash::quality::FixedState::with_seed(seed).build_hasher()
}

/// Feeds `bytes` and their length, so that two fields never read as one.
fn write_field(hasher: &mut impl Hasher, bytes: &[u8]) {
    hasher.write_usize(bytes.len());
    hasher.write(bytes);
}

impl EntityTag {
    /// The version of what `route` answers for `request`'s query, given
    /// the counters its body depends on.
    pub fn of(route: &str, request: &HttpRequest, counters: &[u64]) -> EntityTag {
        let mut hasher = version_hasher(instance());
        write_field(&mut hasher, route.as_bytes());
        write_field(&mut hasher, request.query_string().as_bytes());
        hasher.write_usize(counters.len());
        for &counter in counters {
            hasher.write_u64(counter);
        }
        EntityTag(hasher.finish())
    }

    /// The tag of fixed bytes (the OpenAPI document), hashed once by the caller.
    pub fn of_bytes(bytes: &[u8]) -> EntityTag {
        // Fixed bytes have the same tag in every process.
        let mut hasher = version_hasher(0);
        write_field(&mut hasher, bytes);
        EntityTag(hasher.finish())
    }

    /// The tag as it is sent: 16 lower-case hexadecimal digits in quotes,
    /// written without a formatter, since every GET sends one.
    fn quoted(self) -> [u8; QUOTED_LENGTH] {
        let mut text = [b'"'; QUOTED_LENGTH];
        for (index, digit) in text[1..QUOTED_LENGTH - 1].iter_mut().enumerate() {
            let nibble = (self.0 >> (60 - 4 * index)) & 0xf;
            *digit = b"0123456789abcdef"[nibble as usize];
        }
        text
    }

    fn header_value(self) -> HeaderValue {
        HeaderValue::from_bytes(&self.quoted()).expect("hex digits in quotes are a valid header")
    }

    /// Whether `If-None-Match` names this tag (weakly, as RFC 9110 asks for
    /// this header), or is `*`.
    fn matches(self, request: &HttpRequest) -> bool {
        let mut values = request.headers().get_all(header::IF_NONE_MATCH).peekable();
        if values.peek().is_none() {
            return false;
        }
        let ours = self.quoted();
        values.any(|value| {
            value
                .as_bytes()
                .split(|byte| *byte == b',')
                .map(<[u8]>::trim_ascii)
                .any(|tag| tag == b"*" || tag.strip_prefix(b"W/").unwrap_or(tag) == ours)
        })
    }

    /// `304 Not Modified` when the client holds this version, else `None`.
    pub fn not_modified(self, request: &HttpRequest) -> Option<HttpResponse> {
        self.matches(request).then(|| {
            let mut response = HttpResponse::new(StatusCode::NOT_MODIFIED);
            response.headers_mut().insert(header::ETAG, self.header_value());
            response
        })
    }

    /// `response` with this tag.
    pub fn tag(self, mut response: HttpResponse) -> HttpResponse {
        if response.status().is_success() {
            response.headers_mut().insert(header::ETAG, self.header_value());
        }
        response
    }

    /// As `answer`, for a read of `workspace`: a body kept in `cache` for
    /// this path and version is sent again instead of being built (see
    /// `response_cache`), and a body built is kept.
    pub fn answer_kept<E>(
        self,
        request: &HttpRequest,
        cache: &ResponseCache,
        workspace: &WorkspaceId,
        build: impl FnOnce() -> Result<HttpResponse, E>,
    ) -> Result<HttpResponse, E> {
        if let Some(not_modified) = self.not_modified(request) {
            return Ok(not_modified);
        }
        let path = request.path();
        if let Some(body) = cache.get(Shelf::ByVersion, workspace, path, self.0) {
            return Ok(self.send_kept(body, path, build));
        }
        Ok(self.tag(keep(cache, workspace, path, &[(Shelf::ByVersion, self.0)], build()?)))
    }

    /// As `answer_kept`, for a listing whose version (this tag) moves with
    /// any change to any item of the list, while a page shows a few: when
    /// the kept body is not this version's, the page is `list`ed (cheap
    /// beside writing it), and a body kept under the page's own content
    /// version (`content`: the counters of what is on it) is sent and kept
    /// under this version too. So a write to one application leaves the
    /// other pages of its job kept. What a page's body holds beyond what is
    /// on it (its next cursor's pin, which moves with every write to the
    /// list) `current` brings up to this version before it is sent; a body
    /// it cannot is built anew.
    pub fn answer_kept_listing<E, L, List, Content, Current, Build>(
        self,
        request: &HttpRequest,
        cache: &ResponseCache,
        workspace: &WorkspaceId,
        listing: KeptListing<List, Content, Current, Build>,
    ) -> Result<HttpResponse, E>
    where
        List: FnOnce() -> Result<L, E>,
        Content: FnOnce(&L) -> EntityTag,
        Current: FnOnce(&L, Bytes) -> Option<Bytes>,
        Build: FnOnce(L) -> Result<HttpResponse, E>,
    {
        let KeptListing { list, content, current, build } = listing;
        if let Some(not_modified) = self.not_modified(request) {
            return Ok(not_modified);
        }
        let path = request.path();
        if let Some(body) = cache.get(Shelf::ByVersion, workspace, path, self.0) {
            return Ok(self.send_kept(body, path, || list().and_then(build)));
        }
        let listed = list()?;
        let content_version = content(&listed);
        let by_content = cache.get(Shelf::ByContent, workspace, path, content_version.0);
        if let Some(body) = by_content.and_then(|kept| current(&listed, kept)) {
            cache.put(Shelf::ByVersion, workspace, path, self.0, body.clone());
            return Ok(self.send_kept(body, path, || build(listed)));
        }
        let versions = [(Shelf::ByContent, content_version.0), (Shelf::ByVersion, self.0)];
        Ok(self.tag(keep(cache, workspace, path, &versions, build(listed)?)))
    }

    /// A kept body, tagged. Debug builds build the body anew (`build`) and
    /// assert it is the kept one: the promise the cache rests on.
    fn send_kept<E>(self, body: Bytes, path: &str, build: impl FnOnce() -> Result<HttpResponse, E>) -> HttpResponse {
        if cfg!(debug_assertions) {
            if let Ok(built) = build() {
                let built = BoxBody::try_into_bytes(built.into_parts().1).ok();
                assert_eq!(built.as_deref(), Some(&body[..]), "a kept body is what {path} builds");
            }
        }
        self.tag(json_response(body))
    }

    /// A 304 when the client holds this version; else `build`'s response, tagged.
    pub fn answer<E>(
        self,
        request: &HttpRequest,
        build: impl FnOnce() -> Result<HttpResponse, E>,
    ) -> Result<HttpResponse, E> {
        match self.not_modified(request) {
            Some(not_modified) => Ok(not_modified),
            None => build().map(|response| self.tag(response)),
        }
    }
}

/// How `EntityTag::answer_kept_listing` finds a page, versions it by what
/// it shows, and writes it.
pub struct KeptListing<List, Content, Current, Build> {
    /// The page's items, from the list's indexes.
    pub list: List,
    /// The version of what those items show.
    pub content: Content,
    /// A body kept under that version, made this version's; None when it
    /// cannot be, and the page is built anew.
    pub current: Current,
    /// The page's response, when no body is kept.
    pub build: Build,
}

/// A 200 whose only header is `Content-Type: application/json`, as every
/// read's success is: the one kind of response `json_response` rebuilds
/// header for header.
fn is_plain_json_success(response: &HttpResponse) -> bool {
    let headers = response.headers();
    response.status() == StatusCode::OK
        && headers.len() == 1
        && headers.get(header::CONTENT_TYPE).is_some_and(|value| value.as_bytes() == b"application/json")
}

/// `response`, with its body kept in `cache` under each of `versions` when
/// it is a plain JSON success whose body is bytes in memory.
fn keep(
    cache: &ResponseCache,
    workspace: &WorkspaceId,
    path: &str,
    versions: &[(Shelf, u64)],
    response: HttpResponse,
) -> HttpResponse {
    if !is_plain_json_success(&response) {
        return response;
    }
    let (head, body) = response.into_parts();
    match BoxBody::try_into_bytes(body) {
        Ok(body) => {
            for &(shelf, version) in versions {
                cache.put(shelf, workspace, path, version, body.clone());
            }
            head.set_body(BoxBody::new(body))
        }
        Err(body) => head.set_body(body),
    }
}

fn json_response(body: Bytes) -> HttpResponse {
    HttpResponse::Ok().insert_header(ContentType::json()).body(body)
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn only_a_plain_json_success_is_kept_and_every_response_is_sent_as_built() {
        let cache = ResponseCache::default();
        let workspace = WorkspaceId::parse("acme").expect("a valid workspace ID");
        let json = || HttpResponse::Ok().insert_header(ContentType::json()).body("{}");
        let cases = [
            (json(), true),
            (HttpResponse::Created().insert_header(ContentType::json()).body("{}"), false),
            (HttpResponse::Ok().insert_header(ContentType::plaintext()).body("{}"), false),
            (HttpResponse::Ok().insert_header(ContentType::json()).insert_header(("x-extra", "1")).body("{}"), false),
        ];
        for (version, (response, kept)) in (0u64..).zip(cases) {
            let status = response.status();
            let versions = [(Shelf::ByVersion, version), (Shelf::ByContent, version + 100)];
            let sent = keep(&cache, &workspace, "/p", &versions, response);
            assert_eq!(sent.status(), status);
            assert_eq!(cache.get(Shelf::ByVersion, &workspace, "/p", version).is_some(), kept, "case {version}");
            let by_content = cache.get(Shelf::ByContent, &workspace, "/p", version + 100);
            assert_eq!(by_content.is_some(), kept, "every version, case {version}");
        }
    }

    #[test]
    fn a_version_changes_with_any_counter_the_route_or_the_query() {
        let request = TestRequest::get().uri("/api/v1/jobs?limit=5").to_http_request();
        let other_query = TestRequest::get().uri("/api/v1/jobs?limit=6").to_http_request();
        let tag = EntityTag::of("jobs", &request, &[1, 2]);
        assert_eq!(tag, EntityTag::of("jobs", &request, &[1, 2]));
        assert_ne!(tag, EntityTag::of("jobs", &request, &[1, 3]));
        assert_ne!(tag, EntityTag::of("job", &request, &[1, 2]));
        assert_ne!(tag, EntityTag::of("jobs", &other_query, &[1, 2]));
    }

    #[test]
    fn if_none_match_matches_any_listed_tag_weak_or_strong_or_a_star() {
        let tag = EntityTag(0xab);
        let ours = "\"00000000000000ab\"";
        for header in [ours.to_owned(), format!("W/{ours}"), format!("\"x\", {ours}"), "*".to_owned()] {
            let request = TestRequest::get().insert_header((header::IF_NONE_MATCH, header.clone())).to_http_request();
            let response = tag.not_modified(&request).unwrap_or_else(|| panic!("{header} matches"));
            assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
            assert_eq!(response.headers().get(header::ETAG).unwrap(), ours);
        }
        let other = TestRequest::get().insert_header((header::IF_NONE_MATCH, "\"00000000000000ac\"")).to_http_request();
        assert!(tag.not_modified(&other).is_none());
        assert!(tag.not_modified(&TestRequest::get().to_http_request()).is_none(), "no If-None-Match");
    }

    #[test]
    fn a_tag_is_sent_as_its_sixteen_hex_digits_in_quotes() {
        for value in [0, 0xab, 0x0123_4567_89ab_cdef, u64::MAX] {
            let response = EntityTag(value).tag(HttpResponse::Ok().finish());
            assert_eq!(response.headers().get(header::ETAG).unwrap(), format!("\"{value:016x}\"").as_str());
        }
    }
}
