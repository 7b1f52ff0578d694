//! The state of one workspace and the only code that changes it: `apply`,
//! which folds one event into the state. `apply` never fails and never reads a
//! clock or a random source, so the same events always give the same state;
//! that is what makes the log replayable. Rules live in `commands`, which
//! decide events; this file only keeps the state and its indexes consistent.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;

use super::api_key::ApiKey;
use super::application::{Application, ApplicationStatus, Pipeline, PipelineState};
use super::application_index::Standing;
use super::event::{Event, PipelineOutcome, SubmittedApplication};
use super::id_map::IdMap;
use super::idempotency::IdempotencyRecords;
use super::ids::{ApplicationId, JobId, KeyId, TeamId, UserId, WorkspaceId};
use super::job::{Job, Tier};
use super::job_applications::JobApplications;
use super::limits::NOTIFICATIONS_PER_USER_MAX;
use super::member::Member;
use super::notification::Notification;
use super::tag::Tag;
use super::team::Team;
use super::time::Timestamp;

pub const REASON_NO_RESUME: &str = "no resume was submitted";
pub const REASON_FREE_TIER: &str = "parsed only: jobs on the free tier are never scored";
pub const REASON_ENVELOPE_EMPTY: &str =
    "parsed only: the job's fit-score envelope was empty when the application arrived";

#[derive(Clone, Debug)]
pub struct Workspace {
    pub id: WorkspaceId,
    pub name: String,
    pub owner: UserId,
    pub created_at: Timestamp,
    pub members: BTreeMap<UserId, Member>,
    pub teams: BTreeMap<TeamId, Team>,
    pub jobs: IdMap<JobId, Job>,
    /// Job IDs in creation order; listings walk it backwards for newest first.
    pub job_order: Vec<JobId>,
    /// Shared with snapshot images and copies of the state: copying the
    /// state is one reference count per application, and a write copies only
    /// the application it changes (`Arc::make_mut`), when it is shared.
    pub applications: IdMap<ApplicationId, Arc<Application>>,
    pub job_applications: IdMap<JobId, JobApplications>,
    pub keys: BTreeMap<KeyId, ApiKey>,
    /// When each key was last used, as recorded (coalesced: the key registry
    /// holds the live value, which may be up to a minute newer).
    pub key_last_used: BTreeMap<KeyId, Timestamp>,
    /// Newest first, at most `NOTIFICATIONS_PER_USER_MAX` a user.
    /// Shared with snapshot images, as applications are.
    pub notifications: HashMap<UserId, VecDeque<Arc<Notification>>>,
    pub events_applied: u64,
    /// The workspace's change sequence: the last one given to a change of
    /// an application or a job (see `next_change`).
    pub change_sequence: u64,
    /// Each job's change sequence: the last change to anything its views show
    /// (definition, envelope, tags, application count).
    pub job_changes: IdMap<JobId, u64>,
    /// The answers of writes sent with an idempotency key, for their retries.
    pub idempotency: IdempotencyRecords,
}

/// Bits of a change sequence below the millisecond: a sequence is the
/// event's time in milliseconds shifted left by this, or one more than the
/// sequence before it when that is larger.
pub const CHANGE_SEQUENCE_TIME_SHIFT: u32 = 10;

/// The largest change sequence a change at or before `at` can have unless
/// more than 1,024 changes share a millisecond or the clock went back: every
/// change later than `at` has a sequence above it.
pub fn change_sequence_at_most(at: Timestamp) -> u64 {
    ((at.unix_milliseconds().max(0) as u64 + 1) << CHANGE_SEQUENCE_TIME_SHIFT) - 1
}

/// What one event changed: an application, a job's own view, or both.
type ChangeTargets = (Option<ApplicationId>, Option<JobId>);

impl Workspace {
    /// The state right after `Event::WorkspaceCreated`; `None` for any other event.
    pub fn from_created(event: &Event) -> Option<Workspace> {
        let Event::WorkspaceCreated { workspace_id, name, owner, at } = event else {
            return None;
        };
        Some(Workspace {
            id: workspace_id.clone(),
            name: name.clone(),
            owner: owner.user_id.clone(),
            created_at: *at,
            members: BTreeMap::from([(owner.user_id.clone(), owner.clone())]),
            teams: BTreeMap::new(),
            jobs: IdMap::default(),
            job_order: Vec::new(),
            applications: IdMap::default(),
            job_applications: IdMap::default(),
            keys: BTreeMap::new(),
            key_last_used: BTreeMap::new(),
            notifications: HashMap::new(),
            events_applied: 1,
            change_sequence: 0,
            job_changes: IdMap::default(),
            idempotency: IdempotencyRecords::default(),
        })
    }

