//! The image of a workspace: its state as plain data, in a stable order,
//! without the indexes (they are rebuilt on load). This is what a snapshot
//! stores. It carries no serde attribute that a binary codec cannot round-trip
//! (no `skip_serializing_if`, `flatten`, `tag`, `untagged`): the round-trip
//! test below and the store's codec test hold each other to that.

use std::collections::{BTreeMap, HashMap, VecDeque};

use serde::{Deserialize, Serialize};

use super::api_key::ApiKey;
use super::application::Application;
use super::ids::{UserId, WorkspaceId};
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
    pub applications: Vec<Application>,
    pub keys: Vec<ApiKey>,
    /// Each user's inbox, newest first.
    pub notifications: Vec<(UserId, Vec<Notification>)>,
    pub events_applied: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    #[error("application {application} belongs to job {job}, which the image does not hold")]
    UnknownJob { application: String, job: String },
    #[error("application {application} has ordinal {found}; its job expects {expected} next")]
    OrdinalOutOfOrder { application: String, expected: u32, found: u32 },
}

impl Workspace {
    /// Copies the state out. Costs one clone of every record (the heavy
    /// parsed resumes and breakdowns are shared `Arc`s), which is the bounded
    /// copy a snapshot holds the state for.
    pub fn to_image(&self) -> WorkspaceImage {
        let mut applications = Vec::with_capacity(self.applications.len());
        for job_id in &self.job_order {
            let Some(job_applications) = self.job_applications.get(job_id) else { continue };
            for ordinal in 0..job_applications.next_ordinal() {
                applications.push(self.applications[job_applications.id_at(ordinal)].clone());
            }
        }
        let mut notifications: Vec<(UserId, Vec<Notification>)> =
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
        }
    }

    /// Rebuilds the state and its indexes (each job's in bulk, see
    /// `JobApplications::from_ordered`). Checks what the indexes rely on:
    /// every application's job is present and ordinals run 0, 1, 2… per job.
    pub fn from_image(image: WorkspaceImage) -> Result<Workspace, ImageError> {
        let mut members_by_job: HashMap<_, Vec<_>> =
            image.jobs.iter().map(|job| (job.id.clone(), Vec::new())).collect();
        let mut applications = HashMap::with_capacity(image.applications.len());
        for application in image.applications {
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
            notifications: image
                .notifications
                .into_iter()
                .map(|(user, inbox)| (user, inbox.into_iter().collect::<VecDeque<_>>()))
                .collect(),
            events_applied: image.events_applied,
        })
    }
}
