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
use super::ids::{KeyId, UserId, WorkspaceId};
use super::job::Job;
use super::job_applications::{IndexedApplication, JobApplications};
use super::member::Member;
use super::notification::Notification;
use super::team::Team;
use super::time::Timestamp;
use super::workspace::Workspace;

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

impl From<WorkspaceImageVersion1> for WorkspaceImage {
    fn from(image: WorkspaceImageVersion1) -> WorkspaceImage {
        WorkspaceImage {
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
}

impl Workspace {
    /// Copies the state out: the bounded copy a snapshot holds the state
    /// for. Applications are shared, not copied (one reference count each);
    /// and so are notifications; jobs, teams, members and keys are cloned.
    pub fn to_image(&self) -> WorkspaceImage {
        let mut applications = Vec::with_capacity(self.applications.len());
        for job_id in &self.job_order {
            let Some(job_applications) = self.job_applications.get(job_id) else { continue };
            for ordinal in 0..job_applications.next_ordinal() {
                applications.push(self.applications[job_applications.id_at(ordinal)].clone());
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
        let mut members_by_job: HashMap<_, Vec<_>> =
            image.jobs.iter().map(|job| (job.id.clone(), Vec::new())).collect();
        let mut applications = HashMap::with_capacity(image.applications.len());
        for mut application in image.applications {
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
                score: application.ats_score(),
                name_key: application.name_key().into_boxed_str(),
            });
            applications.insert(application.id.clone(), application);
        }
        let job_applications: HashMap<_, _> = members_by_job
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
