//! A job's applications as a list: the list item and the page, the most
//! read body of the API. Both are written without serde's per-field calls
//! (`write_json`: field names are constants, only text a client sent is
//! escaped), which were the largest share of a page's cost; property tests
//! in `list_item_tests` hold them byte for byte to their derived
//! `Serialize`, which `json_writer`'s tests hold to serde_json.

use serde::Serialize;
use utoipa::ToSchema;

use super::pagination::write_list_page;
use super::{Iso8601, ListPagination};
use crate::domain::application::Application;
use crate::domain::tag::Tag;
use crate::domain::walk::{ListPage, ListRequest};
use crate::domain::workspace::Workspace;
use crate::http::json_writer::{write_json_array, write_json_integer, write_json_string, JsonWriteError};
use crate::http::openapi::schemas::{ApplicationStatusText, PipelineStateText, TagSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationListItem<'a> {
    pub id: &'a str,
    pub job_id: &'a str,
    pub candidate_name: &'a str,
    pub email: &'a str,
    pub ats_score: Option<u8>,
    pub job_stage_id: &'a str,
    #[schema(value_type = Vec<TagSchema>)]
    pub tags: &'a [Tag],
    #[schema(value_type = ApplicationStatusText)]
    pub status: &'static str,
    #[schema(value_type = PipelineStateText)]
    pub pipeline_state: &'static str,
    pub created_at: Iso8601,
    pub updated_at: Iso8601,
    /// The workspace's change sequence at this application's last change:
    /// pass it as `updatedAfter` to sync what changes after it.
    pub change_sequence: u64,
}

impl ApplicationListItem<'_> {
    /// Appends the item's JSON without serde: field names are constants and
    /// only text a client sent (name, email, tags) needs escaping. Held to
    /// the derived `Serialize` by a property test.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"id\":");
        write_json_string(out, self.id);
        out.extend_from_slice(b",\"jobId\":");
        write_json_string(out, self.job_id);
        out.extend_from_slice(b",\"candidateName\":");
        write_json_string(out, self.candidate_name);
        out.extend_from_slice(b",\"email\":");
        write_json_string(out, self.email);
        out.extend_from_slice(b",\"atsScore\":");
        match self.ats_score {
            Some(score) => write_json_integer(out, u64::from(score)),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"jobStageId\":");
        write_json_string(out, self.job_stage_id);
        out.extend_from_slice(b",\"tags\":");
        write_tags(out, self.tags);
        out.extend_from_slice(b",\"status\":");
        write_json_string(out, self.status);
        out.extend_from_slice(b",\"pipelineState\":");
        write_json_string(out, self.pipeline_state);
        out.extend_from_slice(b",\"createdAt\":");
        self.created_at.write_json(out);
        out.extend_from_slice(b",\"updatedAt\":");
        self.updated_at.write_json(out);
        out.extend_from_slice(b",\"changeSequence\":");
        write_json_integer(out, self.change_sequence);
        out.push(b'}');
    }
}

/// Appends an application's tags as `[{name, color}, …]`.
pub(super) fn write_tags(out: &mut Vec<u8>, tags: &[Tag]) {
    write_json_array(out, tags, |out, tag| {
        out.extend_from_slice(b"{\"name\":");
        write_json_string(out, &tag.name);
        out.extend_from_slice(b",\"color\":");
        write_json_string(out, &tag.color);
        out.push(b'}');
    });
}

impl<'a> ApplicationListItem<'a> {
    pub fn new(application: &'a Application, change_sequence: u64) -> Self {
        Self {
            id: application.id.as_str(),
            job_id: application.job_id.as_str(),
            candidate_name: &application.candidate_name,
            email: &application.email,
            ats_score: application.ats_score(),
            job_stage_id: application.stage_id.as_str(),
            tags: &application.tags,
            status: application.status.as_str(),
            pipeline_state: application.pipeline.state.as_str(),
            created_at: Iso8601(application.created_at),
            updated_at: Iso8601(application.updated_at),
            change_sequence,
        }
    }
}

/// `GET /api/v1/jobs/:jobId/applications`: a page of list items.
#[derive(Serialize, ToSchema)]
pub struct ApplicationsPage<'a> {
    pub applications: Vec<ApplicationListItem<'a>>,
    pub pagination: ListPagination,
}

impl ApplicationsPage<'_> {
    /// Appends the page's JSON, byte for byte what its `Serialize` writes.
    pub fn write_json(&self, out: &mut Vec<u8>) -> Result<(), JsonWriteError> {
        write_list_page(out, "applications", &self.applications, ApplicationListItem::write_json, &self.pagination)
    }
}

impl<'a> ApplicationsPage<'a> {
    pub fn new(
        workspace: &'a Workspace,
        found: &ListPage<&'a Application>,
        request: &ListRequest,
        next_cursor: Option<String>,
    ) -> Self {
        Self {
            applications: found
                .items
                .iter()
                .zip(workspace.application_changes(found.items.iter().copied()))
                .map(|(application, change)| ApplicationListItem::new(application, change))
                .collect(),
            pagination: ListPagination::new(request, found.total, next_cursor),
        }
    }
}
