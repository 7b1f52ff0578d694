//! GET /api/v1/jobs, /jobs/:jobId and /jobs/:jobId/applications.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use crate::domain::application::ApplicationStatus;
use crate::domain::application_index::{SortOrder, SCORE_MAX};
use crate::domain::commands::job_in_scope;
use crate::domain::job::JobStatus;
use crate::domain::query::{list_applications, list_jobs, ApplicationFilter};
use crate::http::dto::application::ApplicationsPage;
use crate::http::dto::job::{JobDetail, JobSummary};
use crate::http::dto::Pagination;
use crate::http::envelope::success;
use crate::http::error::{ApiError, Surface};
use crate::http::extract::KeyCaller;
use crate::http::openapi::responses::PublicReadFailures;
use crate::http::openapi::schemas::{ApplicationSortText, ApplicationStatusText, JobStatusText, SuccessEnvelope};
use crate::http::params::QueryParams;
use crate::http::state::AppState;
use utoipa::ToSchema;

const SURFACE: Surface = Surface::PublicApi;

/// A page of jobs, newest first.
#[derive(Serialize, ToSchema)]
pub struct JobPage<'a> {
    items: Vec<JobSummary<'a>>,
    pagination: Pagination,
}

/// The jobs the key reaches, newest first.
#[utoipa::path(
    get,
    path = "/api/v1/jobs",
    operation_id = "listJobs",
    tag = "public-api",
    params(
        ("status" = Option<JobStatusText>, Query, description = "Only jobs with this status."),
        ("offset" = Option<i64>, Query, minimum = 0, description = "Items to skip (default 0)."),
        ("limit" = Option<i64>, Query, minimum = 1, description = "Items in the page (default 20; above 100 is taken as 100)."),
    ),
    responses((status = 200, description = "A page of jobs.", body = SuccessEnvelope<JobPage>), PublicReadFailures),
    security(("apiKey" = []))
)]
pub async fn list(
    request: HttpRequest,
    caller: KeyCaller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params = QueryParams::parse(&request, SURFACE, &["status", "offset", "limit"])?;
    let page = params.page()?;
    let status =
        match params.text("status") {
            None => None,
            Some(text) => Some(JobStatus::parse(text).ok_or_else(|| {
                params.invalid(format!("`status` must be one of active, draft, closed, not {text:?}"))
            })?),
        };
    let workspace = caller.workspace.state.read();
    let jobs = list_jobs(&workspace, &caller.key.claims, status, state.settings.claims_window, page);
    let items: Vec<JobSummary> = jobs.items.iter().map(|job| JobSummary::new(&workspace, job)).collect();
    Ok(success(JobPage { items, pagination: Pagination::new(page, jobs.total) }))
}

/// One job: its form, stages, criteria, envelope and tags.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/{job_id}",
    operation_id = "getJob",
    tag = "public-api",
    params(("job_id" = String, Path, description = "The job's ID (`job_…`).")),
    responses((status = 200, description = "The job.", body = SuccessEnvelope<JobDetail>), PublicReadFailures),
    security(("apiKey" = []))
)]
pub async fn detail(
    request: HttpRequest,
    caller: KeyCaller,
    job_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    QueryParams::parse(&request, SURFACE, &[])?;
    let workspace = caller.workspace.state.read();
    let job =
        job_in_scope(&workspace, &job_id, &caller.key.claims).map_err(|error| ApiError::Domain(SURFACE, error))?;
    Ok(success(JobDetail::new(&workspace, job)))
}

pub const APPLICATION_SORTS: [(&str, SortOrder); 5] = [
    ("ats-desc", SortOrder::AtsDesc),
    ("ats-asc", SortOrder::AtsAsc),
    ("created-desc", SortOrder::CreatedDesc),
    ("created-asc", SortOrder::CreatedAsc),
    ("name-asc", SortOrder::NameAsc),
];

/// A page of a job's applications, filtered and sorted.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/{job_id}/applications",
    operation_id = "listApplications",
    tag = "public-api",
    params(
        ("job_id" = String, Path, description = "The job's ID (`job_…`)."),
        ("stage" = Option<String>, Query, description = "Only applications in this stage (a stage ID of the job)."),
        ("status" = Option<ApplicationStatusText>, Query, description = "Only active or only archived applications."),
        ("name" = Option<String>, Query, max_length = 200, description = "Only candidates whose name contains this, ignoring case."),
        ("atsScoreMin" = Option<f64>, Query, minimum = 0, maximum = 100, description = "Only applications scored at least this."),
        ("sort" = Option<ApplicationSortText>, Query, description = "The order (default `created-desc`)."),
        ("offset" = Option<i64>, Query, minimum = 0, description = "Items to skip (default 0)."),
        ("limit" = Option<i64>, Query, minimum = 1, description = "Items in the page (default 20; above 100 is taken as 100)."),
    ),
    responses(
        (status = 200, description = "A page of applications.", body = SuccessEnvelope<ApplicationsPage>),
        PublicReadFailures
    ),
    security(("apiKey" = []))
)]
pub async fn applications(
    request: HttpRequest,
    caller: KeyCaller,
    job_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let params =
        QueryParams::parse(&request, SURFACE, &["stage", "status", "name", "atsScoreMin", "sort", "offset", "limit"])?;
    let page = params.page()?;
    let sort = sort_order(&params)?;
    let filter = application_filter(&params)?;
    let workspace = caller.workspace.state.read();
    let job =
        job_in_scope(&workspace, &job_id, &caller.key.claims).map_err(|error| ApiError::Domain(SURFACE, error))?;
    let found =
        list_applications(&workspace, job, &filter, sort, page).map_err(|error| ApiError::Domain(SURFACE, error))?;
    Ok(success(ApplicationsPage::new(&found, page)))
}

fn sort_order(params: &QueryParams) -> Result<SortOrder, ApiError> {
    let Some(text) = params.text("sort") else { return Ok(SortOrder::CreatedDesc) };
    APPLICATION_SORTS.iter().find(|(name, _)| *name == text).map(|(_, order)| *order).ok_or_else(|| {
        let names: Vec<&str> = APPLICATION_SORTS.iter().map(|(name, _)| *name).collect();
        params.invalid(format!("`sort` must be one of {}, not {text:?}", names.join(", ")))
    })
}

fn application_filter(params: &QueryParams) -> Result<ApplicationFilter, ApiError> {
    let status = match params.text("status") {
        None => None,
        Some(text) => Some(
            ApplicationStatus::parse(text)
                .ok_or_else(|| params.invalid(format!("`status` must be active or archived, not {text:?}")))?,
        ),
    };
    let ats_score_min = match params.text("atsScoreMin") {
        None => None,
        Some(text) => match text.parse::<f64>() {
            // Scores are whole numbers, so a fractional minimum rounds up.
            Ok(minimum) if (0.0..=f64::from(SCORE_MAX)).contains(&minimum) => Some(minimum.ceil() as u8),
            _ => return Err(params.invalid(format!("`atsScoreMin` must be a number from 0 to 100, not {text:?}"))),
        },
    };
    let name = params.text("name").map(str::trim).filter(|name| !name.is_empty()).map(str::to_owned);
    if name.as_ref().is_some_and(|name| name.chars().count() > crate::domain::limits::NAME_LENGTH_MAX) {
        return Err(params.invalid("`name` is longer than any candidate name can be"));
    }
    Ok(ApplicationFilter { stage: params.text("stage").map(str::to_owned), status, name, ats_score_min })
}
