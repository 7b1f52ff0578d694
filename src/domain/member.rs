//! Workspace members and their roles. Roles come from the JWT surface (the
//! token's `role` claim) and from the members a workspace records.

use serde::{Deserialize, Serialize};

use super::ids::UserId;
use super::time::Timestamp;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    Owner,
    Admin,
    Member,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Owner, Role::Admin, Role::Member];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Admin => "admin",
            Role::Member => "member",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "owner" => Some(Role::Owner),
            "admin" => Some(Role::Admin),
            "member" => Some(Role::Member),
            _ => None,
        }
    }

    /// The role with less power of the two: a token never acts with more
    /// than the workspace gives its subject, nor more than the token says.
    pub fn weaker_of(self, other: Role) -> Role {
        let power = |role: Role| match role {
            Role::Owner => 2,
            Role::Admin => 1,
            Role::Member => 0,
        };
        if power(other) < power(self) {
            other
        } else {
            self
        }
    }

    /// Owners and admins manage keys, members, teams and jobs.
    pub fn can_manage(self) -> bool {
        matches!(self, Role::Owner | Role::Admin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weaker_of_two_roles_wins_in_either_order() {
        let all = [Role::Owner, Role::Admin, Role::Member];
        for left in all {
            assert_eq!(left.weaker_of(left), left);
            assert_eq!(left.weaker_of(Role::Member), Role::Member);
            assert_eq!(Role::Member.weaker_of(left), Role::Member);
            assert_eq!(left.weaker_of(Role::Owner), left);
        }
        assert_eq!(Role::Owner.weaker_of(Role::Admin), Role::Admin);
        assert_eq!(Role::Admin.weaker_of(Role::Owner), Role::Admin);
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Member {
    pub user_id: UserId,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub added_at: Timestamp,
}
