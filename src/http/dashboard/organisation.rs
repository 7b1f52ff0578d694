//! PUT /api/orgs/:orgId, POST .../members, POST .../teams,
//! GET .../notifications.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::domain::commands::{AddMember, CreateTeam};
use crate::domain::error::DomainError;
use crate::domain::ids::WorkspaceId;
use crate::domain::member::{Member, Role};
use crate::domain::notification::{Notification, NotificationKind};
use crate::domain::query::page_of;
use crate::domain::workspace::Workspace;
use crate::http::body::JsonBody;
use crate::http::dto::Pagination;
use crate::http::envelope::{created, success};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::TokenCaller;
use crate::http::params::QueryParams;
use crate::http::state::AppState;

const SURFACE: Surface = Surface::Dashboard;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnerBody {
    name: Option<String>,
    email: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkspaceBody {
    name: Option<String>,
    owner: Option<OwnerBody>,
}

pub async fn put_workspace(
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
    body: JsonBody<WorkspaceBody>,
) -> Result<HttpResponse, ApiError> {
    if !caller.claims_ownership_of(&org_id) {
        return Err(if caller.claims.organisation != *org_id {
            ApiError::not_found(SURFACE, format!("organisation {:?} was not found", org_id.as_str()))
        } else {
            ApiError::Domain(SURFACE, DomainError::Forbidden("creating a workspace needs the owner role".into()))
        });
    }
    let Some(workspace_id) = WorkspaceId::parse(&org_id) else {
        return Err(ApiError::invalid(SURFACE, "the organisation ID must be 1 to 64 letters, digits, `_` or `-`"));
    };
    let body = body.0;
    let owner = body.owner.unwrap_or(OwnerBody { name: None, email: None });
    let (handle, was_created) = state
        .registry
        .create_workspace(
            &workspace_id,
            body.name.as_deref().unwrap_or(""),
            &caller.user_id,
            owner.name.as_deref().unwrap_or(""),
            owner.email.as_deref().unwrap_or(""),
        )
        .await
        .map_err(|error| ApiError::from_registry(SURFACE, error))?;
    if !was_created {
        // Only the creating PUT is open to a token alone; an existing
        // workspace is shown to its owners only.
        let access = caller.workspace_access(&state, &org_id)?;
        if access.role != Role::Owner {
            return Err(ApiError::Domain(SURFACE, DomainError::Forbidden("this needs the owner role".into())));
        }
    }
    let workspace = handle.state.read();
    let data = json!({ "workspace": workspace_view(&workspace) });
    Ok(if was_created { created(data) } else { success(data) })
}

fn workspace_view(workspace: &Workspace) -> serde_json::Value {
    let owner = workspace.owner_member();
    json!({
        "id": workspace.id.as_str(),
        "name": workspace.name,
        "owner": { "userId": owner.user_id.as_str(), "name": owner.name, "email": owner.email },
        "createdAt": workspace.created_at.to_iso8601(),
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MemberBody {
    user_id: Option<String>,
    name: Option<String>,
    email: Option<String>,
    role: Option<String>,
}

pub async fn add_member(
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
    body: JsonBody<MemberBody>,
) -> Result<HttpResponse, ApiError> {
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let body = body.0;
    let user_id = body.user_id.unwrap_or_default();
    let existed = workspace.state.read().members.keys().any(|id| id.as_str() == user_id);
    let command = AddMember {
        user_id,
        name: body.name.unwrap_or_default(),
        email: body.email.unwrap_or_default(),
        role: body.role.unwrap_or_else(|| "member".into()),
    };
    let member =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    let data = json!({ "member": member_view(&member) });
    Ok(if existed { success(data) } else { created(data) })
}

fn member_view(member: &Member) -> serde_json::Value {
    json!({
        "userId": member.user_id.as_str(),
        "name": member.name,
        "email": member.email,
        "role": member.role.as_str(),
        "addedAt": member.added_at.to_iso8601(),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamBody {
    name: Option<String>,
}

pub async fn create_team(
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
    body: JsonBody<TeamBody>,
) -> Result<HttpResponse, ApiError> {
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let command = CreateTeam { name: body.0.name.unwrap_or_default() };
    let team =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    Ok(created(
        json!({ "team": { "id": team.id.as_str(), "name": team.name, "createdAt": team.created_at.to_iso8601() } }),
    ))
}

/// The caller's own notifications, newest first; any role may read them.
pub async fn notifications(
    request: HttpRequest,
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let params = QueryParams::parse(&request, SURFACE, &["offset", "limit"])?;
    let page = params.page()?;
    let (_, workspace) = caller.workspace(&state, &org_id)?;
    let workspace = workspace.state.read();
    let empty = std::collections::VecDeque::new();
    let inbox = workspace.notifications.get(&caller.user_id).unwrap_or(&empty);
    let found = page_of(inbox.iter().map(|notification| &**notification), page);
    let notifications: Vec<serde_json::Value> = found.items.into_iter().map(notification_view).collect();
    Ok(success(json!({ "notifications": notifications, "pagination": Pagination::new(page, found.total) })))
}

fn notification_view(notification: &Notification) -> serde_json::Value {
    match &notification.kind {
        NotificationKind::CommentCreated { job_id, application_id, comment_id, candidate_name, excerpt } => json!({
            "id": notification.id.as_str(),
            "type": "comment.created",
            "jobId": job_id.as_str(),
            "applicationId": application_id.as_str(),
            "commentId": comment_id.as_str(),
            "candidateName": candidate_name,
            "excerpt": excerpt,
            "createdAt": notification.created_at.to_iso8601(),
        }),
    }
}
