//! `Idempotency-Key` on the four writes of `/api/v1`: reading the header,
//! telling whether two requests are the same request, and answering from
//! what the workspace remembers (see `domain::idempotency` for the rules and
//! `workspace::actor::idempotent` for where they are applied).
//!
//! Two requests are the same request when they have the same method, the
//! same path and the same body as JSON: object keys in any order and any
//! whitespace count as the same body, since a client library that retries
//! may serialise its request again rather than resend the bytes.

use std::future::{ready, Ready};

use actix_web::dev::Payload;
use actix_web::http::header::ContentType;
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::envelope::{success_body, unwritable};
use super::error::{ApiError, Surface};
use super::extract::KeyCaller;
use super::state::AppState;
use crate::domain::commands::Command;
use crate::domain::idempotency::{IdempotencyClaim, IdempotencyKey, RequestFingerprint, StoredAnswer};
use crate::domain::workspace::Workspace;
use crate::workspace::actor::IdempotentOutcome;

pub const IDEMPOTENCY_KEY_HEADER: &str = "Idempotency-Key";
/// On a replayed answer: `true`.
pub const IDEMPOTENT_REPLAYED_HEADER: &str = "Idempotent-Replayed";

/// The request's `Idempotency-Key`, checked, with what it was sent to.
pub struct Idempotency(Option<KeyedTarget>);

struct KeyedTarget {
    key: IdempotencyKey,
    method: String,
    path: String,
}

impl FromRequest for Idempotency {
    type Error = ApiError;
    type Future = Ready<Result<Idempotency, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(read_key(request).map(|key| {
            Idempotency(key.map(|key| KeyedTarget {
                key,
                method: request.method().to_string(),
                path: request.path().to_owned(),
            }))
        }))
    }
}

fn read_key(request: &HttpRequest) -> Result<Option<IdempotencyKey>, ApiError> {
    let surface = Surface::of_path(request.path());
    let mut values = request.headers().get_all(IDEMPOTENCY_KEY_HEADER);
    let Some(value) = values.next() else { return Ok(None) };
    if values.next().is_some() {
        return Err(ApiError::invalid(surface, format!("send the {IDEMPOTENCY_KEY_HEADER} header once")));
    }
    let text = value.to_str().map_err(|_| {
        ApiError::invalid(
            surface,
            format!("the {IDEMPOTENCY_KEY_HEADER} header must hold printable ASCII characters only"),
        )
    })?;
    IdempotencyKey::parse(text)
        .map(Some)
        .map_err(|defect| ApiError::invalid(surface, format!("the {IDEMPOTENCY_KEY_HEADER} header {defect}")))
}

/// Whether the request carries an `Idempotency-Key`, so that its body's
/// digest is worth taking.
pub fn is_keyed(request: &HttpRequest) -> bool {
    request.headers().contains_key(IDEMPOTENCY_KEY_HEADER)
}

/// SHA-256 of a JSON body in canonical form: object keys sorted, no
/// whitespace. `bytes` has already been parsed as the route's body.
pub fn canonical_digest(bytes: &[u8]) -> Option<[u8; 32]> {
    let value: Value = serde_json::from_slice(bytes).ok()?;
    let mut hasher = Sha256::new();
    write_canonical(&value, &mut hasher);
    Some(hasher.finalize().into())
}

fn write_canonical(value: &Value, hasher: &mut Sha256) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_unstable_by(|left, right| left.0.cmp(right.0));
            hasher.update(b"{");
            for (index, (name, value)) in entries.into_iter().enumerate() {
                if index > 0 {
                    hasher.update(b",");
                }
                hasher.update(Value::String(name.clone()).to_string().as_bytes());
                hasher.update(b":");
                write_canonical(value, hasher);
            }
            hasher.update(b"}");
        }
        Value::Array(items) => {
            hasher.update(b"[");
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    hasher.update(b",");
                }
                write_canonical(item, hasher);
            }
            hasher.update(b"]");
        }
        scalar => hasher.update(scalar.to_string().as_bytes()),
    }
}

/// The answer of a write as the client is sent it, kept for its retries.
pub fn answer(status: StatusCode, data: impl Serialize) -> StoredAnswer {
    match success_body(data) {
        Ok(body) => StoredAnswer { status: status.as_u16(), body: body.into() },
        Err(error) => {
            let (status, body) = unwritable(&error);
            StoredAnswer { status: status.as_u16(), body: body.into() }
        }
    }
}

