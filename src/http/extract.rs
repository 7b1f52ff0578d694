//! Authentication as extractors: a handler that takes `KeyCaller` runs only
//! for a valid, unexpired, unrevoked key within its rate limit; one that takes
//! `TokenCaller` only for a verified JWT. The rate-limit decision is left in
//! the request's extensions for the middleware that writes the
//! `X-RateLimit-*` headers on every /api/v1 response.

use std::future::{ready, Ready};
use std::net::IpAddr;
use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};

use super::error::{ApiError, Surface};
use super::observe::CallerName;
use super::state::AppState;
use crate::auth::jwt::{TokenClaims, TokenError};
use crate::auth::key_registry::{KeyEntry, KeyRejection, RateDecision};
use crate::domain::error::DomainError;
use crate::domain::ids::{UserId, WorkspaceId};
use crate::domain::member::Role;
use crate::workspace::WorkspaceHandle;

pub const API_KEY_HEADER: &str = "X-API-Key";

pub struct KeyCaller {
    pub key: Arc<KeyEntry>,
    pub workspace: WorkspaceHandle,
}

impl FromRequest for KeyCaller {
    type Error = ApiError;
    type Future = Ready<Result<KeyCaller, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(authenticate_key(request))
    }
}

pub(crate) fn app_state(request: &HttpRequest) -> &web::Data<AppState> {
    request.app_data::<web::Data<AppState>>().expect("AppState is registered on the app")
}

fn authenticate_key(request: &HttpRequest) -> Result<KeyCaller, ApiError> {
    let state = app_state(request);
    let presented = request.headers().get(API_KEY_HEADER).map(|value| value.to_str().unwrap_or(""));
    let now = state.registry.clock().now();
    let authenticated = match presented {
        None => Err(ApiError::ApiKeyMissing),
        Some(presented) => {
            state.registry.directory.keys.authenticate(presented.trim(), now).map_err(|rejection| match rejection {
                KeyRejection::Invalid => ApiError::ApiKeyInvalid,
                KeyRejection::Expired => ApiError::ApiKeyExpired,
            })
        }
    };
    let key = match authenticated {
        Ok(key) => key,
        Err(error) => {
            // Failed attempts are limited per client address.
            let decision = state.anonymous_limiter.check(&client_address(request));
            request.extensions_mut().insert(decision);
            if !decision.allowed {
                return Err(ApiError::RateLimited {
                    surface: Surface::PublicApi,
                    retry_after_seconds: decision.retry_after_seconds,
                });
            }
            return Err(error);
        }
    };
    let decision = key.check_rate();
    request.extensions_mut().insert(decision);
    request.extensions_mut().insert(CallerName::Key(key.key_id.to_string()));
    if !decision.allowed {
        return Err(ApiError::RateLimited {
            surface: Surface::PublicApi,
            retry_after_seconds: decision.retry_after_seconds,
        });
    }
    let Some(workspace) = state.registry.workspace(&key.workspace_id) else {
        return Err(ApiError::ApiKeyInvalid);
    };
    Ok(KeyCaller { key, workspace })
}

/// Counts a request that reached no handler (unknown route, wrong method)
/// against its key when the key is valid, else against its address.
pub fn rate_decision_without_handler(request: &HttpRequest) -> RateDecision {
    let state = app_state(request);
    let now = state.registry.clock().now();
    let presented = request.headers().get(API_KEY_HEADER).and_then(|value| value.to_str().ok());
    match presented.map(|presented| state.registry.directory.keys.authenticate(presented.trim(), now)) {
        Some(Ok(key)) => key.check_rate(),
        _ => state.anonymous_limiter.check(&client_address(request)),
    }
}

fn client_address(request: &HttpRequest) -> IpAddr {
    super::client_address::client_address(request, &app_state(request).settings.trusted_proxies)
}

/// A verified JWT.
pub struct TokenCaller {
    pub user_id: UserId,
    pub claims: TokenClaims,
}

