//! Job summary (list item) and job detail.

use super::pagination::write_list_page;
use super::ListPagination;
use crate::http::json_writer::{write_json_integer, write_json_string, JsonWriteError};
use serde::Serialize;
use utoipa::ToSchema;

use super::Iso8601;

use crate::domain::ats::Weighting;
use crate::domain::job::{FormField, Job, Stage};
use crate::domain::tag::Tag;
use crate::domain::workspace::Workspace;
use crate::http::openapi::schemas::{FormFieldTypeText, JobStatusText, TagSchema, TierText};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobSummary<'a> {
    pub id: &'a str,
    pub title: &'a str,
    #[schema(value_type = JobStatusText)]
    pub status: &'static str,
    pub team_id: &'a str,
    pub team_name: &'a str,
    pub application_count: u32,
    pub created_at: Iso8601,
    /// The workspace's change sequence at this job's last change (its
    /// definition, envelope, tags or application count): pass it as
    /// `updatedAfter` to sync what changes after it.
    pub change_sequence: u64,
}

impl<'a> JobSummary<'a> {
    pub fn new(workspace: &'a Workspace, job: &'a Job) -> Self {
        Self {
            id: job.id.as_str(),
            title: &job.definition.title,
            status: job.definition.status.as_str(),
            team_id: job.team_id.as_str(),
            team_name: team_name(workspace, job),
            application_count: job.application_count,
            created_at: Iso8601(job.created_at),
            change_sequence: job_change(workspace, job),
        }
    }
}

impl JobSummary<'_> {
    /// Appends the summary's JSON without serde, as
    /// `ApplicationListItem::write_json` does; held to the derived
    /// `Serialize` by a property test.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"id\":");
        write_json_string(out, self.id);
        out.extend_from_slice(b",\"title\":");
        write_json_string(out, self.title);
        out.extend_from_slice(b",\"status\":");
        write_json_string(out, self.status);
        out.extend_from_slice(b",\"teamId\":");
        write_json_string(out, self.team_id);
        out.extend_from_slice(b",\"teamName\":");
        write_json_string(out, self.team_name);
        out.extend_from_slice(b",\"applicationCount\":");
        write_json_integer(out, u64::from(self.application_count));
        out.extend_from_slice(b",\"createdAt\":");
        self.created_at.write_json(out);
        out.extend_from_slice(b",\"changeSequence\":");
        write_json_integer(out, self.change_sequence);
        out.push(b'}');
    }
}

/// A page of jobs, newest first.
#[derive(Serialize, ToSchema)]
pub struct JobPage<'a> {
    pub items: Vec<JobSummary<'a>>,
    pub pagination: ListPagination,
}

impl JobPage<'_> {
    /// Appends the page's JSON, byte for byte what its `Serialize` writes.
    pub fn write_json(&self, out: &mut Vec<u8>) -> Result<(), JsonWriteError> {
        write_list_page(out, "items", &self.items, JobSummary::write_json, &self.pagination)
    }
}

/// The change sequence of `job`'s last change.
pub fn job_change(workspace: &Workspace, job: &Job) -> u64 {
    workspace.job_changes.get(&job.id).copied().unwrap_or(0)
}

fn team_name<'a>(workspace: &'a Workspace, job: &Job) -> &'a str {
    workspace.teams.get(&job.team_id).map_or("", |team| team.name.as_str())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobDetail<'a> {
    pub id: &'a str,
    pub title: &'a str,
    #[schema(value_type = JobStatusText)]
    pub status: &'static str,
    pub team_id: &'a str,
    pub team_name: &'a str,
    pub description: &'a str,
    pub form_fields: Vec<FormFieldView<'a>>,
    pub stages: Vec<StageView<'a>>,
    pub criteria: CriteriaView<'a>,
    #[schema(value_type = TierText)]
    pub tier: &'static str,
    /// Fit scores left in this job's own envelope.
    pub fit_scores: u32,
    pub fit_scores_used: u32,
    #[schema(value_type = Vec<TagSchema>)]
    pub tags: &'a [Tag],
    pub collaborators: Vec<&'a str>,
    pub application_count: u32,
    pub created_at: Iso8601,
    pub updated_at: Iso8601,
    /// The workspace's change sequence at this job's last change.
    pub change_sequence: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FormFieldView<'a> {
    pub key: &'a str,
    pub label: &'a str,
    #[serde(rename = "type")]
    #[schema(value_type = FormFieldTypeText)]
    pub kind: &'static str,
    pub required: bool,
    pub options: &'a [String],
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StageView<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub position: usize,
}

impl<'a> StageView<'a> {
    pub fn new(stage: &'a Stage, position: usize) -> Self {
        Self { id: stage.id.as_str(), name: &stage.name, position }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CriteriaView<'a> {
    pub must_haves: &'a [String],
    pub nice_to_haves: &'a [String],
    pub weighting: WeightingView,
    pub min_years_experience: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeightingView {
    pub must_haves: u32,
    pub nice_to_haves: u32,
    pub experience: u32,
}

impl From<Weighting> for WeightingView {
    fn from(weighting: Weighting) -> Self {
        Self {
            must_haves: weighting.must_haves,
            nice_to_haves: weighting.nice_to_haves,
            experience: weighting.experience,
        }
    }
}

impl<'a> JobDetail<'a> {
    pub fn new(workspace: &'a Workspace, job: &'a Job) -> Self {
        let definition = &job.definition;
        Self {
            id: job.id.as_str(),
            title: &definition.title,
            status: definition.status.as_str(),
            team_id: job.team_id.as_str(),
            team_name: team_name(workspace, job),
            description: &definition.description,
            form_fields: definition.form_fields.iter().map(form_field).collect(),
            stages: definition
                .stages
                .iter()
                .enumerate()
                .map(|(position, stage)| StageView::new(stage, position))
                .collect(),
            criteria: CriteriaView {
                must_haves: &definition.criteria.must_haves,
                nice_to_haves: &definition.criteria.nice_to_haves,
                weighting: definition.criteria.weighting.into(),
                min_years_experience: definition.criteria.min_years_experience,
            },
            tier: definition.tier.as_str(),
            fit_scores: job.fit_scores_remaining,
            fit_scores_used: job.fit_scores_used,
            tags: &job.tags,
            collaborators: definition.collaborators.iter().map(|user| user.as_str()).collect(),
            application_count: job.application_count,
            created_at: Iso8601(job.created_at),
            updated_at: Iso8601(job.updated_at),
            change_sequence: job_change(workspace, job),
        }
    }
}

fn form_field(field: &FormField) -> FormFieldView<'_> {
    FormFieldView {
        key: &field.key,
        label: &field.label,
        kind: field.kind.as_str(),
        required: field.required,
        options: &field.options,
    }
}
