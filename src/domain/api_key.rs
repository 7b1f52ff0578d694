//! API keys as the workspace records them: never the plaintext, only its
//! digest, and the claims that narrow what the key reaches.

use serde::{Deserialize, Serialize};

use super::ids::{JobId, KeyId, TeamId, UserId};
use super::job::Job;
use super::key_hash::KeyHash;
use super::time::Timestamp;

/// What a key reaches. Empty (both lists empty) means the whole workspace.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    pub teams: Vec<TeamId>,
    pub jobs: Vec<JobId>,
}

impl Claims {
    pub fn is_whole_workspace(&self) -> bool {
        self.teams.is_empty() && self.jobs.is_empty()
    }

    /// A job is reachable if it is named, or its team is named; team claims
    /// therefore cover jobs created later in the team.
    pub fn covers(&self, job: &Job) -> bool {
        self.is_whole_workspace() || self.jobs.contains(&job.id) || self.teams.contains(&job.team_id)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ApiKey {
    pub id: KeyId,
    pub name: String,
    pub hash: KeyHash,
    /// The first 12 characters of the plaintext: `svc_live_` and three more.
    pub key_prefix: String,
    pub claims: Claims,
    pub expires_at: Option<Timestamp>,
    /// Overrides the server's default rate limit for this key.
    pub rate_limit_per_minute: Option<u32>,
    pub created_by: UserId,
    pub created_at: Timestamp,
    /// Position in the workspace's keys, in creation order: orders keys
    /// created within the same millisecond.
    pub ordinal: u32,
    pub revoked_at: Option<Timestamp>,
}

impl ApiKey {
    pub fn is_active(&self, now: Timestamp) -> bool {
        self.revoked_at.is_none() && !self.is_expired(now)
    }

    pub fn is_expired(&self, now: Timestamp) -> bool {
        self.expires_at.is_some_and(|expires_at| now >= expires_at)
    }
}
