//! POST, GET and DELETE /api/orgs/:orgId/api-keys (owners and admins).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::auth::api_key::generate_api_key;
use crate::domain::commands::{CreateKey, RevokeKey};
use crate::domain::query::list_keys;
use crate::http::body::JsonBody;
use crate::http::dto::key::KeyView;
use crate::http::envelope::{created, success};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::TokenCaller;
use crate::http::params::QueryParams;
use crate::http::state::AppState;

const SURFACE: Surface = Surface::Dashboard;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ClaimsBody {
    teams: Option<Vec<String>>,
    jobs: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateKeyBody {
    name: Option<String>,
    claims: Option<ClaimsBody>,
    expires_at: Option<String>,
    rate_limit_per_minute: Option<i64>,
}

pub async fn create(
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
    body: JsonBody<CreateKeyBody>,
) -> Result<HttpResponse, ApiError> {
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let body = body.0;
    let claims = body.claims.unwrap_or_default();
    let material = generate_api_key();
    let command = CreateKey {
        name: body.name,
        claim_teams: claims.teams.unwrap_or_default(),
        claim_jobs: claims.jobs.unwrap_or_default(),
        expires_at: body.expires_at,
        rate_limit_per_minute: body.rate_limit_per_minute,
        created_by: caller.user_id.clone(),
        hash: material.hash,
        key_prefix: material.key_prefix.clone(),
    };
    let key =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    let now = state.registry.clock().now();
    Ok(created(json!({ "apiKey": material.plaintext, "key": KeyView::new(&key, None, now) })))
}

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
    Ok(success(json!({ "keys": keys })))
}

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
    Ok(success(json!({ "revoked": true })))
}
