//! The response envelope: `{status: "success", data}` or
//! `{status: "fail", error: {code, message}}`, on every response. Typed, so
//! that a page is serialised once, straight from borrowed domain values,
//! without an intermediate `serde_json::Value`.

use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use serde::Serialize;

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

pub fn with_status(status: StatusCode, data: impl Serialize) -> HttpResponse {
    HttpResponse::build(status).json(Success { status: "success", data })
}

pub fn failure_body<'a>(code: &'a str, message: &'a str) -> Failure<'a> {
    Failure { status: "fail", error: FailureDetail { code, message } }
}
