//! Intake (the public careers-page apply) and the dashboard's archive switch.

use std::collections::BTreeMap;

use super::{Command, DecideContext};
use crate::domain::application::{Application, ApplicationStatus, ResumeSource};
use crate::domain::content_hash::ContentHash;
use crate::domain::error::{invalid, not_found, DomainError, DomainResult};
use crate::domain::event::{Event, SubmittedApplication};
use crate::domain::ids::{ApplicationId, JobId};
use crate::domain::job::{FormField, FormFieldKind, Job, JobStatus, Tier};
use crate::domain::limits::*;
use crate::domain::text::{bounded_text, email, is_blank, optional_line, required_line};
use crate::domain::workspace::Workspace;

#[derive(Clone, Debug, Default)]
pub struct SubmitApplicationInput {
    pub candidate_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub answers: BTreeMap<String, String>,
    /// The resume, already in the blob store.
    pub resume: Option<StoredResume>,
}

/// A resume as it arrived: a file's bytes, or text from `resumeText`.
#[derive(Clone, Debug)]
pub struct ResumeUpload {
    pub bytes: Vec<u8>,
    pub file_name: Option<String>,
    /// An uploaded file (stored whatever it holds, for the pipeline to judge)
    /// rather than pasted text (checked here: blank means no resume).
    pub is_file: bool,
}

impl ResumeUpload {
    pub fn text(text: String) -> Self {
        Self { bytes: text.into_bytes(), file_name: None, is_file: false }
    }
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
    pub input: SubmitApplicationInput,
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
        let input = &self.input;
        let candidate_name =
            required_line("candidateName", input.candidate_name.as_deref().unwrap_or(""), NAME_LENGTH_MAX)?;
        let email = email("email", input.email.as_deref().unwrap_or(""))?;
        let phone = phone(input.phone.as_deref())?;
        let answers = resolve_answers(&job.definition.form_fields, &input.answers)?;
        let resume_source = resume_source(input)?;
        if workspace.job_has_application_from(&job.id, &email) {
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
            candidate_name,
            email,
            phone,
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

fn phone(phone: Option<&str>) -> DomainResult<Option<String>> {
    let phone = optional_line("phone", phone, PHONE_LENGTH_MAX)?;
    let allowed = |character: char| character.is_ascii_digit() || " +-().".contains(character);
    match phone {
        Some(phone) if !phone.chars().all(allowed) || !phone.chars().any(|character| character.is_ascii_digit()) => {
            invalid("`phone` may hold digits, spaces and + - ( ) . only")
        }
        phone => Ok(phone),
    }
}

fn resume_source(input: &SubmitApplicationInput) -> DomainResult<Option<ResumeSource>> {
    let Some(stored) = input.resume.as_ref() else { return Ok(None) };
    if stored.size_bytes > RESUME_FILE_BYTES_MAX as u64 {
        return invalid(format!("the resume is {} bytes; the limit is {RESUME_FILE_BYTES_MAX}", stored.size_bytes));
    }
    Ok(Some(ResumeSource {
        content_hash: stored.content_hash,
        size_bytes: stored.size_bytes,
        file_name: optional_line("resume file name", stored.file_name.as_deref(), NAME_LENGTH_MAX)?,
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
        return invalid(format!("`answers` has at most {ANSWERS_MAX} entries"));
    }
    if let Some(unknown) = answers.keys().find(|key| !fields.iter().any(|field| &field.key == *key)) {
        return invalid(format!("`answers.{unknown}` is not a question of this job's form"));
    }
    let mut resolved = BTreeMap::new();
    for field in fields {
        let answer = answers.get(&field.key).map(|answer| answer.trim()).filter(|answer| !answer.is_empty());
        match answer {
            None if field.required => return invalid(format!("`answers.{}` ({}) is required", field.key, field.label)),
            None => {}
            Some(answer) => {
                resolved.insert(field.key.clone(), check_answer(field, answer)?);
            }
        }
    }
    Ok(resolved)
}

fn check_answer(field: &FormField, answer: &str) -> DomainResult<String> {
    let name = format!("answers.{}", field.key);
    let answer = bounded_text(&name, answer, ANSWER_LENGTH_MAX)?;
    let fits = match field.kind {
        FormFieldKind::Text | FormFieldKind::Textarea => true,
        FormFieldKind::Email => email(&name, &answer).is_ok(),
        FormFieldKind::Url => answer.starts_with("https://") || answer.starts_with("http://"),
        FormFieldKind::Number => answer.parse::<f64>().is_ok_and(f64::is_finite),
        FormFieldKind::Select => field.options.iter().any(|option| option == &answer),
        FormFieldKind::Checkbox => answer == "true" || answer == "false",
    };
    if !fits {
        return invalid(format!("`{name}` is not a valid {} answer", field.kind.as_str()));
    }
    Ok(answer)
}

/// Archives or restores an application (dashboard only; not on /api/v1).
pub struct SetApplicationStatus {
    pub application_id: String,
    pub status: String,
}

impl Command for SetApplicationStatus {
    type Output = Application;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let application = find(workspace, &self.application_id)?;
        let Some(status) = ApplicationStatus::parse(&self.status) else {
            return invalid("`status` must be active or archived");
        };
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
