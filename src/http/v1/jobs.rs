//! GET /api/v1/jobs, /jobs/:jobId and /jobs/:jobId/applications.

use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::domain::application::ApplicationStatus;
use crate::domain::application_index::{SortOrder, SCORE_MAX};
use crate::domain::commands::job_in_scope;
use crate::domain::job::JobStatus;
use crate::domain::job_applications::JobApplications;
use crate::domain::query::{list_application_ordinals, list_jobs, resolve_page, ApplicationFilter, JobQuery};
use crate::domain::walk::ListPage;
use crate::http::conditional::{EntityTag, KeptListing};
use crate::http::cursor::{self, Listing, QueryBinding};
use crate::http::dto::application::ApplicationsPage;
use crate::http::dto::job::{job_change, JobDetail, JobPage, JobSummary};
use crate::http::dto::{with_next_cursor, ListPagination};
use crate::http::envelope::{success, success_written};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::{app_state, KeyCaller};
use crate::http::openapi::responses::PublicReadFailures;
use crate::http::openapi::schemas::{
    ApplicationSortText, ApplicationStatusText, JobSortText, JobStatusText, SuccessEnvelope,
};
use crate::http::params::QueryParams;
use crate::http::state::AppState;

const SURFACE: Surface = Surface::PublicApi;

pub const JOB_SORTS: [(&str, SortOrder); 2] =
    [("created-desc", SortOrder::CreatedDesc), ("updated-asc", SortOrder::UpdatedAsc)];

/// The jobs the key reaches, newest first, or in change order for a sync.
#[utoipa::path(
    get,
    path = "/api/v1/jobs",
    operation_id = "listJobs",
    tag = "public-api",
    params(
        ("status" = Option<JobStatusText>, Query, description = "Only jobs with this status."),
        ("updatedAfter" = Option<String>, Query, description = "Only jobs changed after this: a `changeSequence`, or an ISO 8601 time."),
        ("sort" = Option<JobSortText>, Query, description = "The order (default `created-desc`); `updated-asc` is change order, for syncing."),
        ("cursor" = Option<String>, Query, description = "Continue from a page's `pagination.nextCursor` (instead of `offset`)."),
        ("offset" = Option<i64>, Query, minimum = 0, description = "Items to skip (default 0)."),
        ("limit" = Option<i64>, Query, minimum = 1, description = "Items in the page (default 20; above 100 is taken as 100)."),
    ),
    responses(
        (status = 200, description = "A page of jobs.", body = SuccessEnvelope<JobPage>, headers(("ETag" = String, description = "The page's version, for `If-None-Match`."))),
        (status = 304, description = "Not modified: the page is the version `If-None-Match` named."),
        PublicReadFailures
    ),
    security(("apiKey" = []))
)]
pub async fn list(
    request: HttpRequest,
    caller: KeyCaller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params =
        QueryParams::parse(&request, SURFACE, &["status", "updatedAfter", "sort", "cursor", "offset", "limit"])?;
    let status =
        match params.text("status") {
            None => None,
            Some(text) => Some(JobStatus::parse(text).ok_or_else(|| {
                params.invalid(format!("`status` must be one of active, draft, closed, not {text:?}"))
            })?),
        };
    let updated_after = params.updated_after()?;
    let sort = sort_order(&params, &JOB_SORTS, SortOrder::CreatedDesc)?;
    let updated_after_text = updated_after.map(|after| after.to_string()).unwrap_or_default();
    let binding = QueryBinding {
        listing: Listing::Jobs,
        parameters: vec![
            ("sort", sort_name(&JOB_SORTS, sort)),
            ("status", status.map_or("", JobStatus::as_str)),
            ("updatedAfter", &updated_after_text),
        ],
    };
    let list_request = params.list_request(&binding)?;
    let workspace = caller.workspace.state.read();
    let claims = &caller.key.claims;
    // Scoped keys see another part of the list, so their versions differ.
    let scope = if claims.is_whole_workspace() { 0 } else { key_fingerprint(&caller) };
    let version = EntityTag::of("jobs", &request, &[workspace.jobs_latest_change(), scope]);
    version.answer_kept(&request, &state.responses, &workspace.id, || {
        let query = JobQuery { status, updated_after, sort };
        let jobs = list_jobs(&workspace, claims, &query, state.settings.claims_window, &list_request);
        let items: Vec<JobSummary> = jobs.items.iter().map(|job| JobSummary::new(&workspace, job)).collect();
        let next_cursor = jobs.next.as_ref().map(|walk| cursor::encode(&binding, walk));
        let page = JobPage { items, pagination: ListPagination::new(&list_request, jobs.total, next_cursor) };
        Ok(success_written(|out| page.write_json(out)))
    })
}

