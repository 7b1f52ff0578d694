//! Intake (the public careers-page apply) and the dashboard's archive switch.

use std::collections::BTreeMap;

use super::{Command, DecideContext};
use crate::domain::application::{Application, ApplicationStatus, ResumeSource};
use crate::domain::content_hash::ContentHash;
use crate::domain::error::{defect, invalid, not_found, Checked, DomainError, DomainResult, InField};
use crate::domain::event::{Event, SubmittedApplication};
use crate::domain::ids::{ApplicationId, JobId};
use crate::domain::job::{FormField, FormFieldKind, Job, JobStatus, Tier};
use crate::domain::limits::*;
use crate::domain::text::{bounded_text, email, is_blank, optional_line};
use crate::domain::workspace::Workspace;

/// Who applies, with each value checked on its own (`phone` is the rule for
/// a phone number). The answers are checked here, against the job's form.
#[derive(Clone, Debug, Default)]
pub struct Applicant {
    pub candidate_name: String,
    pub email: String,
    pub phone: Option<String>,
    /// Answers keyed by form field key, as sent.
    pub answers: BTreeMap<String, String>,
    /// The resume, already in the blob store.
    pub resume: Option<StoredResume>,
}

/// A resume as it arrived.
#[derive(Clone, Debug)]
pub enum ResumeUpload {
    /// An uploaded file, stored whatever it holds for the pipeline to judge.
    File { bytes: Vec<u8>, file_name: Option<String> },
    /// Pasted text, checked before it is stored: blank means no resume.
    Text(String),
}

/// A resume file written (and synced) to the blob store before the command
/// that references it is sent.
#[derive(Clone, Debug)]
pub struct StoredResume {
    pub content_hash: ContentHash,
    pub size_bytes: u64,
    pub file_name: Option<String>,
    pub media_type: Option<String>,
}

pub struct SubmitApplication {
    pub job_id: JobId,
    pub applicant: Applicant,
}

impl Command for SubmitApplication {
    type Output = Application;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let Some(job) = workspace.jobs.get(&self.job_id) else {
            return not_found(format!("job {} was not found", self.job_id));
        };
        if job.definition.status != JobStatus::Active {
            return Err(DomainError::NotAcceptingApplications(format!(
                "job {} is {} and does not accept applications",
                job.id,
                job.definition.status.as_str()
            )));
        }
        if job.application_count as usize >= APPLICATIONS_PER_JOB_MAX {
            return invalid(format!("job {} has reached {APPLICATIONS_PER_JOB_MAX} applications", job.id));
        }
        let applicant = &self.applicant;
        let answers = resolve_answers(&job.definition.form_fields, &applicant.answers)?;
        let resume_source = resume_source(applicant)?;
        if workspace.job_has_application_from(&job.id, &applicant.email) {
            // Says nothing of the first application: not its ID, its stage or when.
            return Err(DomainError::ApplicationExists(format!(
                "job {} already has an application from this email address; one application per address and job",
                job.id
            )));
        }
        let fit_score_charged =
            resume_source.is_some() && job.definition.tier == Tier::Paid && job.fit_scores_remaining > 0;
        Ok(vec![Event::ApplicationSubmitted(Box::new(SubmittedApplication {
            application_id: ApplicationId::generate(context.rng),
            job_id: job.id.clone(),
            stage_id: job.first_stage().id.clone(),
            candidate_name: applicant.candidate_name.clone(),
            email: applicant.email.clone(),
            phone: applicant.phone.clone(),
            answers,
            resume_source,
            fit_score_charged,
            at: context.now,
        }))])
    }

    fn respond(&self, workspace: &Workspace, events: &[Event]) -> DomainResult<Application> {
        let id = events.first().and_then(Event::application_id).expect("SubmitApplication decides one event");
        Ok(Application::clone(&workspace.applications[id]))
    }
}

/// A phone number, if one is given: digits with spaces and + - ( ) . between them.
pub fn phone(phone: Option<&str>) -> Checked<Option<String>> {
    let phone = optional_line(phone, PHONE_LENGTH_MAX)?;
    let allowed = |character: char| character.is_ascii_digit() || " +-().".contains(character);
    match phone {
        Some(phone) if !phone.chars().all(allowed) || !phone.chars().any(|character| character.is_ascii_digit()) => {
            defect("may hold digits, spaces and + - ( ) . only")
        }
        phone => Ok(phone),
    }
}

