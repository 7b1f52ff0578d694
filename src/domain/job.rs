//! Jobs: their definition (what an admin edits), their ordered stages, their
//! fit-score envelope (the metered budget for scoring) and their tag catalogue.

use serde::{Deserialize, Serialize};

use super::ats::Criteria;
use super::ids::{JobId, StageId, TeamId, UserId};
use super::tag::Tag;
use super::time::Timestamp;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobStatus {
    Active,
    Draft,
    Closed,
}

impl JobStatus {
    pub const ALL: [JobStatus; 3] = [JobStatus::Active, JobStatus::Draft, JobStatus::Closed];

    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Active => "active",
            JobStatus::Draft => "draft",
            JobStatus::Closed => "closed",
        }
    }

    pub fn parse(text: &str) -> Option<JobStatus> {
        Self::ALL.into_iter().find(|status| status.as_str() == text)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tier {
    Free,
    Paid,
}

impl Tier {
    pub const ALL: [Tier; 2] = [Tier::Free, Tier::Paid];

    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Free => "free",
            Tier::Paid => "paid",
        }
    }

    pub fn parse(text: &str) -> Option<Tier> {
        match text {
            "free" => Some(Tier::Free),
            "paid" => Some(Tier::Paid),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage {
    pub id: StageId,
    pub name: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FormFieldKind {
    Text,
    Textarea,
    Email,
    Url,
    Number,
    Select,
    Checkbox,
}

impl FormFieldKind {
    pub const ALL: [FormFieldKind; 7] = [
        FormFieldKind::Text,
        FormFieldKind::Textarea,
        FormFieldKind::Email,
        FormFieldKind::Url,
        FormFieldKind::Number,
        FormFieldKind::Select,
        FormFieldKind::Checkbox,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            FormFieldKind::Text => "text",
            FormFieldKind::Textarea => "textarea",
            FormFieldKind::Email => "email",
            FormFieldKind::Url => "url",
            FormFieldKind::Number => "number",
            FormFieldKind::Select => "select",
            FormFieldKind::Checkbox => "checkbox",
        }
    }

    pub fn parse(text: &str) -> Option<FormFieldKind> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

/// A question on the careers-page form; answers are keyed by `key`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormField {
    pub key: String,
    pub label: String,
    pub kind: FormFieldKind,
    pub required: bool,
    /// Choices of a `select` field; empty for other kinds.
    pub options: Vec<String>,
}

/// Everything an admin sets on a job. Replaced whole by an update, which keeps
/// the update event simple to apply and to replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobDefinition {
    pub title: String,
    pub status: JobStatus,
    pub description: String,
    pub form_fields: Vec<FormField>,
    pub stages: Vec<Stage>,
    pub criteria: Criteria,
    pub tier: Tier,
    pub collaborators: Vec<UserId>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    pub id: JobId,
    pub team_id: TeamId,
    pub definition: JobDefinition,
    /// Fit scores left in this job's own envelope.
    pub fit_scores_remaining: u32,
    /// Fit scores this job has spent so far.
    pub fit_scores_used: u32,
    /// Job-level tag catalogue (form B's `addToJobTags`).
    pub tags: Vec<Tag>,
    pub application_count: u32,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl Job {
    pub fn stage(&self, stage_id: &StageId) -> Option<&Stage> {
        self.definition.stages.iter().find(|stage| &stage.id == stage_id)
    }

    pub fn stage_position(&self, stage_id: &StageId) -> Option<usize> {
        self.definition.stages.iter().position(|stage| &stage.id == stage_id)
    }

    pub fn first_stage(&self) -> &Stage {
        // Invariant upheld by job validation: a job always has at least one stage.
        &self.definition.stages[0]
    }

    pub fn has_description(&self) -> bool {
        !super::text::is_blank(&self.definition.description)
    }
}
