//! The walk and sync guarantees, against a model, with writes interleaved
//! between pages: a cursor walk returns no application twice and passes
//! over none that existed unchanged for the whole walk, in every order and
//! filter; and a client that syncs by `updatedAfter` from the last item it
//! received ends with every change, even when many share a millisecond.

use std::collections::{BTreeMap, HashMap, HashSet};

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::application::ApplicationStatus;
use super::comment::{Comment, CommentSource};
use super::encoded::{Encoded, ScoredBreakdown};
use super::event::{Event, PipelineOutcome, SubmittedApplication};
use super::ids::{ApplicationId, CommentId, JobId};
use super::query::{list_applications, ApplicationFilter};
use super::stored_result::BREAKDOWN_CURRENT_MARKER;
use super::synthetic::workspace_with_applications;
use super::time::Timestamp;
use super::walk::{ListRequest, PageStart, SortOrder, WalkFrom};
use super::workspace::Workspace;

/// Every write goes in at this one millisecond, so sequences, not times,
/// must keep them apart.
const WRITE_TIME: i64 = 1_800_000_000_000;

/// New applications a cursor walk sees written between its pages, at most.
const SUBMISSIONS_PER_WALK_MAX: usize = 100;

/// Applies one random write (a new application, a stage move, a comment, a
/// status change, or a rescore) and returns the application it changed.
/// Without `may_submit`, the write is never a new application.
fn random_write(workspace: &mut Workspace, job_id: &JobId, rng: &mut StdRng, may_submit: bool) -> ApplicationId {
    let at = Timestamp::from_unix_milliseconds(WRITE_TIME);
    let ids: Vec<ApplicationId> = {
        let job = &workspace.job_applications[job_id];
        (0..job.next_ordinal()).map(|ordinal| job.id_at(ordinal).clone()).collect()
    };
    let application_id = ids[rng.random_range(0..ids.len())].clone();
    let stages: Vec<_> = workspace.jobs[job_id].definition.stages.iter().map(|stage| stage.id.clone()).collect();
    let first_kind = if may_submit { 0 } else { 1 };
    match rng.random_range(first_kind..5) {
        0 => {
            let application_id = ApplicationId::generate(rng);
            workspace.apply(&Event::ApplicationSubmitted(Box::new(SubmittedApplication {
                application_id: application_id.clone(),
                job_id: job_id.clone(),
                stage_id: stages[0].clone(),
                candidate_name: format!("Late {:04}", rng.random_range(0..10_000)),
                email: format!("late{}@example.com", rng.random::<u64>()),
                phone: None,
                answers: BTreeMap::new(),
                resume_source: None,
                fit_score_charged: false,
                at,
            })));
            return application_id;
        }
        1 => {
            let stage_id = stages[rng.random_range(0..stages.len())].clone();
            workspace.apply(&Event::StageChanged { application_id: application_id.clone(), stage_id, at });
        }
        2 => comment_on(workspace, &application_id, rng),
        3 => {
            let status = if rng.random_bool(0.5) { ApplicationStatus::Archived } else { ApplicationStatus::Active };
            workspace.apply(&Event::StatusChanged { application_id: application_id.clone(), status, at });
        }
        _ => {
            // Few scores and few months, so that ties on both are common.
            let months = rng.random_range(0..4u32) * 12;
            rescore(workspace, &application_id, rng.random_range(0..=10) * 10, months);
        }
    }
    application_id
}

fn comment_on(workspace: &mut Workspace, application_id: &ApplicationId, rng: &mut StdRng) {
    let comment = Comment {
        id: CommentId::generate(rng),
        text: "Seen.".into(),
        source: CommentSource::AssistantPlugin,
        author: workspace.owner.clone(),
        created_at: Timestamp::from_unix_milliseconds(WRITE_TIME),
    };
    workspace.apply(&Event::CommentAdded {
        application_id: application_id.clone(),
        comment,
        notifications: Vec::new(),
    });
}

/// Scores `application_id` again, as an upgrade run that completes.
fn rescore(workspace: &mut Workspace, application_id: &ApplicationId, overall_score: u8, months: u32) {
    let at = Timestamp::from_unix_milliseconds(WRITE_TIME);
    workspace.apply(&Event::AtsUpgradeQueued { application_id: application_id.clone(), at });
    let run = workspace.applications[application_id].pipeline.run;
    let mut bytes = vec![BREAKDOWN_CURRENT_MARKER];
    bytes.extend_from_slice(&months.to_le_bytes());
    let breakdown = ScoredBreakdown { overall_score, breakdown: Encoded::new(bytes) };
    workspace.apply(&Event::PipelineCompleted {
        application_id: application_id.clone(),
        run,
        outcome: PipelineOutcome::Completed { resume: Encoded::new(Vec::new()), breakdown: Some(breakdown) },
        at,
    });
}

