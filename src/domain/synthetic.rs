//! Synthetic workspaces built straight from events, for benches and unit
//! tests that need a large state without running the engine or the actors.
//! Deterministic in `seed`.

use std::collections::BTreeMap;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::ats::{Criteria, Weighting};
use super::encoded::{Encoded, ScoredBreakdown};
use super::event::{Event, PipelineOutcome, SubmittedApplication};
use super::ids::{ApplicationId, JobId, StageId, TeamId, UserId, WorkspaceId};
use super::job::{JobDefinition, JobStatus, Stage, Tier};
use super::member::{Member, Role};
use super::team::Team;
use super::time::Timestamp;
use super::workspace::Workspace;
use crate::domain::application::ResumeSource;
use crate::domain::content_hash::ContentHash;

const STAGE_NAMES: [&str; 4] = ["Applied", "Screen", "Interview", "Offer"];

/// A workspace with one team and one paid job holding `applications`
/// applications spread over four stages, every one scored.
pub fn workspace_with_applications(applications: u32, seed: u64) -> (Workspace, JobId) {
    synthetic_workspace("synthetic", applications, seed, &[])
}

/// A pipeline result to give synthetic applications, already encoded (the
/// domain does not encode): real parsed resumes and breakdowns make snapshot
/// sizes and load times realistic.
pub type PipelineResult = (Encoded, ScoredBreakdown);

/// As `workspace_with_applications`, named `workspace_id`; application `i`
/// gets `results[i % len]` (empty results: empty encodings with a random
/// score, enough for everything but decoding them).
pub fn synthetic_workspace(
    workspace_id: &str,
    applications: u32,
    seed: u64,
    results: &[PipelineResult],
) -> (Workspace, JobId) {
    let mut rng = StdRng::seed_from_u64(seed);
    let start = Timestamp::from_unix_milliseconds(1_790_000_000_000);
    let owner = Member {
        user_id: UserId::parse("owner").expect("valid"),
        name: "Owner".into(),
        email: "owner@example.com".into(),
        role: Role::Owner,
        added_at: start,
    };
    let created = Event::WorkspaceCreated {
        workspace_id: WorkspaceId::parse(workspace_id).expect("a valid workspace ID"),
        name: "Synthetic".into(),
        owner,
        at: start,
    };
    let mut workspace = Workspace::from_created(&created).expect("a WorkspaceCreated");
    let team = Team { id: TeamId::generate(&mut rng), name: "Team".into(), created_at: start };
    let team_id = team.id.clone();
    workspace.apply(&Event::TeamCreated { team });
    let stages: Vec<Stage> =
        STAGE_NAMES.iter().map(|name| Stage { id: StageId::generate(&mut rng), name: (*name).into() }).collect();
    let job_id = JobId::generate(&mut rng);
    workspace.apply(&Event::JobCreated {
        job_id: job_id.clone(),
        team_id,
        definition: JobDefinition {
            title: "Synthetic job".into(),
            status: JobStatus::Active,
            description: "A job.".into(),
            form_fields: Vec::new(),
            stages: stages.clone(),
            criteria: Criteria::default(),
            tier: Tier::Paid,
            collaborators: Vec::new(),
        },
        fit_scores: applications,
        at: start,
    });
    for index in 0..applications {
        let at = start.plus_milliseconds(i64::from(index));
        let application_id = ApplicationId::generate(&mut rng);
        workspace.apply(&Event::ApplicationSubmitted(Box::new(SubmittedApplication {
            application_id: application_id.clone(),
            job_id: job_id.clone(),
            stage_id: stages[0].id.clone(),
            candidate_name: format!("Candidate {:06}", rng.random_range(0..1_000_000)),
            email: format!("candidate{index}@example.com"),
            phone: None,
            answers: BTreeMap::new(),
            resume_source: Some(ResumeSource {
                content_hash: ContentHash([7; 32]),
                size_bytes: 16,
                file_name: None,
                media_type: "text/plain".into(),
            }),
            fit_score_charged: true,
            at,
        })));
        let stage = &stages[rng.random_range(0..stages.len())];
        workspace.apply(&Event::StageChanged {
            application_id: application_id.clone(),
            stage_id: stage.id.clone(),
            at,
        });
        let score = rng.random_range(0..=100);
        let (resume, breakdown) = match results.get(index as usize % results.len().max(1)) {
            Some((resume, breakdown)) => (resume.clone(), breakdown.clone()),
            None => (
                Encoded::new(Vec::new()),
                ScoredBreakdown { overall_score: score, breakdown: Encoded::new(Vec::new()) },
            ),
        };
        workspace.apply(&Event::PipelineCompleted {
            application_id,
            run: 1,
            outcome: PipelineOutcome::Completed { resume, breakdown: Some(breakdown) },
            at,
        });
    }
    (workspace, job_id)
}