    /// Whether job `job_id` already has an application from `email` (compared
    /// as `job_applications::email_key` does).
    pub fn job_has_application_from(&self, job_id: &JobId, email: &str) -> bool {
        let Some(job_applications) = self.job_applications.get(job_id) else { return false };
        job_applications.has_email(email, || {
            (0..job_applications.next_ordinal())
                .map(|ordinal| self.applications[job_applications.id_at(ordinal)].email.as_str())
                .collect()
        })
    }

    pub fn owner_member(&self) -> &Member {
        // Invariant: the owner is recorded as a member at creation and never removed.
        &self.members[&self.owner]
    }

    /// The sequence of a change made at `at`: above every sequence given
    /// before, and at least `at` in milliseconds shifted left by
    /// `CHANGE_SEQUENCE_TIME_SHIFT`, so that a time maps to a sequence
    /// (`change_sequence_at_most`) without a table. Computed from the events
    /// alone, so a replay gives every change the sequence it had.
    fn next_change(&mut self, at: Timestamp) -> u64 {
        let from_time = (at.unix_milliseconds().max(0) as u64) << CHANGE_SEQUENCE_TIME_SHIFT;
        self.change_sequence = (self.change_sequence + 1).max(from_time);
        self.change_sequence
    }

    /// The latest change sequence of any job: the version of the job list.
    pub fn jobs_latest_change(&self) -> u64 {
        self.job_changes.values().copied().max().unwrap_or(0)
    }

    /// The change sequence of `application`.
    pub fn application_change(&self, application: &Application) -> u64 {
        self.job_applications.get(&application.job_id).map_or(0, |job| job.change_of(application.ordinal))
    }

