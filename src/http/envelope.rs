//! The response envelope: `{status: "success", data}` or
//! `{status: "fail", error: {code, message}}`, on every response.

use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use serde::Serialize;
use serde_json::{json, Value};

pub fn success(data: impl Serialize) -> HttpResponse {
    with_status(StatusCode::OK, data)
}

pub fn created(data: impl Serialize) -> HttpResponse {
    with_status(StatusCode::CREATED, data)
}

pub fn with_status(status: StatusCode, data: impl Serialize) -> HttpResponse {
    HttpResponse::build(status).json(json!({ "status": "success", "data": data }))
}

pub fn failure_body(code: &str, message: &str) -> Value {
    json!({ "status": "fail", "error": { "code": code, "message": message } })
}