/// Carries out one of the four writes: with an `Idempotency-Key`, at most
/// once, answering a retry with the first answer; without, as any write.
/// `answer_of` writes the answer from the state right after the write.
pub async fn write_once<C>(
    state: &web::Data<AppState>,
    caller: &KeyCaller,
    idempotency: Idempotency,
    body_digest: Option<[u8; 32]>,
    command: C,
    answer_of: impl FnOnce(&Workspace, C::Output) -> StoredAnswer + Send + 'static,
) -> Result<HttpResponse, ApiError>
where
    C: Command + Send + 'static,
    C::Output: Send + 'static,
{
    let registry = &state.registry;
    let from_registry = |error| ApiError::from_registry(Surface::PublicApi, error);
    let Idempotency(Some(target)) = idempotency else {
        let output = registry.execute(&caller.workspace, command).await.map_err(from_registry)?;
        let answered = answer_of(&caller.workspace.state.read(), output);
        return Ok(response(&answered, false));
    };
    let claim = IdempotencyClaim {
        api_key: caller.key.key_id.clone(),
        fingerprint: fingerprint(&target, body_digest),
        key: target.key,
    };
    let outcome = registry
        .execute_idempotent(&caller.workspace, command, claim, Box::new(answer_of))
        .await
        .map_err(from_registry)?;
    Ok(match outcome {
        IdempotentOutcome::Answered(answered) => response(&answered, false),
        IdempotentOutcome::Replayed(answered) => response(&answered, true),
    })
}

fn fingerprint(target: &KeyedTarget, body_digest: Option<[u8; 32]>) -> RequestFingerprint {
    let mut hasher = Sha256::new();
    for part in [target.method.as_bytes(), b"\0", target.path.as_bytes(), b"\0"] {
        hasher.update(part);
    }
    if let Some(digest) = body_digest {
        hasher.update(digest);
    }
    RequestFingerprint(hasher.finalize().into())
}

fn response(answered: &StoredAnswer, replayed: bool) -> HttpResponse {
    let status = StatusCode::from_u16(answered.status).unwrap_or(StatusCode::OK);
    let mut response = HttpResponse::build(status);
    response.insert_header(ContentType::json());
    if replayed {
        response.insert_header((IDEMPOTENT_REPLAYED_HEADER, "true"));
    }
    response.body(answered.body.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_that_differ_only_in_key_order_and_whitespace_have_one_digest() {
        let first = canonical_digest(br##"{"add":["Senior"],"remove":[],"color":"#22c55e"}"##);
        let second = canonical_digest(b"{ \"color\": \"#22c55e\",\n  \"remove\": [ ],\"add\" : [\"Senior\"] }");
        assert!(first.is_some());
        assert_eq!(first, second);
    }

    #[test]
    fn bodies_that_differ_in_a_value_or_in_array_order_have_different_digests() {
        let base = canonical_digest(br#"{"add":["a","b"]}"#);
        assert_ne!(base, canonical_digest(br#"{"add":["b","a"]}"#));
        assert_ne!(base, canonical_digest(br#"{"add":["a","c"]}"#));
        assert_ne!(canonical_digest(br#"{"text":"1"}"#), canonical_digest(br#"{"text":1}"#));
        assert_ne!(canonical_digest(br#"{"a":{"b":1}}"#), canonical_digest(br#"{"a":{"b":2}}"#));
    }

    #[test]
    fn a_request_is_told_apart_by_its_method_path_and_body() {
        let target = |method: &str, path: &str| KeyedTarget {
            key: IdempotencyKey::parse("k").expect("a key"),
            method: method.into(),
            path: path.into(),
        };
        let body = canonical_digest(br#"{"text":"hi"}"#);
        let base = fingerprint(&target("POST", "/api/v1/applications/app_a/comments"), body);
        assert_eq!(base, fingerprint(&target("POST", "/api/v1/applications/app_a/comments"), body));
        assert_ne!(base, fingerprint(&target("POST", "/api/v1/applications/app_b/comments"), body));
        assert_ne!(base, fingerprint(&target("PATCH", "/api/v1/applications/app_a/comments"), body));
        assert_ne!(base, fingerprint(&target("POST", "/api/v1/applications/app_a/comments"), None));
    }
}
