//! The image of a workspace: its state as plain data, in a stable order,
//! without the indexes (they are rebuilt on load). This is what a snapshot
//! stores. It carries no serde attribute that a binary codec cannot round-trip
//! (no `skip_serializing_if`, `flatten`, `tag`, `untagged`): the round-trip
//! test below and the store's codec test hold each other to that.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::api_key::ApiKey;
use super::application::{Application, PipelineState};
use super::id_map::{id_map_with_capacity, IdMap};
use super::idempotency::{IdempotencyRecord, IdempotencyRecords};
use super::ids::{JobId, KeyId, UserId, WorkspaceId};
use super::job::Job;
use super::job_applications::{IndexedApplication, JobApplications};
use super::member::Member;
use super::notification::Notification;
use super::team::Team;
use super::time::Timestamp;
use super::workspace::{Workspace, CHANGE_SEQUENCE_TIME_SHIFT};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorkspaceImage {
    pub id: WorkspaceId,
    pub name: String,
    pub owner: UserId,
    pub created_at: Timestamp,
    pub members: Vec<Member>,
    pub teams: Vec<Team>,
    /// In creation order.
    pub jobs: Vec<Job>,
    /// Grouped by job in creation order, each group in ordinal order.
    pub applications: Vec<Arc<Application>>,
    pub keys: Vec<ApiKey>,
    /// Each user's inbox, newest first.
    pub notifications: Vec<(UserId, Vec<Arc<Notification>>)>,
    pub events_applied: u64,
    /// When each key was last used, by key ID. New in snapshot format 2.
    pub key_last_used: Vec<(KeyId, Timestamp)>,
    /// The change sequences. New in snapshot format 3.
    pub changes: ChangeImage,
    /// The idempotency records, oldest first. New in snapshot format 3.
    pub idempotency: Vec<IdempotencyRecord>,
}

/// The change sequences of a workspace (see `Workspace::change_sequence`),
/// beside the records they belong to rather than inside them, so that the
/// application and job records keep the encoding older formats wrote.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ChangeImage {
    pub change_sequence: u64,
    /// One per application, in the order of `WorkspaceImage::applications`.
    pub applications: Vec<u64>,
    /// One per job, in the order of `WorkspaceImage::jobs`.
    pub jobs: Vec<u64>,
}

/// The image as snapshot format 2 wrote it: format 3 added `changes` and
/// `idempotency`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorkspaceImageVersion2 {
    pub id: WorkspaceId,
    pub name: String,
    pub owner: UserId,
    pub created_at: Timestamp,
    pub members: Vec<Member>,
    pub teams: Vec<Team>,
    pub jobs: Vec<Job>,
    pub applications: Vec<Arc<Application>>,
    pub keys: Vec<ApiKey>,
    pub notifications: Vec<(UserId, Vec<Arc<Notification>>)>,
    pub events_applied: u64,
    pub key_last_used: Vec<(KeyId, Timestamp)>,
}

impl From<WorkspaceImageVersion2> for WorkspaceImage {
    /// Images from before change sequences get them from their times: each
    /// application's from its `updatedAt`, each job's from the latest of its
    /// `updatedAt` and its applications' arrivals. Every later change gets a
    /// larger one.
    fn from(image: WorkspaceImageVersion2) -> WorkspaceImage {
        let from_time = |at: Timestamp| (at.unix_milliseconds().max(0) as u64) << CHANGE_SEQUENCE_TIME_SHIFT;
        let mut latest_arrival: HashMap<&JobId, Timestamp> = HashMap::new();
        for application in &image.applications {
            let latest = latest_arrival.entry(&application.job_id).or_insert(application.created_at);
            *latest = (*latest).max(application.created_at);
        }
        let applications: Vec<u64> =
            image.applications.iter().map(|application| from_time(application.updated_at)).collect();
        let jobs: Vec<u64> = image
            .jobs
            .iter()
            .map(|job| {
                from_time(latest_arrival.get(&job.id).map_or(job.updated_at, |&arrival| arrival.max(job.updated_at)))
            })
            .collect();
        let change_sequence = applications.iter().chain(&jobs).copied().max().unwrap_or(0);
        WorkspaceImage {
            changes: ChangeImage { change_sequence, applications, jobs },
            idempotency: Vec::new(),
            id: image.id,
            name: image.name,
            owner: image.owner,
            created_at: image.created_at,
            members: image.members,
            teams: image.teams,
            jobs: image.jobs,
            applications: image.applications,
            keys: image.keys,
            notifications: image.notifications,
            events_applied: image.events_applied,
            key_last_used: image.key_last_used,
        }
    }
}

/// The image as snapshot format 1 wrote it: format 2 added
/// `key_last_used`. Kept so that a version 1 snapshot still loads (as an
/// image whose keys have no recorded use); the fixture test holds this type
/// to the bytes version 1 wrote.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorkspaceImageVersion1 {
    pub id: WorkspaceId,
    pub name: String,
    pub owner: UserId,
    pub created_at: Timestamp,
    pub members: Vec<Member>,
    pub teams: Vec<Team>,
    pub jobs: Vec<Job>,
    pub applications: Vec<Arc<Application>>,
    pub keys: Vec<ApiKey>,
    pub notifications: Vec<(UserId, Vec<Arc<Notification>>)>,
    pub events_applied: u64,
}

