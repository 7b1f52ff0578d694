//! The bodies of PUT /api/orgs/:orgId (the workspace and its owner), and
//! of the member and team writes beneath it.

use serde::Deserialize;

use super::{parsed, required_text};
use crate::domain::commands::{AddMember, CreateTeam, NewWorkspace};
use crate::domain::error::{invalid, DomainResult, InField};
use crate::domain::ids::UserId;
use crate::domain::limits::NAME_LENGTH_MAX;
use crate::domain::member::Role;
use crate::domain::text::email;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct OwnerBody {
    name: Option<String>,
    email: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkspaceBody {
    name: Option<String>,
    owner: Option<OwnerBody>,
}

impl WorkspaceBody {
    pub fn into_new_workspace(self) -> DomainResult<NewWorkspace> {
        let owner = self.owner.unwrap_or_default();
        Ok(NewWorkspace {
            name: required_text("name", self.name.as_deref(), NAME_LENGTH_MAX)?,
            owner_name: required_text("owner.name", owner.name.as_deref(), NAME_LENGTH_MAX)?,
            owner_email: email(owner.email.as_deref().unwrap_or("")).in_field("owner.email")?,
        })
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MemberBody {
    user_id: Option<String>,
    name: Option<String>,
    email: Option<String>,
    role: Option<String>,
}

impl MemberBody {
    pub fn into_command(self) -> DomainResult<AddMember> {
        let Some(user_id) = self.user_id.as_deref().and_then(UserId::parse) else {
            return invalid("`userId` must be 1 to 128 visible characters without spaces");
        };
        Ok(AddMember {
            user_id,
            role: parsed("role", self.role.as_deref().unwrap_or("member"), Role::parse, "one of owner, admin, member")?,
            name: required_text("name", self.name.as_deref(), NAME_LENGTH_MAX)?,
            email: email(self.email.as_deref().unwrap_or("")).in_field("email")?,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamBody {
    name: Option<String>,
}

impl TeamBody {
    pub fn into_command(self) -> DomainResult<CreateTeam> {
        Ok(CreateTeam { name: required_text("name", self.name.as_deref(), NAME_LENGTH_MAX)? })
    }
}
