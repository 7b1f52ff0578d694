//! Members and teams.

use super::{Command, DecideContext};
use crate::domain::error::{invalid, DomainResult};
use crate::domain::event::Event;
use crate::domain::ids::{TeamId, UserId, WorkspaceId};
use crate::domain::limits::{MEMBERS_PER_WORKSPACE_MAX, TEAMS_PER_WORKSPACE_MAX};
use crate::domain::member::{Member, Role};
use crate::domain::team::Team;
use crate::domain::workspace::Workspace;

/// Adds a member, or updates the name, email and role of an existing one.
/// The name and email are checked by the caller (`required_line`, `email`).
pub struct AddMember {
    pub user_id: UserId,
    pub name: String,
    pub email: String,
    pub role: Role,
}

impl Command for AddMember {
    type Output = Member;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        let (user_id, role) = (self.user_id.clone(), self.role);
        if user_id == workspace.owner && role != Role::Owner {
            return invalid("the workspace owner's role cannot be changed");
        }
        if user_id != workspace.owner && role == Role::Owner {
            return invalid("a workspace has one owner; add the member as admin or member");
        }
        if !workspace.members.contains_key(&user_id) && workspace.members.len() >= MEMBERS_PER_WORKSPACE_MAX {
            return invalid(format!("a workspace has at most {MEMBERS_PER_WORKSPACE_MAX} members"));
        }
        let member =
            Member { user_id, name: self.name.clone(), email: self.email.clone(), role, added_at: context.now };
        Ok(vec![Event::MemberAdded { member }])
    }

    fn respond(&self, workspace: &Workspace, _events: &[Event]) -> DomainResult<Member> {
        Ok(workspace.members[&self.user_id].clone())
    }
}

/// A new team; its name is checked by the caller (`required_line`).
pub struct CreateTeam {
    pub name: String,
}

impl Command for CreateTeam {
    type Output = Team;

    fn decide(&self, workspace: &Workspace, context: &mut DecideContext<'_>) -> DomainResult<Vec<Event>> {
        if workspace.teams.len() >= TEAMS_PER_WORKSPACE_MAX {
            return invalid(format!("a workspace has at most {TEAMS_PER_WORKSPACE_MAX} teams"));
        }
        let team = Team { id: TeamId::generate(context.rng), name: self.name.clone(), created_at: context.now };
        Ok(vec![Event::TeamCreated { team }])
    }

    fn respond(&self, _workspace: &Workspace, events: &[Event]) -> DomainResult<Team> {
        match events {
            [Event::TeamCreated { team }] => Ok(team.clone()),
            _ => unreachable!("CreateTeam decides exactly one TeamCreated"),
        }
    }
}

/// A new workspace's name and its owner's name and email, checked by the
/// caller (`required_line`, `email`).
#[derive(Clone, Debug)]
pub struct NewWorkspace {
    pub name: String,
    pub owner_name: String,
    pub owner_email: String,
}

/// The first event of every workspace. Not a `Command`: there is no state to
/// decide against yet, and the registry makes sure it happens once.
pub fn create_workspace(
    workspace_id: &WorkspaceId,
    owner_user_id: &UserId,
    new: &NewWorkspace,
    now: crate::domain::time::Timestamp,
) -> Event {
    let owner = Member {
        user_id: owner_user_id.clone(),
        name: new.owner_name.clone(),
        email: new.owner_email.clone(),
        role: Role::Owner,
        added_at: now,
    };
    Event::WorkspaceCreated { workspace_id: workspace_id.clone(), name: new.name.clone(), owner, at: now }
}
