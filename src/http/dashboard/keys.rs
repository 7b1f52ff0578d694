//! POST, GET and DELETE /api/orgs/:orgId/api-keys (owners and admins).

use actix_web::{web, HttpRequest, HttpResponse};

use crate::auth::api_key::generate_api_key;
use crate::domain::commands::RevokeKey;
use crate::domain::query::list_keys;
use crate::http::body::JsonBody;
use crate::http::dto::key::KeyView;
use crate::http::dto::organisation::{KeyCreated, KeyList, KeyRevoked};
use crate::http::envelope::{created, success};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::TokenCaller;
use crate::http::openapi::responses::DashboardFailures;
use crate::http::openapi::schemas::SuccessEnvelope;
use crate::http::params::QueryParams;
use crate::http::request::key::CreateKeyBody;
use crate::http::state::AppState;

const SURFACE: Surface = Surface::Dashboard;

/// Creates an API key; the answer shows its secret this once.
#[utoipa::path(
    post,
    path = "/api/orgs/{org_id}/api-keys",
    operation_id = "createApiKey",
    tag = "keys",
    params(("org_id" = String, Path, description = "The organisation (workspace) ID.")),
    request_body(content = CreateKeyBody),
    responses(
        (status = 201, description = "Created.", body = SuccessEnvelope<KeyCreated>, links(
            ("RevokeTheKey" = (
                operation_id = "revokeApiKey",
                parameters(("org_id" = "$request.path.org_id"), ("key_id" = "$response.body#/data/key/id")),
                description = "Revoke the key just created."
            ))
        )),
        DashboardFailures
    ),
    security(("bearerAuth" = []))
)]
pub async fn create(
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
    body: JsonBody<CreateKeyBody>,
) -> Result<HttpResponse, ApiError> {
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let material = generate_api_key();
    let command = body
        .0
        .into_command(caller.user_id.clone(), material.hash, material.key_prefix.clone())
        .map_err(ApiError::domain(SURFACE))?;
    let key =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    let now = state.registry.clock().now();
    Ok(created(KeyCreated { api_key: &material.plaintext, key: KeyView::new(&key, None, now) }))
}

/// Every key of the workspace, revoked ones included, newest first.
#[utoipa::path(
    get,
    path = "/api/orgs/{org_id}/api-keys",
    operation_id = "listApiKeys",
    tag = "keys",
    params(("org_id" = String, Path, description = "The organisation (workspace) ID.")),
    responses((status = 200, description = "The keys.", body = SuccessEnvelope<KeyList>), DashboardFailures),
    security(("bearerAuth" = []))
)]
pub async fn list(
    request: HttpRequest,
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    QueryParams::parse(&request, SURFACE, &[])?;
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let now = state.registry.clock().now();
    let workspace = workspace.state.read();
    let keys: Vec<KeyView> = list_keys(&workspace)
        .into_iter()
        .map(|key| {
            let live = state.registry.directory.keys.entry(&key.hash).and_then(|entry| entry.last_used_at());
            let recorded = workspace.key_last_used.get(&key.id).copied();
            KeyView::new(key, live.max(recorded), now)
        })
        .collect();
    Ok(success(KeyList { keys }))
}

/// Revokes a key: the next request with it is refused.
#[utoipa::path(
    delete,
    path = "/api/orgs/{org_id}/api-keys/{key_id}",
    operation_id = "revokeApiKey",
    tag = "keys",
    params(("org_id" = String, Path, description = "The organisation (workspace) ID."), ("key_id" = String, Path, description = "The key's ID (`key_…`).")),
    responses((status = 200, description = "Revoked.", body = SuccessEnvelope<KeyRevoked>), DashboardFailures),
    security(("bearerAuth" = []))
)]
pub async fn revoke(
    caller: TokenCaller,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (org_id, key_id) = path.into_inner();
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    state
        .registry
        .execute(&workspace, RevokeKey { key_id })
        .await
        .map_err(|error| ApiError::from_registry(SURFACE, error))?;
    Ok(success(KeyRevoked { revoked: true }))
}
