//! Creating and editing jobs. The request reader checks each value on its
//! own (see `job_values`); what needs the workspace is decided here: the
//! team, the stages an update keeps, the collaborators, the envelope's
//! ceiling and the number of jobs. An update starts from the current
//! definition and replaces what the changes name.

use std::num::NonZeroU32;

use super::{Command, DecideContext};
use crate::domain::ats::Criteria;
use crate::domain::error::{invalid, not_found, DomainResult};
use crate::domain::event::Event;
use crate::domain::ids::{JobId, StageId, TeamId, UserId};
use crate::domain::job::{FormField, Job, JobDefinition, JobStatus, Stage, Tier};
use crate::domain::limits::*;
use crate::domain::workspace::Workspace;

/// Stages a job gets when its creator names none.
pub const DEFAULT_STAGES: [&str; 5] = ["Applied", "Screening", "Interview", "Offer", "Hired"];

/// A new job, its values checked.
#[derive(Clone, Debug)]
pub struct CreateJob {
    pub team_id: TeamId,
    pub title: String,
    pub status: JobStatus,
    pub description: String,
    pub form_fields: Vec<FormField>,
    /// The stages' names in order; `None` gives `DEFAULT_STAGES`.
    pub stage_names: Option<Vec<String>>,
    pub criteria: Criteria,
    pub tier: Tier,
    pub fit_scores: u32,
    pub collaborators: Vec<UserId>,
}

impl Command for CreateJob {
    type Output = JobId;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        if workspace.jobs.len() >= JOBS_PER_WORKSPACE_MAX {
            return invalid(format!("a workspace has at most {JOBS_PER_WORKSPACE_MAX} jobs"));
        }
        let team_id = existing_team(workspace, &self.team_id)?;
        let stage_names = match &self.stage_names {
            Some(names) => names.iter().map(String::as_str).collect(),
            None => DEFAULT_STAGES.to_vec(),
        };
        let changes: Vec<StageChange> =
            stage_names.into_iter().map(|name| StageChange { id: None, name: name.to_owned() }).collect();
        let definition = JobDefinition {
            title: self.title.clone(),
            status: self.status,
            description: self.description.clone(),
            form_fields: self.form_fields.clone(),
            stages: resolve_stages(&changes, None, workspace, context)?,
            criteria: self.criteria.clone(),
            tier: self.tier,
            collaborators: members(workspace, &self.collaborators)?,
        };
        let fit_scores = envelope_size(self.fit_scores)?;
        let job_id = JobId::generate(context.rng);
        Ok(vec![Event::JobCreated { job_id, team_id, definition, fit_scores, at: context.now }])
    }

    fn respond(&self, _workspace: &Workspace, events: &[Event]) -> DomainResult<JobId> {
        match events {
            [Event::JobCreated { job_id, .. }] => Ok(job_id.clone()),
            _ => unreachable!("CreateJob decides exactly one JobCreated"),
        }
    }
}

/// A stage in an update: one with an `id` keeps that stage (renamed and
/// moved to this position); one without is new.
#[derive(Clone, Debug)]
pub struct StageChange {
    pub id: Option<StageId>,
    pub name: String,
}

/// What an update replaces; `None` keeps the current value.
#[derive(Clone, Debug, Default)]
pub struct JobChanges {
    pub team_id: Option<TeamId>,
    pub title: Option<String>,
    pub status: Option<JobStatus>,
    pub description: Option<String>,
    pub form_fields: Option<Vec<FormField>>,
    pub stages: Option<Vec<StageChange>>,
    pub criteria: Option<Criteria>,
    pub tier: Option<Tier>,
    /// Sets the envelope to this many fit scores (before any top-up).
    pub fit_scores: Option<u32>,
    /// Adds this many fit scores to the envelope.
    pub fit_scores_add: Option<NonZeroU32>,
    pub collaborators: Option<Vec<UserId>>,
}

pub struct UpdateJob {
    pub job_id: String,
    pub changes: JobChanges,
}

