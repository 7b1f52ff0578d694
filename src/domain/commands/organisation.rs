//! Members and teams.

use super::{Command, DecideContext};
use crate::domain::error::{invalid, DomainResult};
use crate::domain::event::Event;
use crate::domain::ids::{TeamId, UserId, WorkspaceId};
use crate::domain::limits::{MEMBERS_PER_WORKSPACE_MAX, NAME_LENGTH_MAX, TEAMS_PER_WORKSPACE_MAX};
use crate::domain::member::{Member, Role};
use crate::domain::team::Team;
use crate::domain::text::{email, required_line};
use crate::domain::workspace::Workspace;

/// Adds a member, or updates the name, email and role of an existing one.
pub struct AddMember {
    pub user_id: String,
    pub name: String,
    pub email: String,
    pub role: String,
}

impl Command for AddMember {
    type Output = Member;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let Some(user_id) = UserId::parse(&self.user_id) else {
            return invalid("`userId` must be 1 to 128 visible characters without spaces");
        };
        let Some(role) = Role::parse(&self.role) else {
            return invalid("`role` must be one of owner, admin, member");
        };
        if user_id == workspace.owner && role != Role::Owner {
            return invalid("the workspace owner's role cannot be changed");
        }
        if user_id != workspace.owner && role == Role::Owner {
            return invalid("a workspace has one owner; add the member as admin or member");
        }
        if !workspace.members.contains_key(&user_id) && workspace.members.len() >= MEMBERS_PER_WORKSPACE_MAX {
            return invalid(format!("a workspace has at most {MEMBERS_PER_WORKSPACE_MAX} members"));
        }
        let member = Member {
            user_id,
            name: required_line("name", &self.name, NAME_LENGTH_MAX)?,
            email: email("email", &self.email)?,
            role,
            added_at: context.now,
        };
        Ok(vec![Event::MemberAdded { member }])
    }

    fn respond(&self, workspace: &Workspace, _events: &[Event]) -> DomainResult<Member> {
        let user_id = UserId::parse(&self.user_id).expect("validated by decide");
        Ok(workspace.members[&user_id].clone())
    }
}

pub struct CreateTeam {
    pub name: String,
}

impl Command for CreateTeam {
    type Output = Team;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        if workspace.teams.len() >= TEAMS_PER_WORKSPACE_MAX {
            return invalid(format!("a workspace has at most {TEAMS_PER_WORKSPACE_MAX} teams"));
        }
        let team = Team {
            id: TeamId::generate(context.rng),
            name: required_line("name", &self.name, NAME_LENGTH_MAX)?,
            created_at: context.now,
        };
        Ok(vec![Event::TeamCreated { team }])
    }

    fn respond(&self, _workspace: &Workspace, events: &[Event]) -> DomainResult<Team> {
        match events {
            [Event::TeamCreated { team }] => Ok(team.clone()),
            _ => unreachable!("CreateTeam decides exactly one TeamCreated"),
        }
    }
}

/// The first event of every workspace. Not a `Command`: there is no state to
/// decide against yet, and the registry makes sure it happens once.
pub fn create_workspace(
    workspace_id: &WorkspaceId,
    name: &str,
    owner_user_id: &UserId,
    owner_name: &str,
    owner_email: &str,
    now: crate::domain::time::Timestamp,
) -> DomainResult<Event> {
    let owner = Member {
        user_id: owner_user_id.clone(),
        name: required_line("owner.name", owner_name, NAME_LENGTH_MAX)?,
        email: email("owner.email", owner_email)?,
        role: Role::Owner,
        added_at: now,
    };
    Ok(Event::WorkspaceCreated {
        workspace_id: workspace_id.clone(),
        name: required_line("name", name, NAME_LENGTH_MAX)?,
        owner,
        at: now,
    })
}
