//! PUT /api/orgs/:orgId, POST .../members, POST .../teams,
//! GET .../notifications.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

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
use crate::http::request::organisation::{MemberBody, TeamBody, WorkspaceBody};
use crate::http::state::AppState;

const SURFACE: Surface = Surface::Dashboard;

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
    // An existing workspace is answered as it is; the body is checked only
    // when it will found one.
    let (handle, was_created) = match state.registry.workspace(&workspace_id) {
        Some(handle) => (handle, false),
        None => {
            let new = body.0.into_new_workspace().map_err(ApiError::domain(SURFACE))?;
            state
                .registry
                .create_workspace(&workspace_id, &caller.user_id, &new)
                .await
                .map_err(|error| ApiError::from_registry(SURFACE, error))?
        }
    };
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

pub async fn add_member(
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
    body: JsonBody<MemberBody>,
) -> Result<HttpResponse, ApiError> {
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let command = body.0.into_command().map_err(ApiError::domain(SURFACE))?;
    let existed = workspace.state.read().members.contains_key(&command.user_id);
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

pub async fn create_team(
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
    body: JsonBody<TeamBody>,
) -> Result<HttpResponse, ApiError> {
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let command = body.0.into_command().map_err(ApiError::domain(SURFACE))?;
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
