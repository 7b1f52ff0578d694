//! Reading request bodies: every body is read with a byte limit and under the
//! body-read deadline, and JSON bodies are parsed strictly. Unknown fields, at
//! any depth, are refused with a message that names the field and where it
//! is: a misspelt `claims.job` must never silently widen what a key reaches.
//!
//! `JsonBody<T>` replaces actix-web's `Json<T>` so that the one path from bytes
//! to a typed body (content type, limit, deadline, parse, error) is ours, and
//! its errors come out in the envelope with stable codes.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::web::{Bytes, BytesMut};
use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use futures_util::{Stream, StreamExt};
use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::error::{ApiError, Surface};
use super::idempotency::{canonical_digest, is_keyed};
use super::objects_only::ObjectsOnly;
use super::state::JSON_BODY_BYTES_MAX;

/// A JSON body of type `T`, read and parsed under the rules above, and,
/// when the request carries an `Idempotency-Key`, the digest of the body in
/// canonical form (see `idempotency`).
pub struct JsonBody<T>(pub T, pub Option<[u8; 32]>);

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<JsonBody<T>, ApiError>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let surface = Surface::of_path(request.path());
        let is_json = is_json_media_type(request);
        let is_keyed = is_keyed(request);
        let payload = payload.take();
        Box::pin(async move {
            if !is_json {
                return Err(ApiError::UnsupportedMediaType("send the body as application/json".into()));
            }
            let bytes = read_limited(payload, JSON_BODY_BYTES_MAX, surface, "the JSON body").await?;
            let value = parse_json(&bytes, surface)?;
            Ok(JsonBody(value, if is_keyed { canonical_digest(&bytes) } else { None }))
        })
    }
}

/// The body of a route that takes none (the ATS rerun): nothing, or a JSON
/// object without fields. Anything else is refused rather than ignored, so a
/// client that believes it is passing an option learns that it is not.
pub struct NoBody;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoFields {}

impl FromRequest for NoBody {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<NoBody, ApiError>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let surface = Surface::of_path(request.path());
        let payload = payload.take();
        Box::pin(async move {
            let bytes = read_limited(payload, JSON_BODY_BYTES_MAX, surface, "the body").await?;
            if bytes.iter().all(u8::is_ascii_whitespace) {
                return Ok(NoBody);
            }
            parse_json::<NoFields>(&bytes, surface)
                .map(|_| NoBody)
                .map_err(|error| ApiError::invalid(surface, format!("this route takes no body: {error}")))
        })
    }
}

/// `application/json`, or any JSON media type (`text/json`, `application/merge-patch+json`), as actix-web's own extractor accepted.
fn is_json_media_type(request: &HttpRequest) -> bool {
    let Some(value) = request.headers().get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok()) else {
        return false;
    };
    let Ok(media_type) = value.parse::<actix_web::mime::Mime>() else { return false };
    media_type.subtype() == actix_web::mime::JSON || media_type.suffix() == Some(actix_web::mime::JSON)
}

/// Parses `bytes` as one JSON value of type `T`; a field the type does not
/// know is an error that names its path (`claims.job`).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8], surface: Surface) -> Result<T, ApiError> {
    let not_json =
        |error: serde_json::Error| ApiError::invalid(surface, format!("the body is not valid JSON: {error}"));
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(ObjectsOnly(&mut deserializer)).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        if !inner.is_data() {
            return not_json(inner);
        }
        let location = if path == "." { String::new() } else { format!(" at `{path}`") };
        ApiError::invalid(surface, format!("the body does not fit this route{location}: {inner}"))
    })?;
    deserializer.end().map_err(not_json)?;
    Ok(value)
}

