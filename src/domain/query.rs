//! Reads. They run on HTTP workers under the workspace's read lock, so each
//! is bounded: pages are capped, and the application list uses the job's
//! ordered indexes; a name search uses the job's index of name words
//! (O(distinct words + matches)); only a status filter scans, which is
//! documented as O(applications in the job).

use std::cmp::Reverse;

use super::api_key::{ApiKey, Claims};
use super::application::{Application, ApplicationStatus};
use super::application_index::{OrderedApplications, SortOrder, SCORE_MAX};
use super::error::{invalid, DomainResult};
use super::ids::StageId;
use super::job::{Job, JobStatus};
use super::job_applications::JobApplications;
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
            None => return invalid(format!("stage {stage:?} is not one of the stages of job {}", job.id)),
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
    if let Some(name) = filter.name.as_deref() {
        return Ok(search_by_name(workspace, job_applications, ordered, &name.to_lowercase(), filter, sort, page));
    }
    let matches = |application: &&Application| filter.status.is_none_or(|status| application.status == status);
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

/// A name search: the candidates the job's name words allow, checked
/// against the whole name (a case-insensitive substring), then filtered,
/// sorted in the order the index would give and paged. Costs the distinct
/// name words of the job plus the matches, not the job's applications.
fn search_by_name<'w>(
    workspace: &'w Workspace,
    job_applications: &JobApplications,
    ordered: &OrderedApplications,
    needle: &str,
    filter: &ApplicationFilter,
    sort: SortOrder,
    page: PageRequest,
) -> PageOf<&'w Application> {
    let resolve = |ordinal: u32| &*workspace.applications[job_applications.id_at(ordinal)];
    let candidates = job_applications.ordinals_whose_name_may_contain(needle, || {
        (0..job_applications.next_ordinal()).map(|ordinal| resolve(ordinal).name_key()).collect()
    });
    // Without whitespace in the needle the candidates are exact (a name
    // contains it exactly when one of its words does), so only the page's
    // applications are looked up.
    let exact = !needle.chars().any(char::is_whitespace);
    if exact && filter.status.is_none() && sort != SortOrder::NameAsc {
        let keep = |ordinal: u32| {
            ordered
                .score_of_member(ordinal)
                .filter(|score| filter.ats_score_min.is_none_or(|minimum| score.is_some_and(|score| score >= minimum)))
        };
        let (ordinals, total) = page_of_candidates(&candidates, keep, sort, page);
        return PageOf { items: ordinals.into_iter().map(resolve).collect(), total };
    }
    let mut found: Vec<(u32, Option<u8>)> = candidates
        .into_iter()
        .filter_map(|ordinal| Some((ordinal, ordered.score_of_member(ordinal)?)))
        .filter(|(_, score)| filter.ats_score_min.is_none_or(|minimum| score.is_some_and(|score| score >= minimum)))
        .filter(|(ordinal, _)| {
            let needs_application = filter.status.is_some() || !exact;
            !needs_application || {
                let application = resolve(*ordinal);
                filter.status.is_none_or(|status| application.status == status)
                    && (exact || application.name_key().contains(needle))
            }
        })
        .collect();
    // The index's orders: unscored last in both score orders, ties by ordinal.
    // `found` is in ordinal order, so a stable distribution by score keeps
    // ties in it: O(matches), where a sort is O(matches log matches).
    match sort {
        SortOrder::AtsDesc => found = distributed_by_score(&found, |score| usize::from(SCORE_MAX - score)),
        SortOrder::AtsAsc => found = distributed_by_score(&found, usize::from),
        SortOrder::CreatedDesc => found.sort_unstable_by_key(|(ordinal, _)| Reverse(*ordinal)),
        SortOrder::CreatedAsc => found.sort_unstable_by_key(|(ordinal, _)| *ordinal),
        SortOrder::NameAsc => found.sort_by_cached_key(|(ordinal, _)| (resolve(*ordinal).name_key(), *ordinal)),
    }
    let total = found.len();
    let items = found.into_iter().skip(page.offset).take(page.limit).map(|(ordinal, _)| resolve(ordinal)).collect();
    PageOf { items, total }
}