impl Command for UpdateJob {
    type Output = JobId;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let Some(job) = JobId::parse(&self.job_id).and_then(|id| workspace.jobs.get(&id)) else {
            return not_found(format!("job {:?} was not found", self.job_id));
        };
        let changes = &self.changes;
        let team_id = match &changes.team_id {
            Some(team_id) => existing_team(workspace, team_id)?,
            None => job.team_id.clone(),
        };
        let current = &job.definition;
        let definition = JobDefinition {
            title: changes.title.clone().unwrap_or_else(|| current.title.clone()),
            status: changes.status.unwrap_or(current.status),
            description: changes.description.clone().unwrap_or_else(|| current.description.clone()),
            form_fields: changes.form_fields.clone().unwrap_or_else(|| current.form_fields.clone()),
            stages: match &changes.stages {
                Some(stages) => resolve_stages(stages, Some(job), workspace, context)?,
                None => current.stages.clone(),
            },
            criteria: changes.criteria.clone().unwrap_or_else(|| current.criteria.clone()),
            tier: changes.tier.unwrap_or(current.tier),
            collaborators: match &changes.collaborators {
                Some(collaborators) => members(workspace, collaborators)?,
                None => current.collaborators.clone(),
            },
        };
        let base = envelope_size(changes.fit_scores.unwrap_or(job.fit_scores_remaining))?;
        let fit_scores_remaining = match changes.fit_scores_add {
            None => base,
            Some(add) => envelope_size(base.saturating_add(add.get()))?,
        };
        Ok(vec![Event::JobUpdated {
            job_id: job.id.clone(),
            team_id,
            definition,
            fit_scores_remaining,
            at: context.now,
        }])
    }

    fn respond(&self, _workspace: &Workspace, events: &[Event]) -> DomainResult<JobId> {
        match events {
            [Event::JobUpdated { job_id, .. }] => Ok(job_id.clone()),
            _ => unreachable!("UpdateJob decides exactly one JobUpdated"),
        }
    }
}

fn existing_team(workspace: &Workspace, team_id: &TeamId) -> DomainResult<TeamId> {
    if !workspace.teams.contains_key(team_id) {
        return invalid(format!("team {team_id} is not a team of this workspace"));
    }
    Ok(team_id.clone())
}

fn envelope_size(fit_scores: u32) -> DomainResult<u32> {
    if fit_scores > FIT_SCORES_MAX {
        return invalid(format!("a job's envelope holds at most {FIT_SCORES_MAX} fit scores"));
    }
    Ok(fit_scores)
}

fn resolve_stages(
    changes: &[StageChange],
    current: Option<&Job>,
    workspace: &Workspace,
    context: &mut DecideContext<'_>,
) -> DomainResult<Vec<Stage>> {
    if changes.is_empty() || changes.len() > STAGES_MAX {
        return invalid(format!("a job has 1 to {STAGES_MAX} stages"));
    }
    let mut stages: Vec<Stage> = Vec::with_capacity(changes.len());
    for change in changes {
        let id = match (&change.id, current) {
            (None, _) => StageId::generate(context.rng),
            (Some(id), Some(job)) if job.stage(id).is_some() => id.clone(),
            (Some(id), Some(job)) => return invalid(format!("stage {id} is not a stage of job {}", job.id)),
            (Some(_), None) => {
                return invalid("a new job's stages are all new; stage IDs name stages of a job being updated")
            }
        };
        if stages.iter().any(|stage| stage.id == id) {
            return invalid(format!("stage {id} is listed twice"));
        }
        stages.push(Stage { id, name: change.name.clone() });
    }
    if let Some(job) = current {
        let applications = &workspace.job_applications[&job.id];
        for removed in job.definition.stages.iter().filter(|old| !stages.iter().any(|stage| stage.id == old.id)) {
            let occupants = applications.count_in_stage(&removed.id);
            if occupants > 0 {
                return invalid(format!(
                    "stage {} ({}) still holds {occupants} applications; move them before removing it",
                    removed.id, removed.name
                ));
            }
        }
    }
    Ok(stages)
}

fn members(workspace: &Workspace, user_ids: &[UserId]) -> DomainResult<Vec<UserId>> {
    if user_ids.len() > COLLABORATORS_MAX {
        return invalid(format!("a job has at most {COLLABORATORS_MAX} collaborators"));
    }
    let mut collaborators: Vec<UserId> = Vec::with_capacity(user_ids.len());
    for user_id in user_ids {
        if !workspace.members.contains_key(user_id) {
            return invalid(format!("collaborator {user_id} is not a member of this workspace"));
        }
        if !collaborators.contains(user_id) {
            collaborators.push(user_id.clone());
        }
    }
    Ok(collaborators)
}
