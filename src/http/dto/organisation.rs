//! The workspace, its members, teams and notifications, and the answers of
//! key management.

use serde::Serialize;
use utoipa::ToSchema;

use super::key::KeyView;
use super::{Iso8601, Pagination};
use crate::domain::member::Member;
use crate::domain::notification::{Notification, NotificationKind};
use crate::domain::team::Team;
use crate::domain::workspace::Workspace;
use crate::http::openapi::schemas::RoleText;

#[derive(Serialize, ToSchema)]
pub struct WorkspaceAnswer<'a> {
    pub workspace: WorkspaceView<'a>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkspaceView<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub owner: OwnerView<'a>,
    pub created_at: Iso8601,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnerView<'a> {
    pub user_id: &'a str,
    pub name: &'a str,
    pub email: &'a str,
}

impl<'a> WorkspaceAnswer<'a> {
    pub fn new(workspace: &'a Workspace) -> Self {
        let owner = workspace.owner_member();
        WorkspaceAnswer {
            workspace: WorkspaceView {
                id: workspace.id.as_str(),
                name: &workspace.name,
                owner: OwnerView { user_id: owner.user_id.as_str(), name: &owner.name, email: &owner.email },
                created_at: Iso8601(workspace.created_at),
            },
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct MemberAnswer<'a> {
    pub member: MemberView<'a>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberView<'a> {
    pub user_id: &'a str,
    pub name: &'a str,
    pub email: &'a str,
    #[schema(value_type = RoleText)]
    pub role: &'static str,
    pub added_at: Iso8601,
}

impl<'a> MemberAnswer<'a> {
    pub fn new(member: &'a Member) -> Self {
        MemberAnswer {
            member: MemberView {
                user_id: member.user_id.as_str(),
                name: &member.name,
                email: &member.email,
                role: member.role.as_str(),
                added_at: Iso8601(member.added_at),
            },
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct TeamAnswer<'a> {
    pub team: TeamView<'a>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamView<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub created_at: Iso8601,
}

impl<'a> TeamAnswer<'a> {
    pub fn new(team: &'a Team) -> Self {
        TeamAnswer { team: TeamView { id: team.id.as_str(), name: &team.name, created_at: Iso8601(team.created_at) } }
    }
}

/// The caller's own notifications, newest first.
#[derive(Serialize, ToSchema)]
pub struct NotificationsPage<'a> {
    pub notifications: Vec<NotificationView<'a>>,
    pub pagination: Pagination,
}

/// A notification; `type` tells its kind (`comment.created` is the only one).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationView<'a> {
    pub id: &'a str,
    #[serde(rename = "type")]
    #[schema(example = "comment.created")]
    pub kind: &'static str,
    pub job_id: &'a str,
    pub application_id: &'a str,
    pub comment_id: &'a str,
    pub candidate_name: &'a str,
    /// The comment's first characters.
    pub excerpt: &'a str,
    pub created_at: Iso8601,
}

impl<'a> NotificationView<'a> {
    pub fn new(notification: &'a Notification) -> Self {
        match &notification.kind {
            NotificationKind::CommentCreated { job_id, application_id, comment_id, candidate_name, excerpt } => {
                NotificationView {
                    id: notification.id.as_str(),
                    kind: "comment.created",
                    job_id: job_id.as_str(),
                    application_id: application_id.as_str(),
                    comment_id: comment_id.as_str(),
                    candidate_name,
                    excerpt,
                    created_at: Iso8601(notification.created_at),
                }
            }
        }
    }
}

/// A new key: `apiKey` is the secret, shown this once and never again.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyCreated<'a> {
    #[schema(example = "svc_live_DemoKeyForLocalTrials0000000000")]
    pub api_key: &'a str,
    pub key: KeyView<'a>,
}

#[derive(Serialize, ToSchema)]
pub struct KeyList<'a> {
    pub keys: Vec<KeyView<'a>>,
}

#[derive(Serialize, ToSchema)]
pub struct KeyRevoked {
    /// Always `true`.
    pub revoked: bool,
}