impl FromRequest for TokenCaller {
    type Error = ApiError;
    type Future = Ready<Result<TokenCaller, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(authenticate_token(request))
    }
}

fn authenticate_token(request: &HttpRequest) -> Result<TokenCaller, ApiError> {
    let Some(value) = request.headers().get(header::AUTHORIZATION) else {
        return Err(ApiError::TokenMissing);
    };
    let value = value.to_str().map_err(|_| ApiError::TokenInvalid("the header is not ASCII".into()))?;
    let token = match value.split_once(' ') {
        Some((scheme, token)) if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() => token.trim(),
        _ => return Err(ApiError::TokenInvalid("expected `Authorization: Bearer <token>`".into())),
    };
    let state = app_state(request);
    let claims = state.jwt.verify(token, state.registry.clock().now()).map_err(|error| match error {
        TokenError::Expired => ApiError::TokenExpired,
        TokenError::Invalid { reason } => ApiError::TokenInvalid(reason),
    })?;
    let Some(user_id) = UserId::parse(&claims.subject) else {
        return Err(ApiError::TokenInvalid("`sub` is not a valid user ID".into()));
    };
    request.extensions_mut().insert(CallerName::Subject(user_id.to_string()));
    Ok(TokenCaller { user_id, claims })
}

impl TokenCaller {
    /// The workspace named in the path, if the token belongs to it and its
    /// subject is one of the workspace's members, with the role the caller
    /// acts with: the weaker of the token's and the member's. Another org's
    /// token gets the same 404 as an org that does not exist.
    pub fn workspace_access(&self, state: &AppState, org_id: &str) -> Result<WorkspaceAccess, ApiError> {
        let not_found = || ApiError::not_found(Surface::Dashboard, format!("organisation {org_id:?} was not found"));
        if self.claims.organisation != org_id {
            return Err(not_found());
        }
        let workspace_id = WorkspaceId::parse(org_id).ok_or_else(not_found)?;
        let handle = state.registry.workspace(&workspace_id).ok_or_else(not_found)?;
        let member_role = handle.state.read().members.get(&self.user_id).map(|member| member.role);
        let Some(member_role) = member_role else {
            return Err(ApiError::Domain(
                Surface::Dashboard,
                DomainError::Forbidden(format!(
                    "the token's subject {:?} is not a member of organisation {org_id:?}",
                    self.user_id.as_str()
                )),
            ));
        };
        Ok(WorkspaceAccess { workspace_id, handle, role: self.claims.role.weaker_of(member_role) })
    }

    /// As `workspace_access`, for any role.
    pub fn workspace(&self, state: &AppState, org_id: &str) -> Result<(WorkspaceId, WorkspaceHandle), ApiError> {
        let access = self.workspace_access(state, org_id)?;
        Ok((access.workspace_id, access.handle))
    }

    /// As `workspace`, for owners and admins only.
    pub fn managed_workspace(
        &self,
        state: &AppState,
        org_id: &str,
    ) -> Result<(WorkspaceId, WorkspaceHandle), ApiError> {
        let access = self.workspace_access(state, org_id)?;
        if !access.role.can_manage() {
            return Err(ApiError::Domain(
                Surface::Dashboard,
                DomainError::Forbidden(format!(
                    "this needs the owner or admin role; the caller acts as {} (the weaker of the token's role, {}, and the member's)",
                    access.role.as_str(),
                    self.claims.role.as_str()
                )),
            ));
        }
        Ok((access.workspace_id, access.handle))
    }

    /// Whether the token claims to be an owner of `org_id`: the condition for
    /// creating that workspace, before any member exists to check against.
    pub fn claims_ownership_of(&self, org_id: &str) -> bool {
        self.claims.role == Role::Owner && self.claims.organisation == org_id
    }
}

/// A verified caller's reach into one workspace.
pub struct WorkspaceAccess {
    pub workspace_id: WorkspaceId,
    pub handle: WorkspaceHandle,
    pub role: Role,
}
