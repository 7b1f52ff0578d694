//! The four writes: PATCH .../stage, PATCH .../tags, POST .../ats/rerun,
//! POST .../comments. Each maps its body to a domain command and sends it to
//! the workspace actor; the answer is read from the state after the write.

use actix_web::{web, HttpResponse};

use crate::domain::commands::{AddComment, MoveStage, RerunAts, UpdateTags};
use crate::http::body::{JsonBody, NoBody};
use crate::http::dto::application::{stage_view, CommentView};
use crate::http::dto::writes::{CommentCreated, RerunAnswer, StageMoved, TagsUpdated};
use crate::http::envelope::{created, success};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::KeyCaller;
use crate::http::openapi::responses::PublicWriteFailures;
use crate::http::openapi::schemas::{FailureEnvelope, SuccessEnvelope};
use crate::http::request::candidate::{CommentBody, StageBody, TagsBody};
use crate::http::state::AppState;

const SURFACE: Surface = Surface::PublicApi;

/// Moves a candidate to another stage of their job.
#[utoipa::path(
    patch,
    path = "/api/v1/applications/{application_id}/stage",
    operation_id = "moveApplicationStage",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    request_body(content = StageBody, description = "The stage to move to."),
    responses((status = 200, description = "Moved (or already there).", body = SuccessEnvelope<StageMoved>), PublicWriteFailures),
    security(("apiKey" = []))
)]
pub async fn move_stage(
    caller: KeyCaller,
    state: web::Data<AppState>,
    application_id: web::Path<String>,
    body: JsonBody<StageBody>,
) -> Result<HttpResponse, ApiError> {
    let stage = body.0.into_stage().map_err(ApiError::domain(SURFACE))?;
    let command = MoveStage { claims: caller.key.claims.clone(), application_id: application_id.into_inner(), stage };
    let application = state
        .registry
        .execute(&caller.workspace, command)
        .await
        .map_err(|error| ApiError::from_registry(SURFACE, error))?;
    let workspace = caller.workspace.state.read();
    let stage = workspace.jobs.get(&application.job_id).and_then(|job| stage_view(job, &application));
    Ok(success(StageMoved::new(&application, stage)))
}

/// Tags a candidate: merge (`add`, `remove`) or replace (`tags`).
#[utoipa::path(
    patch,
    path = "/api/v1/applications/{application_id}/tags",
    operation_id = "updateApplicationTags",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    request_body(content = TagsBody, description = "Either form A (`add`, `remove`, `color`) or form B (`tags`, `addToJobTags`)."),
    responses((status = 200, description = "The tags now.", body = SuccessEnvelope<TagsUpdated>), PublicWriteFailures),
    security(("apiKey" = []))
)]
pub async fn update_tags(
    caller: KeyCaller,
    state: web::Data<AppState>,
    application_id: web::Path<String>,
    body: JsonBody<TagsBody>,
) -> Result<HttpResponse, ApiError> {
    let command = UpdateTags {
        claims: caller.key.claims.clone(),
        application_id: application_id.into_inner(),
        change: body.0.into_change().map_err(ApiError::domain(SURFACE))?,
    };
    let application = state
        .registry
        .execute(&caller.workspace, command)
        .await
        .map_err(|error| ApiError::from_registry(SURFACE, error))?;
    Ok(success(TagsUpdated::new(&application)))
}

/// Reruns the ATS scoring of a paid job's application, charging one fit score.
#[utoipa::path(
    post,
    path = "/api/v1/applications/{application_id}/ats/rerun",
    operation_id = "rerunApplicationAts",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    responses(
        (status = 200, description = "Queued, or skipped with an empty envelope.", body = SuccessEnvelope<RerunAnswer>),
        (status = 402, description = "`JOB_TIER_REQUIRED`: the job is on the free tier.", body = FailureEnvelope),
        PublicWriteFailures
    ),
    security(("apiKey" = []))
)]
pub async fn rerun_ats(
    caller: KeyCaller,
    state: web::Data<AppState>,
    application_id: web::Path<String>,
    _no_body: NoBody,
) -> Result<HttpResponse, ApiError> {
    let application_id = application_id.into_inner();
    let command = RerunAts { claims: caller.key.claims.clone(), application_id: application_id.clone() };
    let outcome = state
        .registry
        .execute(&caller.workspace, command)
        .await
        .map_err(|error| ApiError::from_registry(SURFACE, error))?;
    Ok(success(RerunAnswer::new(outcome, &application_id)))
}

/// Comments on a candidate; the job's collaborators are notified.
#[utoipa::path(
    post,
    path = "/api/v1/applications/{application_id}/comments",
    operation_id = "addComment",
    tag = "public-api",
    params(("application_id" = String, Path, description = "The application's ID (`app_…`).")),
    request_body(content = CommentBody, description = "The comment."),
    responses((status = 201, description = "The comment.", body = SuccessEnvelope<CommentCreated>), PublicWriteFailures),
    security(("apiKey" = []))
)]
pub async fn add_comment(
    caller: KeyCaller,
    state: web::Data<AppState>,
    application_id: web::Path<String>,
    body: JsonBody<CommentBody>,
) -> Result<HttpResponse, ApiError> {
    let application_id = application_id.into_inner();
    let text = body.0.into_text().map_err(ApiError::domain(SURFACE))?;
    let command = AddComment { claims: caller.key.claims.clone(), application_id: application_id.clone(), text };
    let comment = state
        .registry
        .execute(&caller.workspace, command)
        .await
        .map_err(|error| ApiError::from_registry(SURFACE, error))?;
    let workspace = caller.workspace.state.read();
    Ok(created(CommentCreated { comment: CommentView::new(&workspace, &application_id, &comment) }))
}