impl From<WorkspaceImageVersion1> for WorkspaceImageVersion2 {
    fn from(image: WorkspaceImageVersion1) -> WorkspaceImageVersion2 {
        WorkspaceImageVersion2 {
            id: image.id,
            name: image.name,
            owner: image.owner,
            created_at: image.created_at,
            members: image.members,
            teams: image.teams,
            jobs: image.jobs,
            applications: image.applications,
            keys: image.keys,
            notifications: image.notifications,
            events_applied: image.events_applied,
            key_last_used: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    #[error("application {application} belongs to job {job}, which the image does not hold")]
    UnknownJob { application: String, job: String },
    #[error("application {application} has ordinal {found}; its job expects {expected} next")]
    OrdinalOutOfOrder { application: String, expected: u32, found: u32 },
    #[error("the image has {found} change sequences for {expected} {records}")]
    ChangeCount { records: &'static str, expected: usize, found: usize },
    #[error("a change sequence ({found}) is above the workspace's ({latest})")]
    ChangeAhead { found: u64, latest: u64 },
}

impl Workspace {
    /// Copies the state out: the bounded copy a snapshot holds the state
    /// for. Applications are shared, not copied (one reference count each);
    /// and so are notifications; jobs, teams, members and keys are cloned.
    pub fn to_image(&self) -> WorkspaceImage {
        let mut applications = Vec::with_capacity(self.applications.len());
        let mut application_changes = Vec::with_capacity(self.applications.len());
        for job_id in &self.job_order {
            let Some(job_applications) = self.job_applications.get(job_id) else { continue };
            for ordinal in 0..job_applications.next_ordinal() {
                applications.push(self.applications[job_applications.id_at(ordinal)].clone());
                application_changes.push(job_applications.change_of(ordinal));
            }
        }
        let mut notifications: Vec<(UserId, Vec<Arc<Notification>>)> =
            self.notifications.iter().map(|(user, inbox)| (user.clone(), inbox.iter().cloned().collect())).collect();
        notifications.sort_by(|left, right| left.0.cmp(&right.0));
        WorkspaceImage {
            id: self.id.clone(),
            name: self.name.clone(),
            owner: self.owner.clone(),
            created_at: self.created_at,
            members: self.members.values().cloned().collect(),
            teams: self.teams.values().cloned().collect(),
            jobs: self.job_order.iter().map(|id| self.jobs[id].clone()).collect(),
            applications,
            keys: self.keys.values().cloned().collect(),
            notifications,
            events_applied: self.events_applied,
            key_last_used: self.key_last_used.iter().map(|(key_id, at)| (key_id.clone(), *at)).collect(),
            changes: ChangeImage {
                change_sequence: self.change_sequence,
                applications: application_changes,
                jobs: self.job_order.iter().map(|id| self.job_changes.get(id).copied().unwrap_or(0)).collect(),
            },
            idempotency: self.idempotency.oldest_first().cloned().collect(),
        }
    }

    /// Rebuilds the state and its indexes (each job's in bulk, see
    /// `JobApplications::from_ordered`). Checks what the indexes rely on:
    /// every application's job is present and ordinals run 0, 1, 2… per job.
    ///
    /// A pipeline the image shows running was interrupted (running is not
    /// an event, and a snapshot may be taken mid-run): it comes back queued,
    /// so that the workspace runs it again.
    pub fn from_image(image: WorkspaceImage) -> Result<Workspace, ImageError> {
        let changes = image.changes;
        for (records, expected, found) in [
            ("applications", image.applications.len(), changes.applications.len()),
            ("jobs", image.jobs.len(), changes.jobs.len()),
        ] {
            if expected != found {
                return Err(ImageError::ChangeCount { records, expected, found });
            }
        }
        let latest = changes.change_sequence;
        let mut idempotency = IdempotencyRecords::default();
        for record in image.idempotency {
            idempotency.remember(record);
        }
        if let Some(&found) = changes.applications.iter().chain(&changes.jobs).find(|&&change| change > latest) {
            return Err(ImageError::ChangeAhead { found, latest });
        }
        let mut members_by_job: HashMap<_, Vec<_>> =
            image.jobs.iter().map(|job| (job.id.clone(), Vec::new())).collect();
        let mut applications = id_map_with_capacity(image.applications.len());
        for (mut application, change) in image.applications.into_iter().zip(changes.applications) {
            if application.pipeline.state == PipelineState::Running {
                Arc::make_mut(&mut application).pipeline.state = PipelineState::Queued;
            }
            let Some(members) = members_by_job.get_mut(&application.job_id) else {
                return Err(ImageError::UnknownJob {
                    application: application.id.to_string(),
                    job: application.job_id.to_string(),
                });
            };
            if members.len() != application.ordinal as usize {
                return Err(ImageError::OrdinalOutOfOrder {
                    application: application.id.to_string(),
                    expected: u32::try_from(members.len()).unwrap_or(u32::MAX),
                    found: application.ordinal,
                });
            }
            members.push(IndexedApplication {
                id: application.id.clone(),
                stage_id: application.stage_id.clone(),
                standing: application.standing(),
                name_key: application.name_key().into_boxed_str(),
                change,
            });
            applications.insert(application.id.clone(), application);
        }
        let job_applications: IdMap<_, _> = members_by_job
            .into_iter()
            .map(|(job_id, members)| (job_id, JobApplications::from_ordered(members)))
            .collect();
        Ok(Workspace {
            id: image.id,
            name: image.name,
            owner: image.owner,
            created_at: image.created_at,
            members: image
                .members
                .into_iter()
                .map(|member| (member.user_id.clone(), member))
                .collect::<BTreeMap<_, _>>(),
            teams: image.teams.into_iter().map(|team| (team.id.clone(), team)).collect(),
            job_order: image.jobs.iter().map(|job| job.id.clone()).collect(),
            job_changes: image.jobs.iter().map(|job| job.id.clone()).zip(changes.jobs).collect(),
            jobs: image.jobs.into_iter().map(|job| (job.id.clone(), job)).collect(),
            applications,
            job_applications,
            keys: image.keys.into_iter().map(|key| (key.id.clone(), key)).collect(),
            key_last_used: image.key_last_used.into_iter().collect(),
            notifications: image
                .notifications
                .into_iter()
                .map(|(user, inbox)| (user, inbox.into_iter().collect::<VecDeque<_>>()))
                .collect(),
            events_applied: image.events_applied,
            change_sequence: latest,
            idempotency,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::domain::application::{ApplicationStatus, PipelineState};
    use crate::domain::event::Event;
    use crate::domain::synthetic::fully_populated_workspace;
    use crate::domain::time::Timestamp;
    use crate::domain::workspace::Workspace;

    #[test]
    fn a_pipeline_running_when_the_snapshot_was_taken_is_queued_again_when_it_loads() {
        let (mut workspace, _) = crate::domain::synthetic::workspace_with_applications(3, 7);
        let application_id = workspace.applications.keys().next().expect("an application").clone();
        let run = workspace.applications[&application_id].pipeline.run;
        Arc::make_mut(workspace.applications.get_mut(&application_id).expect("present")).pipeline.state =
            PipelineState::Queued;
        assert!(workspace.mark_pipeline_running(&application_id, run, Timestamp::from_unix_milliseconds(1)));

        let mut loaded = Workspace::from_image(workspace.to_image()).expect("loads");
        assert_eq!(loaded.applications[&application_id].pipeline.state, PipelineState::Queued);
        assert!(loaded.pipelines_in_flight().contains(&(application_id.clone(), run)));
        assert!(loaded.mark_pipeline_running(&application_id, run, Timestamp::from_unix_milliseconds(2)));
        assert_eq!(
            workspace.applications[&application_id].pipeline.state,
            PipelineState::Running,
            "the live state is untouched"
        );
    }

    #[test]
    fn the_snapshot_copy_shares_applications_and_notifications_instead_of_copying_them() {
        let workspace = fully_populated_workspace();
        let image = workspace.to_image();
        assert_eq!(image.applications.len(), workspace.applications.len());
        for copied in &image.applications {
            assert!(Arc::ptr_eq(copied, &workspace.applications[&copied.id]), "{} was copied", copied.id);
        }
        let notifications: usize = image.notifications.iter().map(|(_, inbox)| inbox.len()).sum();
        assert!(notifications > 0, "the workspace has notifications");
        for (user, inbox) in &image.notifications {
            for (copied, original) in inbox.iter().zip(&workspace.notifications[user]) {
                assert!(Arc::ptr_eq(copied, original));
            }
        }
    }

    #[test]
    fn a_write_after_the_copy_changes_only_its_application_and_never_the_copy() {
        let mut workspace = fully_populated_workspace();
        let image = workspace.to_image();
        let changed = image
            .applications
            .iter()
            .find(|application| application.status == ApplicationStatus::Active)
            .expect("an active application")
            .id
            .clone();
        workspace.apply(&Event::StatusChanged {
            application_id: changed.clone(),
            status: ApplicationStatus::Archived,
            at: Timestamp::from_unix_milliseconds(1_900_000_000_000),
        });
        for copied in &image.applications {
            let current = &workspace.applications[&copied.id];
            if copied.id == changed {
                assert_eq!(copied.status, ApplicationStatus::Active, "the copy keeps the state it was taken at");
                assert_eq!(current.status, ApplicationStatus::Archived);
                assert!(!Arc::ptr_eq(copied, current));
            } else {
                assert!(Arc::ptr_eq(copied, current), "{} was copied by a write to another application", copied.id);
            }
        }
    }
}
