//! The four writes of /api/v1: move a candidate to a stage, tag it, comment
//! on it, rerun its ATS scoring. Each first finds the application within the
//! key's claims (404 outside them, indistinguishable from missing).

use std::sync::Arc;

use super::{application_in_scope, Command, DecideContext};
use crate::domain::api_key::Claims;
use crate::domain::application::Application;
use crate::domain::comment::{Comment, CommentSource};
use crate::domain::error::{invalid, DomainError, DomainResult};
use crate::domain::event::Event;
use crate::domain::ids::{CommentId, NotificationId, StageId};
use crate::domain::job::Tier;
use crate::domain::limits::*;
use crate::domain::notification::{excerpt, Notification, NotificationKind};
use crate::domain::stored_result::made_by_an_older_engine;
use crate::domain::tag::{names_match, Tag};
use crate::domain::workspace::Workspace;

pub struct MoveStage {
    pub claims: Claims,
    pub application_id: String,
    /// The stage's ID as the client sent it, trimmed and not empty.
    pub stage: String,
}

impl Command for MoveStage {
    type Output = Arc<Application>;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let (application, job) = application_in_scope(workspace, &self.application_id, &self.claims)?;
        let Some(stage_id) = StageId::parse(&self.stage).filter(|id| job.stage(id).is_some()) else {
            return invalid(format!("stage {:?} is not one of the stages of job {}", self.stage, job.id));
        };
        if application.stage_id == stage_id {
            return Ok(Vec::new());
        }
        Ok(vec![Event::StageChanged { application_id: application.id.clone(), stage_id, at: context.now }])
    }

    fn respond(&self, workspace: &Workspace, _events: &[Event]) -> DomainResult<Arc<Application>> {
        shared_application_in_scope(workspace, &self.application_id, &self.claims)
    }
}

/// A change to an application's tags, its names and colours checked.
#[derive(Clone, Debug)]
pub enum TagsChange {
    /// Form A: remove (case-insensitively), then add the names not present
    /// yet, in `color` or the default colour.
    Merge { add: Vec<String>, remove: Vec<String>, color: Option<String> },
    /// Form B: the full list, and tags to register on the job; each list
    /// names a tag once.
    Replace { tags: Vec<Tag>, add_to_job_tags: Vec<Tag> },
}

pub struct UpdateTags {
    pub claims: Claims,
    pub application_id: String,
    pub change: TagsChange,
}

impl Command for UpdateTags {
    type Output = Arc<Application>;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let (application, job) = application_in_scope(workspace, &self.application_id, &self.claims)?;
        let (tags, job_tags) = match &self.change {
            TagsChange::Merge { add, remove, color } => (merge_tags(&application.tags, add, remove, color), Vec::new()),
            TagsChange::Replace { tags, add_to_job_tags } => (tags.clone(), add_to_job_tags.clone()),
        };
        if tags.len() > TAGS_PER_APPLICATION_MAX {
            return invalid(format!("an application has at most {TAGS_PER_APPLICATION_MAX} tags"));
        }
        let new_job_tags =
            job_tags.iter().filter(|tag| !job.tags.iter().any(|known| known.same_name(&tag.name))).count();
        if job.tags.len() + new_job_tags > JOB_TAGS_MAX {
            return invalid(format!("a job has at most {JOB_TAGS_MAX} tags"));
        }
        if tags == application.tags && job_tags.is_empty() {
            return Ok(Vec::new());
        }
        Ok(vec![Event::TagsReplaced { application_id: application.id.clone(), tags, job_tags, at: context.now }])
    }

    fn respond(&self, workspace: &Workspace, _events: &[Event]) -> DomainResult<Arc<Application>> {
        shared_application_in_scope(workspace, &self.application_id, &self.claims)
    }
}

/// The application as the state shares it: the answer to a write needs
/// only to read it, and copying it (its strings, answers, tags and
/// comments) cost as much again as the rest of the write's answer.
fn shared_application_in_scope(
    workspace: &Workspace,
    application_id: &str,
    claims: &Claims,
) -> DomainResult<Arc<Application>> {
    let (application, _) = application_in_scope(workspace, application_id, claims)?;
    Ok(Arc::clone(&workspace.applications[&application.id]))
}

fn merge_tags(current: &[Tag], add: &[String], remove: &[String], color: &Option<String>) -> Vec<Tag> {
    let color = color.clone().unwrap_or_else(|| DEFAULT_TAG_COLOR.to_owned());
    let mut tags: Vec<Tag> =
        current.iter().filter(|tag| !remove.iter().any(|name| names_match(&tag.name, name))).cloned().collect();
    for name in add {
        if !tags.iter().any(|tag| tag.same_name(name)) {
            tags.push(Tag { name: name.clone(), color: color.clone() });
        }
    }
    tags
}

pub struct AddComment {
    pub claims: Claims,
    pub application_id: String,
    /// The comment, checked: not blank, bounded, no control characters but line breaks and tabs.
    pub text: String,
}

impl Command for AddComment {
    type Output = Comment;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let (application, job) = application_in_scope(workspace, &self.application_id, &self.claims)?;
        if application.comments.len() >= COMMENTS_PER_APPLICATION_MAX {
            return invalid(format!("an application has at most {COMMENTS_PER_APPLICATION_MAX} comments"));
        }
        let comment = Comment {
            id: CommentId::generate(context.rng),
            text: self.text.clone(),
            source: CommentSource::AssistantPlugin,
            author: workspace.owner.clone(),
            created_at: context.now,
        };
        let notifications = job
            .definition
            .collaborators
            .iter()
            .map(|recipient| Notification {
                id: NotificationId::generate(context.rng),
                recipient: recipient.clone(),
                kind: NotificationKind::CommentCreated {
                    job_id: job.id.clone(),
                    application_id: application.id.clone(),
                    comment_id: comment.id.clone(),
                    candidate_name: application.candidate_name.clone(),
                    excerpt: excerpt(&comment.text),
                },
                created_at: context.now,
            })
            .collect();
        Ok(vec![Event::CommentAdded { application_id: application.id.clone(), comment, notifications }])
    }

    fn respond(&self, _workspace: &Workspace, events: &[Event]) -> DomainResult<Comment> {
        match events {
            [Event::CommentAdded { comment, .. }] => Ok(comment.clone()),
            _ => unreachable!("AddComment decides exactly one CommentAdded"),
        }
    }
}