fn resume_source(applicant: &Applicant) -> DomainResult<Option<ResumeSource>> {
    let Some(stored) = applicant.resume.as_ref() else { return Ok(None) };
    if stored.size_bytes > RESUME_FILE_BYTES_MAX as u64 {
        return invalid(format!("the resume is {} bytes; the limit is {RESUME_FILE_BYTES_MAX}", stored.size_bytes));
    }
    Ok(Some(ResumeSource {
        content_hash: stored.content_hash,
        size_bytes: stored.size_bytes,
        file_name: optional_line(stored.file_name.as_deref(), NAME_LENGTH_MAX).in_field("resume file name")?,
        media_type: stored.media_type.clone().unwrap_or_else(|| "text/plain".to_owned()),
    }))
}

/// Checks resume text before it is stored: blank means "no resume", and
/// text over the limit is refused before anything is written.
pub fn acceptable_resume_text(text: &str) -> DomainResult<Option<&str>> {
    if is_blank(text) {
        return Ok(None);
    }
    if text.len() > RESUME_TEXT_BYTES_MAX {
        return invalid(format!("the resume is {} bytes of text; the limit is {RESUME_TEXT_BYTES_MAX}", text.len()));
    }
    Ok(Some(text))
}

fn resolve_answers(fields: &[FormField], answers: &BTreeMap<String, String>) -> DomainResult<BTreeMap<String, String>> {
    if answers.len() > ANSWERS_MAX {
        return invalid(format!("an application has at most {ANSWERS_MAX} answers"));
    }
    if let Some(unknown) = answers.keys().find(|key| !fields.iter().any(|field| &field.key == *key)) {
        return invalid(format!("answer {unknown:?} is not a question of this job's form"));
    }
    let mut resolved = BTreeMap::new();
    for field in fields {
        let answer = answers.get(&field.key).map(|answer| answer.trim()).filter(|answer| !answer.is_empty());
        match answer {
            None if field.required => {
                return invalid(format!("the answer to {:?} ({}) is required", field.key, field.label))
            }
            None => {}
            Some(answer) => {
                resolved.insert(field.key.clone(), check_answer(field, answer)?);
            }
        }
    }
    Ok(resolved)
}

fn check_answer(field: &FormField, answer: &str) -> DomainResult<String> {
    let answer = match bounded_text(answer, ANSWER_LENGTH_MAX) {
        Ok(answer) => answer,
        Err(defect) => return invalid(format!("the answer to {:?} {defect}", field.key)),
    };
    let fits = match field.kind {
        FormFieldKind::Text | FormFieldKind::Textarea => true,
        FormFieldKind::Email => email(&answer).is_ok(),
        FormFieldKind::Url => answer.starts_with("https://") || answer.starts_with("http://"),
        FormFieldKind::Number => answer.parse::<f64>().is_ok_and(f64::is_finite),
        FormFieldKind::Select => field.options.iter().any(|option| option == &answer),
        FormFieldKind::Checkbox => answer == "true" || answer == "false",
    };
    if !fits {
        return invalid(format!("the answer to {:?} is not a valid {} answer", field.key, field.kind.as_str()));
    }
    Ok(answer)
}

/// Archives or restores an application (dashboard only; not on /api/v1).
pub struct SetApplicationStatus {
    pub application_id: String,
    pub status: ApplicationStatus,
}

impl Command for SetApplicationStatus {
    type Output = Application;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let application = find(workspace, &self.application_id)?;
        let status = self.status;
        if application.status == status {
            return Ok(Vec::new());
        }
        Ok(vec![Event::StatusChanged { application_id: application.id.clone(), status, at: context.now }])
    }

    fn respond(&self, workspace: &Workspace, _events: &[Event]) -> DomainResult<Application> {
        find(workspace, &self.application_id).cloned()
    }
}

fn find<'w>(workspace: &'w Workspace, application_id: &str) -> DomainResult<&'w Application> {
    match ApplicationId::parse(application_id).and_then(|id| workspace.applications.get(&id)) {
        Some(application) => Ok(application),
        None => not_found(format!("application {application_id:?} was not found")),
    }
}

/// Whether a job takes applications; the intake route checks it before reading a large body.
pub fn accepts_applications(job: &Job) -> bool {
    job.definition.status == JobStatus::Active
}
