//! PUT /api/orgs/:orgId, POST .../members, POST .../teams,
//! GET .../notifications.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::domain::error::DomainError;
use crate::domain::ids::WorkspaceId;
use crate::domain::member::Role;
use crate::domain::query::page_of;
use crate::http::body::JsonBody;
use crate::http::dto::organisation::{MemberAnswer, NotificationView, NotificationsPage, TeamAnswer, WorkspaceAnswer};
use crate::http::dto::Pagination;
use crate::http::envelope::{created, success};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::TokenCaller;
use crate::http::openapi::responses::DashboardFailures;
use crate::http::openapi::schemas::SuccessEnvelope;
use crate::http::params::QueryParams;
use crate::http::request::organisation::{MemberBody, TeamBody, WorkspaceBody};
use crate::http::state::AppState;

const SURFACE: Surface = Surface::Dashboard;

/// Creates the workspace of the token's organisation (the token's owner
/// becomes its owner), or shows it to its owner when it exists.
#[utoipa::path(
    put,
    path = "/api/orgs/{org_id}",
    operation_id = "putWorkspace",
    tag = "dashboard",
    params(("org_id" = String, Path, description = "The organisation (workspace) ID.")),
    request_body(content = WorkspaceBody, description = "The workspace's name and its owner's: always checked, used only when the workspace is created."),
    responses(
        (status = 201, description = "Created.", body = SuccessEnvelope<WorkspaceAnswer>),
        (status = 200, description = "It exists.", body = SuccessEnvelope<WorkspaceAnswer>),
        DashboardFailures
    ),
    security(("bearerAuth" = []))
)]
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
    // The body is checked whether or not the workspace exists: a PUT that
    // could not have created it is refused either way.
    let new = body.0.into_new_workspace().map_err(ApiError::domain(SURFACE))?;
    let (handle, was_created) = state
        .registry
        .create_workspace(&workspace_id, &caller.user_id, &new)
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
    let data = WorkspaceAnswer::new(&workspace);
    Ok(if was_created { created(data) } else { success(data) })
}

/// Adds a member, or updates an existing member's name, email and role.
#[utoipa::path(
    post,
    path = "/api/orgs/{org_id}/members",
    operation_id = "addMember",
    tag = "dashboard",
    params(("org_id" = String, Path, description = "The organisation (workspace) ID.")),
    request_body(content = MemberBody),
    responses(
        (status = 201, description = "Added.", body = SuccessEnvelope<MemberAnswer>),
        (status = 200, description = "Updated.", body = SuccessEnvelope<MemberAnswer>),
        DashboardFailures
    ),
    security(("bearerAuth" = []))
)]
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
    let data = MemberAnswer::new(&member);
    Ok(if existed { success(data) } else { created(data) })
}

/// Creates a team.
#[utoipa::path(
    post,
    path = "/api/orgs/{org_id}/teams",
    operation_id = "createTeam",
    tag = "dashboard",
    params(("org_id" = String, Path, description = "The organisation (workspace) ID.")),
    request_body(content = TeamBody),
    responses((status = 201, description = "Created.", body = SuccessEnvelope<TeamAnswer>), DashboardFailures),
    security(("bearerAuth" = []))
)]
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
    Ok(created(TeamAnswer::new(&team)))
}

/// The caller's own notifications, newest first; any role may read them.
#[utoipa::path(
    get,
    path = "/api/orgs/{org_id}/notifications",
    operation_id = "listNotifications",
    tag = "dashboard",
    params(
        ("org_id" = String, Path, description = "The organisation (workspace) ID."),
        ("offset" = Option<i64>, Query, minimum = 0, description = "Items to skip (default 0)."),
        ("limit" = Option<i64>, Query, minimum = 1, description = "Items in the page (default 20; above 100 is taken as 100)."),
    ),
    responses((status = 200, description = "A page of notifications.", body = SuccessEnvelope<NotificationsPage>), DashboardFailures),
    security(("bearerAuth" = []))
)]
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
    let notifications: Vec<NotificationView> = found.items.into_iter().map(NotificationView::new).collect();
    Ok(success(NotificationsPage { notifications, pagination: Pagination::new(page, found.total) }))
}
