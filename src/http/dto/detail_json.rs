//! An application's detail, its parsed resume and its ATS breakdown written
//! without serde, straight from the decoded results: no view structs with
//! their `Vec`s, no per-field serialiser calls. These are the largest bodies
//! of the public reads (about 10 KB for a detail). Field names are
//! constants and only text that came from a resume or a client is escaped.
//! `detail_json_tests` holds every byte to what the derived `Serialize` of
//! `ApplicationDetail`, `ResumeView` and `AtsView` writes, which stay the
//! schema of record (the OpenAPI document is generated from them).

use super::application::{stage_view, RenderedResults};
use super::application_list::write_tags;
use super::Iso8601;
use crate::domain::application::{Application, Pipeline};
use crate::domain::workspace::Workspace;
use crate::http::json_writer::{write_json_integer, write_json_string};

/// Appends the application's detail: what `ApplicationDetail::new` serialises to.
pub fn write_application_detail(
    out: &mut Vec<u8>,
    workspace: &Workspace,
    application: &Application,
    results: &RenderedResults,
) {
    out.extend_from_slice(b"{\"id\":");
    write_json_string(out, application.id.as_str());
    out.extend_from_slice(b",\"jobId\":");
    write_json_string(out, application.job_id.as_str());
    out.extend_from_slice(b",\"candidateName\":");
    write_json_string(out, &application.candidate_name);
    out.extend_from_slice(b",\"email\":");
    write_json_string(out, &application.email);
    out.extend_from_slice(b",\"phone\":");
    write_optional_string(out, application.phone.as_deref());
    out.extend_from_slice(b",\"status\":");
    write_json_string(out, application.status.as_str());
    out.extend_from_slice(b",\"stage\":");
    match workspace.jobs.get(&application.job_id).and_then(|job| stage_view(job, application)) {
        Some(stage) => {
            out.extend_from_slice(b"{\"id\":");
            write_json_string(out, stage.id);
            out.extend_from_slice(b",\"name\":");
            write_json_string(out, stage.name);
            out.extend_from_slice(b",\"position\":");
            write_json_integer(out, stage.position as u64);
            out.push(b'}');
        }
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"jobStageId\":");
    write_json_string(out, application.stage_id.as_str());
    out.extend_from_slice(b",\"tags\":");
    write_tags(out, &application.tags);
    out.extend_from_slice(b",\"atsScore\":");
    write_optional_integer(out, application.ats_score().map(u64::from));
    out.extend_from_slice(b",\"answers\":{");
    for (index, (question, answer)) in application.answers.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        write_json_string(out, question);
        out.push(b':');
        write_json_string(out, answer);
    }
    out.extend_from_slice(b"},\"resumeFile\":");
    match &application.resume_source {
        Some(source) => {
            out.extend_from_slice(b"{\"fileName\":");
            write_optional_string(out, source.file_name.as_deref());
            out.extend_from_slice(b",\"mediaType\":");
            write_json_string(out, &source.media_type);
            out.extend_from_slice(b",\"sizeBytes\":");
            write_json_integer(out, source.size_bytes);
            out.push(b'}');
        }
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"resume\":");
    write_json_or_null(out, results.resume.as_deref());
    out.extend_from_slice(b",\"ats\":");
    write_json_or_null(out, results.ats.as_deref());
    out.extend_from_slice(b",\"pipeline\":");
    write_pipeline(out, &application.pipeline);
    out.extend_from_slice(b",\"commentCount\":");
    write_json_integer(out, application.comments.len() as u64);
    out.extend_from_slice(b",\"createdAt\":");
    Iso8601(application.created_at).write_json(out);
    out.extend_from_slice(b",\"updatedAt\":");
    Iso8601(application.updated_at).write_json(out);
    out.extend_from_slice(b",\"changeSequence\":");
    write_json_integer(out, workspace.application_change(application));
    out.push(b'}');
}

/// Appends a pipeline: what `PipelineView::new` serialises to.
pub fn write_pipeline(out: &mut Vec<u8>, pipeline: &Pipeline) {
    out.extend_from_slice(b"{\"state\":");
    write_json_string(out, pipeline.state.as_str());
    out.extend_from_slice(b",\"reason\":");
    write_optional_string(out, pipeline.reason.as_deref());
    out.extend_from_slice(b",\"run\":");
    write_json_integer(out, u64::from(pipeline.run));
    out.extend_from_slice(b",\"updatedAt\":");
    Iso8601(pipeline.updated_at).write_json(out);
    out.push(b'}');
}

fn write_optional<T: ?Sized>(out: &mut Vec<u8>, value: Option<&T>, write: impl FnOnce(&mut Vec<u8>, &T)) {
    match value {
        Some(value) => write(out, value),
        None => out.extend_from_slice(b"null"),
    }
}

pub(super) fn write_optional_string(out: &mut Vec<u8>, text: Option<&str>) {
    write_optional(out, text, write_json_string);
}

pub(super) fn write_optional_integer(out: &mut Vec<u8>, value: Option<u64>) {
    write_optional(out, value.as_ref(), |out, value| write_json_integer(out, *value));
}

/// Appends `GET …/resume`'s data: what `ResumeResponse` serialises to,
/// given the resume's JSON.
pub fn write_resume_response(out: &mut Vec<u8>, application: &Application, resume_json: Option<&[u8]>) {
    out.extend_from_slice(b"{\"applicationId\":");
    write_json_string(out, application.id.as_str());
    out.extend_from_slice(b",\"pipeline\":");
    write_pipeline(out, &application.pipeline);
    out.extend_from_slice(b",\"resume\":");
    write_json_or_null(out, resume_json);
    out.push(b'}');
}

/// Appends `GET …/ats`'s data: what `AtsResponse` serialises to, given the
/// breakdown's JSON.
pub fn write_ats_response(out: &mut Vec<u8>, application: &Application, ats_json: Option<&[u8]>) {
    out.extend_from_slice(b"{\"applicationId\":");
    write_json_string(out, application.id.as_str());
    out.extend_from_slice(b",\"atsScore\":");
    write_optional_integer(out, application.ats_score().map(u64::from));
    out.extend_from_slice(b",\"pipeline\":");
    write_pipeline(out, &application.pipeline);
    out.extend_from_slice(b",\"ats\":");
    write_json_or_null(out, ats_json);
    out.push(b'}');
}

fn write_json_or_null(out: &mut Vec<u8>, json: Option<&[u8]>) {
    out.extend_from_slice(json.unwrap_or(b"null"));
}
