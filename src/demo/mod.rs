//! The demo workspace that `cargo run --release` starts with, and (in `seed`)
//! the large synthetic data sets of `shortlist seed`. Both go through the same
//! commands and actors as real traffic, so the demo exercises the real paths,
//! pipelines included.

pub mod corpus;
pub mod seed;

use crate::auth::api_key::hash_api_key;
use crate::auth::jwt::JwtSigner;
use crate::domain::ats::{Criteria, Weighting};
use crate::domain::commands::{
    AddMember, Applicant, CreateJob, CreateKey, CreateTeam, NewWorkspace, ResumeUpload, SubmitApplication,
};
use crate::domain::ids::{JobId, TeamId, UserId, WorkspaceId};
use crate::domain::job::{FormField, FormFieldKind, JobStatus, Tier};
use crate::domain::member::Role;
use crate::workspace::{Registry, RegistryError, WorkspaceHandle};
use corpus::{candidate, track_for, Track};

pub const DEMO_WORKSPACE_ID: &str = "demo";
pub const DEMO_OWNER_ID: &str = "demo-owner";
const DEMO_RECRUITER_ID: &str = "demo-recruiter";
/// A fixed key so that README's curl lines work as printed. It exists only in
/// the demo workspace, which `--no-demo` (or `SHORTLIST_DEMO=0`) turns off.
pub const DEMO_API_KEY: &str = "svc_live_DemoKeyForLocalTrials0000000000";
pub const DEMO_APPLICATIONS_PAID: u64 = 30;
pub const DEMO_APPLICATIONS_FREE: u64 = 20;
const DEMO_SEED: u64 = 2026;
/// The owner JWT printed at start lasts a week.
const DEMO_TOKEN_TTL_SECONDS: u64 = 7 * 24 * 3600;

#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("demo data could not be created: {0}")]
    Registry(#[from] RegistryError),
    #[error("demo data could not be created: {0}")]
    Domain(#[from] crate::domain::error::DomainError),
    #[error("demo data: {0}")]
    Incomplete(String),
}

/// Creates the demo workspace and returns the banner to print.
pub async fn create(registry: &Registry, signer: &JwtSigner, base_url: &str) -> Result<String, DemoError> {
    let workspace_id = WorkspaceId::parse(DEMO_WORKSPACE_ID).expect("a valid constant");
    let owner = UserId::parse(DEMO_OWNER_ID).expect("a valid constant");
    let new = NewWorkspace {
        name: "Demo Corp".into(),
        owner_name: "Dana Owner".into(),
        owner_email: "dana.owner@example.com".into(),
    };
    let (workspace, created) = registry.create_workspace(&workspace_id, &owner, &new).await?;
    let now_seconds = registry.clock().now().unix_seconds().max(0) as u64;
    let token = signer.sign(DEMO_WORKSPACE_ID, DEMO_OWNER_ID, Role::Owner, now_seconds, DEMO_TOKEN_TTL_SECONDS);
    if !created {
        // Recovered from the data directory on an earlier start: keep it as it is.
        let backend = workspace.state.read().job_order.first().cloned();
        let backend = backend.ok_or_else(|| DemoError::Incomplete("the demo workspace has no jobs".into()))?;
        return Ok(banner(base_url, &backend, &token));
    }
    registry
        .execute(
            &workspace,
            AddMember {
                user_id: user(DEMO_RECRUITER_ID),
                name: "Riley Recruiter".into(),
                email: "riley@example.com".into(),
                role: Role::Admin,
            },
        )
        .await?;
    let engineering = registry.execute(&workspace, CreateTeam { name: "Engineering".into() }).await?;
    let design = registry.execute(&workspace, CreateTeam { name: "Design".into() }).await?;
    let backend = registry.execute(&workspace, backend_job(engineering.id)).await?;
    let designer = registry.execute(&workspace, designer_job(design.id)).await?;
    // Distinct index ranges, so the two jobs' applicants are different people.
    submit_candidates(registry, &workspace, &backend, Track::BackendEngineer, 0..DEMO_APPLICATIONS_PAID).await?;
    let designers = DEMO_APPLICATIONS_PAID..DEMO_APPLICATIONS_PAID + DEMO_APPLICATIONS_FREE;
    submit_candidates(registry, &workspace, &designer, Track::ProductDesigner, designers).await?;
    let hash = hash_api_key(DEMO_API_KEY);
    registry
        .execute(
            &workspace,
            CreateKey {
                name: "Demo key".into(),
                claim_teams: Vec::new(),
                claim_jobs: Vec::new(),
                expires_at: None,
                rate_limit_per_minute: None,
                created_by: owner.clone(),
                hash,
                key_prefix: DEMO_API_KEY[..12].to_owned(),
            },
        )
        .await?;
    Ok(banner(base_url, &backend, &token))
}

fn banner(base_url: &str, backend: &JobId, token: &str) -> String {
    format!(
        "\nDemo workspace `{DEMO_WORKSPACE_ID}` is ready: 2 teams, a paid and a free job, {} applications (scoring runs in the background).\n\
         API key (demo only): {DEMO_API_KEY}\n\
         Owner JWT (7 days):  {token}\n\n\
         Try:\n\
         curl -s {base_url}/api/v1/jobs -H 'X-API-Key: {DEMO_API_KEY}'\n\
         curl -s '{base_url}/api/v1/jobs/{backend}/applications?sort=ats-desc&limit=5' -H 'X-API-Key: {DEMO_API_KEY}'\n\
         curl -s {base_url}/api/orgs/{DEMO_WORKSPACE_ID}/api-keys -H 'Authorization: Bearer {token}'\n",
        DEMO_APPLICATIONS_PAID + DEMO_APPLICATIONS_FREE
    )
}

async fn submit_candidates(
    registry: &Registry,
    workspace: &WorkspaceHandle,
    job_id: &JobId,
    primary: Track,
    indices: std::ops::Range<u64>,
) -> Result<(), DemoError> {
    for index in indices {
        let profile = candidate(DEMO_SEED, index, track_for(DEMO_SEED, index, primary));
        let applicant = Applicant {
            candidate_name: profile.name,
            email: profile.email,
            phone: profile.phone,
            resume: registry.store_resume(ResumeUpload::Text(profile.resume_text.clone()))?,
            ..Applicant::default()
        };
        registry.execute(workspace, SubmitApplication { job_id: job_id.clone(), applicant }).await?;
    }
    Ok(())
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|item| (*item).to_owned()).collect()
}

