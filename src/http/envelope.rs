//! The response envelope: `{status: "success", data}` or
//! `{status: "fail", error: {code, message}}`, on every response. Typed, so
//! that a page is serialised once, straight from borrowed domain values,
//! without an intermediate `serde_json::Value`.

use actix_web::http::header::ContentType;
use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use serde::Serialize;

use super::json_writer::{write_json, JsonWriteError};

#[derive(Serialize)]
struct Success<T> {
    status: &'static str,
    data: T,
}

#[derive(Serialize)]
pub struct Failure<'a> {
    status: &'static str,
    error: FailureDetail<'a>,
}

#[derive(Serialize)]
struct FailureDetail<'a> {
    code: &'a str,
    message: &'a str,
}

pub fn success(data: impl Serialize) -> HttpResponse {
    with_status(StatusCode::OK, data)
}

pub fn created(data: impl Serialize) -> HttpResponse {
    with_status(StatusCode::CREATED, data)
}

/// The buffer a response body is serialised into starts at this size: a
/// page of 20 applications (about 6.6 KB) and an application's detail
/// (about 10 KB) are written without a reallocation; larger bodies grow it.
const BODY_BUFFER_BYTES_INITIAL: usize = 16 * 1024;

pub fn with_status(status: StatusCode, data: impl Serialize) -> HttpResponse {
    match success_body(data) {
        Ok(body) => HttpResponse::build(status).insert_header(ContentType::json()).body(body),
        Err(error) => unwritable_response(&error),
    }
}

/// The status and body a client gets when its answer could not be
/// serialised. Serialising borrowed domain values does not fail; if it ever
/// did, the client gets the envelope rather than half a body.
pub fn unwritable(error: &JsonWriteError) -> (StatusCode, Vec<u8>) {
    tracing::error!(%error, "a response could not be serialised");
    let failure = failure_body("INTERNAL_ERROR", "the response could not be written");
    (StatusCode::INTERNAL_SERVER_ERROR, serde_json::to_vec(&failure).unwrap_or_default())
}

fn unwritable_response(error: &JsonWriteError) -> HttpResponse {
    let (status, body) = unwritable(error);
    HttpResponse::build(status).insert_header(ContentType::json()).body(body)
}

/// `{status: "success", data}` with `data` written by `write_data`, for the
/// bodies written without serde (see `ApplicationsPage::write_json`).
pub fn success_written(write_data: impl FnOnce(&mut Vec<u8>) -> Result<(), JsonWriteError>) -> HttpResponse {
    let mut body = Vec::with_capacity(BODY_BUFFER_BYTES_INITIAL);
    body.extend_from_slice(b"{\"status\":\"success\",\"data\":");
    match write_data(&mut body) {
        Ok(()) => {
            body.push(b'}');
            HttpResponse::Ok().insert_header(ContentType::json()).body(body)
        }
        Err(error) => unwritable_response(&error),
    }
}

/// `{status: "success", data}` as a response body, written by
/// `json_writer` (serde_json's bytes, with a faster string escape).
pub fn success_body(data: impl Serialize) -> Result<Vec<u8>, JsonWriteError> {
    let mut body = Vec::with_capacity(BODY_BUFFER_BYTES_INITIAL);
    write_json(&mut body, &Success { status: "success", data })?;
    Ok(body)
}

pub fn failure_body<'a>(code: &'a str, message: &'a str) -> Failure<'a> {
    Failure { status: "fail", error: FailureDetail { code, message } }
}
