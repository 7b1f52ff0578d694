//! Commands: the rules. Each command reads the current state and decides the
//! events that carry it out, or fails with a `DomainError`; it never changes
//! state itself. The workspace actor runs `decide`, makes the events durable,
//! applies them, then asks the command for its `respond` value, so callers see
//! state that includes their own write.

mod applications;
mod candidate_writes;
mod job_values;
mod jobs;
mod keys;
mod organisation;
mod pipeline;

pub use applications::{
    acceptable_resume_text, accepts_applications, phone, Applicant, ResumeUpload, SetApplicationStatus, StoredResume,
    SubmitApplication,
};
pub use candidate_writes::{AddComment, MoveStage, RerunAts, RerunOutcome, TagsChange, UpdateTags};
pub use job_values::{at_most, criteria, form_fields, whole_number, FormFieldDraft};
pub use jobs::{CreateJob, JobChanges, StageChange, UpdateJob, DEFAULT_STAGES};
pub use keys::{CreateKey, RecordKeyUse, RevokeKey};
pub use organisation::{create_workspace, AddMember, CreateTeam, NewWorkspace};
pub use pipeline::CompletePipeline;

use rand::rngs::StdRng;

use super::api_key::Claims;
use super::application::Application;
use super::error::{not_found, DomainResult};
use super::event::Event;
use super::ids::ApplicationId;
use super::job::Job;
use super::time::Timestamp;
use super::workspace::Workspace;

/// What a decision may use besides the state: the time and a random source
/// for new IDs. Both end up inside the events.
pub struct DecideContext<'a> {
    pub now: Timestamp,
    pub rng: &'a mut StdRng,
}

pub trait Command {
    type Output;

    /// The events that carry the command out (none for a no-op), or why it cannot be.
    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>>;

    /// The caller's answer, read from the state after the events were applied.
    fn respond(&self, workspace: &Workspace, events: &[Event]) -> DomainResult<Self::Output>;
}

/// Finds an application the caller may reach. Missing and out-of-claims give
/// the same error, so a key cannot probe for IDs outside its reach.
pub fn application_in_scope<'w>(
    workspace: &'w Workspace,
    application_id: &str,
    claims: &Claims,
) -> DomainResult<(&'w Application, &'w Job)> {
    let found = ApplicationId::parse(application_id)
        .and_then(|id| workspace.applications.get(&id))
        .and_then(|application| Some((&**application, workspace.jobs.get(&application.job_id)?)))
        .filter(|(_, job)| claims.covers(job));
    match found {
        Some(found) => Ok(found),
        None => not_found(format!("application {application_id:?} was not found")),
    }
}

/// Finds a job the caller may reach, with the same indistinguishability rule.
pub fn job_in_scope<'w>(workspace: &'w Workspace, job_id: &str, claims: &Claims) -> DomainResult<&'w Job> {
    let found =
        super::ids::JobId::parse(job_id).and_then(|id| workspace.jobs.get(&id)).filter(|job| claims.covers(job));
    match found {
        Some(job) => Ok(job),
        None => not_found(format!("job {job_id:?} was not found")),
    }
}
