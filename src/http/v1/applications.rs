//! GET /api/v1/applications/:id, .../resume, .../ats and .../comments.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::domain::application::Application;
use crate::domain::commands::application_in_scope;
use crate::domain::query::page_of;
use crate::domain::workspace::Workspace;
use crate::http::dto::application::{
    read_ats_of, read_resume_of, ApplicationDetail, AtsResponse, AtsView, CommentView, CommentsPage, PipelineView,
    ResumeResponse, ResumeView, StoredResults,
};
use crate::http::dto::Pagination;
use crate::http::envelope::success;
use crate::http::error::{ApiError, Surface};
use crate::http::extract::KeyCaller;
use crate::http::openapi::responses::PublicReadFailures;
use crate::http::openapi::schemas::SuccessEnvelope;
use crate::http::params::QueryParams;

const SURFACE: Surface = Surface::PublicApi;

/// What every read of one application does first: refuse query parameters
/// other than `allowed`, read-lock the published state, and find the
/// application within the key's scope; then `read` builds the response.
fn read_application(
    request: &HttpRequest,
    caller: &KeyCaller,
    application_id: &str,
    allowed: &[&str],
    read: impl FnOnce(&QueryParams, &Workspace, &Application) -> Result<HttpResponse, ApiError>,
) -> Result<HttpResponse, ApiError> {
    let params = QueryParams::parse(request, SURFACE, allowed)?;
    let workspace = caller.workspace.state.read();
    let (application, _) = application_in_scope(&workspace, application_id, &caller.key.claims)
        .map_err(|error| ApiError::Domain(SURFACE, error))?;
    read(&params, &workspace, application)
}

/// One application: the candidate, stage, tags, answers, parsed resume,
/// ATS breakdown and pipeline.
#[utoipa::path(
    get,
    path = "/api/v1/applications/{application_id}",
    operation_id = "getApplication",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    responses((status = 200, description = "The application.", body = SuccessEnvelope<ApplicationDetail>), PublicReadFailures),
    security(("apiKey" = []))
)]
pub async fn detail(
    request: HttpRequest,
    caller: KeyCaller,
    application_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    read_application(&request, &caller, &application_id, &[], |_, workspace, application| {
        let stored = StoredResults::of(application)?;
        let results = stored.decode(application)?;
        Ok(success(ApplicationDetail::new(workspace, application, &results)))
    })
}

/// `{applicationId, pipeline, resume}`; `resume` is null until parsed.
#[utoipa::path(
    get,
    path = "/api/v1/applications/{application_id}/resume",
    operation_id = "getApplicationResume",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    responses((status = 200, description = "The parsed resume.", body = SuccessEnvelope<ResumeResponse>), PublicReadFailures),
    security(("apiKey" = []))
)]
pub async fn resume(
    request: HttpRequest,
    caller: KeyCaller,
    application_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    read_application(&request, &caller, &application_id, &[], |_, _, application| {
        let stored = StoredResults::resume_of(application)?;
        let resume = read_resume_of(stored.as_deref(), application)?;
        Ok(success(ResumeResponse {
            application_id: application.id.as_str(),
            pipeline: PipelineView::new(&application.pipeline),
            resume: resume.as_ref().map(ResumeView::new),
        }))
    })
}

/// `{applicationId, atsScore, pipeline, ats}`; `ats` is null until scored.
#[utoipa::path(
    get,
    path = "/api/v1/applications/{application_id}/ats",
    operation_id = "getApplicationAts",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    responses((status = 200, description = "The ATS breakdown.", body = SuccessEnvelope<AtsResponse>), PublicReadFailures),
    security(("apiKey" = []))
)]
pub async fn ats(
    request: HttpRequest,
    caller: KeyCaller,
    application_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    read_application(&request, &caller, &application_id, &[], |_, _, application| {
        let stored = StoredResults::ats_of(application)?;
        let ats = read_ats_of(stored.as_deref(), application)?;
        Ok(success(AtsResponse {
            application_id: application.id.as_str(),
            ats_score: application.ats_score(),
            pipeline: PipelineView::new(&application.pipeline),
            ats: ats.as_ref().map(AtsView::new),
        }))
    })
}

/// The thread, oldest first, paginated with `offset` and `limit`.
#[utoipa::path(
    get,
    path = "/api/v1/applications/{application_id}/comments",
    operation_id = "listComments",
    tag = "public-api",
    params(
        ("application_id" = String, Path, description = "The application's ID (`app_…`)."),
        ("offset" = Option<i64>, Query, minimum = 0, description = "Items to skip (default 0)."),
        ("limit" = Option<i64>, Query, minimum = 1, description = "Items in the page (default 20; above 100 is taken as 100)."),
    ),
    responses((status = 200, description = "A page of comments.", body = SuccessEnvelope<CommentsPage>), PublicReadFailures),
    security(("apiKey" = []))
)]
pub async fn comments(
    request: HttpRequest,
    caller: KeyCaller,
    application_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    read_application(&request, &caller, &application_id, &["offset", "limit"], |params, workspace, application| {
        let page = params.page()?;
        let found = page_of(application.comments.iter().map(|comment| &**comment), page);
        let comments: Vec<CommentView> =
            found.items.iter().map(|comment| CommentView::new(workspace, application.id.as_str(), comment)).collect();
        Ok(success(CommentsPage { comments, pagination: Pagination::new(page, found.total) }))
    })
}
