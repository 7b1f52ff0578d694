//! Teams group jobs; API key claims can name teams.

use serde::{Deserialize, Serialize};

use super::ids::TeamId;
use super::time::Timestamp;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub id: TeamId,
    pub name: String,
    pub created_at: Timestamp,
}
