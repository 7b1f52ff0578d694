//! `shortlist seed`: deterministic synthetic workspaces for load tests. The
//! same `--seed` gives the same candidates, jobs and resumes; only key
//! material and IDs are fresh. Keys are printed with the rate limit lifted.

use indicatif::{ProgressBar, ProgressStyle};

use super::corpus::{candidate, track_for, Track};
use super::{backend_job, designer_job, DemoError};
use crate::auth::api_key::generate_api_key;
use crate::config::SeedSettings;
use crate::domain::commands::{
    CreateJob, CreateKey, CreateTeam, ResumeUpload, SubmitApplication, SubmitApplicationInput,
};
use crate::domain::ids::{UserId, WorkspaceId};
use crate::domain::limits::RATE_LIMIT_PER_MINUTE_MAX;
use crate::workspace::Registry;

pub async fn run(registry: &Registry, settings: &SeedSettings, base_url: &str) -> Result<(), DemoError> {
    let total = u64::from(settings.workspaces) * u64::from(settings.jobs) * u64::from(settings.applications);
    let progress = ProgressBar::new(total).with_style(
        ProgressStyle::with_template("seeding {bar:40} {pos}/{len} applications ({per_sec}, eta {eta})")
            .expect("a valid template"),
    );
    let owner = UserId::parse("seed-owner").expect("a valid constant");
    let mut keys = Vec::new();
    for workspace_number in 1..=settings.workspaces {
        let workspace_id = WorkspaceId::parse(&format!("seed-{workspace_number}")).expect("a valid pattern");
        let (workspace, _) = registry
            .create_workspace(
                &workspace_id,
                &format!("Seed {workspace_number}"),
                &owner,
                "Seed Owner",
                "seed@example.com",
            )
            .await?;
        let team = registry.execute(&workspace, CreateTeam { name: "Load".into() }).await?;
        for job_number in 0..settings.jobs {
            let backend = job_number % 2 == 0;
            let mut input = if backend { backend_job(team.id.as_str()) } else { designer_job(team.id.as_str()) };
            input.title = Some(format!("{} #{job_number}", input.title.unwrap_or_default()));
            input.collaborators = Some(Vec::new());
            input.tier = Some("paid".into());
            input.fit_scores = Some(i64::from(settings.applications));
            let job_id = registry.execute(&workspace, CreateJob { input }).await?;
            let primary = if backend { Track::BackendEngineer } else { Track::ProductDesigner };
            let stream_seed = settings.seed ^ (u64::from(workspace_number) << 32) ^ u64::from(job_number);
            for index in 0..u64::from(settings.applications) {
                let profile = candidate(stream_seed, index, track_for(stream_seed, index, primary));
                let input = SubmitApplicationInput {
                    candidate_name: Some(profile.name),
                    email: Some(profile.email),
                    phone: profile.phone,
                    resume: registry.store_resume(ResumeUpload::text(profile.resume_text.clone()))?,
                    ..SubmitApplicationInput::default()
                };
                registry.execute(&workspace, SubmitApplication { job_id: job_id.clone(), input }).await?;
                progress.inc(1);
            }
        }
        let material = generate_api_key();
        registry
            .execute(
                &workspace,
                CreateKey {
                    name: Some("Load test".into()),
                    claim_teams: Vec::new(),
                    claim_jobs: Vec::new(),
                    expires_at: None,
                    rate_limit_per_minute: Some(i64::from(RATE_LIMIT_PER_MINUTE_MAX)),
                    created_by: owner.clone(),
                    hash: material.hash,
                    key_prefix: material.key_prefix.clone(),
                },
            )
            .await?;
        keys.push((workspace_id, material.plaintext));
    }
    progress.finish();
    println!("\nSeeded {total} applications at {base_url}. Keys (rate limit {RATE_LIMIT_PER_MINUTE_MAX}/min):");
    for (workspace_id, key) in keys {
        println!("{workspace_id} {key}");
    }
    Ok(())
}
