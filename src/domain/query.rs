//! Reads. They run on HTTP workers under the workspace's read lock, so each
//! is bounded: pages are capped, and the application list uses the job's
//! ordered indexes, by offset or by position (see `walk`); a name search
//! uses the job's index of name words (O(distinct words + matches)); a
//! status filter, and `updatedAfter` in any order but the change order,
//! scan, which is documented as O(applications in the job).

use std::cmp::{Ordering, Reverse};

use super::api_key::{ApiKey, Claims};
use super::application::{Application, ApplicationStatus};
use super::application_index::{OrderedApplications, Position, SortOrder, SCORE_MAX};
use super::candidate_order::{distributed_by_score, page_of_candidates};
use super::error::{invalid, DomainResult};
use super::ids::StageId;
use super::job::{Job, JobStatus};
use super::job_applications::JobApplications;
use super::walk::{compare, position_in, ListPage, ListRequest, PageStart, WalkFrom};
use super::workspace::Workspace;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageRequest {
    pub offset: usize,
    pub limit: usize,
}

impl From<PageRequest> for ListRequest {
    fn from(page: PageRequest) -> ListRequest {
        ListRequest::offset(page.offset, page.limit)
    }
}

#[derive(Clone, Debug)]
pub struct PageOf<T> {
    pub items: Vec<T>,
    pub total: usize,
}

/// How the job list is filtered and ordered.
#[derive(Clone, Debug)]
pub struct JobQuery {
    pub status: Option<JobStatus>,
    /// Only jobs changed after this change sequence.
    pub updated_after: Option<u64>,
    /// `CreatedDesc` (newest first) or `UpdatedAsc`; other orders read as `CreatedDesc`.
    pub sort: SortOrder,
}

/// Whole-workspace keys see every job. Scoped keys see the claims-filtered
/// part of the first `claims_window` jobs (newest first, after the status
/// filter), `0` meaning no window; `total` counts what survives. Positions
/// name a job by its place in creation order.
pub fn list_jobs<'w>(
    workspace: &'w Workspace,
    claims: &Claims,
    query: &JobQuery,
    claims_window: usize,
    request: &ListRequest,
) -> ListPage<&'w Job> {
    let change_of = |job: &Job| workspace.job_changes.get(&job.id).copied().unwrap_or(0);
    let sort = if query.sort == SortOrder::UpdatedAsc { SortOrder::UpdatedAsc } else { SortOrder::CreatedDesc };
    if sort == SortOrder::CreatedDesc
        && claims.is_whole_workspace()
        && query.status.is_none()
        && query.updated_after.is_none()
    {
        // Every job, newest first, unfiltered: the page is read off the end
        // of the creation order and the total is its length, so the cost
        // is the page's, not the workspace's.
        debug_assert_eq!(workspace.job_order.len(), workspace.jobs.len(), "every job is in the creation order");
        let newest_first = workspace.job_order.iter().enumerate().rev().filter_map(|(index, id)| {
            let job = workspace.jobs.get(id)?;
            Some((Position::Created { ordinal: index as u32 }, job, change_of(job)))
        });
        return page_from(newest_first, workspace.job_order.len(), sort, request, None);
    }
    let newest_first = workspace
        .job_order
        .iter()
        .enumerate()
        .rev()
        .filter_map(|(index, id)| Some((index as u32, workspace.jobs.get(id)?)))
        .filter(|(_, job)| query.status.is_none_or(|status| job.definition.status == status));
    let visible: Vec<(u32, &Job)> = if claims.is_whole_workspace() {
        newest_first.collect()
    } else {
        let window = if claims_window == 0 { usize::MAX } else { claims_window };
        newest_first.take(window).filter(|(_, job)| claims.covers(job)).collect()
    };
    // Each job's change is looked up once: the list walks every visible job.
    let mut matching: Vec<(Position, &Job, u64)> = visible
        .into_iter()
        .map(|(index, job)| (index, job, change_of(job)))
        .filter(|(_, _, change)| query.updated_after.is_none_or(|after| *change > after))
        .map(|(index, job, change)| (position_in(sort, index, None, "", change), job, change))
        .collect();
    if sort == SortOrder::UpdatedAsc {
        matching.sort_unstable_by(|left, right| compare(sort, &left.0, &right.0));
    }
    let pin = sort.key_can_move().then(|| workspace.jobs_latest_change());
    let keyed = matching.iter().map(|(position, job, change)| (position.clone(), *job, *change));
    page_from(keyed, matching.len(), sort, request, pin)
}

