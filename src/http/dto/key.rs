//! The API key object of the management surface.

use serde::Serialize;
use utoipa::ToSchema;

use super::Iso8601;

use crate::auth::api_key::masked_key;
use crate::domain::api_key::ApiKey;
use crate::domain::time::Timestamp;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyView<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub key_prefix: &'a str,
    pub masked_key: String,
    pub claims: ClaimsView<'a>,
    pub last_used_at: Option<String>,
    pub expires_at: Option<String>,
    pub is_active: bool,
    /// `null` when the key uses the server's default.
    pub rate_limit_per_minute: Option<u32>,
    pub created_at: Iso8601,
}

#[derive(Serialize, ToSchema)]
pub struct ClaimsView<'a> {
    pub teams: Vec<&'a str>,
    pub jobs: Vec<&'a str>,
}

impl<'a> KeyView<'a> {
    pub fn new(key: &'a ApiKey, last_used_at: Option<Timestamp>, now: Timestamp) -> Self {
        Self {
            id: key.id.as_str(),
            name: &key.name,
            key_prefix: &key.key_prefix,
            masked_key: masked_key(&key.key_prefix),
            claims: ClaimsView {
                teams: key.claims.teams.iter().map(|team| team.as_str()).collect(),
                jobs: key.claims.jobs.iter().map(|job| job.as_str()).collect(),
            },
            last_used_at: last_used_at.map(Timestamp::to_iso8601),
            expires_at: key.expires_at.map(Timestamp::to_iso8601),
            is_active: key.is_active(now),
            rate_limit_per_minute: key.rate_limit_per_minute,
            created_at: Iso8601(key.created_at),
        }
    }
}
