//! The four writes: PATCH .../stage, PATCH .../tags, POST .../ats/rerun,
//! POST .../comments. Each maps its body to a domain command and sends it to
//! the workspace actor; the answer is written from the state after the write
//! (and, with an `Idempotency-Key`, kept for its retries: see `idempotency`).

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};

use crate::domain::commands::{AddComment, MoveStage, RerunAts, UpdateTags};
use crate::http::body::{JsonBody, NoBody};
use crate::http::dto::application::{stage_view, CommentView};
use crate::http::dto::writes::{CommentCreated, RerunAnswer, StageMoved, TagsUpdated};
use crate::http::error::{ApiError, Surface};
use crate::http::extract::KeyCaller;
use crate::http::idempotency::{answer, write_once, Idempotency};
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
    params(
        ("application_id" = String, Path, description = "The application's ID (`app_…`)."),
        ("Idempotency-Key" = Option<String>, Header, min_length = 1, max_length = 255, pattern = "^[ -~]{1,255}$", description = "Makes the write safe to retry: the same key with the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) and has no second effect. 1 to 255 printable ASCII characters, scoped to the API key.")
    ),
    request_body(content = StageBody, description = "The stage to move to."),
    responses((status = 200, description = "Moved (or already there).", body = SuccessEnvelope<StageMoved>, headers(("Idempotent-Replayed" = String, description = "`true` when this is the first answer to this `Idempotency-Key`, sent again."))), PublicWriteFailures),
    security(("apiKey" = []))
)]
pub async fn move_stage(
    caller: KeyCaller,
    state: web::Data<AppState>,
    application_id: web::Path<String>,
    idempotency: Idempotency,
    JsonBody(body, digest): JsonBody<StageBody>,
) -> Result<HttpResponse, ApiError> {
    let stage = body.into_stage().map_err(ApiError::domain(SURFACE))?;
    let command = MoveStage { claims: caller.key.claims.clone(), application_id: application_id.into_inner(), stage };
    write_once(&state, &caller, idempotency, digest, command, |workspace, application| {
        let stage = workspace.jobs.get(&application.job_id).and_then(|job| stage_view(job, &application));
        answer(StatusCode::OK, StageMoved::new(&application, stage))
    })
    .await
}

/// Tags a candidate: merge (`add`, `remove`) or replace (`tags`).
#[utoipa::path(
    patch,
    path = "/api/v1/applications/{application_id}/tags",
    operation_id = "updateApplicationTags",
    tag = "public-api",
    params(
        ("application_id" = String, Path, description = "The application's ID (`app_…`)."),
        ("Idempotency-Key" = Option<String>, Header, min_length = 1, max_length = 255, pattern = "^[ -~]{1,255}$", description = "Makes the write safe to retry: the same key with the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) and has no second effect. 1 to 255 printable ASCII characters, scoped to the API key.")
    ),
    request_body(content = TagsBody, description = "Either form A (`add`, `remove`, `color`) or form B (`tags`, `addToJobTags`)."),
    responses((status = 200, description = "The tags now.", body = SuccessEnvelope<TagsUpdated>, headers(("Idempotent-Replayed" = String, description = "`true` when this is the first answer to this `Idempotency-Key`, sent again."))), PublicWriteFailures),
    security(("apiKey" = []))
)]
pub async fn update_tags(
    caller: KeyCaller,
    state: web::Data<AppState>,
    application_id: web::Path<String>,
    idempotency: Idempotency,
    JsonBody(body, digest): JsonBody<TagsBody>,
) -> Result<HttpResponse, ApiError> {
    let command = UpdateTags {
        claims: caller.key.claims.clone(),
        application_id: application_id.into_inner(),
        change: body.into_change().map_err(ApiError::domain(SURFACE))?,
    };
    write_once(&state, &caller, idempotency, digest, command, |_, application| {
        answer(StatusCode::OK, TagsUpdated::new(&application))
    })
    .await
}

/// Reruns the ATS scoring of a paid job's application, charging one fit score.
#[utoipa::path(
    post,
    path = "/api/v1/applications/{application_id}/ats/rerun",
    operation_id = "rerunApplicationAts",
    tag = "public-api",
    params(
        ("application_id" = String, Path, description = "The application's ID (`app_…`)."),
        ("Idempotency-Key" = Option<String>, Header, min_length = 1, max_length = 255, pattern = "^[ -~]{1,255}$", description = "Makes the write safe to retry: the same key with the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) and has no second effect. 1 to 255 printable ASCII characters, scoped to the API key.")
    ),
    responses(
        (status = 200, description = "Queued, or skipped with an empty envelope.", body = SuccessEnvelope<RerunAnswer>, headers(("Idempotent-Replayed" = String, description = "`true` when this is the first answer to this `Idempotency-Key`, sent again."))),
        (status = 402, description = "`JOB_TIER_REQUIRED`: the job is on the free tier.", body = FailureEnvelope),
        PublicWriteFailures
    ),
    security(("apiKey" = []))
)]
pub async fn rerun_ats(
    caller: KeyCaller,
    state: web::Data<AppState>,
    application_id: web::Path<String>,
    idempotency: Idempotency,
    _no_body: NoBody,
) -> Result<HttpResponse, ApiError> {
    let application_id = application_id.into_inner();
    let command = RerunAts { claims: caller.key.claims.clone(), application_id: application_id.clone() };
    // The route takes no body, so the method and path are the whole request.
    write_once(&state, &caller, idempotency, None, command, move |_, outcome| {
        answer(StatusCode::OK, RerunAnswer::new(outcome, &application_id))
    })
    .await
}

/// Comments on a candidate; the job's collaborators are notified.
#[utoipa::path(
    post,
    path = "/api/v1/applications/{application_id}/comments",
    operation_id = "addComment",
    tag = "public-api",
    params(
        ("application_id" = String, Path, description = "The application's ID (`app_…`)."),
        ("Idempotency-Key" = Option<String>, Header, min_length = 1, max_length = 255, pattern = "^[ -~]{1,255}$", description = "Makes the write safe to retry: the same key with the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) and has no second effect. 1 to 255 printable ASCII characters, scoped to the API key.")
    ),
    request_body(content = CommentBody, description = "The comment."),
    responses((status = 201, description = "The comment.", body = SuccessEnvelope<CommentCreated>, headers(("Idempotent-Replayed" = String, description = "`true` when this is the first answer to this `Idempotency-Key`, sent again."))), PublicWriteFailures),
    security(("apiKey" = []))
)]
pub async fn add_comment(
    caller: KeyCaller,
    state: web::Data<AppState>,
    application_id: web::Path<String>,
    idempotency: Idempotency,
    JsonBody(body, digest): JsonBody<CommentBody>,
) -> Result<HttpResponse, ApiError> {
    let application_id = application_id.into_inner();
    let text = body.into_text().map_err(ApiError::domain(SURFACE))?;
    let command = AddComment { claims: caller.key.claims.clone(), application_id: application_id.clone(), text };
    write_once(&state, &caller, idempotency, digest, command, move |workspace, comment| {
        answer(StatusCode::CREATED, CommentCreated { comment: CommentView::new(workspace, &application_id, &comment) })
    })
    .await
}
