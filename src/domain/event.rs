//! Events: every state change of a workspace, as facts that have been
//! decided. Commands decide (and may fail); events only apply (and cannot).
//! Everything random or time-dependent (IDs, timestamps, whether a fit score
//! was charged) is fixed in the event, so replaying a log rebuilds the same
//! state bit for bit.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::api_key::ApiKey;
use super::application::{ApplicationStatus, ResumeSource};
use super::comment::Comment;
use super::encoded::{Encoded, ScoredBreakdown};
use super::idempotency::IdempotencyRecord;
use super::ids::{ApplicationId, JobId, KeyId, StageId, TeamId, WorkspaceId};
use super::job::JobDefinition;
use super::member::Member;
use super::notification::Notification;
use super::tag::Tag;
use super::team::Team;
use super::time::Timestamp;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    WorkspaceCreated {
        workspace_id: WorkspaceId,
        name: String,
        owner: Member,
        at: Timestamp,
    },
    MemberAdded {
        member: Member,
    },
    TeamCreated {
        team: Team,
    },
    JobCreated {
        job_id: JobId,
        team_id: TeamId,
        definition: JobDefinition,
        fit_scores: u32,
        at: Timestamp,
    },
    JobUpdated {
        job_id: JobId,
        team_id: TeamId,
        definition: JobDefinition,
        fit_scores_remaining: u32,
        at: Timestamp,
    },
    ApplicationSubmitted(Box<SubmittedApplication>),
    StageChanged {
        application_id: ApplicationId,
        stage_id: StageId,
        at: Timestamp,
    },
    TagsReplaced {
        application_id: ApplicationId,
        tags: Vec<Tag>,
        job_tags: Vec<Tag>,
        at: Timestamp,
    },
    CommentAdded {
        application_id: ApplicationId,
        comment: Comment,
        notifications: Vec<Notification>,
    },
    StatusChanged {
        application_id: ApplicationId,
        status: ApplicationStatus,
        at: Timestamp,
    },
    /// A rerun that was charged one fit score; a rerun skipped for an empty
    /// envelope changes nothing and is not an event.
    AtsRerunQueued {
        application_id: ApplicationId,
        at: Timestamp,
    },
    PipelineCompleted {
        application_id: ApplicationId,
        run: u32,
        outcome: PipelineOutcome,
        at: Timestamp,
    },
    KeyCreated {
        key: ApiKey,
    },
    KeyRevoked {
        key_id: KeyId,
        at: Timestamp,
    },
    /// When keys were last used, as of `at`: recorded coalesced (at most once
    /// a minute per workspace, see `workspace::actor`), not once per request,
    /// so that reads never cost a log write. Always the last variant added:
    /// variants are encoded by position.
    KeysUsed {
        uses: Vec<(KeyId, Timestamp)>,
        at: Timestamp,
    },
    /// A rerun of a result an older engine made: like `AtsRerunQueued`, but
    /// charged nothing, since the upgrade is the service's doing. Last, for
    /// the reason `KeysUsed` gives.
    AtsUpgradeQueued {
        application_id: ApplicationId,
        at: Timestamp,
    },
    /// A write sent with an idempotency key: its events and the answer it
    /// got, in one record, so that a crash keeps both or neither. Last, for
    /// the reason `KeysUsed` gives.
    Idempotent(Box<IdempotentWrite>),
}

/// The events of a keyed write (none for a write that changed nothing) and
/// what remembers its answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IdempotentWrite {
    pub effects: Vec<Event>,
    pub record: IdempotencyRecord,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SubmittedApplication {
    pub application_id: ApplicationId,
    pub job_id: JobId,
    pub stage_id: StageId,
    pub candidate_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub answers: BTreeMap<String, String>,
    pub resume_source: Option<ResumeSource>,
    /// One fit score was taken from the job's envelope for the initial scoring.
    pub fit_score_charged: bool,
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PipelineOutcome {
    /// Parsed; scored when the run was meant to score.
    Completed {
        resume: Encoded,
        breakdown: Option<ScoredBreakdown>,
    },
    Failed {
        code: String,
        message: String,
    },
}

impl Event {
    /// When the event happened, for point-in-time restores.
    pub fn occurred_at(&self) -> Timestamp {
        match self {
            Event::WorkspaceCreated { at, .. }
            | Event::JobCreated { at, .. }
            | Event::JobUpdated { at, .. }
            | Event::StageChanged { at, .. }
            | Event::TagsReplaced { at, .. }
            | Event::StatusChanged { at, .. }
            | Event::AtsRerunQueued { at, .. }
            | Event::AtsUpgradeQueued { at, .. }
            | Event::PipelineCompleted { at, .. }
            | Event::KeyRevoked { at, .. }
            | Event::KeysUsed { at, .. } => *at,
            Event::MemberAdded { member } => member.added_at,
            Event::TeamCreated { team } => team.created_at,
            Event::ApplicationSubmitted(submitted) => submitted.at,
            Event::CommentAdded { comment, .. } => comment.created_at,
            Event::KeyCreated { key } => key.created_at,
            Event::Idempotent(write) => write.record.at,
        }
    }

    /// A short name of the event's kind, for `shortlist wal dump`.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::WorkspaceCreated { .. } => "WorkspaceCreated",
            Event::MemberAdded { .. } => "MemberAdded",
            Event::TeamCreated { .. } => "TeamCreated",
            Event::JobCreated { .. } => "JobCreated",
            Event::JobUpdated { .. } => "JobUpdated",
            Event::ApplicationSubmitted(_) => "ApplicationSubmitted",
            Event::StageChanged { .. } => "StageChanged",
            Event::TagsReplaced { .. } => "TagsReplaced",
            Event::CommentAdded { .. } => "CommentAdded",
            Event::StatusChanged { .. } => "StatusChanged",
            Event::AtsRerunQueued { .. } => "AtsRerunQueued",
            Event::PipelineCompleted { .. } => "PipelineCompleted",
            Event::KeyCreated { .. } => "KeyCreated",
            Event::KeyRevoked { .. } => "KeyRevoked",
            Event::KeysUsed { .. } => "KeysUsed",
            Event::AtsUpgradeQueued { .. } => "AtsUpgradeQueued",
            Event::Idempotent(_) => "Idempotent",
        }
    }

    /// The application an event changes, for the caller that must schedule work on it.
    pub fn application_id(&self) -> Option<&ApplicationId> {
        match self {
            Event::ApplicationSubmitted(submitted) => Some(&submitted.application_id),
            Event::StageChanged { application_id, .. }
            | Event::TagsReplaced { application_id, .. }
            | Event::CommentAdded { application_id, .. }
            | Event::StatusChanged { application_id, .. }
            | Event::AtsRerunQueued { application_id, .. }
            | Event::AtsUpgradeQueued { application_id, .. }
            | Event::PipelineCompleted { application_id, .. } => Some(application_id),
            Event::Idempotent(write) => write.effects.iter().find_map(Event::application_id),
            _ => None,
        }
    }
}
