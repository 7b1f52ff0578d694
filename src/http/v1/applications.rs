//! GET /api/v1/applications/:id, .../resume, .../ats and .../comments.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::domain::application::Application;
use crate::domain::application::PipelineState;
use crate::domain::commands::application_in_scope;
use crate::domain::walk::{ordinal_of, PageStart, Position, WalkFrom};
use crate::domain::workspace::Workspace;
use crate::http::conditional::EntityTag;
use crate::http::cursor::{self, Listing, QueryBinding};
use crate::http::dto::application::{
    render_ats_of, render_resume_of, ApplicationDetail, AtsResponse, CommentView, CommentsPage, ResumeResponse,
    StoredResults,
};
use crate::http::dto::detail_json::{write_application_detail, write_ats_response, write_resume_response};
use crate::http::dto::job::job_change;
use crate::http::dto::ListPagination;
use crate::http::envelope::{success, success_written};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::{app_state, KeyCaller};
use crate::http::openapi::responses::PublicReadFailures;
use crate::http::openapi::schemas::SuccessEnvelope;
use crate::http::params::QueryParams;

const SURFACE: Surface = Surface::PublicApi;

/// What a read of one application depends on besides the application.
#[derive(Clone, Copy)]
enum DependsOn {
    /// The application alone (its parsed resume, its breakdown).
    Application,
    /// The application, and its job's stages.
    Job,
    /// The application, and the names of the workspace's members (comment authors).
    Members,
}

/// What every read of one application does first: refuse query parameters
/// other than `allowed`, read-lock the published state, find the
/// application within the key's scope, and answer 304 when the client holds
/// its version (see `conditional`); else `read` builds the response.
fn read_application(
    request: &HttpRequest,
    caller: &KeyCaller,
    application_id: &str,
    allowed: &[&str],
    (route, depends_on): (&'static str, DependsOn),
    read: impl FnOnce(&QueryParams, &Workspace, &Application) -> Result<HttpResponse, ApiError>,
) -> Result<HttpResponse, ApiError> {
    let params = QueryParams::parse(request, SURFACE, allowed)?;
    let workspace = caller.workspace.state.read();
    let (application, job) = application_in_scope(&workspace, application_id, &caller.key.claims)
        .map_err(|error| ApiError::Domain(SURFACE, error))?;
    // Running is not an event and moves no change sequence, so it counts apart.
    let running = u64::from(application.pipeline.state == PipelineState::Running);
    let also = match depends_on {
        DependsOn::Application => 0,
        DependsOn::Job => job_change(&workspace, job),
        DependsOn::Members => workspace.members.len() as u64,
    };
    let version = EntityTag::of(route, request, &[workspace.application_change(application), running, also]);
    version
        .answer_kept(request, &app_state(request).responses, &workspace.id, || read(&params, &workspace, application))
}

/// One application: the candidate, stage, tags, answers, parsed resume,
/// ATS breakdown and pipeline.
#[utoipa::path(
    get,
    path = "/api/v1/applications/{application_id}",
    operation_id = "getApplication",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    responses(
        (status = 200, description = "The application.", body = SuccessEnvelope<ApplicationDetail>, headers(("ETag" = String, description = "The version, for `If-None-Match`."))),
        (status = 304, description = "Not modified: this is the version `If-None-Match` named."),
        PublicReadFailures
    ),
    security(("apiKey" = []))
)]
pub async fn detail(
    request: HttpRequest,
    caller: KeyCaller,
    application_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    read_application(
        &request,
        &caller,
        &application_id,
        &[],
        ("application", DependsOn::Job),
        |_, workspace, application| {
            let results = StoredResults::of(application)?.render(application)?;
            Ok(success_written(|out| {
                write_application_detail(out, workspace, application, &results);
                Ok(())
            }))
        },
    )
}