/// Pages an ordered, filtered listing by `request`: `items` yields each
/// matching item with its position and the sequence a pin is compared
/// with (see `Listing::moved_at`), in order.
fn page_from<T>(
    items: impl Iterator<Item = (Position, T, u64)>,
    total: usize,
    sort: SortOrder,
    request: &ListRequest,
    pin_for_next: Option<u64>,
) -> ListPage<T> {
    let (after, pinned_at) = match &request.start {
        PageStart::Offset(_) => (None, pin_for_next),
        PageStart::After(walk) => (Some(&walk.position), walk.pinned_at),
    };
    let offset = match request.start {
        PageStart::Offset(offset) => offset,
        PageStart::After(_) => 0,
    };
    let mut page: Vec<(Position, T)> = items
        .filter(|(position, _, _)| after.is_none_or(|after| compare(sort, position, after) == Ordering::Greater))
        .filter(|(_, _, change)| request.pinned_at().is_none_or(|pin| *change <= pin))
        .skip(offset)
        .take(request.limit.saturating_add(1))
        .map(|(position, item, _)| (position, item))
        .collect();
    let more = page.len() > request.limit;
    page.truncate(request.limit);
    let next =
        more.then(|| page.last().map(|(position, _)| WalkFrom { position: position.clone(), pinned_at })).flatten();
    ListPage { items: page.into_iter().map(|(_, item)| item).collect(), total, next }
}

#[derive(Clone, Debug, Default)]
pub struct ApplicationFilter {
    pub stage: Option<String>,
    pub status: Option<ApplicationStatus>,
    /// Case-insensitive substring of the candidate name.
    pub name: Option<String>,
    pub ats_score_min: Option<u8>,
    /// Only applications changed after this change sequence.
    pub updated_after: Option<u64>,
}

/// A page of the job's applications. By offset, or after a position: then
/// in the orders where items move (score, change) the walk leaves out what
/// moved after its pin (see `walk`). `next` is where the page after this
/// one starts, pinned for a walk that starts here (`Listing::pin_for_next`).
pub fn list_applications<'w>(
    workspace: &'w Workspace,
    job: &Job,
    filter: &ApplicationFilter,
    sort: SortOrder,
    request: &ListRequest,
) -> DomainResult<ListPage<&'w Application>> {
    let page = list_application_ordinals(workspace, job, filter, sort, request)?;
    Ok(resolve_page(workspace, &workspace.job_applications[&job.id], page))
}

/// The applications of a page of ordinals of a job's `job_applications`.
pub fn resolve_page<'w>(
    workspace: &'w Workspace,
    job_applications: &JobApplications,
    page: ListPage<u32>,
) -> ListPage<&'w Application> {
    let ListPage { items, total, next } = page;
    let items = items.into_iter().map(|ordinal| &*workspace.applications[job_applications.id_at(ordinal)]).collect();
    ListPage { items, total, next }
}

/// A page of the job's applications as their ordinals in the job: what a
/// page shows can be versioned from these (the job's change sequence per
/// ordinal) before any application is looked up.
pub fn list_application_ordinals(
    workspace: &Workspace,
    job: &Job,
    filter: &ApplicationFilter,
    sort: SortOrder,
    request: &ListRequest,
) -> DomainResult<ListPage<u32>> {
    let stage_id = match filter.stage.as_deref() {
        None => None,
        Some(stage) => match StageId::parse(stage).filter(|id| job.stage(id).is_some()) {
            Some(id) => Some(id),
            None => return invalid(format!("stage {stage:?} is not one of the stages of job {}", job.id)),
        },
    };
    let job_applications = &workspace.job_applications[&job.id];
    let Some(ordered) = job_applications.ordered(stage_id.as_ref()) else {
        return Ok(ListPage { items: Vec::new(), total: 0, next: None });
    };
    let listing = Listing { workspace, job_applications, ordered, filter, sort };
    if let Some(name) = filter.name.as_deref() {
        return Ok(listing.search_by_name(&name.to_lowercase(), request));
    }
    Ok(listing.page(request))
}

