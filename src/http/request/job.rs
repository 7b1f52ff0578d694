//! The job body of POST and PATCH /api/orgs/:orgId/jobs. One shape serves
//! both: creating requires `teamId` and `title` and refuses `fitScoresAdd`
//! and stage IDs; updating replaces only what is given.

use std::num::NonZeroU32;

use serde::Deserialize;
use utoipa::ToSchema;

use super::{parsed, required_text};
use crate::domain::ats::Weighting;
use crate::domain::commands::{
    at_most, criteria, form_fields, whole_number, CreateJob, FormFieldDraft, JobChanges, StageChange,
};
use crate::domain::error::{invalid, DomainResult, InField};
use crate::domain::ids::{StageId, TeamId, UserId};
use crate::domain::job::{FormFieldKind, JobStatus, Tier};
use crate::domain::limits::*;
use crate::domain::text::{bounded_text, optional_line, required_line};
use crate::http::openapi::schemas::{FormFieldTypeText, JobStatusText, TierText};

/// A job, created (`teamId` and `title` required) or updated (what is
/// given replaces what is there).
#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"teamId": "team_4hQ2mZ8kLp3Vx7Rb9Tn1", "title": "Senior Backend Engineer", "status": "active", "description": "Rust services on PostgreSQL.", "stages": [{"name": "Applied"}, {"name": "Interview"}, {"name": "Offer"}], "criteria": {"mustHaves": ["Rust", "PostgreSQL"], "niceToHaves": ["Kafka"], "weighting": {"mustHaves": 60, "niceToHaves": 25, "experience": 15}, "minYearsExperience": 5}, "tier": "paid", "fitScores": 200}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JobBody {
    /// A team of this workspace (`team_…`); required to create.
    #[schema(example = "team_4hQ2mZ8kLp3Vx7Rb9Tn1")]
    team_id: Option<String>,
    /// Required to create.
    #[schema(min_length = 1, max_length = 200, example = "Senior Backend Engineer")]
    title: Option<String>,
    /// `draft` when created without one.
    #[schema(value_type = Option<JobStatusText>)]
    status: Option<String>,
    /// What the ATS scores resumes against, besides the criteria.
    #[schema(max_length = 50000)]
    description: Option<String>,
    /// The careers-page form.
    #[schema(max_items = 50)]
    form_fields: Option<Vec<FormFieldBody>>,
    /// In order; the default five when created without them. In an update, a
    /// stage with an `id` keeps that stage, one without is new, and a
    /// stage left out must hold no applications.
    #[schema(min_items = 1, max_items = 30)]
    stages: Option<Vec<StageBody>>,
    criteria: Option<CriteriaBody>,
    /// `free` when created without one.
    #[schema(value_type = Option<TierText>)]
    tier: Option<String>,
    /// Sets the job's envelope of fit scores.
    #[schema(minimum = 0, maximum = 1000000)]
    fit_scores: Option<i64>,
    /// Adds to the envelope (updates only).
    #[schema(minimum = 1, maximum = 1000000)]
    fit_scores_add: Option<i64>,
    /// Members (user IDs) notified of comments.
    #[schema(max_items = 100)]
    collaborators: Option<Vec<String>>,
}

/// A question on the careers-page form.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FormFieldBody {
    /// Made from the label when left out: letters, digits, `_` or `-`.
    #[schema(max_length = 64)]
    key: Option<String>,
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200, example = "Portfolio URL")]
    label: Option<String>,
    /// `text` when left out.
    #[serde(rename = "type")]
    #[schema(value_type = Option<FormFieldTypeText>)]
    kind: Option<String>,
    required: Option<bool>,
    /// The choices of a `select` field, and of no other kind.
    #[schema(max_items = 50)]
    options: Option<Vec<String>>,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StageBody {
    /// An existing stage of the job (updates only).
    id: Option<String>,
    #[schema(required = true, nullable = false, min_length = 1, max_length = 100, example = "Phone screen")]
    name: Option<String>,
}

/// What resumes are scored against.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CriteriaBody {
    #[schema(max_items = 50, example = json!(["Rust", "PostgreSQL"]))]
    must_haves: Option<Vec<String>>,
    #[schema(max_items = 50)]
    nice_to_haves: Option<Vec<String>>,
    weighting: Option<WeightingBody>,
    #[schema(minimum = 0, maximum = 60)]
    min_years_experience: Option<i64>,
}

/// Points of each component (defaults 60, 25, 15); at least one above 0.
#[derive(Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WeightingBody {
    #[schema(minimum = 0, maximum = 100)]
    must_haves: Option<i64>,
    #[schema(minimum = 0, maximum = 100)]
    nice_to_haves: Option<i64>,
    #[schema(minimum = 0, maximum = 100)]
    experience: Option<i64>,
}