/// A number that tells one key's view from another's.
fn key_fingerprint(caller: &KeyCaller) -> u64 {
    caller
        .key
        .key_id
        .as_str()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// One job: its form, stages, criteria, envelope and tags.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/{job_id}",
    operation_id = "getJob",
    tag = "public-api",
    params(("job_id" = String, Path, description = "The job's ID (`job_…`).")),
    responses(
        (status = 200, description = "The job.", body = SuccessEnvelope<JobDetail>, headers(("ETag" = String, description = "The job's version, for `If-None-Match`."))),
        (status = 304, description = "Not modified: the job is the version `If-None-Match` named."),
        PublicReadFailures
    ),
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
    let version = EntityTag::of("job", &request, &[job_change(&workspace, job)]);
    version.answer_kept(&request, &app_state(&request).responses, &workspace.id, || {
        Ok(success(JobDetail::new(&workspace, job)))
    })
}

pub const APPLICATION_SORTS: [(&str, SortOrder); 6] = [
    ("ats-desc", SortOrder::AtsDesc),
    ("ats-asc", SortOrder::AtsAsc),
    ("created-desc", SortOrder::CreatedDesc),
    ("created-asc", SortOrder::CreatedAsc),
    ("name-asc", SortOrder::NameAsc),
    ("updated-asc", SortOrder::UpdatedAsc),
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
        ("updatedAfter" = Option<String>, Query, description = "Only applications changed after this: a `changeSequence`, or an ISO 8601 time."),
        ("sort" = Option<ApplicationSortText>, Query, description = "The order (default `created-desc`); `updated-asc` is change order, for syncing. In `ats-desc` and `ats-asc`, equal scores list the candidate with more months of experience first, then the older application; unscored applications come last."),
        ("cursor" = Option<String>, Query, description = "Continue from a page's `pagination.nextCursor` (instead of `offset`)."),
        ("offset" = Option<i64>, Query, minimum = 0, description = "Items to skip (default 0)."),
        ("limit" = Option<i64>, Query, minimum = 1, description = "Items in the page (default 20; above 100 is taken as 100)."),
    ),
    responses(
        (status = 200, description = "A page of applications.", body = SuccessEnvelope<ApplicationsPage>, headers(("ETag" = String, description = "The page's version, for `If-None-Match`."))),
        (status = 304, description = "Not modified: the page is the version `If-None-Match` named."),
        PublicReadFailures
    ),
    security(("apiKey" = []))
)]
pub async fn applications(
    request: HttpRequest,
    caller: KeyCaller,
    job_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let params = QueryParams::parse(
        &request,
        SURFACE,
        &["stage", "status", "name", "atsScoreMin", "updatedAfter", "sort", "cursor", "offset", "limit"],
    )?;
    let sort = sort_order(&params, &APPLICATION_SORTS, SortOrder::CreatedDesc)?;
    let filter = application_filter(&params)?;
    let texts = FilterTexts::of(&filter);
    let binding = QueryBinding {
        listing: Listing::Applications,
        parameters: vec![
            ("job", job_id.as_str()),
            ("sort", sort_name(&APPLICATION_SORTS, sort)),
            ("stage", filter.stage.as_deref().unwrap_or("")),
            ("status", filter.status.map_or("", ApplicationStatus::as_str)),
            ("name", &texts.name),
            ("atsScoreMin", &texts.ats_score_min),
            ("updatedAfter", &texts.updated_after),
        ],
    };
    let list_request = params.list_request(&binding)?;
    let workspace = caller.workspace.state.read();
    let job =
        job_in_scope(&workspace, &job_id, &caller.key.claims).map_err(|error| ApiError::Domain(SURFACE, error))?;
    let job_applications = &workspace.job_applications[&job.id];
    let version =
        EntityTag::of("applications", &request, &[job_applications.latest_change(), job_applications.running_marks()]);
    // Where the pin seldom moves, a page's version counts it, so a page kept
    // by content is sent without re-encoding its cursor; in change order,
    // where every write moves it, the kept page's cursor is replaced instead.
    let pin_in_content = !sort.pin_moves_with_every_change();
    let listing = KeptListing {
        list: || {
            list_application_ordinals(&workspace, job, &filter, sort, &list_request)
                .map_err(|error| ApiError::Domain(SURFACE, error))
        },
        content: |found: &ListPage<u32>| page_content_version(&request, job_applications, found, pin_in_content),
        current: |found: &ListPage<u32>, kept: Bytes| match &found.next {
            // Without the pin in the content version, the kept cursor may be another's.
            Some(walk) if !pin_in_content => with_next_cursor(kept, &cursor::encode(&binding, walk)),
            // Otherwise the version says the kept cursor is now's.
            _ => Some(kept),
        },
        build: |found| {
            let found = resolve_page(&workspace, job_applications, found);
            let next_cursor = found.next.as_ref().map(|walk| cursor::encode(&binding, walk));
            let page = ApplicationsPage::new(&workspace, &found, &list_request, next_cursor);
            Ok(success_written(|out| page.write_json(out)))
        },
    };
    version.answer_kept_listing(&request, &app_state(&request).responses, &workspace.id, listing)
}

