//! The other branch of a journal error: a record that the log refuses
//! (over its size limit) fails its own write and nothing else, because it
//! is encoded before the write is applied; a storage fault (`faults`)
//! stops every later write instead.

use serde_json::json;
use shortlist::domain::commands::{Command, DecideContext};
use shortlist::domain::error::DomainResult;
use shortlist::domain::event::Event;
use shortlist::domain::ids::{JobId, WorkspaceId};
use shortlist::domain::workspace::Workspace;
use shortlist::store::wal::RECORD_PAYLOAD_BYTES_MAX;
use shortlist::workspace::RegistryError;

use crate::helpers::{fixture, spawn_app};

/// Retitles a job with a title far over the log's record limit, skipping
/// the validation a real command does: the only way to make the log refuse
/// a record, since every real input is bounded well below that limit.
struct OversizedRetitle {
    job_id: JobId,
}

impl Command for OversizedRetitle {
    type Output = ();

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let job = &workspace.jobs[&self.job_id];
        let mut definition = job.definition.clone();
        definition.title = "x".repeat(RECORD_PAYLOAD_BYTES_MAX + 1);
        Ok(vec![Event::JobUpdated {
            job_id: job.id.clone(),
            team_id: job.team_id.clone(),
            definition,
            fit_scores_remaining: job.fit_scores_remaining,
            at: context.now,
        }])
    }

    fn respond(&self, _workspace: &Workspace, _events: &[Event]) -> DomainResult<()> {
        Ok(())
    }
}

#[actix_web::test]
async fn a_record_the_log_refuses_fails_its_write_alone_and_the_workspace_goes_on() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let handle = app.registry.workspace(&WorkspaceId::parse("acme").unwrap()).expect("the workspace");
    let job_id = JobId::parse(fixture.paid_job_id()).unwrap();

    match app.registry.execute(&handle, OversizedRetitle { job_id }).await {
        Err(RegistryError::Journal(error)) => {
            assert_eq!(error.code(), "WAL_RECORD_TOO_LARGE");
            assert!(!error.is_fail_stop());
        }
        other => panic!("the oversized record was not refused: {:?}", other.map(|()| "applied")),
    }
    let job = app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &fixture.key).await.expect(200);
    assert_eq!(job.data()["title"], fixture.paid_job["title"], "nothing of the refused write was applied");
    app.apply_without_resume(fixture.paid_job_id(), "Ana After").await;
    app.comment(
        &fixture.key,
        &app.apply_without_resume(fixture.paid_job_id(), "Bo After").await,
        json!({ "text": "still writing" }),
    )
    .await
    .expect(201);
}