/// One application listing being answered.
struct Listing<'w, 'q> {
    workspace: &'w Workspace,
    job_applications: &'w JobApplications,
    ordered: &'w OrderedApplications,
    filter: &'q ApplicationFilter,
    sort: SortOrder,
}

impl<'w> Listing<'w, '_> {
    fn resolve(&self, ordinal: u32) -> &'w Application {
        &self.workspace.applications[self.job_applications.id_at(ordinal)]
    }

    /// Where the application at `ordinal` stands in this listing's order.
    fn position(&self, ordinal: u32) -> Position {
        let application = || self.resolve(ordinal);
        let standing =
            if matches!(self.sort, SortOrder::AtsDesc | SortOrder::AtsAsc) { application().standing() } else { None };
        let name_key = if self.sort == SortOrder::NameAsc { application().name_key() } else { String::new() };
        position_in(self.sort, ordinal, standing, &name_key, self.job_applications.change_of(ordinal))
    }

    /// The months of experience that rank the application at `ordinal`
    /// among equal scores.
    fn ranking_months(&self, ordinal: u32) -> u32 {
        self.resolve(ordinal).standing().map_or(0, |standing| standing.experience_months)
    }

    /// Where a walk that starts here is pinned: in change order at the
    /// job's latest change, in the score orders at its latest change of a
    /// place there (see `JobApplications::standing_change_of`).
    fn pin_for_next(&self) -> Option<u64> {
        match self.sort {
            SortOrder::UpdatedAsc => Some(self.job_applications.latest_change()),
            sort if sort.key_can_move() => Some(self.job_applications.latest_standing_change()),
            _ => None,
        }
    }

    /// The sequence a pinned walk compares with its pin: the change that
    /// last moved the application at `ordinal` in this listing's order.
    fn moved_at(&self, ordinal: u32) -> u64 {
        match self.sort {
            SortOrder::AtsDesc | SortOrder::AtsAsc => self.job_applications.standing_change_of(ordinal),
            _ => self.job_applications.change_of(ordinal),
        }
    }

    fn changed_after_filter(&self, ordinal: u32) -> bool {
        self.filter.updated_after.is_none_or(|after| self.job_applications.change_of(ordinal) > after)
    }

    /// The page without a name search: from the index by offset or
    /// position, filtered by status and `updatedAfter` where asked.
    fn page(&self, request: &ListRequest) -> ListPage<u32> {
        let (sort, minimum, ordered) = (self.sort, self.filter.ats_score_min, self.ordered);
        let change_order_after = self.filter.updated_after.filter(|_| sort == SortOrder::UpdatedAsc);
        let only_index = self.filter.status.is_none() && (self.filter.updated_after.is_none() || minimum.is_none());
        let total = match (self.filter.updated_after, change_order_after) {
            _ if !only_index => None,
            (None, _) => Some(minimum.map_or(ordered.len(), |minimum| ordered.count_scored_at_least(minimum))),
            (Some(_), Some(after)) => Some(ordered.count_changed_after(after)),
            (Some(_), None) => None,
        };
        let keeps = |ordinal: u32| {
            self.changed_after_filter(ordinal)
                && self.filter.status.is_none_or(|status| self.resolve(ordinal).status == status)
        };
        let total = total.unwrap_or_else(|| ordered.iter(SortOrder::CreatedAsc, minimum).filter(|&o| keeps(o)).count());
        // By offset without filters, the index reaches the offset by position.
        if let (PageStart::Offset(offset), None, None, None) =
            (&request.start, self.filter.status, self.filter.updated_after, request.pinned_at())
        {
            let (ordinals, _) = ordered.page(sort, minimum, *offset, request.limit);
            return self.offset_page(ordinals, *offset, total);
        }
        let walk: Box<dyn Iterator<Item = u32> + '_> = match (&request.start, change_order_after) {
            (PageStart::After(walk), _) => ordered.iter_after(sort, minimum, &walk.position),
            (PageStart::Offset(_), Some(after)) => {
                ordered.iter_after(sort, minimum, &Position::Change { sequence: after, ordinal: u32::MAX })
            }
            (PageStart::Offset(_), None) => Box::new(ordered.iter(sort, minimum)),
        };
        // In change order a pinned walk ends at its pin: everything after it changed later.
        let pinned_at = request.pinned_at();
        let walk = walk.take_while(|&ordinal| {
            sort != SortOrder::UpdatedAsc || pinned_at.is_none_or(|pin| self.job_applications.change_of(ordinal) <= pin)
        });
        let keyed = walk
            .filter(|&ordinal| keeps(ordinal))
            .map(|ordinal| (self.position(ordinal), ordinal, self.moved_at(ordinal)));
        page_from(keyed, total, sort, request, self.pin_for_next())
    }

    /// A page found by offset, with where a walk by cursor would go on.
    fn offset_page(&self, ordinals: Vec<u32>, offset: usize, total: usize) -> ListPage<u32> {
        let next = (offset.saturating_add(ordinals.len()) < total)
            .then(|| ordinals.last().map(|&ordinal| self.walk_from_member(ordinal, self.pin_for_next())))
            .flatten();
        ListPage { items: ordinals, total, next }
    }

    fn walk_from_member(&self, ordinal: u32, pinned_at: Option<u64>) -> WalkFrom {
        WalkFrom { position: self.position(ordinal), pinned_at }
    }

    /// A name search: the candidates the job's name words allow, checked
    /// against the whole name (a case-insensitive substring), then filtered,
    /// sorted in the order the index would give and paged. Costs the distinct
    /// name words of the job plus the matches, not the job's applications.
    fn search_by_name(&self, needle: &str, request: &ListRequest) -> ListPage<u32> {
        let (job_applications, ordered, filter, sort) = (self.job_applications, self.ordered, self.filter, self.sort);
        let candidates = job_applications.ordinals_whose_name_may_contain(needle, || {
            (0..job_applications.next_ordinal()).map(|ordinal| self.resolve(ordinal).name_key()).collect()
        });
        // Without whitespace in the needle the candidates are exact (a name
        // contains it exactly when one of its words does), so only the page's
        // applications are looked up.
        let exact = !needle.chars().any(char::is_whitespace);
        let by_offset = match request.start {
            PageStart::Offset(offset) => Some(offset),
            PageStart::After(_) => None,
        };
        let plain = filter.status.is_none() && filter.updated_after.is_none();
        if let (Some(offset), true, true) =
            (by_offset, exact && plain, !matches!(sort, SortOrder::NameAsc | SortOrder::UpdatedAsc))
        {
            let keep = |ordinal: u32| {
                ordered.score_of_member(ordinal).filter(|score| {
                    filter.ats_score_min.is_none_or(|minimum| score.is_some_and(|score| score >= minimum))
                })
            };
            let page = PageRequest { offset, limit: request.limit };
            let (ordinals, total) =
                page_of_candidates(&candidates, keep, |ordinal| self.ranking_months(ordinal), sort, page);
            return self.offset_page(ordinals, offset, total);
        }
        let mut found: Vec<(u32, Option<u8>)> = candidates
            .into_iter()
            .filter_map(|ordinal| Some((ordinal, ordered.score_of_member(ordinal)?)))
            .filter(|(_, score)| filter.ats_score_min.is_none_or(|minimum| score.is_some_and(|score| score >= minimum)))
            .filter(|(ordinal, _)| self.changed_after_filter(*ordinal))
            .filter(|(ordinal, _)| {
                let needs_application = filter.status.is_some() || !exact;
                !needs_application || {
                    let application = self.resolve(*ordinal);
                    filter.status.is_none_or(|status| application.status == status)
                        && (exact || application.name_key().contains(needle))
                }
            })
            .collect();
        // The index's orders: unscored last in both score orders, ties by
        // months, then ordinal. `found` is in ordinal order, so a stable
        // distribution by score keeps ties in it: O(matches), where a sort is
        // O(matches log matches); only runs of equal scores are then sorted.
        match sort {
            SortOrder::AtsDesc | SortOrder::AtsAsc => {
                let highest_first = sort == SortOrder::AtsDesc;
                found = distributed_by_score(&found, |score| {
                    usize::from(if highest_first { SCORE_MAX - score } else { score })
                });
                for run in found.chunk_by_mut(|left, right| left.1 == right.1).filter(|run| run[0].1.is_some()) {
                    run.sort_by_cached_key(|&(ordinal, _)| (Reverse(self.ranking_months(ordinal)), ordinal));
                }
            }
            SortOrder::CreatedDesc => found.sort_unstable_by_key(|(ordinal, _)| Reverse(*ordinal)),
            SortOrder::CreatedAsc => found.sort_unstable_by_key(|(ordinal, _)| *ordinal),
            SortOrder::NameAsc => {
                found.sort_by_cached_key(|(ordinal, _)| (self.resolve(*ordinal).name_key(), *ordinal))
            }
            SortOrder::UpdatedAsc => {
                found.sort_unstable_by_key(|(ordinal, _)| (job_applications.change_of(*ordinal), *ordinal))
            }
        }
        let total = found.len();
        let keyed = found.into_iter().map(|(ordinal, _)| (self.position(ordinal), ordinal, self.moved_at(ordinal)));
        page_from(keyed, total, sort, request, self.pin_for_next())
    }
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::domain::encoded::{Encoded, ScoredBreakdown};
    use crate::domain::event::{Event, SubmittedApplication};
    use crate::domain::ids::ApplicationId;
    use crate::domain::stored_result::BREAKDOWN_CURRENT_MARKER;
    use crate::domain::synthetic::{synthetic_workspace, workspace_with_applications, PipelineResult};
    use crate::domain::time::Timestamp;

    const SORTS: [SortOrder; 6] = SortOrder::ALL;

    #[test]
    fn the_unfiltered_job_list_read_off_the_creation_order_is_the_walk_a_key_of_every_team_gets() {
        let (mut workspace, job_id) = workspace_with_applications(3, 7);
        let job = workspace.jobs[&job_id].clone();
        for number in 0..30 {
            workspace.apply(&Event::JobCreated {
                job_id: crate::domain::ids::JobId::parse(&format!("job_extra{number:02}")).expect("an ID"),
                team_id: job.team_id.clone(),
                definition: job.definition.clone(),
                fit_scores: 0,
                at: Timestamp::from_unix_milliseconds(1_800_000_000_000 + number),
            });
        }
        let every_team = Claims { teams: workspace.teams.keys().cloned().collect(), jobs: Vec::new() };
        let query = JobQuery { status: None, updated_after: None, sort: SortOrder::CreatedDesc };
        let summary = |page: ListPage<&Job>| {
            let ids: Vec<String> = page.items.iter().map(|job| job.id.to_string()).collect();
            (ids, page.total, format!("{:?}", page.next))
        };
        for (offset, limit) in [(0, 20), (5, 7), (25, 20), (31, 5), (40, 3)] {
            let request = ListRequest::offset(offset, limit);
            let read_off = list_jobs(&workspace, &Claims::default(), &query, 0, &request);
            let walked = list_jobs(&workspace, &every_team, &query, 0, &request);
            assert_eq!(summary(read_off.clone()), summary(walked), "offset {offset}, limit {limit}");
            if let Some(next) = read_off.next {
                let after = ListRequest { start: crate::domain::walk::PageStart::After(next), limit };
                let read_off = list_jobs(&workspace, &Claims::default(), &query, 0, &after);
                let walked = list_jobs(&workspace, &every_team, &query, 0, &after);
                assert_eq!(summary(read_off), summary(walked), "the page after offset {offset}");
            }
        }
    }

    /// The model: the job's applications in `sort` order without a name
    /// filter, then those whose lower-cased name contains the needle.
    fn by_scanning(workspace: &Workspace, job: &Job, filter: &ApplicationFilter, sort: SortOrder) -> Vec<String> {
        let unfiltered = ApplicationFilter { name: None, ..filter.clone() };
        let everything = PageRequest { offset: 0, limit: usize::MAX };
        let needle = filter.name.as_deref().unwrap_or_default().to_lowercase();
        list_applications(workspace, job, &unfiltered, sort, &everything.into())
            .expect("lists")
            .items
            .into_iter()
            .filter(|application| application.name_key().contains(&needle))
            .map(|application| application.id.to_string())
            .collect()
    }

    fn searched(
        workspace: &Workspace,
        job: &Job,
        filter: &ApplicationFilter,
        sort: SortOrder,
        page: PageRequest,
    ) -> (Vec<String>, usize) {
        let found = list_applications(workspace, job, filter, sort, &page.into()).expect("lists");
        (found.items.iter().map(|application| application.id.to_string()).collect(), found.total)
    }

    fn check_every_needle(workspace: &Workspace, job: &Job, needles: &[&str]) {
        let stage = job.definition.stages[1].id.to_string();
        for needle in needles {
            for (stage, ats_score_min) in [(None, None), (Some(stage.clone()), None), (None, Some(60))] {
                let filter = ApplicationFilter {
                    name: Some((*needle).to_owned()),
                    stage,
                    ats_score_min,
                    status: None,
                    updated_after: None,
                };
                for sort in SORTS {
                    let expected = by_scanning(workspace, job, &filter, sort);
                    for (offset, limit) in [(3, 7), (0, 1_000), (40, 25), (10_000, 5)] {
                        let page = PageRequest { offset, limit };
                        let (items, total) = searched(workspace, job, &filter, sort, page);
                        assert_eq!(total, expected.len(), "{needle:?} {sort:?} {filter:?}");
                        let expected_page: Vec<String> = expected.iter().skip(offset).take(limit).cloned().collect();
                        assert_eq!(items, expected_page, "{needle:?} {sort:?} {filter:?} {page:?}");
                    }
                }
            }
        }
    }

    /// Results of five scores and three months each, handed out in turn, so
    /// that equal scores often differ in months and sometimes do not.
    fn results_with_ties() -> Vec<PipelineResult> {
        let mut results = Vec::new();
        for score in [90, 70, 70, 40, 10] {
            for months in [0u32, 60, 161] {
                let mut breakdown = vec![BREAKDOWN_CURRENT_MARKER];
                breakdown.extend_from_slice(&months.to_le_bytes());
                let scored = ScoredBreakdown { overall_score: score, breakdown: Encoded::new(breakdown) };
                results.push((Encoded::new(Vec::new()), scored));
            }
        }
        results
    }

    #[test]
    fn a_name_search_finds_what_scanning_every_name_finds_in_every_order_and_after_new_applications() {
        let (mut workspace, job_id) = synthetic_workspace("synthetic", 400, 11, &results_with_ties());
        let needles = ["candidate 1", "e 12", "0", "12 ", "CANDIDATE", "date 9", "zzz", "ångström", "zoë å", "  "];
        check_every_needle(&workspace, &workspace.jobs[&job_id].clone(), &needles);

        // The word index exists now; applications added later must be in it.
        let stage_id = workspace.jobs[&job_id].definition.stages[0].id.clone();
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(5);
        for (index, name) in ["Zoë Ångström", "Candidate 120000", "ZOË ÅNGSTRÖM-Berg"].iter().enumerate() {
            workspace.apply(&Event::ApplicationSubmitted(Box::new(SubmittedApplication {
                application_id: ApplicationId::generate(&mut rng),
                job_id: job_id.clone(),
                stage_id: stage_id.clone(),
                candidate_name: (*name).to_owned(),
                email: format!("late{index}@example.com"),
                phone: None,
                answers: BTreeMap::new(),
                resume_source: None,
                fit_score_charged: false,
                at: Timestamp::from_unix_milliseconds(1_800_000_000_000),
            })));
        }
        check_every_needle(&workspace, &workspace.jobs[&job_id].clone(), &needles);
        let filter = ApplicationFilter { name: Some("ångström".into()), ..ApplicationFilter::default() };
        let everything = PageRequest { offset: 0, limit: 100 };
        assert_eq!(
            searched(&workspace, &workspace.jobs[&job_id].clone(), &filter, SortOrder::CreatedAsc, everything).1,
            2
        );
    }
}