pub struct RerunAts {
    pub claims: Claims,
    pub application_id: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RerunOutcome {
    Queued {
        fit_scores_remaining: u32,
    },
    /// The stored result was made by an older engine: the rerun upgrades it
    /// and is charged nothing.
    QueuedUpgrade {
        fit_scores_remaining: u32,
    },
    /// The envelope was empty: nothing was charged and nothing runs.
    SkippedEnvelopeEmpty,
}

impl Command for RerunAts {
    type Output = RerunOutcome;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let (application, job) = application_in_scope(workspace, &self.application_id, &self.claims)?;
        if job.definition.tier != Tier::Paid {
            return Err(DomainError::TierRequired(format!(
                "job {} is on the free tier; ATS scoring needs a paid job",
                job.id
            )));
        }
        if application.resume.is_none() {
            return invalid(format!("the resume of application {} is not parsed yet", application.id));
        }
        if !job.has_description() {
            return invalid(format!("job {} has no description to score against", job.id));
        }
        if application.pipeline.state.is_in_flight() {
            return invalid(format!(
                "a pipeline is already {} for application {}; poll GET /api/v1/applications/{}/ats",
                application.pipeline.state.as_str(),
                application.id,
                application.id
            ));
        }
        let application_id = application.id.clone();
        if made_by_an_older_engine(application.resume.as_ref(), application.ats.as_ref()) {
            return Ok(vec![Event::AtsUpgradeQueued { application_id, at: context.now }]);
        }
        if job.fit_scores_remaining == 0 {
            return Ok(Vec::new());
        }
        Ok(vec![Event::AtsRerunQueued { application_id, at: context.now }])
    }

    fn respond(&self, workspace: &Workspace, events: &[Event]) -> DomainResult<RerunOutcome> {
        let (_, job) = application_in_scope(workspace, &self.application_id, &self.claims)?;
        let fit_scores_remaining = job.fit_scores_remaining;
        match events {
            [] => Ok(RerunOutcome::SkippedEnvelopeEmpty),
            [Event::AtsUpgradeQueued { .. }] => Ok(RerunOutcome::QueuedUpgrade { fit_scores_remaining }),
            _ => Ok(RerunOutcome::Queued { fit_scores_remaining }),
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    use super::*;
    use crate::domain::encoded::{Encoded, ScoredBreakdown};
    use crate::domain::stored_result::{BREAKDOWN_CURRENT_MARKER, RESUME_CURRENT_MARKER, RESUME_VERSION_2_MARKER};
    use crate::domain::synthetic::synthetic_workspace;
    use crate::domain::time::Timestamp;

    /// A rerun of the first application of a workspace whose every result
    /// starts with the given markers, and whose job's envelope is empty.
    fn rerun(resume_marker: u8, breakdown_marker: u8) -> (DomainResult<RerunOutcome>, Vec<Event>, Workspace) {
        let result = (
            Encoded::new(vec![resume_marker, 0]),
            ScoredBreakdown { overall_score: 70, breakdown: Encoded::new(vec![breakdown_marker, 70]) },
        );
        let (mut workspace, job_id) = synthetic_workspace("upgrade", 2, 7, &[result]);
        assert_eq!(workspace.jobs[&job_id].fit_scores_remaining, 0);
        let application_id = workspace.applications.keys().next().expect("an application").to_string();
        let command = RerunAts { claims: Claims::default(), application_id };
        let mut rng = StdRng::seed_from_u64(1);
        let mut context = DecideContext { now: Timestamp::from_unix_milliseconds(1_800_000_000_000), rng: &mut rng };
        let events = command.decide(&workspace, &mut context).expect("a rerun is allowed");
        for event in &events {
            workspace.apply(event);
        }
        (command.respond(&workspace, &events), events, workspace)
    }

    #[test]
    fn a_rerun_of_a_result_an_older_engine_made_is_queued_free_even_with_an_empty_envelope() {
        let (outcome, events, workspace) = rerun(RESUME_VERSION_2_MARKER, BREAKDOWN_CURRENT_MARKER);
        assert_eq!(outcome, Ok(RerunOutcome::QueuedUpgrade { fit_scores_remaining: 0 }));
        assert!(matches!(events[..], [Event::AtsUpgradeQueued { .. }]));
        let application = workspace.applications.values().find(|application| application.pipeline.run == 2);
        assert!(application.is_some_and(|application| application.pipeline.state.is_in_flight()));

        let (outcome, _, _) = rerun(RESUME_CURRENT_MARKER, 70);
        assert!(matches!(outcome, Ok(RerunOutcome::QueuedUpgrade { .. })), "a version 2 breakdown is old too");
    }

    #[test]
    fn a_rerun_of_a_current_result_is_charged_and_skipped_when_the_envelope_is_empty() {
        let (outcome, events, _) = rerun(RESUME_CURRENT_MARKER, BREAKDOWN_CURRENT_MARKER);
        assert_eq!(outcome, Ok(RerunOutcome::SkippedEnvelopeEmpty));
        assert!(events.is_empty());
    }
}