fn user(id: &str) -> UserId {
    UserId::parse(id).expect("a valid constant")
}

pub fn backend_job(team_id: TeamId) -> CreateJob {
    CreateJob {
        team_id,
        title: "Senior Backend Engineer".into(),
        status: JobStatus::Active,
        description: "Build and run the services behind our hiring platform: Rust services on PostgreSQL, deployed on Kubernetes, talking over gRPC and Kafka.".into(),
        form_fields: vec![FormField {
            key: "portfolio".into(),
            label: "Portfolio or GitHub URL".into(),
            kind: FormFieldKind::Url,
            required: false,
            options: Vec::new(),
        }],
        stage_names: Some(strings(&["Applied", "Phone screen", "Technical interview", "Offer", "Hired"])),
        criteria: Criteria {
            must_haves: strings(&["Rust", "PostgreSQL", "distributed systems"]),
            nice_to_haves: strings(&["Kubernetes", "Kafka", "gRPC", "AWS", "observability"]),
            weighting: Weighting { must_haves: 60, nice_to_haves: 25, experience: 15 },
            min_years_experience: Some(5),
        },
        tier: Tier::Paid,
        fit_scores: 200,
        collaborators: vec![user(DEMO_OWNER_ID), user(DEMO_RECRUITER_ID)],
    }
}

pub fn designer_job(team_id: TeamId) -> CreateJob {
    CreateJob {
        team_id,
        title: "Product Designer".into(),
        status: JobStatus::Active,
        description: "Design the recruiter dashboard end to end, from research to shipped UI.".into(),
        form_fields: Vec::new(),
        stage_names: Some(strings(&["Applied", "Portfolio review", "Design challenge", "Offer"])),
        criteria: Criteria {
            must_haves: strings(&["Figma", "user research", "prototyping"]),
            nice_to_haves: strings(&["design systems", "accessibility", "usability testing"]),
            weighting: Weighting::default(),
            min_years_experience: Some(3),
        },
        tier: Tier::Free,
        fit_scores: 0,
        collaborators: vec![user(DEMO_OWNER_ID)],
    }
}
