//! The four writes: PATCH .../stage, PATCH .../tags, POST .../ats/rerun,
//! POST .../comments. Each maps its body to a domain command and sends it to
//! the workspace actor; the answer is read from the state after the write.

use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::domain::commands::{AddComment, MoveStage, RerunAts, RerunOutcome, UpdateTags};
use crate::http::body::{JsonBody, NoBody};
use crate::http::dto::application::{stage_view, CommentView};
use crate::http::envelope::{created, success};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::KeyCaller;
use crate::http::request::candidate::{CommentBody, StageBody, TagsBody};
use crate::http::state::AppState;

const SURFACE: Surface = Surface::PublicApi;

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
    Ok(success(json!({
        "application": {
            "id": application.id.as_str(),
            "jobId": application.job_id.as_str(),
            "jobStageId": application.stage_id.as_str(),
            "stage": stage,
            "updatedAt": application.updated_at.to_iso8601(),
        }
    })))
}

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
    Ok(success(json!({
        "application": { "id": application.id.as_str(), "jobId": application.job_id.as_str(), "tags": application.tags }
    })))
}

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
    let data = match outcome {
        RerunOutcome::Queued { fit_scores_remaining } => json!({
            "message": format!("ATS rerun queued; one fit score was charged ({fit_scores_remaining} left). Poll GET /api/v1/applications/{application_id}/ats for the result."),
            "queued": true,
            "fitScoresCharged": 1,
            "fitScoresRemaining": fit_scores_remaining,
        }),
        RerunOutcome::QueuedUpgrade { fit_scores_remaining } => json!({
            "message": format!("ATS rerun queued free of charge: the stored result was made by an older engine version, and this rerun upgrades it ({fit_scores_remaining} fit scores left). Poll GET /api/v1/applications/{application_id}/ats for the result."),
            "queued": true,
            "fitScoresCharged": 0,
            "fitScoresRemaining": fit_scores_remaining,
        }),
        RerunOutcome::SkippedEnvelopeEmpty => json!({
            "message": "ATS rerun skipped: the job has no fit scores left, so nothing was charged. Top up the job's envelope and try again.",
            "queued": false,
            "fitScoresCharged": 0,
            "fitScoresRemaining": 0,
        }),
    };
    Ok(success(data))
}

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
    Ok(created(json!({ "comment": CommentView::new(&workspace, &application_id, &comment) })))
}
