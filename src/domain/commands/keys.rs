//! Creating and revoking API keys. The key material is made and hashed by
//! `auth` before the command is sent, so the domain only ever sees the digest.

use super::{Command, DecideContext};
use crate::domain::api_key::{ApiKey, Claims};
use crate::domain::error::{invalid, not_found, DomainResult};
use crate::domain::event::Event;
use crate::domain::ids::{JobId, KeyId, TeamId, UserId};
use crate::domain::key_hash::KeyHash;
use crate::domain::limits::*;
use crate::domain::time::Timestamp;
use crate::domain::workspace::Workspace;

/// A new key, its values checked; the claims must name teams and jobs of
/// this workspace, and the expiry must lie ahead of the moment of decision.
pub struct CreateKey {
    pub name: String,
    pub claim_teams: Vec<TeamId>,
    pub claim_jobs: Vec<JobId>,
    pub expires_at: Option<Timestamp>,
    pub rate_limit_per_minute: Option<u32>,
    pub created_by: UserId,
    pub hash: KeyHash,
    pub key_prefix: String,
}

impl Command for CreateKey {
    type Output = ApiKey;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let active = workspace.keys.values().filter(|key| key.is_active(context.now)).count();
        if active >= ACTIVE_KEYS_PER_WORKSPACE_MAX {
            return invalid(format!(
                "a workspace has at most {ACTIVE_KEYS_PER_WORKSPACE_MAX} active keys; revoke one first"
            ));
        }
        let claims = resolve_claims(workspace, &self.claim_teams, &self.claim_jobs)?;
        if let Some(expires_at) = self.expires_at.filter(|expires_at| *expires_at <= context.now) {
            return invalid(format!("a key's expiry must be in the future, and {} is not", expires_at.to_iso8601()));
        }
        if let Some(limit) = self.rate_limit_per_minute.filter(|limit| !(1..=RATE_LIMIT_PER_MINUTE_MAX).contains(limit))
        {
            return invalid(format!(
                "a key's rate limit is 1 to {RATE_LIMIT_PER_MINUTE_MAX} requests a minute, not {limit}"
            ));
        }
        let key = ApiKey {
            id: KeyId::generate(context.rng),
            name: self.name.clone(),
            hash: self.hash,
            key_prefix: self.key_prefix.clone(),
            claims,
            expires_at: self.expires_at,
            rate_limit_per_minute: self.rate_limit_per_minute,
            created_by: self.created_by.clone(),
            created_at: context.now,
            ordinal: u32::try_from(workspace.keys.len()).unwrap_or(u32::MAX),
            revoked_at: None,
        };
        Ok(vec![Event::KeyCreated { key }])
    }

    fn respond(&self, _workspace: &Workspace, events: &[Event]) -> DomainResult<ApiKey> {
        match events {
            [Event::KeyCreated { key }] => Ok(key.clone()),
            _ => unreachable!("CreateKey decides exactly one KeyCreated"),
        }
    }
}

fn resolve_claims(workspace: &Workspace, teams: &[TeamId], jobs: &[JobId]) -> DomainResult<Claims> {
    if teams.len() + jobs.len() > CLAIM_ENTRIES_MAX {
        return invalid(format!("a key's claims name at most {CLAIM_ENTRIES_MAX} teams and jobs together"));
    }
    let mut claims = Claims::default();
    for team in teams {
        if !workspace.teams.contains_key(team) {
            return invalid(format!("the claims name team {team}, which is not a team of this workspace"));
        }
        if !claims.teams.contains(team) {
            claims.teams.push(team.clone());
        }
    }
    for job in jobs {
        if !workspace.jobs.contains_key(job) {
            return invalid(format!("the claims name job {job}, which is not a job of this workspace"));
        }
        if !claims.jobs.contains(job) {
            claims.jobs.push(job.clone());
        }
    }
    Ok(claims)
}

pub struct RevokeKey {
    pub key_id: String,
}

impl Command for RevokeKey {
    type Output = KeyId;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let key = KeyId::parse(&self.key_id).and_then(|id| workspace.keys.get(&id));
        match key {
            Some(key) if key.revoked_at.is_none() => {
                Ok(vec![Event::KeyRevoked { key_id: key.id.clone(), at: context.now }])
            }
            _ => not_found(format!("API key {:?} was not found", self.key_id)),
        }
    }

    fn respond(&self, _workspace: &Workspace, events: &[Event]) -> DomainResult<KeyId> {
        match events {
            [Event::KeyRevoked { key_id, .. }] => Ok(key_id.clone()),
            _ => unreachable!("RevokeKey decides exactly one KeyRevoked"),
        }
    }
}

/// Records when keys were last used, from the key registry's live values
/// (see `Event::KeysUsed`). Uses of unknown keys, and uses no newer than
/// what is recorded, are dropped, so a repeated flush writes nothing.
pub struct RecordKeyUse {
    pub uses: Vec<(KeyId, Timestamp)>,
}

impl Command for RecordKeyUse {
    type Output = ();

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let uses: Vec<(KeyId, Timestamp)> = self
            .uses
            .iter()
            .filter(|(key_id, used_at)| {
                workspace.keys.contains_key(key_id)
                    && workspace.key_last_used.get(key_id).is_none_or(|recorded| used_at > recorded)
            })
            .cloned()
            .collect();
        if uses.is_empty() {
            return Ok(Vec::new());
        }
        Ok(vec![Event::KeysUsed { uses, at: context.now }])
    }

    fn respond(&self, _workspace: &Workspace, _events: &[Event]) -> DomainResult<()> {
        Ok(())
    }
}