/// One page of `candidates` (ascending ordinals) in `sort` order, keeping
/// those `keep` gives a score for (`Some(None)`: a member not scored yet),
/// and how many it keeps in all. Nothing but the page is collected: the
/// creation orders walk the candidates from the right end; the score orders
/// count the kept candidates per score, which places every score's first
/// one, then take the page's in one more pass. O(candidates + limit log limit).
fn page_of_candidates(
    candidates: &[u32],
    keep: impl Fn(u32) -> Option<Option<u8>>,
    sort: SortOrder,
    page: PageRequest,
) -> (Vec<u32>, usize) {
    let in_page = |index: usize| index >= page.offset && index - page.offset < page.limit;
    let mut ordinals = Vec::with_capacity(page.limit.min(candidates.len()));
    let mut total = 0;
    let rank: fn(u8) -> usize = match sort {
        SortOrder::CreatedAsc | SortOrder::CreatedDesc => {
            let mut take = |ordinal: u32| {
                if keep(ordinal).is_some() {
                    if in_page(total) {
                        ordinals.push(ordinal);
                    }
                    total += 1;
                }
            };
            if sort == SortOrder::CreatedAsc {
                candidates.iter().copied().for_each(&mut take);
            } else {
                candidates.iter().rev().copied().for_each(&mut take);
            }
            return (ordinals, total);
        }
        SortOrder::AtsDesc => |score| usize::from(SCORE_MAX - score),
        SortOrder::AtsAsc => usize::from,
        SortOrder::NameAsc => unreachable!("name order needs the names; the caller sorts by them"),
    };
    const UNSCORED_RANK: usize = SCORE_MAX as usize + 1;
    let rank_of = |score: Option<u8>| score.map_or(UNSCORED_RANK, rank);
    let mut first_index_of_rank = [0usize; UNSCORED_RANK + 2];
    for &ordinal in candidates {
        if let Some(score) = keep(ordinal) {
            first_index_of_rank[rank_of(score) + 1] += 1;
        }
    }
    for rank in 1..first_index_of_rank.len() {
        first_index_of_rank[rank] += first_index_of_rank[rank - 1];
    }
    total = first_index_of_rank[UNSCORED_RANK + 1];
    let mut placed: Vec<(usize, u32)> = Vec::with_capacity(page.limit.min(total));
    let mut next_index_of_rank = first_index_of_rank;
    for &ordinal in candidates {
        if let Some(score) = keep(ordinal) {
            let next = &mut next_index_of_rank[rank_of(score)];
            if in_page(*next) {
                placed.push((*next, ordinal));
            }
            *next += 1;
        }
    }
    placed.sort_unstable();
    ordinals.extend(placed.into_iter().map(|(_, ordinal)| ordinal));
    (ordinals, total)
}

/// `found` (ascending by ordinal) ordered by `rank` of each score (0 first,
/// at most `SCORE_MAX`), unscored last, ordinals ascending within a rank:
/// a counting sort over the 102 possible places.
fn distributed_by_score(found: &[(u32, Option<u8>)], rank: impl Fn(u8) -> usize) -> Vec<(u32, Option<u8>)> {
    const UNSCORED_RANK: usize = SCORE_MAX as usize + 1;
    let rank_of = |score: Option<u8>| score.map_or(UNSCORED_RANK, &rank);
    let mut starts = [0usize; UNSCORED_RANK + 2];
    for &(_, score) in found {
        starts[rank_of(score) + 1] += 1;
    }
    for position in 1..starts.len() {
        starts[position] += starts[position - 1];
    }
    let mut ordered = vec![(0, None); found.len()];
    for &(ordinal, score) in found {
        let place = &mut starts[rank_of(score)];
        ordered[*place] = (ordinal, score);
        *place += 1;
    }
    ordered
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
    use crate::domain::event::{Event, SubmittedApplication};
    use crate::domain::ids::ApplicationId;
    use crate::domain::synthetic::workspace_with_applications;
    use crate::domain::time::Timestamp;

    const SORTS: [SortOrder; 5] =
        [SortOrder::AtsDesc, SortOrder::AtsAsc, SortOrder::CreatedDesc, SortOrder::CreatedAsc, SortOrder::NameAsc];

    /// The model: the job's applications in `sort` order without a name
    /// filter, then those whose lower-cased name contains the needle.
    fn by_scanning(workspace: &Workspace, job: &Job, filter: &ApplicationFilter, sort: SortOrder) -> Vec<String> {
        let unfiltered = ApplicationFilter { name: None, ..filter.clone() };
        let everything = PageRequest { offset: 0, limit: usize::MAX };
        let needle = filter.name.as_deref().unwrap_or_default().to_lowercase();
        list_applications(workspace, job, &unfiltered, sort, everything)
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
        let found = list_applications(workspace, job, filter, sort, page).expect("lists");
        (found.items.iter().map(|application| application.id.to_string()).collect(), found.total)
    }

    fn check_every_needle(workspace: &Workspace, job: &Job, needles: &[&str]) {
        let stage = job.definition.stages[1].id.to_string();
        for needle in needles {
            for (stage, ats_score_min) in [(None, None), (Some(stage.clone()), None), (None, Some(60))] {
                let filter = ApplicationFilter { name: Some((*needle).to_owned()), stage, ats_score_min, status: None };
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

    #[test]
    fn a_name_search_finds_what_scanning_every_name_finds_in_every_order_and_after_new_applications() {
        let (mut workspace, job_id) = workspace_with_applications(400, 11);
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