    /// The change sequences of `applications`, in order, as
    /// [`Self::application_change`] gives them. A job's index is looked up
    /// once per run of its applications (a page of one job's applications
    /// is one run): comparing the next one's job ID is cheaper than hashing it.
    pub fn application_changes<'a>(
        &'a self,
        applications: impl Iterator<Item = &'a Application> + 'a,
    ) -> impl Iterator<Item = u64> + 'a {
        let mut current: Option<(&JobId, Option<&JobApplications>)> = None;
        applications.map(move |application| {
            let job = match current {
                Some((job_id, job)) if *job_id == application.job_id => job,
                _ => {
                    let job = self.job_applications.get(&application.job_id);
                    current = Some((&application.job_id, job));
                    job
                }
            };
            job.map_or(0, |job| job.change_of(application.ordinal))
        })
    }

    pub fn apply(&mut self, event: &Event) {
        if let Event::Idempotent(write) = event {
            for effect in &write.effects {
                self.apply(effect);
            }
            self.idempotency.remember(write.record.clone());
            return;
        }
        let targets = self.change_targets(event);
        let standing_before =
            targets.as_ref().and_then(|(application_id, _)| self.standing_of(application_id.as_ref()));
        self.apply_change(event);
        if let Some(targets) = targets {
            self.record_change(targets, standing_before, event.occurred_at());
        }
    }

    /// What `event` will change, looked at before it applies; `None` for
    /// events that change no application and no job's view (and for a
    /// pipeline result that is stale, which changes nothing).
    fn change_targets(&self, event: &Event) -> Option<ChangeTargets> {
        let job_of = |application_id: &ApplicationId| {
            self.applications.get(application_id).map(|application| application.job_id.clone())
        };
        Some(match event {
            Event::JobCreated { job_id, .. } | Event::JobUpdated { job_id, .. } => (None, Some(job_id.clone())),
            // `apply_submitted` gives the new application its sequence as
            // it indexes it, at the end of the change order.
            Event::ApplicationSubmitted(_) => return None,
            Event::TagsReplaced { application_id, job_tags, .. } => {
                let job = if job_tags.is_empty() { None } else { job_of(application_id) };
                (Some(application_id.clone()), job)
            }
            Event::AtsRerunQueued { application_id, .. } => (Some(application_id.clone()), job_of(application_id)),
            Event::StageChanged { application_id, .. }
            | Event::CommentAdded { application_id, .. }
            | Event::StatusChanged { application_id, .. }
            | Event::AtsUpgradeQueued { application_id, .. } => (Some(application_id.clone()), None),
            Event::PipelineCompleted { application_id, run, outcome, .. } => {
                let application = self.applications.get(application_id)?;
                if application.pipeline.run != *run || !application.pipeline.state.is_in_flight() {
                    return None;
                }
                // A failure of a charged run gives the job its fit score back.
                let refunds = matches!(outcome, PipelineOutcome::Failed { .. }) && application.pipeline.scores;
                (Some(application_id.clone()), refunds.then(|| application.job_id.clone()))
            }
            _ => return None,
        })
    }

    /// The score and months that place `application_id` in the score
    /// orders; `None` when there is no such application.
    fn standing_of(&self, application_id: Option<&ApplicationId>) -> Option<Option<Standing>> {
        application_id.and_then(|id| self.applications.get(id)).map(|application| application.standing())
    }

    /// Gives what an event changed its new change sequence, if it exists,
    /// and tells the job's indexes whether the application's place in the
    /// score orders moved with it (`standing_before` differs from now).
    fn record_change(
        &mut self,
        (application_id, job_id): ChangeTargets,
        standing_before: Option<Option<Standing>>,
        at: Timestamp,
    ) {
        let application = application_id.and_then(|id| self.applications.get(&id)).cloned();
        let job_id = job_id.filter(|id| self.jobs.contains_key(id));
        if application.is_none() && job_id.is_none() {
            return;
        }
        let sequence = self.next_change(at);
        if let Some(application) = application {
            if let Some(job_applications) = self.job_applications.get_mut(&application.job_id) {
                let standing_moved = standing_before.is_some_and(|before| before != application.standing());
                job_applications.changed(application.ordinal, &application.stage_id, sequence, standing_moved);
            }
        }
        if let Some(job_id) = job_id {
            self.job_changes.insert(job_id, sequence);
        }
    }

    fn apply_change(&mut self, event: &Event) {
        self.events_applied += 1;
        match event {
            Event::WorkspaceCreated { name, .. } => self.name.clone_from(name),
            Event::MemberAdded { member } => {
                self.members.insert(member.user_id.clone(), member.clone());
            }
            Event::TeamCreated { team } => {
                self.teams.insert(team.id.clone(), team.clone());
            }
            Event::JobCreated { job_id, team_id, definition, fit_scores, at } => {
                let job = Job {
                    id: job_id.clone(),
                    team_id: team_id.clone(),
                    definition: definition.clone(),
                    fit_scores_remaining: *fit_scores,
                    fit_scores_used: 0,
                    tags: Vec::new(),
                    application_count: 0,
                    created_at: *at,
                    updated_at: *at,
                };
                self.jobs.insert(job_id.clone(), job);
                self.job_order.push(job_id.clone());
                self.job_applications.insert(job_id.clone(), JobApplications::default());
            }
            Event::JobUpdated { job_id, team_id, definition, fit_scores_remaining, at } => {
                if let Some(job) = self.jobs.get_mut(job_id) {
                    job.team_id = team_id.clone();
                    job.definition = definition.clone();
                    job.fit_scores_remaining = *fit_scores_remaining;
                    job.updated_at = *at;
                }
            }
            Event::ApplicationSubmitted(submitted) => self.apply_submitted(submitted),
            Event::StageChanged { application_id, stage_id, at } => {
                let Some(application) = self.applications.get_mut(application_id).map(Arc::make_mut) else { return };
                let standing = application.standing();
                let name_key = application.name_key();
                if let Some(job_applications) = self.job_applications.get_mut(&application.job_id) {
                    job_applications.move_stage(
                        application.ordinal,
                        &application.stage_id,
                        stage_id,
                        standing,
                        &name_key,
                    );
                }
                application.stage_id = stage_id.clone();
                application.updated_at = *at;
            }
            Event::TagsReplaced { application_id, tags, job_tags, at } => {
                let Some(application) = self.applications.get_mut(application_id).map(Arc::make_mut) else { return };
                application.tags.clone_from(tags);
                application.updated_at = *at;
                if let Some(job) = self.jobs.get_mut(&application.job_id) {
                    upsert_tags(&mut job.tags, job_tags);
                }
            }
            Event::CommentAdded { application_id, comment, notifications } => {
                let Some(application) = self.applications.get_mut(application_id).map(Arc::make_mut) else { return };
                application.comments.push(Arc::new(comment.clone()));
                application.updated_at = comment.created_at;
                for notification in notifications {
                    self.push_notification(notification.clone());
                }
            }
            Event::StatusChanged { application_id, status, at } => {
                let Some(application) = self.applications.get_mut(application_id).map(Arc::make_mut) else { return };
                application.status = *status;
                application.updated_at = *at;
            }
            Event::AtsRerunQueued { application_id, at } => self.apply_rerun_queued(application_id, *at, true),
            Event::AtsUpgradeQueued { application_id, at } => self.apply_rerun_queued(application_id, *at, false),
            Event::PipelineCompleted { application_id, run, outcome, at } => {
                self.apply_pipeline_completed(application_id, *run, outcome, *at);
            }
            Event::KeyCreated { key } => {
                self.keys.insert(key.id.clone(), key.clone());
            }
            Event::KeyRevoked { key_id, at } => {
                if let Some(key) = self.keys.get_mut(key_id) {
                    key.revoked_at.get_or_insert(*at);
                }
            }
            Event::KeysUsed { uses, .. } => {
                for (key_id, used_at) in uses {
                    if self.keys.contains_key(key_id) {
                        let recorded = self.key_last_used.entry(key_id.clone()).or_insert(*used_at);
                        *recorded = (*recorded).max(*used_at);
                    }
                }
            }
            // `apply` unwraps it into its effects and its record.
            Event::Idempotent(_) => {}
        }
    }

    fn apply_submitted(&mut self, submitted: &SubmittedApplication) {
        if !self.jobs.contains_key(&submitted.job_id) {
            return;
        }
        let change = self.next_change(submitted.at);
        self.job_changes.insert(submitted.job_id.clone(), change);
        let Some(job) = self.jobs.get_mut(&submitted.job_id) else { return };
        job.application_count += 1;
        if submitted.fit_score_charged {
            charge_fit_score(job);
        }
        let (state, reason) = match (&submitted.resume_source, submitted.fit_score_charged, job.definition.tier) {
            (None, _, _) => (PipelineState::Skipped, Some(REASON_NO_RESUME)),
            (Some(_), true, _) => (PipelineState::Queued, None),
            (Some(_), false, Tier::Free) => (PipelineState::Queued, Some(REASON_FREE_TIER)),
            (Some(_), false, Tier::Paid) => (PipelineState::Queued, Some(REASON_ENVELOPE_EMPTY)),
        };
        let mut application = Application {
            id: submitted.application_id.clone(),
            job_id: submitted.job_id.clone(),
            ordinal: 0,
            stage_id: submitted.stage_id.clone(),
            status: ApplicationStatus::Active,
            candidate_name: submitted.candidate_name.clone(),
            email: submitted.email.clone(),
            phone: submitted.phone.clone(),
            answers: submitted.answers.clone(),
            resume_source: submitted.resume_source.clone(),
            tags: Vec::new(),
            comments: Vec::new(),
            resume: None,
            ats: None,
            pipeline: Pipeline {
                state,
                reason: reason.map(str::to_owned),
                run: 1,
                scores: submitted.fit_score_charged,
                updated_at: submitted.at,
            },
            created_at: submitted.at,
            updated_at: submitted.at,
        };
        let job_applications = self.job_applications.entry(submitted.job_id.clone()).or_default();
        application.ordinal =
            job_applications.add(application.id.clone(), &application.stage_id, None, &application.name_key(), change);
        job_applications.note_email(&application.email);
        self.applications.insert(application.id.clone(), Arc::new(application));
    }

    fn apply_rerun_queued(&mut self, application_id: &ApplicationId, at: Timestamp, charged: bool) {
        let Some(application) = self.applications.get_mut(application_id).map(Arc::make_mut) else { return };
        if let Some(job) = self.jobs.get_mut(&application.job_id).filter(|_| charged) {
            charge_fit_score(job);
        }
        application.pipeline = Pipeline {
            state: PipelineState::Queued,
            reason: None,
            run: application.pipeline.run + 1,
            scores: true,
            updated_at: at,
        };
        application.updated_at = at;
    }

    fn apply_pipeline_completed(
        &mut self,
        application_id: &ApplicationId,
        run: u32,
        outcome: &PipelineOutcome,
        at: Timestamp,
    ) {
        // A stale result changes nothing, so it must not copy a shared application either.
        let current = self
            .applications
            .get(application_id)
            .is_some_and(|application| application.pipeline.run == run && application.pipeline.state.is_in_flight());
        if !current {
            return;
        }
        let Some(application) = self.applications.get_mut(application_id).map(Arc::make_mut) else { return };
        application.pipeline.updated_at = at;
        application.updated_at = at;
        match outcome {
            PipelineOutcome::Completed { resume, breakdown } => {
                application.resume = Some(resume.clone());
                if let Some(breakdown) = breakdown {
                    let previous = application.standing();
                    application.ats = Some(breakdown.clone());
                    application.pipeline.state = PipelineState::Done;
                    application.pipeline.reason = None;
                    if let Some(job_applications) = self.job_applications.get_mut(&application.job_id) {
                        job_applications.rescore(
                            application.ordinal,
                            &application.stage_id,
                            previous,
                            application.standing(),
                        );
                    }
                } else {
                    application.pipeline.state = PipelineState::Skipped;
                }
            }
            PipelineOutcome::Failed { code, message } => {
                application.pipeline.state = PipelineState::Failed;
                application.pipeline.reason = Some(format!("{code}: {message}"));
                // Nothing was delivered, so a charged fit score goes back to the envelope.
                if application.pipeline.scores {
                    if let Some(job) = self.jobs.get_mut(&application.job_id) {
                        job.fit_scores_remaining += 1;
                        job.fit_scores_used = job.fit_scores_used.saturating_sub(1);
                    }
                }
            }
        }
    }

    /// Marks a queued pipeline as running when it is handed to the pool. Not
    /// an event: after a crash, queued and running pipelines are both queued
    /// again, so the distinction need not survive a restart.
    pub fn mark_pipeline_running(&mut self, application_id: &ApplicationId, run: u32, at: Timestamp) -> bool {
        let queued = self.applications.get(application_id).is_some_and(|application| {
            application.pipeline.run == run && application.pipeline.state == PipelineState::Queued
        });
        if let Some(application) = self.applications.get_mut(application_id).filter(|_| queued).map(Arc::make_mut) {
            application.pipeline.state = PipelineState::Running;
            application.pipeline.updated_at = at;
            if let Some(job_applications) = self.job_applications.get_mut(&application.job_id) {
                job_applications.note_running();
            }
        }
        queued
    }

    fn push_notification(&mut self, notification: Notification) {
        let inbox = self.notifications.entry(notification.recipient.clone()).or_default();
        inbox.push_front(Arc::new(notification));
        inbox.truncate(NOTIFICATIONS_PER_USER_MAX);
    }

    /// Applications whose pipeline must (still) run, e.g. after recovery.
    pub fn pipelines_in_flight(&self) -> Vec<(ApplicationId, u32)> {
        self.applications
            .values()
            .filter(|application| application.pipeline.state.is_in_flight())
            .map(|application| (application.id.clone(), application.pipeline.run))
            .collect()
    }
}