/// Reads a whole body, refusing it as soon as it passes `limit` bytes.
pub async fn read_limited(
    mut payload: Payload,
    limit: usize,
    surface: Surface,
    what: &str,
) -> Result<BytesMut, ApiError> {
    let mut body = BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|error| payload_error(error, surface))?;
        if body.len() + chunk.len() > limit {
            return Err(ApiError::PayloadTooLarge(format!("{what} is over the {limit}-byte limit")));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// What a failed body read means for the client: the deadline passing is a
/// 408 that closes the connection; anything else is a bad request.
pub fn payload_error(error: PayloadError, surface: Surface) -> ApiError {
    if is_deadline_error(&error) {
        return ApiError::RequestTimeout;
    }
    match error {
        PayloadError::Overflow => ApiError::PayloadTooLarge("the body is over its limit".into()),
        error => ApiError::invalid(surface, format!("the body could not be read: {error}")),
    }
}

pub fn is_deadline_error(error: &PayloadError) -> bool {
    matches!(error, PayloadError::Io(inner) if inner.kind() == std::io::ErrorKind::TimedOut
        && inner.to_string() == BODY_DEADLINE_MESSAGE)
}

const BODY_DEADLINE_MESSAGE: &str = "the body-read deadline passed";

/// A request body that ends with an error once `deadline` has passed since
/// the request arrived, however slowly (or not at all) the client sends.
pub struct DeadlinePayload {
    inner: Payload,
    deadline: Pin<Box<actix_web::rt::time::Sleep>>,
    expired: bool,
}

impl DeadlinePayload {
    pub fn new(inner: Payload, timeout: Duration) -> Self {
        Self { inner, deadline: Box::pin(actix_web::rt::time::sleep(timeout)), expired: false }
    }
}

impl Stream for DeadlinePayload {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.expired {
            return Poll::Ready(None);
        }
        if let Poll::Ready(item) = self.inner.poll_next_unpin(context) {
            return Poll::Ready(item);
        }
        match self.deadline.as_mut().poll(context) {
            Poll::Ready(()) => {
                self.expired = true;
                let error = std::io::Error::new(std::io::ErrorKind::TimedOut, BODY_DEADLINE_MESSAGE);
                Poll::Ready(Some(Err(PayloadError::Io(error))))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

/// A multipart body that must end with its close delimiter
/// (`\r\n--boundary--`). actix-multipart 0.7 waits for ever when the body
/// ends without one (its field reader answers `Pending` after the end of the
/// stream), so the end of a body that never closed becomes an error here,
/// and the parse ends with a 400 instead of holding the connection.
pub struct MultipartMustClose<S> {
    inner: S,
    delimiter: Vec<u8>,
    /// The last `delimiter.len() - 1` bytes seen, to find a delimiter split across chunks.
    tail: Vec<u8>,
    closed: bool,
    failed: bool,
}

impl<S> MultipartMustClose<S> {
    pub fn new(inner: S, boundary: &str) -> Self {
        let delimiter = [b"\r\n--".as_slice(), boundary.as_bytes(), b"--"].concat();
        // A body may open with the close delimiter (an empty form): seed the CRLF.
        Self { inner, delimiter, tail: b"\r\n".to_vec(), closed: false, failed: false }
    }

    fn observe(&mut self, chunk: &[u8]) {
        if self.closed {
            return;
        }
        let keep = self.delimiter.len() - 1;
        let mut seam = self.tail.clone();
        seam.extend_from_slice(&chunk[..chunk.len().min(keep)]);
        if memchr::memmem::find(&seam, &self.delimiter).is_some()
            || memchr::memmem::find(chunk, &self.delimiter).is_some()
        {
            self.closed = true;
            return;
        }
        self.tail.extend_from_slice(chunk);
        let excess = self.tail.len().saturating_sub(keep);
        self.tail.drain(..excess);
    }
}

/// The error a multipart parse sees when the body ended before its close delimiter.
pub const MULTIPART_UNCLOSED_MESSAGE: &str =
    "the multipart body ended without its closing boundary (--boundary--); send the whole form";

impl<S: Stream<Item = Result<Bytes, PayloadError>> + Unpin> Stream for MultipartMustClose<S> {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let unclosed = || {
            let error = std::io::Error::new(std::io::ErrorKind::UnexpectedEof, MULTIPART_UNCLOSED_MESSAGE);
            Poll::Ready(Some(Err(PayloadError::Io(error))))
        };
        if self.failed {
            return unclosed();
        }
        match self.inner.poll_next_unpin(context) {
            Poll::Ready(Some(Ok(chunk))) => {
                self.observe(&chunk);
                Poll::Ready(Some(Ok(chunk)))
            }
            Poll::Ready(None) if !self.closed => {
                self.failed = true;
                unclosed()
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Claims {
        teams: Option<Vec<String>>,
        jobs: Option<Vec<String>>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Key {
        name: Option<String>,
        claims: Option<Claims>,
    }

    fn message(error: ApiError) -> String {
        error.to_string()
    }

    #[test]
    fn an_unknown_nested_field_is_named_with_its_path() {
        let error = parse_json::<Key>(br#"{"name":"x","claims":{"job":["job_1"]}}"#, Surface::Dashboard).unwrap_err();
        let text = message(error);
        assert!(text.contains("at `claims.job`") && text.contains("unknown field `job`"), "{text}");
    }

    #[test]
    fn an_unknown_top_level_field_is_named() {
        let text = message(parse_json::<Key>(br#"{"name":"x","claim":{}}"#, Surface::Dashboard).unwrap_err());
        assert!(text.contains("unknown field `claim`"), "{text}");
    }

    #[test]
    fn malformed_json_and_trailing_bytes_are_not_valid_json() {
        for body in [&b"{"[..], b"{} {}", b""] {
            let text = message(parse_json::<Key>(body, Surface::Dashboard).unwrap_err());
            assert!(text.contains("not valid JSON"), "{text}");
        }
    }

    fn closes(chunks: &[&[u8]]) -> bool {
        let stream = futures_util::stream::iter(chunks.iter().map(|chunk| Ok(Bytes::copy_from_slice(chunk))));
        let mut guarded = MultipartMustClose::new(stream, "XyZ");
        // The chunks are all there, so every poll is ready: no executor is needed.
        let mut context = Context::from_waker(futures_util::task::noop_waker_ref());
        loop {
            match guarded.poll_next_unpin(&mut context) {
                Poll::Ready(Some(Ok(_))) => {}
                Poll::Ready(Some(Err(_))) => return false,
                Poll::Ready(None) => return true,
                Poll::Pending => unreachable!("an iterator stream is always ready"),
            }
        }
    }

    #[test]
    fn a_multipart_body_must_end_with_its_close_delimiter() {
        let whole: &[u8] = b"--XyZ\r\ncontent-disposition: form-data; name=\"a\"\r\n\r\nv\r\n--XyZ--\r\n";
        assert!(closes(&[whole]));
        let (head, rest) = whole.split_at(whole.len() - 6);
        assert!(closes(&[head, rest]), "a delimiter split across chunks is found");
        // Cut short of the close delimiter itself (its trailing CRLF is optional).
        for cut in 3..9 {
            assert!(!closes(&[&whole[..whole.len() - cut]]), "cut {cut} bytes short");
        }
        assert!(closes(&[b"--XyZ--\r\n"]), "an empty form");
        assert!(!closes(&[b"--XyZ\r\n"]));
    }

    #[test]
    fn a_duplicate_field_is_refused() {
        let text = message(parse_json::<Key>(br#"{"name":"a","name":"b"}"#, Surface::Dashboard).unwrap_err());
        assert!(text.contains("duplicate field `name`"), "{text}");
    }
}
