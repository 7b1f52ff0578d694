//! Applications (candidates): contact details, stage, tags, comments, the
//! resume and its parsed form, the ATS result and the pipeline that produces them.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::application_index::Standing;
use super::comment::Comment;
use super::content_hash::ContentHash;
use super::encoded::{Encoded, ScoredBreakdown};
use super::ids::{ApplicationId, JobId, StageId};
use super::stored_result::standing_of;
use super::tag::Tag;
use super::time::Timestamp;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ApplicationStatus {
    Active,
    Archived,
}

impl ApplicationStatus {
    pub const ALL: [ApplicationStatus; 2] = [ApplicationStatus::Active, ApplicationStatus::Archived];

    pub fn as_str(self) -> &'static str {
        match self {
            ApplicationStatus::Active => "active",
            ApplicationStatus::Archived => "archived",
        }
    }

    pub fn parse(text: &str) -> Option<ApplicationStatus> {
        match text {
            "active" => Some(ApplicationStatus::Active),
            "archived" => Some(ApplicationStatus::Archived),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PipelineState {
    Queued,
    Running,
    Done,
    Failed,
    Skipped,
}

impl PipelineState {
    pub const ALL: [PipelineState; 5] = [
        PipelineState::Queued,
        PipelineState::Running,
        PipelineState::Done,
        PipelineState::Failed,
        PipelineState::Skipped,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PipelineState::Queued => "queued",
            PipelineState::Running => "running",
            PipelineState::Done => "done",
            PipelineState::Failed => "failed",
            PipelineState::Skipped => "skipped",
        }
    }

    pub fn is_in_flight(self) -> bool {
        matches!(self, PipelineState::Queued | PipelineState::Running)
    }
}

/// The parse-and-score pipeline of one application.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pipeline {
    pub state: PipelineState,
    /// Why the pipeline is skipped or failed, or what it will do when queued.
    pub reason: Option<String>,
    /// Counts runs, so that a late result of an older run is recognised and dropped.
    pub run: u32,
    /// Whether this run scores (and was charged one fit score) or only parses.
    pub scores: bool,
    pub updated_at: Timestamp,
}

/// The resume as submitted: a reference to its bytes in the blob store,
/// which were written and synced before the event that names them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResumeSource {
    pub content_hash: ContentHash,
    pub size_bytes: u64,
    pub file_name: Option<String>,
    pub media_type: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Application {
    pub id: ApplicationId,
    pub job_id: JobId,
    /// Position of the application in its job, in creation order; keys the job's indexes.
    pub ordinal: u32,
    pub stage_id: StageId,
    pub status: ApplicationStatus,
    pub candidate_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub answers: BTreeMap<String, String>,
    pub resume_source: Option<ResumeSource>,
    pub tags: Vec<Tag>,
    /// Shared one by one, so that copying an application (a snapshot holds
    /// it while the next write changes it) does not copy every comment.
    pub comments: Vec<Arc<Comment>>,
    /// The parsed resume (a `ParsedResume`), kept encoded; see `encoded`.
    pub resume: Option<Encoded>,
    /// The ATS breakdown (an `AtsBreakdown`) with its score, kept encoded.
    pub ats: Option<ScoredBreakdown>,
    pub pipeline: Pipeline,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl Application {
    pub fn ats_score(&self) -> Option<u8> {
        self.ats.as_ref().map(|scored| scored.overall_score)
    }

    /// Where the application stands in the score orders (`None`: unscored).
    pub fn standing(&self) -> Option<Standing> {
        self.ats.as_ref().map(standing_of)
    }

    /// The key the name ordering and the name filter use.
    pub fn name_key(&self) -> String {
        self.candidate_name.to_lowercase()
    }
}
