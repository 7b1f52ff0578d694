//! POST /api/orgs/:orgId/jobs, PATCH /api/orgs/:orgId/jobs/:jobId and
//! PATCH /api/orgs/:orgId/applications/:applicationId (archive / restore).

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::domain::commands::{
    CreateJob, CriteriaInput, FormFieldInput, JobInput, SetApplicationStatus, StageInput, UpdateJob,
};
use crate::domain::ids::JobId;
use crate::http::body::JsonBody;
use crate::http::dto::application::{ApplicationDetail, StoredResults};
use crate::http::dto::job::JobDetail;
use crate::http::envelope::{created, success};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::TokenCaller;
use crate::http::state::AppState;
use crate::workspace::WorkspaceHandle;

const SURFACE: Surface = Surface::Dashboard;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JobBody {
    team_id: Option<String>,
    title: Option<String>,
    status: Option<String>,
    description: Option<String>,
    form_fields: Option<Vec<FormFieldBody>>,
    stages: Option<Vec<StageBody>>,
    criteria: Option<CriteriaBody>,
    tier: Option<String>,
    fit_scores: Option<i64>,
    fit_scores_add: Option<i64>,
    collaborators: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormFieldBody {
    key: Option<String>,
    label: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    required: Option<bool>,
    options: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageBody {
    id: Option<String>,
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CriteriaBody {
    must_haves: Option<Vec<String>>,
    nice_to_haves: Option<Vec<String>>,
    weighting: Option<WeightingBody>,
    min_years_experience: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WeightingBody {
    must_haves: Option<i64>,
    nice_to_haves: Option<i64>,
    experience: Option<i64>,
}

impl From<JobBody> for JobInput {
    fn from(body: JobBody) -> JobInput {
        JobInput {
            team_id: body.team_id,
            title: body.title,
            status: body.status,
            description: body.description,
            form_fields: body.form_fields.map(|fields| {
                fields
                    .into_iter()
                    .map(|field| FormFieldInput {
                        key: field.key,
                        label: field.label.unwrap_or_default(),
                        kind: field.kind,
                        required: field.required,
                        options: field.options,
                    })
                    .collect()
            }),
            stages: body.stages.map(|stages| {
                stages
                    .into_iter()
                    .map(|stage| StageInput { id: stage.id, name: stage.name.unwrap_or_default() })
                    .collect()
            }),
            criteria: body.criteria.map(|criteria| {
                let weighting = criteria.weighting.unwrap_or(WeightingBody {
                    must_haves: None,
                    nice_to_haves: None,
                    experience: None,
                });
                CriteriaInput {
                    must_haves: criteria.must_haves,
                    nice_to_haves: criteria.nice_to_haves,
                    weighting_must_haves: weighting.must_haves,
                    weighting_nice_to_haves: weighting.nice_to_haves,
                    weighting_experience: weighting.experience,
                    min_years_experience: criteria.min_years_experience,
                }
            }),
            tier: body.tier,
            fit_scores: body.fit_scores,
            fit_scores_add: body.fit_scores_add,
            collaborators: body.collaborators,
        }
    }
}

fn job_detail_response(workspace: &WorkspaceHandle, job_id: &JobId, was_created: bool) -> HttpResponse {
    let workspace = workspace.state.read();
    let detail = JobDetail::new(&workspace, &workspace.jobs[job_id]);
    if was_created {
        created(detail)
    } else {
        success(detail)
    }
}

pub async fn create(
    caller: TokenCaller,
    state: web::Data<AppState>,
    org_id: web::Path<String>,
    body: JsonBody<JobBody>,
) -> Result<HttpResponse, ApiError> {
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let command = CreateJob { input: body.0.into() };
    let job_id =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    Ok(job_detail_response(&workspace, &job_id, true))
}

pub async fn update(
    caller: TokenCaller,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
    body: JsonBody<JobBody>,
) -> Result<HttpResponse, ApiError> {
    let (org_id, job_id) = path.into_inner();
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let command = UpdateJob { job_id, input: body.0.into() };
    let job_id =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    Ok(job_detail_response(&workspace, &job_id, false))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusBody {
    status: Option<String>,
}

pub async fn set_application_status(
    caller: TokenCaller,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
    body: JsonBody<StatusBody>,
) -> Result<HttpResponse, ApiError> {
    let (org_id, application_id) = path.into_inner();
    let (_, workspace) = caller.managed_workspace(&state, &org_id)?;
    let command = SetApplicationStatus { application_id, status: body.0.status.unwrap_or_default() };
    let application =
        state.registry.execute(&workspace, command).await.map_err(|error| ApiError::from_registry(SURFACE, error))?;
    let stored = StoredResults::of(&application)?;
    let results = stored.decode(&application)?;
    let workspace = workspace.state.read();
    Ok(success(json!({ "application": ApplicationDetail::new(&workspace, &application, &results) })))
}
