//! Creating and editing jobs. Both go through one validation that turns the
//! loosely typed input into a complete `JobDefinition`; an update starts from
//! the current definition and overrides what the input names.

use super::{Command, DecideContext};
use crate::domain::ats::{Criteria, Weighting};
use crate::domain::error::{invalid, not_found, DomainResult};
use crate::domain::event::Event;
use crate::domain::ids::{JobId, StageId, TeamId, UserId};
use crate::domain::job::{FormField, FormFieldKind, Job, JobDefinition, JobStatus, Stage, Tier};
use crate::domain::limits::*;
use crate::domain::text::{bounded_text, optional_line, required_line};
use crate::domain::workspace::Workspace;

/// Stages a job gets when its creator names none.
pub const DEFAULT_STAGES: [&str; 5] = ["Applied", "Screening", "Interview", "Offer", "Hired"];

#[derive(Clone, Debug, Default)]
pub struct JobInput {
    pub team_id: Option<String>,
    pub title: Option<String>,
    pub status: Option<String>,
    pub description: Option<String>,
    pub form_fields: Option<Vec<FormFieldInput>>,
    pub stages: Option<Vec<StageInput>>,
    pub criteria: Option<CriteriaInput>,
    pub tier: Option<String>,
    pub fit_scores: Option<i64>,
    pub fit_scores_add: Option<i64>,
    pub collaborators: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default)]
pub struct FormFieldInput {
    pub key: Option<String>,
    pub label: String,
    pub kind: Option<String>,
    pub required: Option<bool>,
    pub options: Option<Vec<String>>,
}

/// A stage in a create or update. In an update, a stage with an `id` keeps
/// that stage (renamed and moved to this position); one without is new.
#[derive(Clone, Debug, Default)]
pub struct StageInput {
    pub id: Option<String>,
    pub name: String,
}

#[derive(Clone, Debug, Default)]
pub struct CriteriaInput {
    pub must_haves: Option<Vec<String>>,
    pub nice_to_haves: Option<Vec<String>>,
    pub weighting_must_haves: Option<i64>,
    pub weighting_nice_to_haves: Option<i64>,
    pub weighting_experience: Option<i64>,
    pub min_years_experience: Option<i64>,
}

pub struct CreateJob {
    pub input: JobInput,
}