/// `{applicationId, pipeline, resume}`; `resume` is null until parsed.
#[utoipa::path(
    get,
    path = "/api/v1/applications/{application_id}/resume",
    operation_id = "getApplicationResume",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    responses(
        (status = 200, description = "The parsed resume.", body = SuccessEnvelope<ResumeResponse>, headers(("ETag" = String, description = "The version, for `If-None-Match`."))),
        (status = 304, description = "Not modified: this is the version `If-None-Match` named."),
        PublicReadFailures
    ),
    security(("apiKey" = []))
)]
pub async fn resume(
    request: HttpRequest,
    caller: KeyCaller,
    application_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    read_application(
        &request,
        &caller,
        &application_id,
        &[],
        ("resume", DependsOn::Application),
        |_, _, application| {
            let stored = StoredResults::resume_of(application)?;
            let resume = render_resume_of(stored.as_deref(), application)?;
            Ok(success_written(|out| {
                write_resume_response(out, application, resume.as_deref());
                Ok(())
            }))
        },
    )
}

/// `{applicationId, atsScore, pipeline, ats}`; `ats` is null until scored.
#[utoipa::path(
    get,
    path = "/api/v1/applications/{application_id}/ats",
    operation_id = "getApplicationAts",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    responses(
        (status = 200, description = "The ATS breakdown.", body = SuccessEnvelope<AtsResponse>, headers(("ETag" = String, description = "The version, for `If-None-Match`."))),
        (status = 304, description = "Not modified: this is the version `If-None-Match` named."),
        PublicReadFailures
    ),
    security(("apiKey" = []))
)]
pub async fn ats(
    request: HttpRequest,
    caller: KeyCaller,
    application_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    read_application(&request, &caller, &application_id, &[], ("ats", DependsOn::Application), |_, _, application| {
        let stored = StoredResults::ats_of(application)?;
        let ats = render_ats_of(stored.as_deref(), application)?;
        Ok(success_written(|out| {
            write_ats_response(out, application, ats.as_deref());
            Ok(())
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
        ("cursor" = Option<String>, Query, description = "Continue from a page's `pagination.nextCursor` (instead of `offset`)."),
        ("offset" = Option<i64>, Query, minimum = 0, description = "Items to skip (default 0)."),
        ("limit" = Option<i64>, Query, minimum = 1, description = "Items in the page (default 20; above 100 is taken as 100)."),
    ),
    responses(
        (status = 200, description = "A page of comments.", body = SuccessEnvelope<CommentsPage>, headers(("ETag" = String, description = "The version, for `If-None-Match`."))),
        (status = 304, description = "Not modified: this is the version `If-None-Match` named."),
        PublicReadFailures
    ),
    security(("apiKey" = []))
)]
pub async fn comments(
    request: HttpRequest,
    caller: KeyCaller,
    application_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let binding =
        QueryBinding { listing: Listing::Comments, parameters: vec![("application", application_id.as_str())] };
    read_application(
        &request,
        &caller,
        &application_id,
        &["cursor", "offset", "limit"],
        ("comments", DependsOn::Members),
        |params, workspace, application| {
            let list_request = params.list_request(&binding)?;
            // Comments are only ever added, at the end: a position is an index.
            let first = match &list_request.start {
                PageStart::Offset(offset) => *offset,
                PageStart::After(walk) => ordinal_of(&walk.position) as usize + 1,
            };
            let total = application.comments.len();
            let comments: Vec<CommentView> = application
                .comments
                .iter()
                .skip(first)
                .take(list_request.limit)
                .map(|comment| CommentView::new(workspace, application.id.as_str(), comment))
                .collect();
            let end = first.saturating_add(comments.len());
            let next_cursor = (end < total && !comments.is_empty()).then(|| {
                let last = u32::try_from(end - 1).expect("comments per application are bounded far below u32::MAX");
                cursor::encode(&binding, &WalkFrom { position: Position::Created { ordinal: last }, pinned_at: None })
            });
            Ok(success(CommentsPage { comments, pagination: ListPagination::new(&list_request, total, next_cursor) }))
        },
    )
}
