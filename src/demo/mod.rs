//! The demo workspace that `cargo run --release` starts with, and (in `seed`)
//! the large synthetic data sets of `shortlist seed`. Both go through the same
//! commands and actors as real traffic, so the demo exercises the real paths,
//! pipelines included.

pub mod corpus;
pub mod seed;

use crate::auth::api_key::hash_api_key;
use crate::auth::jwt::JwtSigner;
use crate::domain::commands::{
    AddMember, CreateJob, CreateKey, CreateTeam, CriteriaInput, FormFieldInput, JobInput, ResumeUpload, StageInput,
    SubmitApplication, SubmitApplicationInput,
};
use crate::domain::ids::{JobId, UserId, WorkspaceId};
use crate::domain::member::Role;
use crate::workspace::{Registry, RegistryError, WorkspaceHandle};
use corpus::{candidate, track_for, Track};

pub const DEMO_WORKSPACE_ID: &str = "demo";
pub const DEMO_OWNER_ID: &str = "demo-owner";
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
    let (workspace, created) =
        registry.create_workspace(&workspace_id, "Demo Corp", &owner, "Dana Owner", "dana.owner@example.com").await?;
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
                user_id: "demo-recruiter".into(),
                name: "Riley Recruiter".into(),
                email: "riley@example.com".into(),
                role: "admin".into(),
            },
        )
        .await?;
    let engineering = registry.execute(&workspace, CreateTeam { name: "Engineering".into() }).await?;
    let design = registry.execute(&workspace, CreateTeam { name: "Design".into() }).await?;
    let backend = registry.execute(&workspace, CreateJob { input: backend_job(engineering.id.as_str()) }).await?;
    let designer = registry.execute(&workspace, CreateJob { input: designer_job(design.id.as_str()) }).await?;
    // Distinct index ranges, so the two jobs' applicants are different people.
    submit_candidates(registry, &workspace, &backend, Track::BackendEngineer, 0..DEMO_APPLICATIONS_PAID).await?;
    let designers = DEMO_APPLICATIONS_PAID..DEMO_APPLICATIONS_PAID + DEMO_APPLICATIONS_FREE;
    submit_candidates(registry, &workspace, &designer, Track::ProductDesigner, designers).await?;
    let hash = hash_api_key(DEMO_API_KEY);
    registry
        .execute(
            &workspace,
            CreateKey {
                name: Some("Demo key".into()),
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
        let input = SubmitApplicationInput {
            candidate_name: Some(profile.name),
            email: Some(profile.email),
            phone: profile.phone,
            resume: registry.store_resume(ResumeUpload::text(profile.resume_text.clone()))?,
            ..SubmitApplicationInput::default()
        };
        registry.execute(workspace, SubmitApplication { job_id: job_id.clone(), input }).await?;
    }
    Ok(())
}

fn stages(names: &[&str]) -> Option<Vec<StageInput>> {
    Some(names.iter().map(|name| StageInput { id: None, name: (*name).to_owned() }).collect())
}

fn strings(items: &[&str]) -> Option<Vec<String>> {
    Some(items.iter().map(|item| (*item).to_owned()).collect())
}

pub fn backend_job(team_id: &str) -> JobInput {
    JobInput {
        team_id: Some(team_id.to_owned()),
        title: Some("Senior Backend Engineer".into()),
        status: Some("active".into()),
        description: Some("Build and run the services behind our hiring platform: Rust services on PostgreSQL, deployed on Kubernetes, talking over gRPC and Kafka.".into()),
        form_fields: Some(vec![FormFieldInput { key: Some("portfolio".into()), label: "Portfolio or GitHub URL".into(), kind: Some("url".into()), required: Some(false), options: None }]),
        stages: stages(&["Applied", "Phone screen", "Technical interview", "Offer", "Hired"]),
        criteria: Some(CriteriaInput {
            must_haves: strings(&["Rust", "PostgreSQL", "distributed systems"]),
            nice_to_haves: strings(&["Kubernetes", "Kafka", "gRPC", "AWS", "observability"]),
            weighting_must_haves: Some(60),
            weighting_nice_to_haves: Some(25),
            weighting_experience: Some(15),
            min_years_experience: Some(5),
        }),
        tier: Some("paid".into()),
        fit_scores: Some(200),
        fit_scores_add: None,
        collaborators: strings(&[DEMO_OWNER_ID, "demo-recruiter"]),
    }
}

pub fn designer_job(team_id: &str) -> JobInput {
    JobInput {
        team_id: Some(team_id.to_owned()),
        title: Some("Product Designer".into()),
        status: Some("active".into()),
        description: Some("Design the recruiter dashboard end to end, from research to shipped UI.".into()),
        form_fields: None,
        stages: stages(&["Applied", "Portfolio review", "Design challenge", "Offer"]),
        criteria: Some(CriteriaInput {
            must_haves: strings(&["Figma", "user research", "prototyping"]),
            nice_to_haves: strings(&["design systems", "accessibility", "usability testing"]),
            weighting_must_haves: None,
            weighting_nice_to_haves: None,
            weighting_experience: None,
            min_years_experience: Some(3),
        }),
        tier: Some("free".into()),
        fit_scores: None,
        fit_scores_add: None,
        collaborators: strings(&[DEMO_OWNER_ID]),
    }
}