/// The version of what a page of applications shows: which applications
/// are on it and each one's change sequence, the job's count of pipelines
/// marked running (the one change that moves no sequence), the list's total
/// and whether it goes on. The next cursor is made from the last
/// application's place in the order, which its change sequence covers. All
/// of it is read from the job's indexes, so a page a write did not touch is
/// found kept without looking up one application.
fn page_content_version(
    request: &HttpRequest,
    job_applications: &JobApplications,
    found: &ListPage<u32>,
    with_pin: bool,
) -> EntityTag {
    let mut counters = Vec::with_capacity(4 + 2 * found.items.len());
    counters.push(found.total as u64);
    counters.push(u64::from(found.next.is_some()));
    if with_pin {
        counters.push(found.next.as_ref().and_then(|walk| walk.pinned_at).unwrap_or(0));
    }
    counters.push(job_applications.running_marks());
    for &ordinal in &found.items {
        counters.push(u64::from(ordinal));
        counters.push(job_applications.change_of(ordinal));
    }
    EntityTag::of("applications by content", request, &counters)
}

/// The filters as a cursor binds them: as the server understood them.
struct FilterTexts {
    name: String,
    ats_score_min: String,
    updated_after: String,
}

impl FilterTexts {
    fn of(filter: &ApplicationFilter) -> Self {
        let text = |value: Option<String>| value.unwrap_or_default();
        Self {
            name: text(filter.name.as_ref().map(|name| name.to_lowercase())),
            ats_score_min: text(filter.ats_score_min.map(|minimum| minimum.to_string())),
            updated_after: text(filter.updated_after.map(|after| after.to_string())),
        }
    }
}

fn sort_name(sorts: &[(&'static str, SortOrder)], sort: SortOrder) -> &'static str {
    sorts.iter().find(|(_, order)| *order == sort).map_or("", |(name, _)| name)
}

fn sort_order(
    params: &QueryParams,
    sorts: &[(&'static str, SortOrder)],
    default: SortOrder,
) -> Result<SortOrder, ApiError> {
    let Some(text) = params.text("sort") else { return Ok(default) };
    sorts.iter().find(|(name, _)| *name == text).map(|(_, order)| *order).ok_or_else(|| {
        let names: Vec<&str> = sorts.iter().map(|(name, _)| *name).collect();
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
    let updated_after = params.updated_after()?;
    Ok(ApplicationFilter { stage: params.text("stage").map(str::to_owned), status, name, ats_score_min, updated_after })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::{ApplicationId, StageId};
    use crate::domain::job_applications::IndexedApplication;
    use crate::domain::walk::{Position, WalkFrom};

    fn job_of_two(stage: &StageId) -> JobApplications {
        let mut rng = rand::rng();
        let mut application = |change: u64| IndexedApplication {
            id: ApplicationId::generate(&mut rng),
            stage_id: stage.clone(),
            standing: None,
            name_key: "ada lovelace".into(),
            change,
        };
        JobApplications::from_ordered(vec![application(1), application(2)])
    }

    #[test]
    fn a_page_version_moves_with_what_the_page_shows_and_only_with_that() {
        let request = actix_web::test::TestRequest::get().uri("/api/v1/jobs/j/applications?offset=0").to_http_request();
        let stage = StageId::generate(&mut rand::rng());
        let mut job = job_of_two(&stage);
        let first_only = ListPage { items: vec![0], total: 2, next: None };
        let version = |job: &JobApplications| page_content_version(&request, job, &first_only, true);
        let before = version(&job);
        job.changed(1, &stage, 5, false);
        assert_eq!(version(&job), before, "a change to an application not on the page");
        job.changed(0, &stage, 6, false);
        let changed = version(&job);
        assert_ne!(changed, before, "a change to one on it");
        job.note_running();
        assert_ne!(version(&job), changed, "a pipeline marked running, which moves no sequence");
    }

    #[test]
    fn a_page_version_counts_the_pin_of_its_next_cursor_only_where_asked() {
        let request = actix_web::test::TestRequest::get().uri("/api/v1/jobs/j/applications?offset=0").to_http_request();
        let job = job_of_two(&StageId::generate(&mut rand::rng()));
        let pinned_at = |pin: u64| {
            let next = WalkFrom { position: Position::Created { ordinal: 0 }, pinned_at: Some(pin) };
            ListPage { items: vec![0], total: 2, next: Some(next) }
        };
        let version = |page: &ListPage<u32>, with_pin: bool| page_content_version(&request, &job, page, with_pin);
        assert_ne!(version(&pinned_at(5), true), version(&pinned_at(6), true));
        assert_eq!(version(&pinned_at(5), false), version(&pinned_at(6), false));
    }
}