/// A workspace in which every kind of event has happened at least once:
/// members, teams, jobs (updated, tagged, with form fields and criteria),
/// applications in every pipeline state, tags, comments, notifications, an
/// archived application, keys (one revoked, one scoped, one expiring), and
/// the keys' recorded last use (snapshot format 2). For
/// the snapshot round-trip test and the format fixture.
pub fn fully_populated_workspace() -> Workspace {
    use super::api_key::{ApiKey, Claims};
    use super::application::ApplicationStatus;
    use super::comment::{Comment, CommentSource};
    use super::event::IdempotentWrite;
    use super::idempotency::{IdempotencyKey, IdempotencyRecord, RequestFingerprint, StoredAnswer};
    use super::ids::{CommentId, KeyId, NotificationId};
    use super::job::{FormField, FormFieldKind};
    use super::key_hash::KeyHash;
    use super::notification::{Notification, NotificationKind};
    use super::tag::Tag;

    let (mut workspace, job_id) = workspace_with_applications(6, 11);
    let mut rng = StdRng::seed_from_u64(12);
    let at = Timestamp::from_unix_milliseconds(1_790_000_100_000);
    let reviewer = Member {
        user_id: UserId::parse("reviewer").expect("valid"),
        name: "Rae Viewer".into(),
        email: "rae@example.com".into(),
        role: Role::Admin,
        added_at: at,
    };
    workspace.apply(&Event::MemberAdded { member: reviewer.clone() });
    let job = workspace.jobs[&job_id].clone();
    let mut definition = job.definition.clone();
    definition.form_fields = vec![FormField {
        key: "level".into(),
        label: "Level".into(),
        kind: FormFieldKind::Select,
        required: true,
        options: vec!["Junior".into(), "Senior".into()],
    }];
    definition.criteria = Criteria {
        must_haves: vec!["Rust".into()],
        nice_to_haves: vec!["Kafka".into()],
        weighting: Weighting::default(),
        min_years_experience: Some(3),
    };
    definition.collaborators = vec![reviewer.user_id.clone()];
    workspace.apply(&Event::JobUpdated {
        job_id: job_id.clone(),
        team_id: job.team_id.clone(),
        definition,
        fit_scores_remaining: 40,
        at,
    });
    // By ordinal: the map's own order differs from run to run.
    let ids: Vec<ApplicationId> =
        (0..6).map(|ordinal| workspace.job_applications[&job_id].id_at(ordinal).clone()).collect();
    let tag = Tag { name: "Senior".into(), color: "#22c55e".into() };
    workspace.apply(&Event::TagsReplaced {
        application_id: ids[0].clone(),
        tags: vec![tag.clone()],
        job_tags: vec![tag],
        at,
    });
    workspace.apply(&Event::StatusChanged { application_id: ids[1].clone(), status: ApplicationStatus::Archived, at });
    let comment = Comment {
        id: CommentId::generate(&mut rng),
        text: "Strong Rust.\nAsk about Kafka.".into(),
        source: CommentSource::AssistantPlugin,
        author: workspace.owner.clone(),
        created_at: at,
    };
    let notification = Notification {
        id: NotificationId::generate(&mut rng),
        recipient: reviewer.user_id.clone(),
        kind: NotificationKind::CommentCreated {
            job_id: job_id.clone(),
            application_id: ids[2].clone(),
            comment_id: comment.id.clone(),
            candidate_name: "Someone".into(),
            excerpt: "Strong Rust. Ask about Kafka.".into(),
        },
        created_at: at,
    };
    workspace.apply(&Event::CommentAdded {
        application_id: ids[2].clone(),
        comment,
        notifications: vec![notification],
    });
    workspace.apply(&Event::AtsRerunQueued { application_id: ids[3].clone(), at });
    workspace.apply(&Event::PipelineCompleted {
        application_id: ids[3].clone(),
        run: 2,
        outcome: PipelineOutcome::Failed { code: "RESUME_NOT_TEXT".into(), message: "binary".into() },
        at,
    });
    workspace.apply(&Event::AtsRerunQueued { application_id: ids[4].clone(), at });
    let team_id = job.team_id.clone();
    for (ordinal, (claims, expires_at)) in [
        (Claims::default(), None),
        (Claims { teams: vec![team_id], jobs: vec![job_id.clone()] }, Some(at.plus_milliseconds(86_400_000))),
    ]
    .into_iter()
    .enumerate()
    {
        let key = ApiKey {
            id: KeyId::generate(&mut rng),
            name: format!("key {ordinal}"),
            hash: KeyHash([ordinal as u8; 32]),
            key_prefix: "svc_live_abc".into(),
            claims,
            expires_at,
            rate_limit_per_minute: Some(600),
            created_by: workspace.owner.clone(),
            created_at: at,
            ordinal: ordinal as u32,
            revoked_at: None,
        };
        workspace.apply(&Event::KeyCreated { key });
    }
    let used: Vec<(KeyId, Timestamp)> = workspace.keys.keys().map(|key_id| (key_id.clone(), at)).collect();
    workspace.apply(&Event::KeysUsed { uses: used, at });
    let first_key = workspace.keys.keys().next().cloned().expect("two keys");
    workspace.apply(&Event::KeyRevoked { key_id: first_key, at });
    // A keyed write that changed nothing (a move to the stage it was in): its answer is all it leaves.
    let second_key = workspace.keys.keys().nth(1).cloned().expect("two keys");
    workspace.apply(&Event::Idempotent(Box::new(IdempotentWrite {
        effects: Vec::new(),
        record: IdempotencyRecord {
            api_key: second_key,
            key: IdempotencyKey::parse("retry-0001").expect("a valid key"),
            fingerprint: RequestFingerprint([7; 32]),
            answer: StoredAnswer { status: 200, body: br#"{"status":"success","data":{}}"#.as_slice().into() },
            at,
        },
    })));
    workspace
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::application_index::SortOrder;
    use crate::domain::query::{list_applications, ApplicationFilter};
    use crate::domain::walk::ListRequest;

    #[test]
    fn the_index_agrees_with_a_scan_on_a_synthetic_job() {
        let (workspace, job_id) = workspace_with_applications(2_000, 7);
        let job = &workspace.jobs[&job_id];
        let filter = ApplicationFilter { ats_score_min: Some(60), ..ApplicationFilter::default() };
        let page = list_applications(&workspace, job, &filter, SortOrder::AtsDesc, &ListRequest::offset(10, 25))
            .expect("a valid filter");
        let mut expected: Vec<_> =
            workspace.applications.values().filter(|application| application.ats_score() >= Some(60)).collect();
        expected.sort_by_key(|application| (std::cmp::Reverse(application.ats_score()), application.ordinal));
        assert_eq!(page.total, expected.len());
        let page_ids: Vec<_> = page.items.iter().map(|application| &application.id).collect();
        let expected_ids: Vec<_> = expected.iter().skip(10).take(25).map(|application| &application.id).collect();
        assert_eq!(page_ids, expected_ids);
    }
}