/// Whether `application_id` passes `filter` in `workspace` (the model).
fn passes(workspace: &Workspace, application_id: &ApplicationId, filter: &ApplicationFilter) -> bool {
    let application = &workspace.applications[application_id];
    filter.stage.as_deref().is_none_or(|stage| application.stage_id.as_str() == stage)
        && filter.status.is_none_or(|status| application.status == status)
        && filter.ats_score_min.is_none_or(|minimum| application.ats_score().is_some_and(|score| score >= minimum))
        && filter.name.as_deref().is_none_or(|name| application.name_key().contains(&name.to_lowercase()))
}

fn filters(workspace: &Workspace, job_id: &JobId) -> Vec<ApplicationFilter> {
    let stage = workspace.jobs[job_id].definition.stages[1].id.to_string();
    vec![
        ApplicationFilter::default(),
        ApplicationFilter { stage: Some(stage), ..ApplicationFilter::default() },
        ApplicationFilter { ats_score_min: Some(40), ..ApplicationFilter::default() },
        ApplicationFilter { status: Some(ApplicationStatus::Active), ..ApplicationFilter::default() },
        ApplicationFilter { name: Some("candidate 1".into()), ..ApplicationFilter::default() },
        ApplicationFilter { name: Some("1".into()), ats_score_min: Some(20), ..ApplicationFilter::default() },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn a_cursor_walk_under_writes_returns_nothing_twice_and_misses_nothing_that_stayed_unchanged(
        seed in any::<u64>(),
        limit in 1usize..40,
        writes_per_page in 0usize..6,
    ) {
        let (start, job_id) = workspace_with_applications(300, seed);
        for sort in SortOrder::ALL {
            for filter in filters(&start, &job_id) {
                let mut workspace = start.clone();
                let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
                let at_start: Vec<ApplicationId> = workspace
                    .applications
                    .keys()
                    .filter(|id| passes(&workspace, id, &filter))
                    .cloned()
                    .collect();
                let mut changed: HashSet<ApplicationId> = HashSet::new();
                let mut returned: HashSet<ApplicationId> = HashSet::new();
                let mut request = ListRequest::offset(0, limit);
                // A list that grows at the end as fast as it is read has no
                // end to reach: new applications stop after this many, so
                // that the walk must end (every page returns items not
                // returned before).
                let mut submissions_left = SUBMISSIONS_PER_WALK_MAX;
                for page_number in 0.. {
                    prop_assert!(page_number < 2_000, "the walk ends");
                    let job = workspace.jobs[&job_id].clone();
                    let page = list_applications(&workspace, &job, &filter, sort, &request).expect("lists");
                    for application in &page.items {
                        prop_assert!(returned.insert(application.id.clone()), "{} twice in {sort:?} {filter:?}", application.id);
                    }
                    let Some(next) = page.next else { break };
                    request = ListRequest { start: PageStart::After(next), limit };
                    for _ in 0..writes_per_page {
                        let applications_before = workspace.applications.len();
                        changed.insert(random_write(&mut workspace, &job_id, &mut rng, submissions_left > 0));
                        if workspace.applications.len() > applications_before {
                            submissions_left -= 1;
                        }
                    }
                }
                for id in at_start.iter().filter(|id| !changed.contains(*id)) {
                    prop_assert!(returned.contains(id), "{id} stayed unchanged but was passed over in {sort:?} {filter:?}");
                }
            }
        }
    }

    #[test]
    fn a_client_syncing_by_updated_after_from_its_last_item_ends_with_every_change(
        seed in any::<u64>(),
        limit in 1usize..30,
        rounds_with_writes in 1usize..4,
    ) {
        let (mut workspace, job_id) = workspace_with_applications(200, seed);
        let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
        // The client's copy: each application's change sequence as last received.
        let mut copy: HashMap<ApplicationId, u64> = HashMap::new();
        let mut last_position: Option<u64> = None;
        for round in 0..rounds_with_writes + 1 {
            let quiet = round == rounds_with_writes;
            let filter = ApplicationFilter { updated_after: last_position, ..ApplicationFilter::default() };
            let mut request = ListRequest::offset(0, limit);
            loop {
                let job = workspace.jobs[&job_id].clone();
                let page =
                    list_applications(&workspace, &job, &filter, SortOrder::UpdatedAsc, &request).expect("lists");
                for application in &page.items {
                    let change = workspace.application_change(application);
                    prop_assert!(last_position.is_none_or(|last| change > last));
                    copy.insert(application.id.clone(), change);
                    last_position = Some(change);
                }
                let Some(next) = page.next else { break };
                request = ListRequest { start: PageStart::After(next), limit };
                if !quiet {
                    for _ in 0..rng.random_range(0..8) {
                        random_write(&mut workspace, &job_id, &mut rng, true);
                    }
                }
            }
            if !quiet {
                for _ in 0..rng.random_range(1..20) {
                    random_write(&mut workspace, &job_id, &mut rng, true);
                }
            }
        }
        // One more sync after the last writes, then the copy must be whole.
        let filter = ApplicationFilter { updated_after: last_position, ..ApplicationFilter::default() };
        let job = workspace.jobs[&job_id].clone();
        let everything = ListRequest::offset(0, usize::MAX);
        for application in list_applications(&workspace, &job, &filter, SortOrder::UpdatedAsc, &everything).expect("lists").items {
            copy.insert(application.id.clone(), workspace.application_change(application));
        }
        let truth: HashMap<ApplicationId, u64> = workspace
            .applications
            .values()
            .map(|application| (application.id.clone(), workspace.application_change(application)))
            .collect();
        prop_assert_eq!(copy, truth);
    }
}

#[test]
fn changes_in_one_millisecond_get_distinct_increasing_sequences_that_a_snapshot_keeps() {
    let (mut workspace, job_id) = workspace_with_applications(20, 3);
    let mut rng = StdRng::seed_from_u64(9);
    let mut sequences = Vec::new();
    for _ in 0..50 {
        let id = random_write(&mut workspace, &job_id, &mut rng, true);
        sequences.push(workspace.application_change(&workspace.applications[&id]));
    }
    assert!(sequences.windows(2).all(|pair| pair[0] < pair[1]), "{sequences:?}");
    assert!(sequences[0] >> super::workspace::CHANGE_SEQUENCE_TIME_SHIFT >= WRITE_TIME as u64);
    let reloaded = Workspace::from_image(workspace.to_image()).expect("loads");
    assert_eq!(reloaded.to_image(), workspace.to_image());
    assert_eq!(reloaded.change_sequence, workspace.change_sequence);
}

/// The IDs of one page of the job's applications in score order, and where the walk goes on.
fn score_order_page(
    workspace: &Workspace,
    job_id: &JobId,
    start: PageStart,
    limit: usize,
) -> (Vec<ApplicationId>, Option<WalkFrom>) {
    let job = &workspace.jobs[job_id];
    let page = list_applications(
        workspace,
        job,
        &ApplicationFilter::default(),
        SortOrder::AtsDesc,
        &ListRequest { start, limit },
    )
    .expect("lists");
    (page.items.iter().map(|application| application.id.clone()).collect(), page.next)
}

#[test]
fn a_score_order_walk_is_pinned_by_rescores_alone_and_keeps_an_application_commented_on_meanwhile() {
    let (mut workspace, job_id) = workspace_with_applications(30, 5);
    let mut rng = StdRng::seed_from_u64(11);
    let (_, first_next) = score_order_page(&workspace, &job_id, PageStart::Offset(0), 10);
    let walk = first_next.clone().expect("a second page");
    let (later, _) = score_order_page(&workspace, &job_id, PageStart::Offset(10), 30);
    comment_on(&mut workspace, &later[0], &mut rng);
    let (_, next_after_comment) = score_order_page(&workspace, &job_id, PageStart::Offset(0), 10);
    assert_eq!(next_after_comment, first_next, "a comment moves no place in the score order, nor the next page's pin");
    let (second, _) = score_order_page(&workspace, &job_id, PageStart::After(walk.clone()), 30);
    assert_eq!(second, later, "the application commented on keeps its place in the walk");
    rescore(&mut workspace, &later[1], 100, 0);
    let (_, next_after_rescore) = score_order_page(&workspace, &job_id, PageStart::Offset(0), 10);
    let pin = |next: Option<WalkFrom>| next.expect("a second page").pinned_at;
    assert!(pin(next_after_rescore) > pin(first_next), "a rescore moves the pin");
    let (second, _) = score_order_page(&workspace, &job_id, PageStart::After(walk), 30);
    let unchanged: Vec<ApplicationId> = later.iter().filter(|id| **id != later[1]).cloned().collect();
    assert_eq!(second, unchanged, "an application rescored after the walk began is left out of it, and only it");
}
