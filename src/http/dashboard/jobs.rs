//! POST /api/orgs/:orgId/jobs, PATCH /api/orgs/:orgId/jobs/:jobId and
//! PATCH /api/orgs/:orgId/applications/:applicationId (archive / restore).

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::domain::application::ApplicationStatus;
use crate::domain::commands::{SetApplicationStatus, UpdateJob};
use crate::domain::ids::JobId;
use crate::http::body::JsonBody;
use crate::http::dto::application::{ApplicationDetail, StoredResults};
use crate::http::dto::job::JobDetail;
use crate::http::dto::writes::ApplicationAnswer;
use crate::http::envelope::{created, success};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::TokenCaller;
use crate::http::openapi::responses::DashboardFailures;
use crate::http::openapi::schemas::{ApplicationStatusText, SuccessEnvelope};
use crate::http::request::job::JobBody;
use crate::http::request::parsed;
use crate::http::state::AppState;
use crate::workspace::WorkspaceHandle;

const SURFACE: Surface = Surface::Dashboard;

fn job_detail_response(workspace: &WorkspaceHandle, job_id: &JobId, was_created: bool) -> HttpResponse {
    let workspace = workspace.state.read();
    let detail = JobDetail::new(&workspace, &workspace.jobs[job_id]);
    if was_created {
        created(detail)
    } else {
        success(detail)
    }
}

/// Creates a job.
#[utoipa::path(
    post,
    path = "/api/orgs/{org_id}/jobs",
    operation_id = "createJob",
    tag = "dashboard",
    params(("org_id" = String, Path, description = "The organisation (workspace) ID.")),
    request_body(content = JobBody),
    responses(
        (status = 201, description = "Created.", body = SuccessEnvelope<JobDetail>, links(
            ("EditTheJob" = (
                operation_id = "updateJob",
                parameters(("org_id" = "$request.path.org_id"), ("job_id" = "$response.body#/data/id")),
                description = "Edit the job just created."
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
    body: JsonBody<JobBody>,
) -> Result<HttpResponse, ApiError> {
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let command = body.0.into_create().map_err(ApiError::domain(SURFACE))?;
    let job_id =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    Ok(job_detail_response(&workspace, &job_id, true))
}

/// Edits a job: what the body names is replaced.
#[utoipa::path(
    patch,
    path = "/api/orgs/{org_id}/jobs/{job_id}",
    operation_id = "updateJob",
    tag = "dashboard",
    params(("org_id" = String, Path, description = "The organisation (workspace) ID."), ("job_id" = String, Path, description = "The job's ID (`job_…`).")),
    request_body(content = JobBody),
    responses((status = 200, description = "The job now.", body = SuccessEnvelope<JobDetail>), DashboardFailures),
    security(("bearerAuth" = []))
)]
pub async fn update(
    caller: TokenCaller,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
    body: JsonBody<JobBody>,
) -> Result<HttpResponse, ApiError> {
    let (org_id, job_id) = path.into_inner();
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let command = UpdateJob { job_id, changes: body.0.into_changes().map_err(ApiError::domain(SURFACE))? };
    let job_id =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    Ok(job_detail_response(&workspace, &job_id, false))
}

/// Archive or restore.
#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"status": "archived"}))]
#[serde(deny_unknown_fields)]
pub struct StatusBody {
    #[schema(required = true, nullable = false, value_type = Option<ApplicationStatusText>)]
    status: Option<String>,
}

/// Archives or restores an application.
#[utoipa::path(
    patch,
    path = "/api/orgs/{org_id}/applications/{application_id}",
    operation_id = "setApplicationStatus",
    tag = "dashboard",
    params(("org_id" = String, Path, description = "The organisation (workspace) ID."), ("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    request_body(content = StatusBody),
    responses((status = 200, description = "The application now.", body = SuccessEnvelope<ApplicationAnswer>), DashboardFailures),
    security(("bearerAuth" = []))
)]
pub async fn set_application_status(
    caller: TokenCaller,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
    body: JsonBody<StatusBody>,
) -> Result<HttpResponse, ApiError> {
    let (org_id, application_id) = path.into_inner();
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let status =
        parsed("status", body.0.status.as_deref().unwrap_or(""), ApplicationStatus::parse, "active or archived")
            .map_err(ApiError::domain(SURFACE))?;
    let command = SetApplicationStatus { application_id, status };
    let application =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    let stored = StoredResults::of(&application)?;
    let results = stored.decode(&application)?;
    let workspace = workspace.state.read();
    Ok(success(ApplicationAnswer { application: ApplicationDetail::new(&workspace, &application, &results) }))
}