fn charge_fit_score(job: &mut Job) {
    debug_assert!(job.fit_scores_remaining > 0, "a charge is only decided when the envelope has a fit score");
    job.fit_scores_remaining = job.fit_scores_remaining.saturating_sub(1);
    job.fit_scores_used += 1;
}

/// Registers tags in a job's catalogue; an existing name (any case) takes the new colour.
fn upsert_tags(catalogue: &mut Vec<Tag>, tags: &[Tag]) {
    for tag in tags {
        match catalogue.iter_mut().find(|existing| existing.same_name(&tag.name)) {
            Some(existing) => existing.color.clone_from(&tag.color),
            None => catalogue.push(tag.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::application::Application;
    use crate::domain::ids::JobId;
    use crate::domain::synthetic::workspace_with_applications;

    #[test]
    fn change_sequences_in_a_run_are_each_applications_own_whatever_the_jobs_order() {
        let (workspace, _) = workspace_with_applications(8, 3);
        let known: Vec<Application> =
            workspace.applications.values().map(|application| (**application).clone()).collect();
        let elsewhere: Vec<Application> = known
            .iter()
            .map(|application| Application { job_id: JobId::parse("job_elsewhere").unwrap(), ..application.clone() })
            .collect();
        // Runs of one, two and more applications of a job, and of a job the
        // workspace does not have (0, as for one application alone).
        let order: Vec<&Application> = [
            &known[0],
            &elsewhere[0],
            &known[1],
            &known[2],
            &elsewhere[1],
            &elsewhere[2],
            &known[3],
            &known[4],
            &known[5],
        ]
        .into_iter()
        .collect();
        let one_by_one: Vec<u64> = order.iter().map(|application| workspace.application_change(application)).collect();
        assert!(one_by_one.iter().any(|change| *change > 0) && one_by_one.contains(&0));
        assert_eq!(workspace.application_changes(order.iter().copied()).collect::<Vec<_>>(), one_by_one);
    }
}
