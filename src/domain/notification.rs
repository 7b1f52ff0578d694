//! In-product notifications. A comment written through the API notifies
//! every collaborator of the job, as a human comment would.

use serde::{Deserialize, Serialize};

use super::ids::{ApplicationId, CommentId, JobId, NotificationId, UserId};
use super::time::Timestamp;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notification {
    pub id: NotificationId,
    pub recipient: UserId,
    pub kind: NotificationKind,
    pub created_at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NotificationKind {
    CommentCreated {
        job_id: JobId,
        application_id: ApplicationId,
        comment_id: CommentId,
        candidate_name: String,
        /// The comment's first characters, for a notification list.
        excerpt: String,
    },
}

pub const EXCERPT_LENGTH_MAX: usize = 140;

pub fn excerpt(text: &str) -> String {
    let flattened: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flattened.chars().count() <= EXCERPT_LENGTH_MAX {
        return flattened;
    }
    let mut shortened: String = flattened.chars().take(EXCERPT_LENGTH_MAX - 1).collect();
    shortened.push('…');
    shortened
}
