//! The bodies of PUT /api/orgs/:orgId (the workspace and its owner), and
//! of the member and team writes beneath it.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::http::openapi::schemas::RoleText;

use super::{parsed, required_text};
use crate::domain::commands::{AddMember, CreateTeam, NewWorkspace};
use crate::domain::error::{invalid, DomainResult, InField};
use crate::domain::ids::UserId;
use crate::domain::limits::NAME_LENGTH_MAX;
use crate::domain::member::Role;
use crate::domain::text::email;

/// The workspace's owner: the token's subject, with a name and email.
#[derive(Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OwnerBody {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200, example = "Dana Owner")]
    name: Option<String>,
    #[schema(required = true, nullable = false, format = Email, max_length = 254, example = "dana@example.com")]
    email: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"name": "Acme Corp", "owner": {"name": "Dana Owner", "email": "dana@example.com"}}))]
#[serde(deny_unknown_fields)]
pub struct WorkspaceBody {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200, example = "Acme Corp")]
    name: Option<String>,
    #[schema(required = true, nullable = false)]
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

#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"userId": "riley", "name": "Riley Recruiter", "email": "riley@example.com", "role": "admin"}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MemberBody {
    /// The member's user ID, as the identity provider's tokens name them.
    #[schema(
        required = true,
        nullable = false,
        min_length = 1,
        max_length = 128,
        pattern = "^\\S+$",
        example = "riley"
    )]
    user_id: Option<String>,
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200, example = "Riley Recruiter")]
    name: Option<String>,
    #[schema(required = true, nullable = false, format = Email, max_length = 254, example = "riley@example.com")]
    email: Option<String>,
    /// `member` when left out.
    #[schema(value_type = Option<RoleText>)]
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

#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"name": "Engineering"}))]
#[serde(deny_unknown_fields)]
pub struct TeamBody {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200, example = "Engineering")]
    name: Option<String>,
}

impl TeamBody {
    pub fn into_command(self) -> DomainResult<CreateTeam> {
        Ok(CreateTeam { name: required_text("name", self.name.as_deref(), NAME_LENGTH_MAX)? })
    }
}
