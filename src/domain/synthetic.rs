//! Synthetic workspaces built straight from events, for benches and unit
//! tests that need a large state without running the engine or the actors.
//! Deterministic in `seed`.

use std::collections::BTreeMap;
use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::ats::{AtsBreakdown, Criteria, Weighting};
use super::event::{Event, PipelineOutcome, SubmittedApplication};
use super::ids::{ApplicationId, JobId, StageId, TeamId, UserId, WorkspaceId};
use super::job::{JobDefinition, JobStatus, Stage, Tier};
use super::member::{Member, Role};
use super::team::Team;
use super::time::Timestamp;
use super::workspace::Workspace;
use crate::domain::application::ResumeSource;

const STAGE_NAMES: [&str; 4] = ["Applied", "Screen", "Interview", "Offer"];

/// A workspace with one team and one paid job holding `applications`
/// applications spread over four stages, every one scored.
pub fn workspace_with_applications(applications: u32, seed: u64) -> (Workspace, JobId) {
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
        workspace_id: WorkspaceId::parse("synthetic").expect("valid"),
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
    let resume_text: Arc<str> = Arc::from("Rust, PostgreSQL");
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
                text: resume_text.clone(),
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
        let breakdown = breakdown(rng.random_range(0..=100));
        workspace.apply(&Event::PipelineCompleted {
            application_id,
            run: 1,
            outcome: PipelineOutcome::Completed { resume: Box::default(), breakdown: Some(Box::new(breakdown)) },
            at,
        });
    }
    (workspace, job_id)
}

fn breakdown(score: u8) -> AtsBreakdown {
    AtsBreakdown {
        overall_score: score,
        matched_keywords: Vec::new(),
        missing_keywords: Vec::new(),
        strengths: Vec::new(),
        concerns: Vec::new(),
        criteria: Vec::new(),
        weighting: Weighting::default(),
        engine_version: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::application_index::SortOrder;
    use crate::domain::query::{list_applications, ApplicationFilter, PageRequest};

    #[test]
    fn the_index_agrees_with_a_scan_on_a_synthetic_job() {
        let (workspace, job_id) = workspace_with_applications(2_000, 7);
        let job = &workspace.jobs[&job_id];
        let filter = ApplicationFilter { ats_score_min: Some(60), ..ApplicationFilter::default() };
        let page =
            list_applications(&workspace, job, &filter, SortOrder::AtsDesc, PageRequest { offset: 10, limit: 25 })
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
