//! What the writes answer: the four of /api/v1, and the application that
//! intake and the dashboard's archive switch answer with.

use serde::Serialize;
use utoipa::ToSchema;

use super::application::{ApplicationDetail, CommentView};
use super::job::StageView;
use super::Iso8601;
use crate::domain::application::Application;
use crate::domain::commands::RerunOutcome;
use crate::domain::tag::Tag;
use crate::http::openapi::schemas::TagSchema;

/// `{application}`: the whole application after the write.
#[derive(Serialize, ToSchema)]
pub struct ApplicationAnswer<'a> {
    pub application: ApplicationDetail<'a>,
}

/// PATCH .../stage: where the application is now.
#[derive(Serialize, ToSchema)]
pub struct StageMoved<'a> {
    pub application: StageMovedApplication<'a>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StageMovedApplication<'a> {
    pub id: &'a str,
    pub job_id: &'a str,
    pub job_stage_id: &'a str,
    pub stage: Option<StageView<'a>>,
    pub updated_at: Iso8601,
}

impl<'a> StageMoved<'a> {
    pub fn new(application: &'a Application, stage: Option<StageView<'a>>) -> Self {
        StageMoved {
            application: StageMovedApplication {
                id: application.id.as_str(),
                job_id: application.job_id.as_str(),
                job_stage_id: application.stage_id.as_str(),
                stage,
                updated_at: Iso8601(application.updated_at),
            },
        }
    }
}

/// PATCH .../tags: the application's tags now.
#[derive(Serialize, ToSchema)]
pub struct TagsUpdated<'a> {
    pub application: TaggedApplication<'a>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaggedApplication<'a> {
    pub id: &'a str,
    pub job_id: &'a str,
    #[schema(value_type = Vec<TagSchema>)]
    pub tags: &'a [Tag],
}

impl<'a> TagsUpdated<'a> {
    pub fn new(application: &'a Application) -> Self {
        TagsUpdated {
            application: TaggedApplication {
                id: application.id.as_str(),
                job_id: application.job_id.as_str(),
                tags: &application.tags,
            },
        }
    }
}

/// POST .../ats/rerun: whether a run was queued and what it cost.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RerunAnswer {
    /// For people: what happened and what to do next.
    pub message: String,
    pub queued: bool,
    /// 1, or 0 when the rerun upgrades an older engine's result or was skipped.
    #[schema(minimum = 0, maximum = 1)]
    pub fit_scores_charged: u32,
    pub fit_scores_remaining: u32,
}

impl RerunAnswer {
    pub fn new(outcome: RerunOutcome, application_id: &str) -> Self {
        let poll = format!("Poll GET /api/v1/applications/{application_id}/ats for the result.");
        match outcome {
            RerunOutcome::Queued { fit_scores_remaining } => RerunAnswer {
                message: format!(
                    "ATS rerun queued; one fit score was charged ({fit_scores_remaining} left). {poll}"
                ),
                queued: true,
                fit_scores_charged: 1,
                fit_scores_remaining,
            },
            RerunOutcome::QueuedUpgrade { fit_scores_remaining } => RerunAnswer {
                message: format!(
                    "ATS rerun queued free of charge: the stored result was made by an older engine version, and this rerun upgrades it ({fit_scores_remaining} fit scores left). {poll}"
                ),
                queued: true,
                fit_scores_charged: 0,
                fit_scores_remaining,
            },
            RerunOutcome::SkippedEnvelopeEmpty => RerunAnswer {
                message: "ATS rerun skipped: the job has no fit scores left, so nothing was charged. Top up the job's envelope and try again.".to_owned(),
                queued: false,
                fit_scores_charged: 0,
                fit_scores_remaining: 0,
            },
        }
    }
}

/// POST .../comments: the comment as stored.
#[derive(Serialize, ToSchema)]
pub struct CommentCreated<'a> {
    pub comment: CommentView<'a>,
}