impl JobBody {
    pub fn into_create(self) -> DomainResult<CreateJob> {
        if self.fit_scores_add.is_some() {
            return invalid("`fitScoresAdd` tops up an existing job; use `fitScores` when creating one");
        }
        let team_id = team(self.team_id.as_deref().map_or_else(|| invalid("`teamId` is required"), Ok)?)?;
        let stage_names = match self.stages {
            None => None,
            Some(stages) => Some(
                stages
                    .into_iter()
                    .map(|stage| match stage.id {
                        Some(_) => invalid("`stages[].id` is only accepted when updating a job"),
                        None => stage_name(stage.name.as_deref()),
                    })
                    .collect::<DomainResult<_>>()?,
            ),
        };
        Ok(CreateJob {
            team_id,
            title: required_text("title", self.title.as_deref(), NAME_LENGTH_MAX)?,
            status: self.status.as_deref().map_or(Ok(JobStatus::Draft), status)?,
            description: bounded_text(self.description.as_deref().unwrap_or(""), DESCRIPTION_LENGTH_MAX)
                .in_field("description")?,
            form_fields: self.form_fields.map_or(Ok(Vec::new()), form)?,
            stage_names,
            criteria: self.criteria.map_or_else(|| Ok(Default::default()), CriteriaBody::into_criteria)?,
            tier: self.tier.as_deref().map_or(Ok(Tier::Free), tier)?,
            fit_scores: self.fit_scores.map_or(Ok(0), |count| fit_scores("fitScores", count, 0))?,
            collaborators: collaborators(self.collaborators.unwrap_or_default())?,
        })
    }

    pub fn into_changes(self) -> DomainResult<JobChanges> {
        let stages = match self.stages {
            None => None,
            Some(stages) => Some(
                stages
                    .into_iter()
                    .map(|stage| {
                        let id = match stage.id.as_deref() {
                            None => None,
                            Some(text) => Some(StageId::parse(text).map_or_else(
                                || invalid(format!("`stages[].id` {text:?} is not a stage of this job")),
                                Ok,
                            )?),
                        };
                        Ok(StageChange { id, name: stage_name(stage.name.as_deref())? })
                    })
                    .collect::<DomainResult<_>>()?,
            ),
        };
        let fit_scores_add = match self.fit_scores_add {
            None => None,
            Some(count) => NonZeroU32::new(fit_scores("fitScoresAdd", count, 1)?),
        };
        Ok(JobChanges {
            team_id: self.team_id.as_deref().map(team).transpose()?,
            title: self.title.map(|title| required_line(&title, NAME_LENGTH_MAX).in_field("title")).transpose()?,
            status: self.status.as_deref().map(status).transpose()?,
            description: self
                .description
                .map(|text| bounded_text(&text, DESCRIPTION_LENGTH_MAX).in_field("description"))
                .transpose()?,
            form_fields: self.form_fields.map(form).transpose()?,
            stages,
            criteria: self.criteria.map(CriteriaBody::into_criteria).transpose()?,
            tier: self.tier.as_deref().map(tier).transpose()?,
            fit_scores: self.fit_scores.map(|count| fit_scores("fitScores", count, 0)).transpose()?,
            fit_scores_add,
            collaborators: self.collaborators.map(collaborators).transpose()?,
        })
    }
}

impl CriteriaBody {
    fn into_criteria(self) -> DomainResult<crate::domain::ats::Criteria> {
        let defaults = Weighting::default();
        let given = self.weighting.unwrap_or_default();
        let weighting = Weighting {
            must_haves: weight("weighting.mustHaves", given.must_haves, defaults.must_haves)?,
            nice_to_haves: weight("weighting.niceToHaves", given.nice_to_haves, defaults.nice_to_haves)?,
            experience: weight("weighting.experience", given.experience, defaults.experience)?,
        };
        let min_years_experience = self
            .min_years_experience
            .map(|years| whole_number(years, 0, MIN_YEARS_EXPERIENCE_MAX).in_field("minYearsExperience"))
            .transpose()?;
        criteria(
            keywords("mustHaves", self.must_haves.unwrap_or_default())?,
            keywords("niceToHaves", self.nice_to_haves.unwrap_or_default())?,
            weighting,
            min_years_experience,
        )
        .in_field("weighting")
    }
}

fn team(text: &str) -> DomainResult<TeamId> {
    TeamId::parse(text).map_or_else(|| invalid(format!("`teamId` {text:?} is not a team of this workspace")), Ok)
}

fn status(text: &str) -> DomainResult<JobStatus> {
    parsed("status", text, JobStatus::parse, "one of active, draft, closed")
}

fn tier(text: &str) -> DomainResult<Tier> {
    parsed("tier", text, Tier::parse, "free or paid")
}

fn fit_scores(field: &str, count: i64, low: u32) -> DomainResult<u32> {
    whole_number(count, low, FIT_SCORES_MAX).in_field(field)
}

