//! An application's detail, its parsed resume and its ATS breakdown written
//! without serde, straight from the decoded results: no view structs with
//! their `Vec`s, no per-field serialiser calls. These are the largest bodies
//! of the public reads (about 10 KB for a detail). Field names are
//! constants and only text that came from a resume or a client is escaped.
//! `detail_json_tests` holds every byte to what the derived `Serialize` of
//! `ApplicationDetail`, `ResumeView` and `AtsView` writes, which stay the
//! schema of record (the OpenAPI document is generated from them).

use super::application::{criterion_kind_text, stage_view, verdict_text, years_in_tenths, DecodedResults};
use super::application_list::write_tags;
use super::Iso8601;
use crate::domain::application::{Application, Pipeline};
use crate::domain::ats::{AtsBreakdown, Weighting};
use crate::domain::resume::{ContactDetails, ParsedResume};
use crate::domain::workspace::Workspace;
use crate::http::json_writer::{
    write_json_array as write_array, write_json_float, write_json_integer, write_json_string,
};

/// Appends the application's detail: what `ApplicationDetail::new` serialises to.
pub fn write_application_detail(
    out: &mut Vec<u8>,
    workspace: &Workspace,
    application: &Application,
    results: &DecodedResults<'_>,
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
    write_optional(out, results.resume.as_ref(), write_resume);
    out.extend_from_slice(b",\"ats\":");
    write_optional(out, results.ats.as_ref(), write_breakdown);
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

/// Appends a parsed resume: what `ResumeView::new` serialises to.
pub fn write_resume(out: &mut Vec<u8>, resume: &ParsedResume<&str>) {
    out.extend_from_slice(b"{\"basics\":");
    write_basics(out, &resume.contact, resume.summary);
    out.extend_from_slice(b",\"work\":");
    write_array(out, &resume.experience, |out, entry| {
        out.extend_from_slice(b"{\"position\":");
        write_optional_string(out, entry.title);
        out.extend_from_slice(b",\"name\":");
        write_optional_string(out, entry.company);
        out.extend_from_slice(b",\"location\":");
        write_optional_string(out, entry.location);
        out.extend_from_slice(b",\"startDate\":");
        write_optional_string(out, entry.start);
        out.extend_from_slice(b",\"endDate\":");
        write_optional_string(out, entry.end);
        out.extend_from_slice(if entry.current { b",\"current\":true" } else { b",\"current\":false" });
        out.extend_from_slice(b",\"months\":");
        write_optional_integer(out, entry.duration_months.map(u64::from));
        out.extend_from_slice(b",\"highlights\":");
        write_strings(out, &entry.highlights);
        out.push(b'}');
    });
    out.extend_from_slice(b",\"education\":");
    write_array(out, &resume.education, |out, entry| {
        out.extend_from_slice(b"{\"institution\":");
        write_optional_string(out, entry.institution);
        out.extend_from_slice(b",\"studyType\":");
        write_optional_string(out, entry.degree);
        out.extend_from_slice(b",\"area\":");
        write_optional_string(out, entry.field);
        out.extend_from_slice(b",\"startDate\":");
        write_optional_string(out, entry.start);
        out.extend_from_slice(b",\"endDate\":");
        write_optional_string(out, entry.end);
        out.push(b'}');
    });
    out.extend_from_slice(b",\"skills\":");
    write_array(out, &resume.skills, |out, skill| {
        out.extend_from_slice(b"{\"name\":");
        write_json_string(out, skill.name);
        out.extend_from_slice(b",\"keywords\":");
        write_strings(out, &skill.as_written);
        out.extend_from_slice(b",\"foundIn\":");
        write_strings(out, &skill.found_in);
        out.extend_from_slice(b",\"months\":");
        write_optional_integer(out, skill.months_of_use.map(u64::from));
        out.push(b'}');
    });
    out.extend_from_slice(b",\"projects\":");
    write_array(out, &resume.projects, |out, project| {
        out.extend_from_slice(b"{\"name\":");
        write_json_string(out, project.name);
        out.extend_from_slice(b",\"description\":");
        write_optional_string(out, project.description);
        out.extend_from_slice(b",\"keywords\":");
        write_strings(out, &project.technologies);
        out.push(b'}');
    });
    out.extend_from_slice(b",\"certificates\":");
    write_array(out, &resume.certifications, |out, name| {
        out.extend_from_slice(b"{\"name\":");
        write_json_string(out, name);
        out.push(b'}');
    });
    out.extend_from_slice(b",\"totalExperienceMonths\":");
    write_optional_integer(out, resume.total_experience_months.map(u64::from));
    out.extend_from_slice(b",\"totalYearsExperience\":");
    let years = resume.total_experience_months.map(|months| (f64::from(months) / 1.2).round() / 10.0);
    write_optional(out, years.as_ref(), |out, years| write_json_float(out, *years));
    out.extend_from_slice(b",\"sectionsFound\":");
    write_strings(out, &resume.sections_found);
    out.extend_from_slice(b",\"wordCount\":");
    write_json_integer(out, u64::from(resume.word_count));
    out.push(b'}');
}

fn write_basics(out: &mut Vec<u8>, contact: &ContactDetails<&str>, summary: Option<&str>) {
    out.extend_from_slice(b"{\"name\":");
    write_optional_string(out, contact.name);
    out.extend_from_slice(b",\"label\":");
    write_optional_string(out, contact.label);
    out.extend_from_slice(b",\"credentials\":");
    write_strings(out, &contact.credentials);
    out.extend_from_slice(b",\"email\":");
    write_optional_string(out, contact.emails.first().copied());
    out.extend_from_slice(b",\"phone\":");
    write_optional_string(out, contact.phones.first().copied());
    out.extend_from_slice(b",\"location\":");
    match contact.location.map(super::application::LocationView::new) {
        Some(location) => {
            out.extend_from_slice(b"{\"address\":");
            write_json_string(out, location.address);
            out.extend_from_slice(b",\"city\":");
            write_optional_string(out, location.city);
            out.extend_from_slice(b",\"region\":");
            write_optional_string(out, location.region);
            out.push(b'}');
        }
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"profiles\":");
    write_array(out, &contact.links, |out, url| {
        out.extend_from_slice(b"{\"network\":");
        write_json_string(out, super::application::network_of(url));
        out.extend_from_slice(b",\"url\":");
        write_json_string(out, url);
        out.push(b'}');
    });
    out.extend_from_slice(b",\"summary\":");
    write_optional_string(out, summary);
    out.extend_from_slice(b",\"emails\":");
    write_strings(out, &contact.emails);
    out.extend_from_slice(b",\"phones\":");
    write_strings(out, &contact.phones);
    out.extend_from_slice(b",\"links\":");
    write_strings(out, &contact.links);
    out.push(b'}');
}

/// Appends an ATS breakdown: what `AtsView::new` serialises to.
pub fn write_breakdown(out: &mut Vec<u8>, breakdown: &AtsBreakdown<&str>) {
    out.extend_from_slice(b"{\"overallScore\":");
    write_json_integer(out, u64::from(breakdown.overall_score));
    out.extend_from_slice(b",\"matchedKeywords\":");
    write_strings(out, &breakdown.matched_keywords);
    out.extend_from_slice(b",\"missingKeywords\":");
    write_strings(out, &breakdown.missing_keywords);
    out.extend_from_slice(b",\"strengths\":");
    write_strings(out, &breakdown.strengths);
    out.extend_from_slice(b",\"concerns\":");
    write_strings(out, &breakdown.concerns);
    out.extend_from_slice(b",\"criteria\":");
    write_array(out, &breakdown.criteria, |out, result| {
        out.extend_from_slice(b"{\"kind\":");
        write_json_string(out, criterion_kind_text(result.kind));
        out.extend_from_slice(b",\"criterion\":");
        write_json_string(out, result.criterion);
        out.extend_from_slice(b",\"verdict\":");
        write_json_string(out, verdict_text(result.verdict));
        out.extend_from_slice(if result.is_matched() { b",\"matched\":true" } else { b",\"matched\":false" });
        out.extend_from_slice(b",\"evidence\":{\"occurrences\":");
        write_json_integer(out, u64::from(result.occurrences));
        out.extend_from_slice(b",\"foundIn\":");
        write_strings(out, &result.found_in);
        out.extend_from_slice(b",\"asWritten\":");
        write_strings(out, &result.as_written);
        out.extend_from_slice(b",\"months\":");
        write_optional_integer(out, result.months.map(u64::from));
        out.extend_from_slice(b",\"years\":");
        let years = result.months.map(years_in_tenths);
        write_optional(out, years.as_ref(), |out, years| write_json_float(out, *years));
        out.extend_from_slice(b"},\"points\":");
        write_json_float(out, (result.points * 100.0).round() / 100.0);
        out.extend_from_slice(b",\"pointsMax\":");
        write_json_float(out, (result.points_max * 100.0).round() / 100.0);
        out.push(b'}');
    });
    out.extend_from_slice(b",\"weighting\":");
    write_weighting(out, breakdown.weighting);
    out.extend_from_slice(b",\"missingMustHaveMultiplier\":");
    write_json_float(out, breakdown.missing_must_have_multiplier);
    out.extend_from_slice(b",\"engineVersion\":");
    write_json_integer(out, u64::from(breakdown.engine_version));
    out.push(b'}');
}

fn write_weighting(out: &mut Vec<u8>, weighting: Weighting) {
    out.extend_from_slice(b"{\"mustHaves\":");
    write_json_integer(out, u64::from(weighting.must_haves));
    out.extend_from_slice(b",\"niceToHaves\":");
    write_json_integer(out, u64::from(weighting.nice_to_haves));
    out.extend_from_slice(b",\"experience\":");
    write_json_integer(out, u64::from(weighting.experience));
    out.push(b'}');
}

fn write_strings(out: &mut Vec<u8>, texts: &[&str]) {
    write_array(out, texts, |out, text| write_json_string(out, text));
}

fn write_optional<T: ?Sized>(out: &mut Vec<u8>, value: Option<&T>, write: impl FnOnce(&mut Vec<u8>, &T)) {
    match value {
        Some(value) => write(out, value),
        None => out.extend_from_slice(b"null"),
    }
}

fn write_optional_string(out: &mut Vec<u8>, text: Option<&str>) {
    write_optional(out, text, write_json_string);
}

fn write_optional_integer(out: &mut Vec<u8>, value: Option<u64>) {
    write_optional(out, value.as_ref(), |out, value| write_json_integer(out, *value));
}

/// Appends `GET …/resume`'s data: what `ResumeResponse` serialises to.
pub fn write_resume_response(out: &mut Vec<u8>, application: &Application, resume: Option<&ParsedResume<&str>>) {
    out.extend_from_slice(b"{\"applicationId\":");
    write_json_string(out, application.id.as_str());
    out.extend_from_slice(b",\"pipeline\":");
    write_pipeline(out, &application.pipeline);
    out.extend_from_slice(b",\"resume\":");
    write_optional(out, resume, write_resume);
    out.push(b'}');
}

/// Appends `GET …/ats`'s data: what `AtsResponse` serialises to.
pub fn write_ats_response(out: &mut Vec<u8>, application: &Application, breakdown: Option<&AtsBreakdown<&str>>) {
    out.extend_from_slice(b"{\"applicationId\":");
    write_json_string(out, application.id.as_str());
    out.extend_from_slice(b",\"atsScore\":");
    write_optional_integer(out, application.ats_score().map(u64::from));
    out.extend_from_slice(b",\"pipeline\":");
    write_pipeline(out, &application.pipeline);
    out.extend_from_slice(b",\"ats\":");
    write_optional(out, breakdown, write_breakdown);
    out.push(b'}');
}
