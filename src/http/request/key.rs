//! The body of POST /api/orgs/:orgId/api-keys. The key material is made
//! by `auth` and joined to these values by the handler.

use serde::Deserialize;
use utoipa::ToSchema;

use super::{parsed, required_text};
use crate::domain::commands::{whole_number, CreateKey};
use crate::domain::error::{invalid, DomainResult, InField};
use crate::domain::ids::{JobId, TeamId, UserId};
use crate::domain::key_hash::KeyHash;
use crate::domain::limits::{CLAIM_ENTRIES_MAX, NAME_LENGTH_MAX, RATE_LIMIT_PER_MINUTE_MAX};
use crate::domain::time::Timestamp;

/// What the key reaches: none given (or both empty) is the whole
/// workspace; otherwise the named jobs and every job of the named teams.
#[derive(Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimsBody {
    /// Team IDs (`team_…`) of this workspace.
    teams: Option<Vec<String>>,
    /// Job IDs (`job_…`) of this workspace.
    jobs: Option<Vec<String>>,
}

#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"name": "ATS sync", "claims": {"teams": ["team_4hQ2mZ8kLp3Vx7Rb9Tn1"]}, "expiresAt": "2027-01-31T00:00:00Z", "rateLimitPerMinute": 600}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateKeyBody {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200, example = "ATS sync")]
    name: Option<String>,
    claims: Option<ClaimsBody>,
    /// When the key stops working; in the future.
    #[schema(format = DateTime, example = "2027-01-31T00:00:00Z")]
    expires_at: Option<String>,
    /// This key's own limit instead of the server's default.
    #[schema(minimum = 1, maximum = 10000000)]
    rate_limit_per_minute: Option<i64>,
}

impl CreateKeyBody {
    /// The command that creates the key, with the material `auth` made for it.
    pub fn into_command(self, created_by: UserId, hash: KeyHash, key_prefix: String) -> DomainResult<CreateKey> {
        let claims = self.claims.unwrap_or_default();
        let (teams, jobs) = (claims.teams.unwrap_or_default(), claims.jobs.unwrap_or_default());
        if teams.len() + jobs.len() > CLAIM_ENTRIES_MAX {
            return invalid(format!("`claims` name at most {CLAIM_ENTRIES_MAX} teams and jobs together"));
        }
        let expires_at = self
            .expires_at
            .map(|text| {
                parsed(
                    "expiresAt",
                    &text,
                    Timestamp::parse_iso8601,
                    "an ISO-8601 timestamp such as 2027-01-31T00:00:00Z",
                )
            })
            .transpose()?;
        let rate_limit_per_minute = self
            .rate_limit_per_minute
            .map(|limit| whole_number(limit, 1, RATE_LIMIT_PER_MINUTE_MAX).in_field("rateLimitPerMinute"))
            .transpose()?;
        Ok(CreateKey {
            name: required_text("name", self.name.as_deref(), NAME_LENGTH_MAX)?,
            claim_teams: claimed("teams", "team", &teams, TeamId::parse)?,
            claim_jobs: claimed("jobs", "job", &jobs, JobId::parse)?,
            expires_at,
            rate_limit_per_minute,
            created_by,
            hash,
            key_prefix,
        })
    }
}

/// IDs named in the claims; one that cannot be an ID cannot be in this workspace.
fn claimed<T>(field: &str, kind: &str, texts: &[String], parse: impl Fn(&str) -> Option<T>) -> DomainResult<Vec<T>> {
    texts
        .iter()
        .map(|text| match parse(text) {
            Some(id) => Ok(id),
            None => invalid(format!("`claims.{field}` names {text:?}, which is not a {kind} of this workspace")),
        })
        .collect()
}
