//! The JWT surfaces: key management (`/api/orgs/:orgId/api-keys`, from the
//! spec) and the dashboard routes that get data in (workspace, members,
//! teams, jobs, notifications, archiving). Not reachable with an API key.

pub mod jobs;
pub mod keys;
pub mod organisation;
