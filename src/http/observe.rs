//! The outermost middleware, and the only one around the whole app: it
//! refuses requests until recovery has finished, sends the public API's
//! reads straight to their handlers (`read_routes`), puts request bodies
//! under their read deadline, and is what the operator sees of each request. It
//! gives the request its ID (the client's `X-Request-Id` when sane, else a
//! new one) and returns it on the response, runs the request inside a span
//! that carries the ID into every log line about it, counts it in flight,
//! records its metrics by route template, and writes its access-log line.
//! One middleware for all of it, because each layer costs a boxed future
//! on the read path.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Instant;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpRequest};
use tracing::Instrument;

use super::error::Surface;
use super::middleware::{put_body_under_deadline, refuse_until_ready};
use super::read_routes::Read;
use super::server::ROUTE_TEMPLATES;
use super::state::AppState;
use crate::telemetry::logging::ACCESS_LOG_TARGET;
use crate::telemetry::names::{HTTP_RATE_LIMITED, HTTP_REQUESTS, HTTP_REQUEST_DURATION};

pub const REQUEST_ID_HEADER: &str = "x-request-id";
/// The longest client-sent request ID that is kept; a longer one is replaced.
pub const REQUEST_ID_LENGTH_MAX: usize = 128;
/// Length of a generated request ID, in base62 characters (about 119 bits).
const GENERATED_REQUEST_ID_LENGTH: usize = 20;

/// The ID a request is known by, in the `X-Request-Id` response header and
/// in every log line about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestId(String);

