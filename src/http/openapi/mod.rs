//! The OpenAPI 3.1 document, generated from the request and response types
//! the handlers use (utoipa derives their schemas; each handler carries its
//! `#[utoipa::path]`), served at `GET /api/v1/openapi.json` and committed
//! as `openapi.json`. What is the same on every operation is added here,
//! once: the security schemes, `X-Request-Id` on every response, and the
//! rate-limit headers on every `/api/v1` response.

pub mod examples;
pub mod responses;
pub mod schemas;

use crate::http::conditional::EntityTag;
use actix_web::HttpRequest;
use std::sync::LazyLock;

use actix_web::http::header::ContentType;
use actix_web::HttpResponse;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ObjectBuilder, RefOr, Type};
use utoipa::{Modify, OpenApi};

use super::{dashboard, intake, server, v1};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Shortlist",
        version = "1",
        description = "An applicant-tracking API: workspaces with teams and jobs; applications whose resumes are parsed and scored 0-100 against each job's criteria. `/api/v1` takes a workspace API key in `X-API-Key`; key management and the dashboard take a JWT as a bearer token; the careers-page apply is public. Every response is in the envelope `{status, data}` or `{status: \"fail\", error: {code, message}}`."
    ),
    paths(
        v1::jobs::list,
        v1::jobs::detail,
        v1::jobs::applications,
        v1::applications::detail,
        v1::applications::resume,
        v1::applications::ats,
        v1::applications::comments,
        v1::writes::move_stage,
        v1::writes::update_tags,
        v1::writes::rerun_ats,
        v1::writes::add_comment,
        dashboard::organisation::put_workspace,
        dashboard::organisation::add_member,
        dashboard::organisation::create_team,
        dashboard::organisation::notifications,
        dashboard::keys::create,
        dashboard::keys::list,
        dashboard::keys::revoke,
        dashboard::jobs::create,
        dashboard::jobs::update,
        dashboard::jobs::set_application_status,
        intake::apply,
        server::health,
        server::ready,
        super::metrics::page,
        serve,
    ),
    components(schemas(schemas::ApplicationSortText, schemas::ApplicationStatusText, schemas::JobStatusText)),
    modifiers(&SharedParts),
    tags(
        (name = "public-api", description = "`/api/v1`: read a workspace and act on candidates, with an API key."),
        (name = "keys", description = "API key management, with an owner's or admin's JWT."),
        (name = "dashboard", description = "The workspace, its members, teams and jobs, with a JWT."),
        (name = "careers-page", description = "The public apply form."),
        (name = "operations", description = "Health, readiness, metrics and this document."),
    )
)]
pub struct ApiDocument;

/// The security schemes and the headers every response carries.
struct SharedParts;

const RATE_LIMIT_HEADERS: [(&str, &str); 3] = [
    ("X-RateLimit-Limit", "Requests a minute this key (or this address, without a valid key) may make."),
    ("X-RateLimit-Remaining", "Requests left in the current window."),
    ("X-RateLimit-Reset", "Seconds until the window is full again."),
];

impl Modify for SharedParts {
    fn modify(&self, document: &mut utoipa::openapi::OpenApi) {
        let components = document.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "apiKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-API-Key",
                "A workspace API key (`svc_live_…`), from POST /api/orgs/{orgId}/api-keys.",
            ))),
        );
        components.add_security_scheme(
            "bearerAuth",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
        let integer = || ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(0)).build();
        for (path, item) in document.paths.paths.iter_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
            for operation in operations.into_iter().flatten() {
                for response in operation.responses.responses.values_mut() {
                    let RefOr::T(response) = response else { continue };
                    let request_id = HeaderBuilder::new()
                        .schema(Some(
                            ObjectBuilder::new().schema_type(Type::String).min_length(Some(1)).max_length(Some(128)),
                        ))
                        .description(Some("The request's ID: the client's own when it sent a sane one."))
                        .build();
                    response.headers.insert("X-Request-Id".to_owned(), RefOr::T(request_id));
                    if path.starts_with("/api/v1/") && path != "/api/v1/openapi.json" {
                        for (name, description) in RATE_LIMIT_HEADERS {
                            let header =
                                HeaderBuilder::new().schema(Some(integer())).description(Some(description)).build();
                            response.headers.insert(name.to_owned(), RefOr::T(header));
                        }
                    }
                }
            }
        }
    }
}

/// The document as JSON, made once.
pub fn document_json() -> &'static str {
    static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
        let mut document = serde_json::to_value(ApiDocument::openapi()).expect("the document serialises");
        examples::add_response_examples(&mut document);
        serde_json::to_string_pretty(&document).expect("the document serialises")
    });
    &DOCUMENT
}

/// This document.
#[utoipa::path(
    get,
    path = "/api/v1/openapi.json",
    operation_id = "openApiDocument",
    tag = "operations",
    responses(
        (status = 200, description = "The OpenAPI 3.1 document of this API.", content_type = "application/json", headers(("ETag" = String, description = "The document's version, for `If-None-Match`."))),
        (status = 304, description = "Not modified: this is the version `If-None-Match` named.")
    )
)]
pub async fn serve(request: HttpRequest) -> HttpResponse {
    static VERSION: LazyLock<EntityTag> = LazyLock::new(|| EntityTag::of_bytes(document_json().as_bytes()));
    let answered: Result<HttpResponse, std::convert::Infallible> =
        VERSION.answer(&request, || Ok(HttpResponse::Ok().insert_header(ContentType::json()).body(document_json())));
    answered.unwrap_or_else(|never| match never {})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::server::ROUTE_TEMPLATES;

    #[test]
    fn the_committed_document_is_the_one_the_code_generates() {
        let committed = include_str!("../../../openapi.json");
        assert!(
            committed.trim_end() == document_json(),
            "openapi.json differs from what the code generates; regenerate it with\n\
             cargo run --release -- openapi > openapi.json\nand commit it"
        );
    }

    #[test]
    fn every_route_is_documented_and_every_documented_path_is_a_route() {
        let document = ApiDocument::openapi();
        let documented: Vec<&str> = document.paths.paths.keys().map(String::as_str).collect();
        for route in ROUTE_TEMPLATES.iter().filter(|route| **route != "/__test/panic") {
            assert!(documented.contains(route), "{route} is not in the document");
        }
        for path in &documented {
            assert!(ROUTE_TEMPLATES.contains(path), "{path} is documented but no route serves it");
        }
    }

    #[test]
    fn every_operation_has_an_id_a_tag_a_success_and_the_envelope_on_failures() {
        let document: serde_json::Value = serde_json::from_str(document_json()).unwrap();
        let mut operation_ids = std::collections::BTreeSet::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let id = operation["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path} has no id"));
                assert!(operation_ids.insert(id.to_owned()), "{id} is used twice");
                assert!(operation["tags"].as_array().is_some_and(|tags| !tags.is_empty()), "{id} has no tag");
                let responses = operation["responses"].as_object().unwrap();
                assert!(responses.keys().any(|status| status.starts_with('2')), "{id} has no success");
                // A 304 has no body at all.
                let failures = responses.iter().filter(|(status, _)| !status.starts_with('2') && *status != "304");
                for (status, response) in failures {
                    let schema = &response["content"]["application/json"]["schema"]["$ref"];
                    assert_eq!(schema, "#/components/schemas/FailureEnvelope", "{id} {status}");
                }
            }
        }
    }
}
