//! Reads. They run on HTTP workers under the workspace's read lock, so each
//! is bounded: pages are capped, and the application list uses the job's
//! ordered indexes unless a filter needs a scan (name, status), which is
//! documented as O(applications in the job).

use super::api_key::{ApiKey, Claims};
use super::application::{Application, ApplicationStatus};
use super::application_index::SortOrder;
use super::error::{invalid, DomainResult};
use super::ids::StageId;
use super::job::{Job, JobStatus};
use super::workspace::Workspace;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageRequest {
    pub offset: usize,
    pub limit: usize,
}

#[derive(Clone, Debug)]
pub struct PageOf<T> {
    pub items: Vec<T>,
    pub total: usize,
}

/// Newest first. Whole-workspace keys see every job. Scoped keys see the
/// claims-filtered part of the first `claims_window` jobs (after the status
/// filter), `0` meaning no window; `total` counts what survives.
pub fn list_jobs<'w>(
    workspace: &'w Workspace,
    claims: &Claims,
    status: Option<JobStatus>,
    claims_window: usize,
    page: PageRequest,
) -> PageOf<&'w Job> {
    let newest_first = workspace
        .job_order
        .iter()
        .rev()
        .filter_map(|id| workspace.jobs.get(id))
        .filter(|job| status.is_none_or(|status| job.definition.status == status));
    let visible: Vec<&Job> = if claims.is_whole_workspace() {
        newest_first.collect()
    } else {
        let window = if claims_window == 0 { usize::MAX } else { claims_window };
        newest_first.take(window).filter(|job| claims.covers(job)).collect()
    };
    let total = visible.len();
    let items = visible.into_iter().skip(page.offset).take(page.limit).collect();
    PageOf { items, total }
}

#[derive(Clone, Debug, Default)]
pub struct ApplicationFilter {
    pub stage: Option<String>,
    pub status: Option<ApplicationStatus>,
    /// Case-insensitive substring of the candidate name.
    pub name: Option<String>,
    pub ats_score_min: Option<u8>,
}

pub fn list_applications<'w>(
    workspace: &'w Workspace,
    job: &Job,
    filter: &ApplicationFilter,
    sort: SortOrder,
    page: PageRequest,
) -> DomainResult<PageOf<&'w Application>> {
    let stage_id = match filter.stage.as_deref() {
        None => None,
        Some(stage) => match StageId::parse(stage).filter(|id| job.stage(id).is_some()) {
            Some(id) => Some(id),
            None => return invalid(format!("`stage` {stage:?} is not one of the stages of job {}", job.id)),
        },
    };
    let job_applications = &workspace.job_applications[&job.id];
    let Some(ordered) = job_applications.ordered(stage_id.as_ref()) else {
        return Ok(PageOf { items: Vec::new(), total: 0 });
    };
    let resolve = |ordinal: u32| &*workspace.applications[job_applications.id_at(ordinal)];
    if filter.status.is_none() && filter.name.is_none() {
        let (ordinals, total) = ordered.page(sort, filter.ats_score_min, page.offset, page.limit);
        return Ok(PageOf { items: ordinals.into_iter().map(resolve).collect(), total });
    }
    let name = filter.name.as_deref().map(str::to_lowercase);
    let matches = |application: &&Application| {
        filter.status.is_none_or(|status| application.status == status)
            && name.as_deref().is_none_or(|name| application.name_key().contains(name))
    };
    let mut total = 0;
    let mut items = Vec::with_capacity(page.limit);
    for application in ordered.iter(sort, filter.ats_score_min).map(resolve).filter(matches) {
        if total >= page.offset && items.len() < page.limit {
            items.push(application);
        }
        total += 1;
    }
    Ok(PageOf { items, total })
}

/// Newest first, revoked keys left out.
pub fn list_keys(workspace: &Workspace) -> Vec<&ApiKey> {
    let mut keys: Vec<&ApiKey> = workspace.keys.values().filter(|key| key.revoked_at.is_none()).collect();
    keys.sort_by_key(|key| std::cmp::Reverse(key.ordinal));
    keys
}

pub fn page_of<T: Clone>(items: impl ExactSizeIterator<Item = T>, page: PageRequest) -> PageOf<T> {
    let total = items.len();
    PageOf { items: items.skip(page.offset).take(page.limit).collect(), total }
}