impl Command for CreateJob {
    type Output = JobId;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        if workspace.jobs.len() >= JOBS_PER_WORKSPACE_MAX {
            return invalid(format!("a workspace has at most {JOBS_PER_WORKSPACE_MAX} jobs"));
        }
        if self.input.fit_scores_add.is_some() {
            return invalid("`fitScoresAdd` tops up an existing job; use `fitScores` when creating one");
        }
        let Some(team_id_text) = self.input.team_id.as_deref() else {
            return invalid("`teamId` is required");
        };
        let team_id = existing_team(workspace, team_id_text)?;
        let Some(title) = self.input.title.as_deref() else {
            return invalid("`title` is required");
        };
        let stages = match &self.input.stages {
            Some(stages) => resolve_stages(stages, None, workspace, context)?,
            None => DEFAULT_STAGES
                .iter()
                .map(|name| Stage { id: StageId::generate(context.rng), name: (*name).to_owned() })
                .collect(),
        };
        let definition = JobDefinition {
            title: required_line("title", title, NAME_LENGTH_MAX)?,
            status: parse_status(self.input.status.as_deref().unwrap_or("draft"))?,
            description: bounded_text(
                "description",
                self.input.description.as_deref().unwrap_or(""),
                DESCRIPTION_LENGTH_MAX,
            )?,
            form_fields: resolve_form_fields(self.input.form_fields.as_deref().unwrap_or(&[]))?,
            stages,
            criteria: resolve_criteria(self.input.criteria.as_ref())?,
            tier: parse_tier(self.input.tier.as_deref().unwrap_or("free"))?,
            collaborators: resolve_collaborators(workspace, self.input.collaborators.as_deref().unwrap_or(&[]))?,
        };
        let fit_scores = fit_score_count("fitScores", self.input.fit_scores.unwrap_or(0))?;
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

pub struct UpdateJob {
    pub job_id: String,
    pub input: JobInput,
}

impl Command for UpdateJob {
    type Output = JobId;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let Some(job) = JobId::parse(&self.job_id).and_then(|id| workspace.jobs.get(&id)) else {
            return not_found(format!("job {:?} was not found", self.job_id));
        };
        let input = &self.input;
        let mut definition = job.definition.clone();
        let team_id = match input.team_id.as_deref() {
            Some(team_id) => existing_team(workspace, team_id)?,
            None => job.team_id.clone(),
        };
        if let Some(title) = input.title.as_deref() {
            definition.title = required_line("title", title, NAME_LENGTH_MAX)?;
        }
        if let Some(status) = input.status.as_deref() {
            definition.status = parse_status(status)?;
        }
        if let Some(description) = input.description.as_deref() {
            definition.description = bounded_text("description", description, DESCRIPTION_LENGTH_MAX)?;
        }
        if let Some(form_fields) = input.form_fields.as_deref() {
            definition.form_fields = resolve_form_fields(form_fields)?;
        }
        if let Some(stages) = input.stages.as_deref() {
            definition.stages = resolve_stages(stages, Some(job), workspace, context)?;
        }
        if let Some(criteria) = input.criteria.as_ref() {
            definition.criteria = resolve_criteria(Some(criteria))?;
        }
        if let Some(tier) = input.tier.as_deref() {
            definition.tier = parse_tier(tier)?;
        }
        if let Some(collaborators) = input.collaborators.as_deref() {
            definition.collaborators = resolve_collaborators(workspace, collaborators)?;
        }
        let fit_scores_remaining = resolve_envelope(job, input.fit_scores, input.fit_scores_add)?;
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

fn existing_team(workspace: &Workspace, team_id: &str) -> DomainResult<TeamId> {
    match TeamId::parse(team_id).filter(|id| workspace.teams.contains_key(id)) {
        Some(id) => Ok(id),
        None => invalid(format!("`teamId` {team_id:?} is not a team of this workspace")),
    }
}

fn parse_status(status: &str) -> DomainResult<JobStatus> {
    JobStatus::parse(status).map_or_else(|| invalid("`status` must be one of active, draft, closed"), Ok)
}

fn parse_tier(tier: &str) -> DomainResult<Tier> {
    Tier::parse(tier).map_or_else(|| invalid("`tier` must be free or paid"), Ok)
}

fn fit_score_count(field: &str, count: i64) -> DomainResult<u32> {
    match u32::try_from(count) {
        Ok(count) if count <= FIT_SCORES_MAX => Ok(count),
        _ => invalid(format!("`{field}` must be a whole number from 0 to {FIT_SCORES_MAX}")),
    }
}

fn resolve_envelope(job: &Job, set_to: Option<i64>, add: Option<i64>) -> DomainResult<u32> {
    let base = match set_to {
        Some(count) => fit_score_count("fitScores", count)?,
        None => job.fit_scores_remaining,
    };
    let Some(add) = add else { return Ok(base) };
    let add = fit_score_count("fitScoresAdd", add)?;
    if add == 0 {
        return invalid("`fitScoresAdd` must be at least 1");
    }
    match base.checked_add(add).filter(|total| *total <= FIT_SCORES_MAX) {
        Some(total) => Ok(total),
        None => invalid(format!("the envelope would exceed {FIT_SCORES_MAX} fit scores")),
    }
}

fn resolve_stages(
    inputs: &[StageInput],
    current: Option<&Job>,
    workspace: &Workspace,
    context: &mut DecideContext<'_>,
) -> DomainResult<Vec<Stage>> {
    if inputs.is_empty() || inputs.len() > STAGES_MAX {
        return invalid(format!("`stages` must list 1 to {STAGES_MAX} stages"));
    }
    let mut stages: Vec<Stage> = Vec::with_capacity(inputs.len());
    for input in inputs {
        let name = required_line("stages[].name", &input.name, STAGE_NAME_LENGTH_MAX)?;
        let id = match (input.id.as_deref(), current) {
            (None, _) => StageId::generate(context.rng),
            (Some(id), Some(job)) => match StageId::parse(id).filter(|id| job.stage(id).is_some()) {
                Some(id) => id,
                None => return invalid(format!("`stages[].id` {id:?} is not a stage of this job")),
            },
            (Some(_), None) => return invalid("`stages[].id` is only accepted when updating a job"),
        };
        if stages.iter().any(|stage| stage.id == id) {
            return invalid(format!("stage {id} is listed twice"));
        }
        stages.push(Stage { id, name });
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

fn resolve_form_fields(inputs: &[FormFieldInput]) -> DomainResult<Vec<FormField>> {
    if inputs.len() > FORM_FIELDS_MAX {
        return invalid(format!("`formFields` has at most {FORM_FIELDS_MAX} fields"));
    }
    let mut fields: Vec<FormField> = Vec::with_capacity(inputs.len());
    for input in inputs {
        let label = required_line("formFields[].label", &input.label, NAME_LENGTH_MAX)?;
        let key = match optional_line("formFields[].key", input.key.as_deref(), FORM_FIELD_KEY_LENGTH_MAX)? {
            Some(key) => key,
            None => slug(&label),
        };
        if key.is_empty() || !key.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-') {
            return invalid(format!("form field key {key:?} must be letters, digits, `_` or `-`"));
        }
        if fields.iter().any(|field| field.key == key) {
            return invalid(format!("form field key {key:?} is used twice"));
        }
        let kind_text = input.kind.as_deref().unwrap_or("text");
        let Some(kind) = FormFieldKind::parse(kind_text) else {
            return invalid(format!(
                "form field type {kind_text:?} must be one of text, textarea, email, url, number, select, checkbox"
            ));
        };
        let options = resolve_options(kind, input.options.as_deref().unwrap_or(&[]))?;
        fields.push(FormField { key, label, kind, required: input.required.unwrap_or(false), options });
    }
    Ok(fields)
}

fn resolve_options(kind: FormFieldKind, options: &[String]) -> DomainResult<Vec<String>> {
    match (kind, options.len()) {
        (FormFieldKind::Select, 0) => invalid("a select form field needs `options`"),
        (FormFieldKind::Select, count) if count > FORM_FIELD_OPTIONS_MAX => {
            invalid(format!("a select form field has at most {FORM_FIELD_OPTIONS_MAX} options"))
        }
        (FormFieldKind::Select, _) => {
            options.iter().map(|option| required_line("formFields[].options[]", option, NAME_LENGTH_MAX)).collect()
        }
        (_, 0) => Ok(Vec::new()),
        (_, _) => invalid("`options` only apply to select form fields"),
    }
}

fn slug(label: &str) -> String {
    let mut slug = String::new();
    for character in label.chars() {
        if character.is_ascii_alphanumeric() {
            slug.push(character.to_ascii_lowercase());
        } else if !slug.ends_with('_') && !slug.is_empty() {
            slug.push('_');
        }
    }
    slug.trim_end_matches('_').chars().take(FORM_FIELD_KEY_LENGTH_MAX).collect()
}

fn resolve_criteria(input: Option<&CriteriaInput>) -> DomainResult<Criteria> {
    let Some(input) = input else { return Ok(Criteria::default()) };
    let defaults = Weighting::default();
    let weighting = Weighting {
        must_haves: weight("weighting.mustHaves", input.weighting_must_haves, defaults.must_haves)?,
        nice_to_haves: weight("weighting.niceToHaves", input.weighting_nice_to_haves, defaults.nice_to_haves)?,
        experience: weight("weighting.experience", input.weighting_experience, defaults.experience)?,
    };
    if weighting.must_haves + weighting.nice_to_haves + weighting.experience == 0 {
        return invalid("`weighting` must give at least one component a weight above 0");
    }
    let min_years_experience = match input.min_years_experience {
        None => None,
        Some(years) => match u32::try_from(years).ok().filter(|years| *years <= MIN_YEARS_EXPERIENCE_MAX) {
            Some(years) => Some(years),
            None => return invalid(format!("`minYearsExperience` must be 0 to {MIN_YEARS_EXPERIENCE_MAX}")),
        },
    };
    Ok(Criteria {
        must_haves: keywords("mustHaves", input.must_haves.as_deref().unwrap_or(&[]))?,
        nice_to_haves: keywords("niceToHaves", input.nice_to_haves.as_deref().unwrap_or(&[]))?,
        weighting,
        min_years_experience,
    })
}

fn weight(field: &str, value: Option<i64>, default: u32) -> DomainResult<u32> {
    match value {
        None => Ok(default),
        Some(value) => match u32::try_from(value).ok().filter(|value| *value <= WEIGHT_MAX) {
            Some(value) => Ok(value),
            None => invalid(format!("`{field}` must be a whole number from 0 to {WEIGHT_MAX}")),
        },
    }
}

fn keywords(field: &str, inputs: &[String]) -> DomainResult<Vec<String>> {
    if inputs.len() > CRITERIA_KEYWORDS_MAX {
        return invalid(format!("`criteria.{field}` has at most {CRITERIA_KEYWORDS_MAX} entries"));
    }
    let mut keywords: Vec<String> = Vec::with_capacity(inputs.len());
    for input in inputs {
        let keyword = required_line(&format!("criteria.{field}[]"), input, KEYWORD_LENGTH_MAX)?;
        if !keywords.iter().any(|existing| existing.eq_ignore_ascii_case(&keyword)) {
            keywords.push(keyword);
        }
    }
    Ok(keywords)
}

fn resolve_collaborators(workspace: &Workspace, inputs: &[String]) -> DomainResult<Vec<UserId>> {
    if inputs.len() > COLLABORATORS_MAX {
        return invalid(format!("`collaborators` has at most {COLLABORATORS_MAX} entries"));
    }
    let mut collaborators: Vec<UserId> = Vec::with_capacity(inputs.len());
    for input in inputs {
        match UserId::parse(input).filter(|id| workspace.members.contains_key(id)) {
            Some(id) if !collaborators.contains(&id) => collaborators.push(id),
            Some(_) => {}
            None => return invalid(format!("collaborator {input:?} is not a member of this workspace")),
        }
    }
    Ok(collaborators)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_field_keys_default_to_a_slug_of_the_label() {
        assert_eq!(slug("Portfolio URL (optional)"), "portfolio_url_optional");
        assert_eq!(slug("  Why us?  "), "why_us");
    }
}