impl RequestId {
    /// The client's ID when it is 1 to `REQUEST_ID_LENGTH_MAX` visible ASCII
    /// characters (nothing that could break a log line or a header), else a
    /// new random one.
    pub fn of(headers: &HeaderMap) -> RequestId {
        let sent = headers.get(REQUEST_ID_HEADER).map(HeaderValue::as_bytes).filter(|bytes| is_sane(bytes));
        match sent {
            Some(bytes) => RequestId(String::from_utf8_lossy(bytes).into_owned()),
            None => RequestId(generated_request_id(&mut rand::rng())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new request ID: [`GENERATED_REQUEST_ID_LENGTH`] base62 characters,
/// ten from each of two random 64-bit words. Taking ten digits of a word
/// favours some values by at most one part in 21, which an ID that only has
/// to be unique can afford; keys, which must not, use
/// `encoding::random_base62`, whose rejection sampling costs a draw per
/// character.
fn generated_request_id(rng: &mut impl rand::Rng) -> String {
    const DIGITS_PER_WORD: usize = GENERATED_REQUEST_ID_LENGTH / 2;
    let mut text = String::with_capacity(GENERATED_REQUEST_ID_LENGTH);
    for _ in 0..2 {
        let mut word = rng.next_u64();
        for _ in 0..DIGITS_PER_WORD {
            text.push(char::from(crate::encoding::BASE62[(word % 62) as usize]));
            word /= 62;
        }
    }
    text
}

fn is_sane(bytes: &[u8]) -> bool {
    (1..=REQUEST_ID_LENGTH_MAX).contains(&bytes.len()) && bytes.iter().all(|byte| (0x21..=0x7e).contains(byte))
}

/// Who made a request, as the access log names them: a key by its public
/// ID, a token by its subject. Left in the request's extensions by the
/// authenticating extractors.
#[derive(Clone, Debug)]
pub enum CallerName {
    Key(String),
    Subject(String),
}

pub async fn observe(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    // What is needed of the state is taken now: cloning its `Arc` would be
    // one more contended count per request.
    let (_in_flight, metrics_enabled, ready, body_read_timeout_milliseconds) =
        match request.app_data::<web::Data<AppState>>() {
            Some(state) => (
                Some(state.requests_in_flight.enter()),
                state.metrics.is_some(),
                state.readiness.is_ready(),
                Some(state.settings.body_read_timeout_milliseconds),
            ),
            None => (None, false, false, None),
        };
    let started = Instant::now();
    let request_id = RequestId::of(request.headers());
    let span = tracing::info_span!("request", request_id = request_id.as_str());
    let (mut response, read) = match refuse_until_ready(request, ready) {
        Ok(unavailable) => (unavailable, None),
        Err(request) => match Read::of(request.method(), request.path()) {
            Some(read) => {
                let template = read.template();
                (read.serve(request.into_parts().0).instrument(span).await, Some(template))
            }
            None => {
                let mut request = request;
                if let Some(timeout_milliseconds) = body_read_timeout_milliseconds {
                    put_body_under_deadline(&mut request, timeout_milliseconds);
                }
                // Handlers, extractors and the default service turn their
                // errors into responses; an `Err` here is the framework's
                // own, answered by it. (The request cannot be kept for it: a
                // clone would stop the routing.)
                (next.call(request).instrument(span).await?.map_into_boxed_body(), None)
            }
        },
    };
    let header = HeaderValue::from_str(request_id.as_str()).expect("a request ID is visible ASCII");
    response.headers_mut().insert(HeaderName::from_static(REQUEST_ID_HEADER), header);
    let elapsed = started.elapsed();
    let request = response.request();
    let route = read.unwrap_or_else(|| route_template(request));
    let method = method_label(request.method());
    let status = response.status().as_u16();
    if metrics_enabled {
        record_request(route, method, status, elapsed.as_secs_f64());
        if status == 429 {
            let surface = match Surface::of_path(request.path()) {
                Surface::PublicApi => "public_api",
                Surface::Dashboard => "dashboard",
            };
            metrics::counter!(HTTP_RATE_LIMITED, "surface" => surface).increment(1);
        }
    }
    if tracing::enabled!(target: ACCESS_LOG_TARGET, tracing::Level::INFO) {
        let caller = request.extensions().get::<CallerName>().cloned();
        let (key_id, subject) = match &caller {
            Some(CallerName::Key(key_id)) => (Some(key_id.as_str()), None),
            Some(CallerName::Subject(subject)) => (None, Some(subject.as_str())),
            None => (None, None),
        };
        tracing::info!(
            target: ACCESS_LOG_TARGET,
            request_id = request_id.as_str(),
            method,
            route,
            status,
            latency_microseconds = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
            key_id,
            subject,
            "request"
        );
    }
    Ok(response)
}

/// The series one kind of request is counted in.
struct RequestSeries {
    requests: metrics::Counter,
    duration_seconds: metrics::Histogram,
}

/// A kind of request: route template, method and status.
type RequestKind = (&'static str, &'static str, u16);

thread_local! {
    /// Each worker's handles to the series it has recorded into: the
    /// recorder's lookup (hashing the name and three labels) then happens
    /// once per series and worker, not once per request.
    static SERIES: RefCell<HashMap<RequestKind, RequestSeries, foldhash::fast::RandomState>> =
        RefCell::new(HashMap::default());
}

fn record_request(route: &'static str, method: &'static str, status: u16, seconds: f64) {
    SERIES.with(|series| {
        let mut series = series.borrow_mut();
        let series = series.entry((route, method, status)).or_insert_with(|| {
            let labels =
                [("route", Cow::Borrowed(route)), ("method", Cow::Borrowed(method)), ("status", status_label(status))];
            RequestSeries {
                requests: metrics::counter!(HTTP_REQUESTS, &labels),
                duration_seconds: metrics::histogram!(HTTP_REQUEST_DURATION, &labels),
            }
        });
        series.requests.increment(1);
        series.duration_seconds.record(seconds);
    });
}

/// The template of the route that answered (`/api/v1/jobs/{job_id}`), never
/// the path itself, which would make one series per ID; `unmatched` for a
/// path no route has.
fn route_template(request: &HttpRequest) -> &'static str {
    let name = request.match_name();
    ROUTE_TEMPLATES.iter().copied().find(|template| Some(*template) == name).unwrap_or("unmatched")
}

fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// The status as a label, without an allocation for the common ones.
fn status_label(status: u16) -> Cow<'static, str> {
    const COMMON: [(u16, &str); 17] = [
        (200, "200"),
        (201, "201"),
        (304, "304"),
        (400, "400"),
        (401, "401"),
        (402, "402"),
        (403, "403"),
        (404, "404"),
        (405, "405"),
        (408, "408"),
        (409, "409"),
        (413, "413"),
        (415, "415"),
        (422, "422"),
        (429, "429"),
        (500, "500"),
        (503, "503"),
    ];
    match COMMON.iter().find(|(code, _)| *code == status) {
        Some((_, label)) => Cow::Borrowed(label),
        None => Cow::Owned(status.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers_with(value: &[u8]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(HeaderName::from_static(REQUEST_ID_HEADER), HeaderValue::from_bytes(value).unwrap());
        headers
    }

    #[test]
    fn a_sane_client_request_id_is_kept_and_anything_else_replaced() {
        assert_eq!(RequestId::of(&headers_with(b"req-42/a.b")).as_str(), "req-42/a.b");
        let long = vec![b'a'; REQUEST_ID_LENGTH_MAX];
        assert_eq!(RequestId::of(&headers_with(&long)).as_str().len(), REQUEST_ID_LENGTH_MAX);
        for insane in [&b"has space"[..], b"tab\there", &[b'a'; REQUEST_ID_LENGTH_MAX + 1], b"caf\xc3\xa9"] {
            let generated = RequestId::of(&headers_with(insane));
            assert_ne!(generated.as_str().as_bytes(), insane);
            assert_eq!(generated.as_str().len(), GENERATED_REQUEST_ID_LENGTH);
        }
        let first = RequestId::of(&HeaderMap::new());
        assert!(first.as_str().bytes().all(|byte| byte.is_ascii_alphanumeric()));
        assert_ne!(first, RequestId::of(&HeaderMap::new()), "generated IDs differ");
    }

    #[test]
    fn status_labels_are_the_numbers() {
        assert_eq!(status_label(404), "404");
        assert_eq!(status_label(418), "418");
    }
}