fn stage_name(name: Option<&str>) -> DomainResult<String> {
    required_line(name.unwrap_or(""), STAGE_NAME_LENGTH_MAX).in_field("stages[].name")
}

fn form(bodies: Vec<FormFieldBody>) -> DomainResult<Vec<crate::domain::job::FormField>> {
    let bodies = at_most(bodies, FORM_FIELDS_MAX).in_field("formFields")?;
    let mut drafts = Vec::with_capacity(bodies.len());
    for body in bodies {
        let kind_text = body.kind.as_deref().unwrap_or("text");
        let kind = parsed(
            "formFields[].type",
            kind_text,
            FormFieldKind::parse,
            "one of text, textarea, email, url, number, select, checkbox",
        )?;
        let options =
            at_most(body.options.unwrap_or_default(), FORM_FIELD_OPTIONS_MAX).in_field("formFields[].options")?;
        drafts.push(FormFieldDraft {
            key: optional_line(body.key.as_deref(), FORM_FIELD_KEY_LENGTH_MAX).in_field("formFields[].key")?,
            label: required_line(body.label.as_deref().unwrap_or(""), NAME_LENGTH_MAX)
                .in_field("formFields[].label")?,
            kind,
            required: body.required.unwrap_or(false),
            options: options
                .iter()
                .map(|option| required_line(option, NAME_LENGTH_MAX).in_field("formFields[].options[]"))
                .collect::<DomainResult<_>>()?,
        });
    }
    form_fields(drafts).in_field("formFields")
}

fn weight(field: &str, value: Option<i64>, default: u32) -> DomainResult<u32> {
    value.map_or(Ok(default), |value| whole_number(value, 0, WEIGHT_MAX).in_field(field))
}

fn keywords(field: &str, keywords: Vec<String>) -> DomainResult<Vec<String>> {
    let keywords = at_most(keywords, CRITERIA_KEYWORDS_MAX).in_field(&format!("criteria.{field}"))?;
    let item = format!("criteria.{field}[]");
    keywords.iter().map(|keyword| required_line(keyword, KEYWORD_LENGTH_MAX).in_field(&item)).collect()
}

fn collaborators(user_ids: Vec<String>) -> DomainResult<Vec<UserId>> {
    let user_ids = at_most(user_ids, COLLABORATORS_MAX).in_field("collaborators")?;
    user_ids
        .iter()
        .map(|text| {
            UserId::parse(text)
                .map_or_else(|| invalid(format!("collaborator {text:?} is not a member of this workspace")), Ok)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::error::DomainError;

    fn body(json: serde_json::Value) -> JobBody {
        serde_json::from_value(json).expect("a job body")
    }

    fn message(result: DomainResult<impl std::fmt::Debug>) -> String {
        match result {
            Err(DomainError::Invalid(message)) => message,
            other => panic!("expected an invalid request, got {other:?}"),
        }
    }

    #[test]
    fn a_defect_is_reported_under_the_name_the_client_used() {
        let team = "team_0123456789abcdef";
        let cases = [
            (serde_json::json!({ "title": "T" }), "`teamId` is required"),
            (serde_json::json!({ "teamId": team }), "`title` is required"),
            (serde_json::json!({ "teamId": team, "title": "T", "fitScoresAdd": 3 }), "`fitScoresAdd`"),
            (serde_json::json!({ "teamId": team, "title": "T", "tier": "gold" }), "`tier` must be free or paid"),
            (
                serde_json::json!({ "teamId": team, "title": "T", "criteria": { "weighting": { "mustHaves": 101 } } }),
                "`weighting.mustHaves` must be a whole number from 0 to 100",
            ),
            (
                serde_json::json!({ "teamId": team, "title": "T", "criteria": { "mustHaves": [" "] } }),
                "`criteria.mustHaves[]` must not be empty",
            ),
            (
                serde_json::json!({ "teamId": team, "title": "T", "stages": [{ "id": "stg_1", "name": "A" }] }),
                "`stages[].id` is only accepted when updating a job",
            ),
        ];
        for (json, expected) in cases {
            let message = message(body(json.clone()).into_create());
            assert!(message.contains(expected), "{json}: {message:?} should contain {expected:?}");
        }
        let message = message(body(serde_json::json!({ "fitScoresAdd": 0 })).into_changes());
        assert!(message.contains("`fitScoresAdd` must be a whole number from 1"), "{message}");
    }

    #[test]
    fn an_update_changes_only_what_it_names() {
        let changes = body(serde_json::json!({ "title": "  New title ", "fitScoresAdd": 5 })).into_changes().unwrap();
        assert_eq!(changes.title.as_deref(), Some("New title"));
        assert_eq!(changes.fit_scores_add.map(NonZeroU32::get), Some(5));
        assert!(changes.status.is_none() && changes.stages.is_none() && changes.criteria.is_none());
    }
}
